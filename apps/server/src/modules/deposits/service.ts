import { DEPOSIT_CRYPTO, DEPOSIT_FIAT_CURRENCIES, FundsReviewStatus, type Deposit } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { AppError } from '../../errors';
import { Dec, fixed } from '../../lib/decimal';
import { USER_REF_COLUMNS, reviewPending, userRefOf, type UserRefColumns } from '../../lib/review';
import { assertOwnUpload } from '../files';
import type { Notices } from '../notices';
import type { ExchangeRates } from '../wallet';
import { REQUIRED_CONFIRMATIONS, type ChainWatcher } from './chain';
import { postDeposit } from './postings';
import { createSimWallet } from './simWallet';

/** The operator's queue: the pending oldest first (the order they came in), then the reviewed newest first. */
const OPERATOR_ORDER_D = `d.status, case when d.status = ${FundsReviewStatus.PendingReview} then d.id else -d.id end`;

export const MIN_DEPOSIT = '1';
const money = (v: Dec | string) => fixed(v, 2);
/** Fiat to the cent; crypto as exact as it was reported. */
const shown = (amount: string, currency: string) => ((FIAT_CURRENCIES as readonly string[]).includes(currency) ? money(amount) : new Dec(amount).toFixed());

/** Crypto that can be deposited, and on which networks: the contract's one list. */
const CRYPTO_METHODS = DEPOSIT_CRYPTO;
/** Currencies a bank transfer is taken in: the contract's one list, which the deposit pages read through the methods. */
const FIAT_CURRENCIES = DEPOSIT_FIAT_CURRENCIES;
/** Where fiat deposits are paid to. The reference identifies the user on the statement. */
const HOUSE_BANK = {
  bankName: 'Meridian Client Money (simulated)',
  accountName: 'Meridian Markets B.V. client account',
  iban: 'NL00MERI0123456789',
  bic: 'MERINL2A',
};

interface DepositRow {
  id: number;
  user_id: number;
  method: 'crypto' | 'fiat';
  currency: string;
  network: string | null;
  amount: string;
  credited_amount: string | null;
  tx_hash: string | null;
  proof_url: string | null;
  confirmations: number;
  required_confirmations: number;
  review_required: boolean;
  sim_transfer_id: number | null;
  status: number;
  reason: string | null;
  reviewed_at: Date | null;
  created_at: Date;
}

const toDeposit = (r: DepositRow): Deposit => ({
  id: r.id,
  method: r.method,
  currency: r.currency,
  network: r.network,
  amount: new Dec(r.amount).toFixed(),
  creditedAmount: r.credited_amount === null ? null : money(r.credited_amount),
  txHash: r.tx_hash,
  proofUrl: r.proof_url,
  confirmations: r.confirmations,
  requiredConfirmations: r.required_confirmations,
  reviewRequired: r.review_required,
  status: r.status as Deposit['status'],
  reason: r.reason,
  createTimeTimestamp: r.created_at.getTime(),
  reviewTimeTimestamp: r.reviewed_at?.getTime() ?? null,
});

/** What a fiat deposit's payer puts on the transfer: the fiat method shows it, the operator matches by it. */
export const fiatReference = (userId: number) => `MM${String(userId).padStart(8, '0')}`;

const toReview = (r: DepositRow & UserRefColumns) => ({
  ...toDeposit(r),
  ...userRefOf(r),
  paymentReference: r.method === 'fiat' ? fiatReference(r.user_id) : r.tx_hash,
});
const REVIEW_SELECT = `select d.*, ${USER_REF_COLUMNS} from deposits d join users u on u.id = d.user_id`;
const loadReview = async (sql: Sql, id: number) => toReview((await sql.query<DepositRow & UserRefColumns>(`${REVIEW_SELECT} where d.id = $1`, [id]))[0]!);

/**
 * Deposits: crypto sent from the investor's simulated wallet and confirmed by the chain watcher,
 * above `reviewAboveEur` then reviewed by an operator; fiat reviewed by an operator. Both land in
 * the funding account.
 */
export function createDepositService(opts: {
  db: Db;
  exchangeRates: ExchangeRates;
  notices: Notices;
  chain: ChainWatcher;
  now?: () => number;
  /** The simulated faucet's daily limit per investor, in USDT (SIM_FAUCET_DAILY). */
  faucetDailyUsd?: string;
  /** Crypto deposits above this many euros when reported wait for a review (CRYPTO_REVIEW_ABOVE_EUR). */
  reviewAboveEur?: string;
}) {
  const { db, exchangeRates, notices, chain } = opts;
  const now = opts.now ?? Date.now;
  const reviewAbove = new Dec(opts.reviewAboveEur ?? '5000');
  const simWallet = createSimWallet({ db, chain, exchangeRates, now, faucetDailyUsd: opts.faucetDailyUsd ?? '10000', reviewAboveEur: reviewAbove.toFixed() });

  /** Confirmations of a crypto deposit now: from when its transaction was sent (before the simulated wallet, when it was reported). */
  async function confirmationsOf(sql: Sql, d: DepositRow): Promise<number> {
    const [t] =
      d.sim_transfer_id === null ? [] : await sql.query<{ created_at: Date }>('select created_at from sim_wallet_transfers where id = $1', [d.sim_transfer_id]);
    return chain.confirmations({ network: d.network ?? '', txHash: d.tx_hash ?? '', sentAt: t?.created_at ?? d.created_at }, now());
  }

  /** Credit a deposit to the funding account in euros at the rate of this moment. */
  async function credit(sql: Sql, d: DepositRow, actorId: number | null) {
    const amount = new Dec(d.amount);
    const credited = new Dec(money(amount.mul(exchangeRates.rate(d.currency, 'EUR'))));
    const journalId = await postDeposit(sql, { userId: d.user_id, depositId: d.id, currency: d.currency, amount, credited, actorId });
    const [row] = await sql.query<DepositRow>(
      `update deposits set status = 3, credited_amount = $2, journal_id = $3, reviewed_by = $4, reviewed_at = now(),
              confirmations = greatest(confirmations, required_confirmations) where id = $1 returning *`,
      [d.id, credited.toFixed(), journalId, actorId],
    );
    const push = await notices.notify(sql, d.user_id, 'deposit.completed', {
      amount: shown(d.amount, d.currency),
      currency: d.currency,
      credited: money(credited),
    });
    return { row: row!, push };
  }

  async function page(userId: number | null, pageNo: number, size: number, status: number | undefined) {
    const where = 'where ($1::bigint is null or d.user_id = $1) and ($2::smallint is null or d.status = $2)';
    const [count] = await db.query<{ n: number }>(`select count(*)::int as n from deposits d ${where}`, [userId, status ?? null]);
    const rows = await db.query<DepositRow & UserRefColumns>(
      `${REVIEW_SELECT} ${where} order by ${userId === null ? OPERATOR_ORDER_D : 'd.id desc'} limit $3 offset $4`,
      [userId, status ?? null, size, (pageNo - 1) * size],
    );
    return { rows, total: count?.n ?? 0, page: pageNo, size };
  }

  return {
    methods(userId: number) {
      return [
        ...CRYPTO_METHODS.map((m) => ({
          method: 'crypto' as const,
          currency: m.currency,
          network: m.network,
          address: chain.addressFor(userId, m.network),
          minAmount: m.minAmount,
          confirmations: REQUIRED_CONFIRMATIONS,
          simulated: true as const,
        })),
        ...FIAT_CURRENCIES.map((currency) => ({
          method: 'fiat' as const,
          currency,
          ...HOUSE_BANK,
          reference: fiatReference(userId),
          minAmount: MIN_DEPOSIT,
        })),
      ];
    },

    async create(
      userId: number,
      input:
        | { method: 'crypto'; currency: string; network: string; amount: string; txHash: string }
        | { method: 'fiat'; currency: string; amount: string; proofUrl: string },
      idempotencyKey: string | undefined,
    ) {
      const currency = input.currency.toUpperCase();
      const cryptoMethod = input.method === 'crypto' ? CRYPTO_METHODS.find((m) => m.currency === currency && m.network === input.network) : undefined;
      const min = cryptoMethod?.minAmount ?? MIN_DEPOSIT;
      if (new Dec(input.amount).lt(min)) throw new AppError('e.belowMinimum', { amount: 'e.belowMinimum' }, { n: min });
      if (input.method === 'crypto') {
        if (!cryptoMethod) throw new AppError('e.currencyUnsupported', { currency: 'e.currencyUnsupported' });
        if (!chain.isTxHash(input.network, input.txHash)) throw new AppError('e.txHashFormat', { txHash: 'e.txHashFormat' });
      } else if (!(FIAT_CURRENCIES as readonly string[]).includes(currency)) {
        throw new AppError('e.currencyUnsupported', { currency: 'e.currencyUnsupported' });
      }
      const [row] = await db
        .tx(async (sql) => {
          if (input.method === 'fiat') await assertOwnUpload(sql, userId, input.proofUrl, 'proofUrl');
          // Crypto: only a transaction the simulated chain knows, the caller's, for exactly this amount.
          const sent =
            input.method === 'crypto'
              ? await simWallet.findSend(sql, userId, { currency, network: input.network, txHash: input.txHash, amount: input.amount })
              : null;
          const reviewRequired = sent !== null && new Dec(input.amount).mul(exchangeRates.rate(currency, 'EUR')).gt(reviewAbove);
          return sql.query<DepositRow>(
            `insert into deposits (user_id, method, currency, network, amount, tx_hash, proof_url, required_confirmations, idempotency_key, review_required, sim_transfer_id)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) returning *`,
            [
              userId,
              input.method,
              currency,
              input.method === 'crypto' ? input.network : null,
              input.amount,
              sent ? sent.tx_hash : null,
              input.method === 'fiat' ? input.proofUrl : null,
              input.method === 'crypto' ? REQUIRED_CONFIRMATIONS : 0,
              idempotencyKey ?? null,
              reviewRequired,
              sent ? sent.id : null,
            ],
          );
        })
        .catch((err: { code?: string }) => {
          if (err.code === '23505') throw new AppError('e.txHashUsed', { txHash: 'e.txHashUsed' });
          throw err;
        });
      return toDeposit(row!);
    },

    /** The caller's own deposits, newest first. */
    async list(userId: number, pageNo: number, size: number, status: number | undefined) {
      const { rows, ...rest } = await page(userId, pageNo, size, status);
      return { ...rest, list: rows.map(toDeposit) };
    },

    /** Every user's deposits for the operators, waiting ones first, with whose they are. */
    async reviewList(pageNo: number, size: number, status: number | undefined) {
      const { rows, ...rest } = await page(null, pageNo, size, status);
      return { ...rest, list: rows.map(toReview) };
    },

    /** The caller's simulated wallet and the faucet's day. */
    simWallet: (userId: number) => simWallet.view(userId),
    simFaucet: (userId: number, input: { currency: string; network: string; amount: string }) => simWallet.faucet(userId, input),
    simSend: (userId: number, input: { currency: string; network: string; amount: string }) => simWallet.send(userId, input),

    /**
     * The chain watcher's run: pending crypto deposits gain confirmations; at the required count
     * they are credited, or, above the review threshold, left for an operator's review.
     * Claimed with SKIP LOCKED, so concurrent runs never credit one twice.
     */
    async watchChain(): Promise<number> {
      const pending = await db.query<{ id: number }>(
        "select id from deposits where status = 1 and method = 'crypto' and not (review_required and confirmations >= required_confirmations) order by id",
      );
      let credited = 0;
      for (const { id } of pending) {
        const push = await db.tx(async (sql) => {
          const [d] = await sql.query<DepositRow>('select * from deposits where id = $1 and status = 1 for update skip locked', [id]);
          if (!d || !d.network || !d.tx_hash) return null;
          const confirmations = await confirmationsOf(sql, d);
          if (confirmations < d.required_confirmations || d.review_required) {
            if (confirmations !== d.confirmations) await sql.query('update deposits set confirmations = $2 where id = $1', [d.id, confirmations]);
            return null;
          }
          return (await credit(sql, d, null)).push;
        });
        if (push) {
          push();
          credited++;
        }
      }
      return credited;
    },

    approve: (id: number, actorId: number, ip: string) =>
      reviewPending(db, 'deposits', id, { actorId, ip }, async (sql, d: DepositRow) => {
        // Crypto deposits are credited by the chain; by hand only those above the review threshold, once confirmed.
        if (d.method !== 'fiat') {
          if (!d.review_required) throw new AppError('e.creditedByChain');
          const n = await confirmationsOf(sql, d);
          if (n < d.required_confirmations) throw new AppError('e.notConfirmed', undefined, { n, total: d.required_confirmations });
        }
        const { row, push } = await credit(sql, d, actorId);
        return { view: await loadReview(sql, d.id), push, audit: { action: 'deposit.approve', after: { status: row.status, credited: row.credited_amount } } };
      }),

    reject: (id: number, reason: string, actorId: number, ip: string) =>
      reviewPending(db, 'deposits', id, { actorId, ip }, async (sql, d: DepositRow) => {
        await sql.query('update deposits set status = 2, reason = $2, reviewed_by = $3, reviewed_at = now() where id = $1', [d.id, reason, actorId]);
        // A refused crypto deposit goes back to the simulated wallet it was sent from, as a refused transfer returns to its sender.
        const refunded = await simWallet.refund(sql, d);
        const push = await notices.notify(sql, d.user_id, 'deposit.rejected', { amount: shown(d.amount, d.currency), currency: d.currency, reason });
        const after = refunded === null ? { status: 2 } : { status: 2, refundedToSimulatedWallet: refunded };
        return { view: await loadReview(sql, d.id), push, audit: { action: 'deposit.reject', after, reason } };
      }),
  };
}

export type DepositService = ReturnType<typeof createDepositService>;
