import { FundsReviewStatus, WalletCode, type Deposit, type Withdrawal } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { AppError, conflict, notFound, refused } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { Dec, fixed } from '../../lib/decimal';
import { verifySecret } from '../../lib/secrets';
import { HOUSE, postJournal, userBalances } from '../../ledger/ledger';
import { findAddress } from '../addresses/service';
import { findCard } from '../cards/service';
import { assertOwnUpload } from '../files/service';
import type { Inbox } from '../inbox/service';
import { requireVerifiedKyc } from '../kyc/service';
import type { Rates } from '../wallet/rates';
import { REQUIRED_CONFIRMATIONS, type ChainWatcher } from './chain';

export const MIN_DEPOSIT = '1';
export const MIN_WITHDRAWAL = '1';
const FUNDING = WalletCode.Balance;
const money = (v: Dec | string) => fixed(v, 2);
/** Fiat to the cent; crypto as exact as it was reported. */
const shown = (amount: string, currency: string) => ((FIAT_CURRENCIES as readonly string[]).includes(currency) ? money(amount) : new Dec(amount).toFixed());

/** Crypto that can be deposited, and on which networks. */
const CRYPTO_METHODS = [
  { currency: 'USDT', network: 'TRC20' },
  { currency: 'USDT', network: 'ERC20' },
  { currency: 'BTC', network: 'BTC' },
  { currency: 'ETH', network: 'ETH' },
] as const;
const FIAT_CURRENCIES = ['EUR', 'USD'] as const;
/** Where fiat deposits are paid to. The reference identifies the user on the statement. */
const HOUSE_BANK = { bankName: 'Meridian Client Money (simulated)', accountName: 'Meridian Markets B.V. client account', iban: 'NL00MERI0123456789', bic: 'MERINL2A' };

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
  status: number;
  reason: string | null;
  reviewed_at: Date | null;
  created_at: Date;
}

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
  status: r.status as Deposit['status'],
  reason: r.reason,
  createTimeTimestamp: r.created_at.getTime(),
  reviewTimeTimestamp: r.reviewed_at?.getTime() ?? null,
});

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

const mask = (value: string) => (value.length <= 4 ? value : `${'*'.repeat(Math.min(value.length - 4, 8))}${value.slice(-4)}`);
const userRef = async (sql: Sql, userId: number) => {
  const [u] = await sql.query<{ username: string; email: string | null }>('select username, email from users where id = $1', [userId]);
  return { userId, userName: u?.username ?? '', email: u?.email ?? null };
};

/** Deposits (crypto through the chain watcher, fiat through an operator) and withdrawals. */
export function createFundingService(opts: { db: Db; rates: Rates; inbox: Inbox; chain: ChainWatcher; now?: () => number }) {
  const { db, rates, inbox, chain } = opts;
  const now = opts.now ?? Date.now;

  /** Credit a deposit to the funding wallet in euros at the rate of this moment. */
  async function credit(sql: Sql, d: DepositRow, actorId: number | null) {
    const amount = new Dec(d.amount);
    const credited = new Dec(money(amount.mul(rates.rate(d.currency, 'EUR'))));
    const postings =
      d.currency === 'EUR'
        ? [
            { account: { house: HOUSE.deposits, currency: 'EUR' }, amount: amount.neg() },
            { account: { userId: d.user_id, wallet: FUNDING, part: 'available' as const, currency: 'EUR' }, amount },
          ]
        : [
            { account: { house: HOUSE.deposits, currency: d.currency }, amount: amount.neg() },
            { account: { house: HOUSE.fx, currency: d.currency }, amount },
            { account: { house: HOUSE.fx, currency: 'EUR' }, amount: credited.neg() },
            { account: { userId: d.user_id, wallet: FUNDING, part: 'available' as const, currency: 'EUR' }, amount: credited },
          ];
    const journalId = await postJournal(sql, { kind: 'deposit', userId: d.user_id, actorId, refType: 'deposit', refId: d.id }, postings);
    const [row] = await sql.query<DepositRow>(
      `update deposits set status = 3, credited_amount = $2, journal_id = $3, reviewed_by = $4, reviewed_at = now(),
              confirmations = greatest(confirmations, required_confirmations) where id = $1 returning *`,
      [d.id, credited.toFixed(), journalId, actorId],
    );
    const push = await inbox.notify(sql, d.user_id, 'deposit.completed', {
      amount: shown(d.amount, d.currency),
      currency: d.currency,
      credited: money(credited),
    });
    return { row: row!, push };
  }

  async function review<T>(
    table: 'deposits' | 'withdrawals',
    id: number,
    act: (sql: Sql, row: T) => Promise<{ row: T; push: () => void; audit: { action: string; after: unknown; reason?: string } }>,
    actorId: number,
    ip: string,
  ): Promise<T> {
    const { row, push } = await db.tx(async (sql) => {
      const [current] = await sql.query<T & { status: number }>(`select * from ${table} where id = $1 for update`, [id]);
      if (!current) throw notFound();
      if (current.status !== FundsReviewStatus.PendingReview) throw conflict('e.reviewDone');
      const result = await act(sql, current);
      await writeAudit(sql, {
        actorId,
        action: result.audit.action,
        targetType: table === 'deposits' ? 'deposit' : 'withdrawal',
        targetId: id,
        before: { status: current.status },
        after: result.audit.after,
        reason: result.audit.reason ?? null,
        ip,
      });
      return result;
    });
    push();
    return row;
  }

  return {
    depositMethods(userId: number) {
      return [
        ...CRYPTO_METHODS.map((m) => ({
          method: 'crypto' as const,
          currency: m.currency,
          network: m.network,
          address: chain.addressFor(userId, m.network),
          minAmount: MIN_DEPOSIT,
          confirmations: REQUIRED_CONFIRMATIONS,
          simulated: true as const,
        })),
        ...FIAT_CURRENCIES.map((currency) => ({
          method: 'fiat' as const,
          currency,
          ...HOUSE_BANK,
          reference: `MM${String(userId).padStart(8, '0')}`,
          minAmount: MIN_DEPOSIT,
        })),
      ];
    },

    async createDeposit(
      userId: number,
      input: { method: 'crypto'; currency: string; network: string; amount: string; txHash: string } | { method: 'fiat'; currency: string; amount: string; proofUrl: string },
      idempotencyKey: string | undefined,
    ) {
      const currency = input.currency.toUpperCase();
      if (new Dec(input.amount).lt(MIN_DEPOSIT)) throw new AppError(400, 'e.belowMinimum', { amount: 'e.belowMinimum' }, { n: MIN_DEPOSIT });
      if (input.method === 'crypto') {
        if (!CRYPTO_METHODS.some((m) => m.currency === currency && m.network === input.network)) {
          throw new AppError(400, 'e.currencyUnsupported', { currency: 'e.currencyUnsupported' });
        }
        if (!chain.isTxHash(input.network, input.txHash)) throw new AppError(400, 'e.txHashFormat', { txHash: 'e.txHashFormat' });
      } else if (!(FIAT_CURRENCIES as readonly string[]).includes(currency)) {
        throw new AppError(400, 'e.currencyUnsupported', { currency: 'e.currencyUnsupported' });
      }
      const [row] = await db
        .tx(async (sql) => {
          if (input.method === 'fiat') await assertOwnUpload(sql, userId, input.proofUrl, 'proofUrl');
          return sql.query<DepositRow>(
            `insert into deposits (user_id, method, currency, network, amount, tx_hash, proof_url, required_confirmations, idempotency_key)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
            [
              userId,
              input.method,
              currency,
              input.method === 'crypto' ? input.network : null,
              input.amount,
              input.method === 'crypto' ? input.txHash : null,
              input.method === 'fiat' ? input.proofUrl : null,
              input.method === 'crypto' ? REQUIRED_CONFIRMATIONS : 0,
              idempotencyKey ?? null,
            ],
          );
        })
        .catch((err: { code?: string }) => {
          if (err.code === '23505') throw conflict('e.txHashUsed', { txHash: 'e.txHashUsed' });
          throw err;
        });
      return toDeposit(row!);
    },

    async deposits(userId: number | null, page: number, size: number, status: number | undefined) {
      const where = 'where ($1::bigint is null or user_id = $1) and ($2::smallint is null or status = $2)';
      const [count] = await db.query<{ n: number }>(`select count(*)::int as n from deposits ${where}`, [userId, status ?? null]);
      const rows = await db.query<DepositRow>(
        `select * from deposits ${where} order by ${userId === null ? 'status, id' : 'id desc'} limit $3 offset $4`,
        [userId, status ?? null, size, (page - 1) * size],
      );
      return { list: rows, total: count?.n ?? 0, page, size };
    },

    toDeposit,
    toWithdrawal,
    userRef,

    /**
     * The chain watcher's run: pending crypto deposits gain confirmations; at the required count
     * they are credited. Claimed with SKIP LOCKED, so concurrent runs never credit one twice.
     */
    async watchChain(): Promise<number> {
      const pending = await db.query<{ id: number }>("select id from deposits where status = 1 and method = 'crypto' order by id");
      let credited = 0;
      for (const { id } of pending) {
        const push = await db.tx(async (sql) => {
          const [d] = await sql.query<DepositRow>("select * from deposits where id = $1 and status = 1 for update skip locked", [id]);
          if (!d || !d.network || !d.tx_hash) return null;
          const confirmations = chain.confirmations({ network: d.network, txHash: d.tx_hash, reportedAt: d.created_at }, now());
          if (confirmations < d.required_confirmations) {
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

    approveDeposit: (id: number, actorId: number, ip: string) =>
      review<DepositRow>(
        'deposits',
        id,
        async (sql, d) => {
          // Crypto deposits are credited by the chain, never by hand.
          if (d.method !== 'fiat') throw refused('e.forbidden');
          const { row, push } = await credit(sql, d, actorId);
          return { row, push, audit: { action: 'deposit.approve', after: { status: row.status, credited: row.credited_amount } } };
        },
        actorId,
        ip,
      ),

    rejectDeposit: (id: number, reason: string, actorId: number, ip: string) =>
      review<DepositRow>(
        'deposits',
        id,
        async (sql, d) => {
          const [row] = await sql.query<DepositRow>(
            'update deposits set status = 2, reason = $2, reviewed_by = $3, reviewed_at = now() where id = $1 returning *',
            [d.id, reason, actorId],
          );
          const push = await inbox.notify(sql, d.user_id, 'deposit.rejected', { amount: shown(d.amount, d.currency), currency: d.currency, reason });
          return { row: row!, push, audit: { action: 'deposit.reject', after: { status: 2 }, reason } };
        },
        actorId,
        ip,
      ),

    async usableWithdrawal(userId: number) {
      const balances = await userBalances(db, userId);
      const [u] = await db.query<{ kyc_status: number; pay_password_hash: string | null }>(
        'select kyc_status, pay_password_hash from users where id = $1',
        [userId],
      );
      return {
        amount: money(balances.get(`${FUNDING}/available/EUR`) ?? new Dec(0)),
        currency: 'EUR' as const,
        minAmount: MIN_WITHDRAWAL,
        kycVerified: u?.kyc_status === 3,
        hasPayPassword: Boolean(u?.pay_password_hash),
      };
    },

    async applyWithdrawal(
      userId: number,
      input: { amount: string; target: 'bank' | 'crypto'; cardId?: number | undefined; addressId?: number | undefined; payPassword: string },
      idempotencyKey: string | undefined,
    ) {
      if (new Dec(input.amount).lt(MIN_WITHDRAWAL)) throw new AppError(400, 'e.belowMinimum', { amount: 'e.belowMinimum' }, { n: MIN_WITHDRAWAL });
      const [u] = await db.query<{ pay_password_hash: string | null }>('select pay_password_hash from users where id = $1', [userId]);
      if (!u?.pay_password_hash) throw refused('e.payPasswordNotSet');
      if (!(await verifySecret(u.pay_password_hash, input.payPassword))) throw refused('e.payPasswordWrong', { payPassword: 'e.payPasswordWrong' });
      const row = await db.tx(async (sql) => {
        await requireVerifiedKyc(sql, userId);
        let destination: string;
        let details: Record<string, string | null>;
        if (input.target === 'bank') {
          const card = await findCard(sql, userId, input.cardId!);
          if (!card) throw new AppError(400, 'v.selectBankCardFirst', { cardId: 'v.selectBankCardFirst' });
          destination = `${card.bank_name} ${mask(card.card_number)}`;
          details = {
            bankName: card.bank_name,
            accountName: card.account_name,
            cardNumber: card.card_number,
            swiftCode: card.swift_code,
            branchCode: card.branch_code,
            abaRouting: card.aba_routing,
            bankAddress: card.bank_address,
            bankCountry: card.country,
          };
        } else {
          const address = await findAddress(sql, userId, input.addressId!);
          if (!address) throw new AppError(400, 'v.enterWalletAddress', { addressId: 'v.enterWalletAddress' });
          destination = `${address.currency_type} ${mask(address.address)}`;
          details = { currencyType: address.currency_type, address: address.address };
        }
        const [w] = await sql.query<WithdrawalRow>(
          `insert into withdrawals (user_id, amount, currency, target, destination, details, idempotency_key)
           values ($1, $2, 'EUR', $3, $4, $5, $6) returning *`,
          [userId, input.amount, input.target, destination, JSON.stringify(details), idempotencyKey ?? null],
        );
        // Held at once: from here on the money cannot be spent twice.
        const journalId = await postJournal(
          sql,
          { kind: 'withdrawal.hold', userId, actorId: userId, idempotencyKey: idempotencyKey ?? null, refType: 'withdrawal', refId: w!.id },
          [
            { account: { userId, wallet: FUNDING, part: 'available', currency: 'EUR' }, amount: new Dec(input.amount).neg() },
            { account: { userId, wallet: FUNDING, part: 'held', currency: 'EUR' }, amount: input.amount },
          ],
        );
        await sql.query('update withdrawals set hold_journal_id = $2 where id = $1', [w!.id, journalId]);
        return w!;
      });
      return toWithdrawal(row);
    },

    async withdrawals(userId: number | null, page: number, size: number, status: number | undefined) {
      const where = 'where ($1::bigint is null or user_id = $1) and ($2::smallint is null or status = $2)';
      const [count] = await db.query<{ n: number }>(`select count(*)::int as n from withdrawals ${where}`, [userId, status ?? null]);
      const rows = await db.query<WithdrawalRow>(
        `select * from withdrawals ${where} order by ${userId === null ? 'status, id' : 'id desc'} limit $3 offset $4`,
        [userId, status ?? null, size, (page - 1) * size],
      );
      return { list: rows, total: count?.n ?? 0, page, size };
    },

    approveWithdrawal: (id: number, actorId: number, ip: string) =>
      review<WithdrawalRow>(
        'withdrawals',
        id,
        async (sql, w) => {
          const journalId = await postJournal(sql, { kind: 'withdrawal', userId: w.user_id, actorId, refType: 'withdrawal', refId: w.id }, [
            { account: { userId: w.user_id, wallet: FUNDING, part: 'held', currency: w.currency }, amount: new Dec(w.amount).neg() },
            { account: { house: HOUSE.withdrawals, currency: w.currency }, amount: w.amount },
          ]);
          const [row] = await sql.query<WithdrawalRow>(
            'update withdrawals set status = 3, final_journal_id = $2, reviewed_by = $3, reviewed_at = now() where id = $1 returning *',
            [w.id, journalId, actorId],
          );
          const push = await inbox.notify(sql, w.user_id, 'withdrawal.completed', { amount: money(w.amount), currency: w.currency, destination: w.destination });
          return { row: row!, push, audit: { action: 'withdrawal.approve', after: { status: 3 } } };
        },
        actorId,
        ip,
      ),

    rejectWithdrawal: (id: number, reason: string, actorId: number, ip: string) =>
      review<WithdrawalRow>(
        'withdrawals',
        id,
        async (sql, w) => {
          const journalId = await postJournal(sql, { kind: 'withdrawal.release', userId: w.user_id, actorId, refType: 'withdrawal', refId: w.id, memo: reason }, [
            { account: { userId: w.user_id, wallet: FUNDING, part: 'held', currency: w.currency }, amount: new Dec(w.amount).neg() },
            { account: { userId: w.user_id, wallet: FUNDING, part: 'available', currency: w.currency }, amount: w.amount },
          ]);
          const [row] = await sql.query<WithdrawalRow>(
            'update withdrawals set status = 2, reason = $2, final_journal_id = $3, reviewed_by = $4, reviewed_at = now() where id = $1 returning *',
            [w.id, reason, journalId, actorId],
          );
          const push = await inbox.notify(sql, w.user_id, 'withdrawal.rejected', { amount: money(w.amount), currency: w.currency, reason });
          return { row: row!, push, audit: { action: 'withdrawal.reject', after: { status: 2 }, reason } };
        },
        actorId,
        ip,
      ),
  };
}

export type FundingService = ReturnType<typeof createFundingService>;
export type { DepositRow, WithdrawalRow };
