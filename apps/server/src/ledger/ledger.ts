import { JournalKind, WalletCode } from '@tradeapp/contract';
import type { Sql } from '../db/db';
import { isUniqueViolation } from '../db/errors';
import { AppError } from '../errors';
import { Dec } from '../lib/decimal';

/** The funding account: the wallet deposits land in and withdrawals leave from, in euros. */
export const FUNDING_ACCOUNT: WalletCode = WalletCode.Funding;

/** A user's wallet splits into what is spendable and what is held (pending withdrawals, transfers). */
export type WalletPart = 'available' | 'held';

/** The house's side of every movement. */
export const HOUSE = {
  /** Money that came in from outside (banks, chains). */
  deposits: 'deposits',
  /** Money paid out to banks and chains. */
  withdrawals: 'withdrawals',
  /** Currency exchange: takes one currency and gives another at the recorded rate. */
  fx: 'fx',
  /** Corrections an operator posts, always with a reason. */
  adjustments: 'adjustments',
  /** Trading fees charged on open and close. */
  fees: 'fees',
  /** The house book: the counterparty of every trade; it pays profits and takes losses. */
  book: 'book',
  /** The agencies' starting capital (decision 0020): the house's own money the strategy accounts trade with. */
  agencyCapital: 'agency-capital',
  /** Robots' rents and prices (decision 0021). */
  robots: 'robots',
  /** The quantify pools' seed capital (decision 0021), and the management fees they pay. */
  poolCapital: 'pool-capital',
  poolFees: 'pool-fees',
  /** The funds' and deposit terms' side (decision 0022): purchases are paid in, redemptions paid out. */
  funds: 'funds',
  /** Exit loads and early-redemption penalties. */
  fundFees: 'fund-fees',
  /** Current income and Regular interest paid to holders. */
  depositInterest: 'deposit-interest',
  /** Loans receivable: disbursements leave it, principal repaid returns to it. */
  loans: 'loans',
  /** Loan interest and overdue penalties received. */
  loanIncome: 'loan-income',
} as const;

export type AccountRef =
  { userId: number; wallet: WalletCode; part: WalletPart; currency: string } | { house: (typeof HOUSE)[keyof typeof HOUSE]; currency: string };

export interface Posting {
  account: AccountRef;
  /** Signed: positive raises the account's balance. */
  amount: Dec | string;
}

export interface JournalInput {
  /** Why the money moved; stored as text, the contract's list is the one list of kinds. */
  kind: JournalKind;
  userId: number | null;
  actorId: number | null;
  idempotencyKey?: string | null;
  refType?: string;
  refId?: number;
  memo?: string;
  reverses?: number;
  /** The hold this journal releases (see `postRelease`). */
  holdJournalId?: number;
  /** When the money moved, if not now: an agency's backfilled trades happened at their moment in the market's history (decision 0020). */
  at?: Date;
}

const CHECK_VIOLATION = '23514';
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * House accounts every order of the order path pays into: split in shards (migration 0028), so that
 * concurrent groups of orders, each posting to its own (`Sql.shard`), never wait for one another's
 * row. The account is the sum of its shards. Outside a group everything posts to shard 0.
 */
export const SHARDED: ReadonlySet<string> = new Set([HOUSE.fees]);

/**
 * The id of an account, opened on first use. An account's id never changes once committed, so it
 * is remembered per database (`Sql.memo`), but only once seen committed by another transaction
 * (`created_at < now()`: a row of this transaction has `now()` itself): an id opened in a
 * transaction that might still roll back is never remembered.
 */
async function accountId(sql: Sql, ref: AccountRef): Promise<number> {
  const [userId, code, part] = 'house' in ref ? [null, ref.house, 'house'] : [ref.userId, ref.wallet, ref.part];
  const shard = userId === null && SHARDED.has(code) ? (sql.shard ?? 0) : 0;
  const key = `ledger-account:${userId ?? 0}/${code}/${part}/${ref.currency}/${shard}`;
  const known = sql.memo?.get(key) as number | undefined;
  if (known !== undefined) return known;
  const params = [userId, code, part, ref.currency, shard];
  const [row] = await sql.query<{ id: number; committed: boolean }>(
    'select id, created_at < now() as committed from ledger_accounts where coalesce(user_id, 0) = coalesce($1::bigint, 0) and code = $2 and part = $3 and currency = $4 and shard = $5',
    params,
  );
  if (row) {
    if (row.committed) sql.memo?.set(key, row.id);
    return row.id;
  }
  const [found] = await sql.query<{ id: number }>(
    `insert into ledger_accounts (user_id, code, part, currency, shard) values ($1, $2, $3, $4, $5)
     on conflict (coalesce(user_id, 0), code, part, currency, shard) do nothing returning id`,
    params,
  );
  if (found) return found.id;
  // Opened meanwhile by a concurrent transaction, which has committed by now (the insert waited for it).
  const [again] = await sql.query<{ id: number }>(
    'select id from ledger_accounts where coalesce(user_id, 0) = coalesce($1::bigint, 0) and code = $2 and part = $3 and currency = $4 and shard = $5',
    params,
  );
  return again!.id;
}

/** A journal checked and its accounts resolved, ready to be written (`postJournal`) or written inside another statement (`journalCtes`). */
export interface PreparedJournal {
  journal: JournalInput;
  /** The entries in account-id order: the order their rows go in and their accounts are locked. */
  accounts: number[];
  currencies: string[];
  amounts: string[];
}

/**
 * Check that a journal's entries sum to zero per currency (checked again by the database at
 * commit) and resolve its accounts. Entries are ordered by account id, so concurrent journals lock
 * accounts in the same order and cannot deadlock.
 */
export async function prepareJournal(sql: Sql, journal: JournalInput, postings: Posting[]): Promise<PreparedJournal> {
  const sums = new Map<string, Dec>();
  for (const p of postings) {
    const amount = new Dec(p.amount);
    if (amount.isZero()) throw new Error('a posting of zero');
    sums.set(p.account.currency, (sums.get(p.account.currency) ?? new Dec(0)).add(amount));
  }
  for (const [currency, sum] of sums) if (!sum.isZero()) throw new Error(`journal ${journal.kind} does not balance in ${currency}`);

  // One at a time: the statements of one transaction go over one connection in turn anyway.
  const resolved: Array<{ id: number; p: Posting }> = [];
  for (const p of postings) resolved.push({ id: await accountId(sql, p.account), p });
  resolved.sort((a, b) => a.id - b.id);
  return {
    journal,
    accounts: resolved.map((r) => r.id),
    currencies: resolved.map((r) => r.p.account.currency),
    amounts: resolved.map((r) => new Dec(r.p.amount).toFixed()),
  };
}

/**
 * The journal and its entries as two data-modifying CTEs (`j`, then `je` returning the journal's
 * id), parameters numbered from `$first`. The entries' rows go in (and their trigger moves each
 * balance) in account-id order. `refId`, an SQL expression over the statement's CTE `from` (one
 * row, or none: then nothing is written), takes the place of the journal's `refId`: how a journal
 * is written in the statement of the row it refers to (trading's `insertOrder`).
 */
export function journalCtes(p: PreparedJournal, first: number, ref?: { from: string; refId: string }): { text: string; params: unknown[] } {
  const j = p.journal;
  const params: unknown[] = [];
  const $ = (value: unknown, type: string) => `$${first + params.push(value) - 1}::${type}`;
  const values = [
    $(j.kind, 'text'),
    $(j.userId, 'bigint'),
    $(j.actorId, 'bigint'),
    $(j.idempotencyKey ?? null, 'text'),
    $(j.refType ?? null, 'text'),
    ref ? ref.refId : $(j.refId ?? null, 'bigint'),
    $(j.memo ?? null, 'text'),
    $(j.reverses ?? null, 'bigint'),
    $(j.holdJournalId ?? null, 'bigint'),
    `coalesce(${$(j.at ?? null, 'timestamptz')}, now())`,
  ];
  const text = `j as (
       insert into ledger_journals (kind, user_id, actor_id, idempotency_key, ref_type, ref_id, memo, reverses, hold_journal_id, created_at)
       select ${values.join(', ')}${ref ? ` from ${ref.from}` : ''}
       returning id
     ), je as (
       insert into ledger_entries (journal_id, account_id, currency, amount)
       select j.id, e.account_id, e.currency, e.amount
         from j, unnest(${$(p.accounts, 'bigint[]')}, ${$(p.currencies, 'text[]')}, ${$(p.amounts, 'numeric[]')}) with ordinality as e(account_id, currency, amount, n)
        order by e.n
       returning journal_id
     )`;
  return { text, params };
}

/**
 * What a failed journal statement means: a user account that would go below zero fails the
 * database's CHECK and is answered "insufficient balance"; the refusals of a hold's release are
 * bugs, answered as a failed operation. Anything else is thrown as it is.
 */
export function journalError(err: unknown, journal: JournalInput): never {
  const e = err as { code?: string; constraint?: string; message?: string };
  // The journal's own CHECKs (a release with its user) are bugs, not a balance below zero.
  if (e.code === CHECK_VIOLATION && (e.constraint === 'ledger_user_accounts_not_negative' || (e.constraint ?? '') === '')) {
    throw new AppError('e.insufficientFunds', { amount: 'e.insufficientFunds' });
  }
  // Callers release a hold only under the lock of the row that owns it, after checking its
  // state: reaching either refusal is a bug, answered as a failed operation, never as done.
  if (isUniqueViolation(err, 'ledger_journals_one_release')) throw new Error(`hold journal ${journal.holdJournalId} is already released`);
  if (e.code === FOREIGN_KEY_VIOLATION && (e.constraint ?? e.message ?? '').includes('ledger_release_same_user')) {
    throw new Error(`hold journal ${journal.holdJournalId} is not one of user ${journal.userId}'s`);
  }
  throw err;
}

/**
 * Post one journal: its entries must sum to zero per currency (checked here and again by the
 * database at commit), in one statement. A user account that would go below zero fails the
 * database's CHECK and is answered "insufficient balance"; nothing of the journal remains.
 */
export async function postJournal(sql: Sql, journal: JournalInput, postings: Posting[]): Promise<number> {
  const { text, params } = journalCtes(await prepareJournal(sql, journal, postings), 1);
  const rows = await sql
    .query<{ id: number }>(`with ${text} select journal_id as id from je limit 1`, params)
    .catch((err: unknown) => journalError(err, journal));
  return rows[0]!.id;
}

/**
 * Post the release of a hold: the journal names the hold it ends (`hold_journal_id`). The database
 * refuses a hold of another user and a second release of the same hold, whatever the caller checked.
 */
export function postRelease(sql: Sql, holdJournalId: number, journal: Omit<JournalInput, 'holdJournalId'>, postings: Posting[]): Promise<number> {
  return postJournal(sql, { ...journal, holdJournalId }, postings);
}

/**
 * What the journals of one reference (a follow, a robot order) put on a wallet's held side: the money
 * set aside for it, less what it has spent, plus what came back to it.
 */
export async function heldByRef(sql: Sql, refType: string, refId: number, wallet: WalletCode): Promise<string> {
  const [row] = await sql.query<{ held: string }>(
    `select coalesce(sum(e.amount), 0)::text as held from ledger_journals j join ledger_entries e on e.journal_id = j.id
       join ledger_accounts a on a.id = e.account_id
      where j.ref_type = $1 and j.ref_id = $2 and a.code = $3 and a.part = 'held'`,
    [refType, refId, wallet],
  );
  return row!.held;
}

/** The hold journal of a row that predates its own link to it (found by the row's reference). */
export async function findHoldJournal(sql: Sql, ref: { refType: string; refId: number; kind: JournalKind }): Promise<number | undefined> {
  const [row] = await sql.query<{ id: number }>('select id from ledger_journals where ref_type = $1 and ref_id = $2 and kind = $3 order by id limit 1', [
    ref.refType,
    ref.refId,
    ref.kind,
  ]);
  return row?.id;
}

/** Reverse a journal: the same entries with opposite signs, pointing at the original. */
export async function reverseJournal(sql: Sql, journalId: number, input: Omit<JournalInput, 'kind' | 'reverses' | 'holdJournalId'>): Promise<number> {
  const entries = await sql.query<{ user_id: number | null; code: string; part: string; currency: string; amount: string }>(
    `select a.user_id, a.code, a.part, e.currency, e.amount from ledger_entries e join ledger_accounts a on a.id = e.account_id
      where e.journal_id = $1`,
    [journalId],
  );
  return postJournal(
    sql,
    { ...input, kind: JournalKind.Reversal, reverses: journalId },
    entries.map((e) => ({
      account:
        e.user_id === null
          ? { house: e.code as (typeof HOUSE)[keyof typeof HOUSE], currency: e.currency }
          : { userId: e.user_id, wallet: e.code as WalletCode, part: e.part as WalletPart, currency: e.currency },
      amount: new Dec(e.amount).neg(),
    })),
  );
}

export interface WalletBalance {
  code: WalletCode;
  currency: string;
  available: Dec;
  held: Dec;
}

/** Balances of a user's wallet accounts, keyed `CODE/part/currency`. */
export async function userBalances(sql: Sql, userId: number): Promise<Map<string, Dec>> {
  const rows = await sql.query<{ code: string; part: string; currency: string; balance: string }>(
    'select code, part, currency, balance from ledger_accounts where user_id = $1',
    [userId],
  );
  return new Map(rows.map((r) => [`${r.code}/${r.part}/${r.currency}`, new Dec(r.balance)]));
}

/** Recompute every balance from the entries and compare; every list must come back empty. */
export async function checkLedger(sql: Sql) {
  const differences = await sql.query<{ accountId: number; name: string; stored: string; fromEntries: string }>(
    `select a.id as "accountId", coalesce(a.user_id::text || ':', 'house:') || a.code || '/' || a.part || '/' || a.currency
              || case when a.shard = 0 then '' else '#' || a.shard end as name,
            a.balance::text as stored, coalesce(sum(e.amount), 0)::text as "fromEntries"
       from ledger_accounts a left join ledger_entries e on e.account_id = a.id
      group by a.id having a.balance <> coalesce(sum(e.amount), 0) order by a.id`,
  );
  const unbalancedJournals = await sql.query<{ journalId: number; currency: string; sum: string }>(
    `select journal_id as "journalId", currency, sum(amount)::text as sum from ledger_entries
      group by journal_id, currency having sum(amount) <> 0 order by journal_id`,
  );
  const negativeUserAccounts = await sql.query<{ accountId: number; name: string; balance: string }>(
    `select id as "accountId", user_id::text || ':' || code || '/' || part || '/' || currency as name, balance::text as balance
       from ledger_accounts where user_id is not null and balance < 0`,
  );
  const [counts] = await sql.query<{ accounts: number; journals: number }>(
    'select (select count(*)::int from ledger_accounts) as accounts, (select count(*)::int from ledger_journals) as journals',
  );
  const norm = (v: string) => new Dec(v).toFixed();
  return {
    ok: differences.length === 0 && unbalancedJournals.length === 0 && negativeUserAccounts.length === 0,
    accounts: counts!.accounts,
    journals: counts!.journals,
    differences: differences.map((d) => ({ ...d, stored: norm(d.stored), fromEntries: norm(d.fromEntries) })),
    unbalancedJournals: unbalancedJournals.map((u) => ({ ...u, sum: norm(u.sum) })),
    negativeUserAccounts: negativeUserAccounts.map((n) => ({ ...n, balance: norm(n.balance) })),
  };
}
