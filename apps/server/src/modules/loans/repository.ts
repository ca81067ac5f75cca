import type { LOAN_STATUSES, LoanFactor, LoanScheduleRow } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec, plain } from '../../lib/decimal';
import type { Instalment, LoanBook } from './engine';

/** The contract's status names (enums.ts has a numeric LoanStatus of the specification's). */
export type LoanStatus = (typeof LOAN_STATUSES)[number];

// Every statement on `loans`, `loan_instalments` and `loan_repayments` (migration 0021), and the
// caller's figures the score is computed from.

export interface LoanRow {
  id: number;
  user_id: number;
  status: LoanStatus;
  amount: string;
  months: number;
  apr_percent: string;
  score: number;
  factors: LoanFactor[];
  instalment: string;
  total_repay: string;
  kfs_schedule: LoanScheduleRow[];
  reason: string | null;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  /** Epoch ms as text (bigint). */
  disbursed_day: string | null;
  principal: string;
  period_pd: string;
  done_through: string | null;
  repaid_at: Date | null;
  created_at: Date;
}

export interface LoanRowWithUser extends LoanRow {
  user_name: string;
  user_email: string | null;
}

interface InstalmentRow {
  n: number;
  due_day: string;
  principal: string;
  interest: string;
  target: string;
  fixed: boolean;
  penalty: string;
  paid_principal: string;
  paid_interest: string;
  paid_penalty: string;
  overdue_days: number;
  noticed: boolean;
}

export interface RepaymentRow {
  id: number;
  loan_id: number;
  amount: string;
  penalty: string;
  interest: string;
  principal: string;
  created_at: Date;
}

const WITH_USER = 'select l.*, u.username as user_name, u.email as user_email from loans l join users u on u.id = l.user_id';

export async function loan(sql: Sql, id: number, lock = false): Promise<LoanRowWithUser | undefined> {
  if (lock) await sql.query('select id from loans where id = $1 for update', [id]);
  const [row] = await sql.query<LoanRowWithUser>(`${WITH_USER} where l.id = $1`, [id]);
  return row;
}

/** The caller's own loan, locked when asked; another's is not found. */
export async function ownLoan(sql: Sql, userId: number, id: number, lock = false): Promise<LoanRow | undefined> {
  const [row] = await sql.query<LoanRow>(`select * from loans where id = $1 and user_id = $2${lock ? ' for update' : ''}`, [id, userId]);
  return row;
}

export const userLoans = (sql: Sql, userId: number) => sql.query<LoanRow>('select * from loans where user_id = $1 order by id desc', [userId]);

export async function userLoanPage(sql: Sql, userId: number, status: LoanStatus | undefined, size: number, offset: number) {
  const rows = await sql.query<LoanRow & { total: number }>(
    `select *, count(*) over ()::int as total from loans where user_id = $1 and ($2::text is null or status = $2)
      order by id desc limit $3 offset $4`,
    [userId, status ?? null, size, offset],
  );
  return rows;
}

/** The back office's list: those in review oldest first, then the rest newest first. */
export async function loanPage(sql: Sql, status: LoanStatus | undefined, size: number, offset: number) {
  return sql.query<LoanRowWithUser & { total: number }>(
    `${WITH_USER.replace('select l.*', 'select l.*, count(*) over ()::int as total')} where ($1::text is null or l.status = $1)
      order by (l.status = 'review') desc, case when l.status = 'review' then l.id else -l.id end limit $2 offset $3`,
    [status ?? null, size, offset],
  );
}

/** The caller's oldest loan being repaid (passed or in use). */
export async function oldestActive(sql: Sql, userId: number): Promise<LoanRow | undefined> {
  const [row] = await sql.query<LoanRow>("select * from loans where user_id = $1 and status in ('passed', 'inUse') order by id limit 1", [userId]);
  return row;
}

/** Loans with days to bring up to `today`, for the job. */
export const behind = (sql: Sql, today: number) =>
  sql.query<{ id: number }>("select id from loans where status in ('passed', 'inUse') and done_through < $1 order by id", [today]);

export async function insertApplication(
  sql: Sql,
  a: {
    userId: number;
    amount: string;
    months: number;
    aprPercent: string;
    score: number;
    factors: LoanFactor[];
    instalment: string;
    totalRepay: string;
    schedule: LoanScheduleRow[];
    at: Date;
  },
): Promise<LoanRow> {
  const [row] = await sql.query<LoanRow>(
    `insert into loans (user_id, amount, months, apr_percent, score, factors, instalment, total_repay, kfs_schedule, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`,
    [a.userId, a.amount, a.months, a.aprPercent, a.score, JSON.stringify(a.factors), a.instalment, a.totalRepay, JSON.stringify(a.schedule), a.at],
  );
  return row!;
}

export async function markRefused(sql: Sql, id: number, by: number, reason: string, at: Date) {
  await sql.query("update loans set status = 'rejected', reason = $2, reviewed_by = $3, reviewed_at = $4 where id = $1", [id, reason, by, at]);
}

export async function markDisbursed(sql: Sql, id: number, a: { by: number; reason: string; at: Date; day: number; journalId: number; amount: string }) {
  await sql.query(
    `update loans set status = 'passed', reason = $2, reviewed_by = $3, reviewed_at = $4, disbursed_day = $5, done_through = $5,
            disburse_journal_id = $6, principal = $7, period_pd = 0 where id = $1`,
    [id, a.reason, a.by, a.at, a.day, a.journalId, a.amount],
  );
}

export async function instalments(sql: Sql, loanId: number): Promise<Instalment[]> {
  const rows = await sql.query<InstalmentRow>('select * from loan_instalments where loan_id = $1 order by n', [loanId]);
  return rows.map((r) => ({
    n: r.n,
    dueDay: Number(r.due_day),
    principal: new Dec(r.principal),
    interest: new Dec(r.interest),
    target: new Dec(r.target),
    fixed: r.fixed,
    penalty: new Dec(r.penalty),
    paidPrincipal: new Dec(r.paid_principal),
    paidInterest: new Dec(r.paid_interest),
    paidPenalty: new Dec(r.paid_penalty),
    overdueDays: r.overdue_days,
    noticed: r.noticed,
  }));
}

/** The book of a disbursed loan. */
export async function book(sql: Sql, l: LoanRow): Promise<LoanBook> {
  return {
    aprPercent: plain(l.apr_percent),
    principal: new Dec(l.principal),
    periodPd: new Dec(l.period_pd),
    through: Number(l.done_through),
    instalments: await instalments(sql, l.id),
  };
}

/** Write a book back: the loan's figures and every instalment's (a dozen rows at most). */
export async function saveBook(sql: Sql, loanId: number, b: LoanBook, fresh = false) {
  await sql.query('update loans set principal = $2, period_pd = $3, done_through = $4 where id = $1', [
    loanId,
    plain(b.principal),
    plain(b.periodPd),
    b.through,
  ]);
  for (const i of b.instalments) {
    const values = [
      loanId,
      i.n,
      i.dueDay,
      plain(i.principal),
      plain(i.interest),
      plain(i.target),
      i.fixed,
      plain(i.penalty),
      plain(i.paidPrincipal),
      plain(i.paidInterest),
      plain(i.paidPenalty),
      i.overdueDays,
      i.noticed,
    ];
    await sql.query(
      fresh
        ? `insert into loan_instalments (loan_id, n, due_day, principal, interest, target, fixed, penalty, paid_principal, paid_interest, paid_penalty, overdue_days, noticed)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`
        : `update loan_instalments set due_day = $3, principal = $4, interest = $5, target = $6, fixed = $7, penalty = $8, paid_principal = $9,
                  paid_interest = $10, paid_penalty = $11, overdue_days = $12, noticed = $13 where loan_id = $1 and n = $2`,
      values,
    );
  }
}

export async function setStatus(sql: Sql, id: number, status: LoanStatus, repaidAt: Date | null) {
  await sql.query('update loans set status = $2, repaid_at = coalesce($3, repaid_at) where id = $1', [id, status, repaidAt]);
}

export async function insertRepayment(
  sql: Sql,
  r: { loanId: number; userId: number; amount: string; penalty: string; interest: string; principal: string; journalId: number; at: Date },
) {
  await sql.query(
    `insert into loan_repayments (loan_id, user_id, amount, penalty, interest, principal, journal_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [r.loanId, r.userId, r.amount, r.penalty, r.interest, r.principal, r.journalId, r.at],
  );
}

export async function repaymentPage(sql: Sql, userId: number, loanId: number | undefined, size: number, offset: number) {
  return sql.query<RepaymentRow & { total: number }>(
    `select id, loan_id, amount, penalty, interest, principal, created_at, count(*) over ()::int as total from loan_repayments
      where user_id = $1 and ($2::bigint is null or loan_id = $2) order by id desc limit $3 offset $4`,
    [userId, loanId ?? null, size, offset],
  );
}

/** What the score is computed from, besides the loans: identity, account age, net deposits, trading. */
export async function scoreFacts(sql: Sql, userId: number, since90: Date) {
  const [row] = await sql.query<{ kyc_status: number; created_at: Date; deposits: string; withdrawals: string; closed: number; liquidations: number }>(
    `select u.kyc_status, u.created_at,
            (select coalesce(sum(credited_amount), 0)::text from deposits where user_id = u.id and status = 3) as deposits,
            -- a withdrawal waiting for review has left the balance already
            (select coalesce(sum(amount), 0)::text from withdrawals where user_id = u.id and status in (1, 3)) as withdrawals,
            (select count(*)::int from positions where user_id = u.id and status = 3 and close_reason is not null and close_reason <> 'liquidation') as closed,
            (select count(*)::int from positions where user_id = u.id and status = 3 and close_reason = 'liquidation' and closed_at > $2) as liquidations
       from users u where u.id = $1`,
    [userId, since90],
  );
  return row!;
}

/** The portfolio's (issue 32): the caller's loans disbursed and not yet repaid, with what was paid on each so far. */
export const owedLoans = (sql: Sql, userId: number) =>
  sql.query<LoanRow & { paid: string }>(
    `select l.*, (select coalesce(sum(r.amount), 0)::text from loan_repayments r where r.loan_id = l.id) as paid
       from loans l where l.user_id = $1 and l.status in ('passed', 'inUse') order by l.id`,
    [userId],
  );

/** The caller's loans disbursed before `before` (being repaid or repaid), for the portfolio's past days. */
export const disbursedBefore = (sql: Sql, userId: number, before: Date) =>
  sql.query<LoanRow>("select * from loans where user_id = $1 and status in ('passed', 'inUse', 'repaid') and reviewed_at < $2 order by id", [userId, before]);

/** The repayments of some loans made before `before`, oldest first. */
export const repaymentsBefore = (sql: Sql, loanIds: readonly number[], before: Date) =>
  sql.query<{ loan_id: number; amount: string; created_at: Date }>(
    'select loan_id, amount::text, created_at from loan_repayments where loan_id = any($1::bigint[]) and created_at < $2 order by loan_id, id',
    [loanIds, before],
  );
