import { FundsReviewStatus, type Withdrawal } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { AppError } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { Dec, fixed } from '../../lib/decimal';
import { USER_REF_COLUMNS, reviewPending, userRefOf, type UserRefColumns } from '../../lib/review';
import { verifySecret } from '../../lib/secrets';
import { FUNDING_ACCOUNT, userBalances } from '../../ledger/ledger';
import { findAddress } from '../addresses';
import { findBankCard } from '../bankCards';
import { requireVerifiedKyc } from '../kyc';
import type { Notices } from '../notices';
import { postWithdrawalHold, postWithdrawalPaid, postWithdrawalReleased } from './postings';

/** The operator's queue: the pending oldest first (the order they came in), then the reviewed newest first. */
const OPERATOR_ORDER_W = `w.status, case when w.status = ${FundsReviewStatus.PendingReview} then w.id else -w.id end`;

export const MIN_WITHDRAWAL = '1';
const money = (v: Dec | string) => fixed(v, 2);

interface WithdrawalRow {
  id: number;
  user_id: number;
  amount: string;
  currency: string;
  target: 'bank' | 'crypto';
  destination: string;
  details: Record<string, string | null>;
  status: number;
  reason: string | null;
  hold_journal_id: number;
  reviewed_at: Date | null;
  first_approved_by: number | null;
  first_approved_at: Date | null;
  created_at: Date;
}

interface FirstApprovalColumns {
  first_approver_name: string | null;
}

const toWithdrawal = (r: WithdrawalRow): Withdrawal => ({
  id: r.id,
  amount: money(r.amount),
  currency: r.currency,
  target: r.target,
  destination: r.destination,
  status: r.status as Withdrawal['status'],
  reason: r.reason,
  createTimeTimestamp: r.created_at.getTime(),
  reviewTimeTimestamp: r.reviewed_at?.getTime() ?? null,
});

type ReviewRow = WithdrawalRow & UserRefColumns & FirstApprovalColumns;

const REVIEW_SELECT = `select w.*, ${USER_REF_COLUMNS}, coalesce(fa.email, fa.username) as first_approver_name
  from withdrawals w join users u on u.id = w.user_id left join users fa on fa.id = w.first_approved_by`;

const mask = (value: string) => (value.length <= 4 ? value : `${'*'.repeat(Math.min(value.length - 4, 8))}${value.slice(-4)}`);

/** The approvals refused for who asks, audited as attempts. */
const REFUSED_APPROVAL = new Set<string>(['e.approveOwnWithdrawal', 'e.secondApprovalSameOperator', 'e.approverChangedAccount']);

/**
 * Whether an operator changed a user's account: any audited operator action on the user (status),
 * their KYC submissions, deposits, loans or block-trading activation. Operators do not edit bank
 * cards or crypto addresses; the withdrawal's own reviews (`withdrawal`) do not count.
 */
async function changedAccount(sql: Sql, actorId: number, userId: number): Promise<boolean> {
  const [row] = await sql.query<{ changed: boolean }>(
    `select exists (
       select 1 from audit_log a
        where a.actor_id = $1
          and (   (a.target_type = 'user' and a.target_id = $3 and a.action <> 'notice.send')
               or (a.target_type = 'kyc' and a.target_id in (select id::text from kyc_submissions where user_id = $2))
               or (a.target_type = 'deposit' and a.target_id in (select id::text from deposits where user_id = $2))
               or (a.target_type = 'loan' and a.target_id in (select id::text from loans where user_id = $2))
               or (a.target_type = 'blockTrade' and a.target_id in (select id::text from block_trade_activations where user_id = $2)))
     ) as changed`,
    [actorId, userId, String(userId)],
  );
  return row?.changed ?? false;
}

/** Withdrawals from the funding account: held when asked for, paid out or returned by an operator. */
export function createWithdrawalService(opts: { db: Db; notices: Notices; dualApprovalEur: string }) {
  const { db, notices } = opts;
  /** Above the threshold two different operators approve (OWASP ASVS 2.3.5). */
  const needsTwo = (w: { amount: string }) => new Dec(w.amount).gt(opts.dualApprovalEur);

  /** The operator pays to `details`, so the review shows them beside whose withdrawal it is, and the first of two approvals. */
  const toReview = (r: ReviewRow) => ({
    ...toWithdrawal(r),
    ...userRefOf(r),
    details: r.details,
    dualApproval: needsTwo(r),
    firstApproval:
      r.first_approved_by !== null && r.first_approved_at !== null
        ? {
            operatorId: r.first_approved_by,
            operatorName: r.first_approver_name ?? `#${String(r.first_approved_by)}`,
            timestamp: r.first_approved_at.getTime(),
          }
        : null,
  });
  const loadReview = async (sql: Sql, id: number) => toReview((await sql.query<ReviewRow>(`${REVIEW_SELECT} where w.id = $1`, [id]))[0]!);

  /** Paid out: the hold goes to the house's withdrawals account. */
  async function payOut(sql: Sql, w: WithdrawalRow, actorId: number) {
    const journalId = await postWithdrawalPaid(sql, w.hold_journal_id, {
      userId: w.user_id,
      withdrawalId: w.id,
      amount: w.amount,
      currency: w.currency,
      actorId,
    });
    await sql.query('update withdrawals set status = 3, final_journal_id = $2, reviewed_by = $3, reviewed_at = now() where id = $1', [
      w.id,
      journalId,
      actorId,
    ]);
    return notices.notify(sql, w.user_id, 'withdrawal.completed', { amount: money(w.amount), currency: w.currency, destination: w.destination });
  }

  /** Where the money goes, as it is when the user asks: later edits of the card or address do not move it. */
  async function destinationOf(sql: Sql, userId: number, input: { target: 'bank' | 'crypto'; cardId?: number | undefined; addressId?: number | undefined }) {
    if (input.target === 'bank') {
      const card = await findBankCard(sql, userId, input.cardId!);
      if (!card) throw new AppError('v.selectBankCardFirst', { cardId: 'v.selectBankCardFirst' });
      return {
        destination: `${card.bank_name} ${mask(card.card_number)}`,
        details: {
          bankName: card.bank_name,
          accountName: card.account_name,
          cardNumber: card.card_number,
          swiftCode: card.swift_code,
          branchCode: card.branch_code,
          abaRouting: card.aba_routing,
          bankAddress: card.bank_address,
          bankCountry: card.country,
        } as Record<string, string | null>,
      };
    }
    const address = await findAddress(sql, userId, input.addressId!);
    if (!address) throw new AppError('v.enterWalletAddress', { addressId: 'v.enterWalletAddress' });
    return { destination: `${address.currency_type} ${mask(address.address)}`, details: { currencyType: address.currency_type, address: address.address } };
  }

  async function page(userId: number | null, pageNo: number, size: number, status: number | undefined) {
    const where = 'where ($1::bigint is null or w.user_id = $1) and ($2::smallint is null or w.status = $2)';
    const [count] = await db.query<{ n: number }>(`select count(*)::int as n from withdrawals w ${where}`, [userId, status ?? null]);
    const rows = await db.query<ReviewRow>(`${REVIEW_SELECT} ${where} order by ${userId === null ? OPERATOR_ORDER_W : 'w.id desc'} limit $3 offset $4`, [
      userId,
      status ?? null,
      size,
      (pageNo - 1) * size,
    ]);
    return { rows, total: count?.n ?? 0, page: pageNo, size };
  }

  return {
    async usable(userId: number) {
      const balances = await userBalances(db, userId);
      const [u] = await db.query<{ kyc_status: number; pay_password_hash: string | null }>('select kyc_status, pay_password_hash from users where id = $1', [
        userId,
      ]);
      return {
        amount: money(balances.get(`${FUNDING_ACCOUNT}/available/EUR`) ?? new Dec(0)),
        currency: 'EUR' as const,
        minAmount: MIN_WITHDRAWAL,
        kycVerified: u?.kyc_status === 3,
        hasPayPassword: Boolean(u?.pay_password_hash),
      };
    },

    async apply(
      userId: number,
      input: { amount: string; target: 'bank' | 'crypto'; cardId?: number | undefined; addressId?: number | undefined; payPassword: string },
      idempotencyKey: string | undefined,
    ) {
      if (new Dec(input.amount).lt(MIN_WITHDRAWAL)) throw new AppError('e.belowMinimum', { amount: 'e.belowMinimum' }, { n: MIN_WITHDRAWAL });
      const [u] = await db.query<{ pay_password_hash: string | null }>('select pay_password_hash from users where id = $1', [userId]);
      if (!u?.pay_password_hash) throw new AppError('e.payPasswordNotSet');
      if (!(await verifySecret(u.pay_password_hash, input.payPassword))) throw new AppError('e.payPasswordWrong', { payPassword: 'e.payPasswordWrong' });
      const row = await db.tx(async (sql) => {
        await requireVerifiedKyc(sql, userId);
        const { destination, details } = await destinationOf(sql, userId, input);
        const [w] = await sql.query<WithdrawalRow>(
          `insert into withdrawals (user_id, amount, currency, target, destination, details, idempotency_key)
           values ($1, $2, 'EUR', $3, $4, $5, $6) returning *`,
          [userId, input.amount, input.target, destination, JSON.stringify(details), idempotencyKey ?? null],
        );
        // Held at once: from here on the money cannot be spent twice.
        const journalId = await postWithdrawalHold(sql, { userId, withdrawalId: w!.id, amount: input.amount, idempotencyKey: idempotencyKey ?? null });
        await sql.query('update withdrawals set hold_journal_id = $2 where id = $1', [w!.id, journalId]);
        return w!;
      });
      return toWithdrawal(row);
    },

    /** The caller's own withdrawals, newest first. */
    async list(userId: number, pageNo: number, size: number, status: number | undefined) {
      const { rows, ...rest } = await page(userId, pageNo, size, status);
      return { ...rest, list: rows.map(toWithdrawal) };
    },

    /** Every user's withdrawals for the operators, waiting ones first, with where to pay. */
    async reviewList(pageNo: number, size: number, status: number | undefined) {
      const { rows, ...rest } = await page(null, pageNo, size, status);
      return { ...rest, list: rows.map(toReview) };
    },

    /**
     * Approved. At or below the threshold one operator's approval pays it out. Above it the first
     * approval is recorded and the withdrawal stays pending, awaiting a second from a different
     * operator, which pays it out. Nobody approves their own withdrawal, and nobody approves a large
     * one about an account they changed (`changedAccount`). A refused attempt is audited too.
     */
    approve: async (id: number, actorId: number, ip: string) => {
      try {
        return await reviewPending(db, 'withdrawals', id, { actorId, ip }, async (sql, w: WithdrawalRow) => {
          if (w.user_id === actorId) throw new AppError('e.approveOwnWithdrawal');
          if (!needsTwo(w)) {
            const push = await payOut(sql, w, actorId);
            return { view: await loadReview(sql, w.id), push, audit: { action: 'withdrawal.approve', after: { status: 3 } } };
          }
          if (w.first_approved_by === actorId) throw new AppError('e.secondApprovalSameOperator');
          if (await changedAccount(sql, actorId, w.user_id)) throw new AppError('e.approverChangedAccount');
          if (w.first_approved_by === null) {
            await sql.query('update withdrawals set first_approved_by = $2, first_approved_at = now() where id = $1', [w.id, actorId]);
            return {
              view: await loadReview(sql, w.id),
              push: () => undefined,
              audit: { action: 'withdrawal.approve.first', after: { status: w.status, firstApprovedBy: actorId, awaiting: 'second approval' } },
            };
          }
          const push = await payOut(sql, w, actorId);
          return {
            view: await loadReview(sql, w.id),
            push,
            audit: { action: 'withdrawal.approve.second', after: { status: 3, firstApprovedBy: w.first_approved_by, secondApprovedBy: actorId } },
          };
        });
      } catch (err) {
        if (err instanceof AppError && REFUSED_APPROVAL.has(err.key)) {
          await writeAudit(db, { actorId, action: 'withdrawal.approve.denied', targetType: 'withdrawal', targetId: id, after: { refused: err.key }, ip });
        }
        throw err;
      }
    },

    /** Refused: the hold goes back to the funding account's available side. */
    reject: (id: number, reason: string, actorId: number, ip: string) =>
      reviewPending(db, 'withdrawals', id, { actorId, ip }, async (sql, w: WithdrawalRow) => {
        const journalId = await postWithdrawalReleased(sql, w.hold_journal_id, {
          userId: w.user_id,
          withdrawalId: w.id,
          amount: w.amount,
          currency: w.currency,
          actorId,
          reason,
        });
        await sql.query('update withdrawals set status = 2, reason = $2, final_journal_id = $3, reviewed_by = $4, reviewed_at = now() where id = $1', [
          w.id,
          reason,
          journalId,
          actorId,
        ]);
        const push = await notices.notify(sql, w.user_id, 'withdrawal.rejected', { amount: money(w.amount), currency: w.currency, reason });
        const after = w.first_approved_by === null ? { status: 2 } : { status: 2, firstApprovedBy: w.first_approved_by };
        return { view: await loadReview(sql, w.id), push, audit: { action: 'withdrawal.reject', after, reason } };
      }),
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;
