import { JournalKind, TransactionStatus, WalletCode, walletCurrency, type Portfolio, type Transfer } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { Dec, fixed } from '../../lib/decimal';
import { FUNDING_ACCOUNT, HOUSE, checkLedger, findHoldJournal, userBalances } from '../../ledger/ledger';
import type { MarketService } from '../market';
import type { Notices } from '../notices';
import type { ExchangeRates } from './exchangeRates';
import { postTransfer, postTransferCancel, postTransferHold, postTransferSettle } from './postings';

const WALLETS = Object.values(WalletCode);
const symbolOf = (currency: string) => (currency === 'USD' ? '$' : '€');
const money = (v: Dec | string) => fixed(v, 2);

interface TransferRow {
  id: number;
  user_id: number;
  from_code: WalletCode;
  to_code: WalletCode;
  amount: string;
  currency: string;
  to_amount: string;
  to_currency: string;
  rate: string;
  status: number;
  settle_after: Date | null;
  hold_journal_id: number | null;
  created_at: Date;
}

function toTransfer(r: TransferRow): Transfer {
  return {
    id: r.id,
    from: r.from_code,
    to: r.to_code,
    amount: money(r.amount),
    currency: r.currency,
    toAmount: money(r.to_amount),
    toCurrency: r.to_currency,
    rate: new Dec(r.rate).toFixed(),
    status: r.status as Transfer['status'],
    createTimeTimestamp: r.created_at.getTime(),
    settleAfterTimestamp: r.status === TransactionStatus.InProgress && r.settle_after ? r.settle_after.getTime() : null,
  };
}

/** Wallets, their bills, transfers between them, and the settlement of transfers across currencies. */
export function createWalletService(opts: { db: Db; exchangeRates: ExchangeRates; market: MarketService; notices: Notices; settleSeconds: number }) {
  const { db, exchangeRates, notices } = opts;

  async function wallets(userId: number) {
    const balances = await userBalances(db, userId);
    return WALLETS.map((code) => {
      const currency = walletCurrency(code);
      const available = balances.get(`${code}/available/${currency}`) ?? new Dec(0);
      const held = balances.get(`${code}/held/${currency}`) ?? new Dec(0);
      return {
        code,
        currency,
        symbol: symbolOf(currency) as '€' | '$',
        balance: money(available),
        usedBalance: money(held),
        total: money(available.add(held)),
      };
    });
  }

  /** The hold of a transfer in progress; transfers held before migration 0007 find it by reference. */
  async function holdOf(sql: Sql, t: TransferRow): Promise<number> {
    const id = t.hold_journal_id ?? (await findHoldJournal(sql, { refType: 'transfer', refId: t.id, kind: JournalKind.TransferHold }));
    if (id === undefined) throw new Error(`transfer ${t.id} in progress has no hold`);
    return id;
  }

  /** Settle one transfer in progress: the held amount is exchanged at the recorded rate. */
  async function settle(sql: Sql, t: TransferRow) {
    await postTransferSettle(sql, await holdOf(sql, t), {
      userId: t.user_id,
      transferId: t.id,
      from: t.from_code,
      to: t.to_code,
      amount: t.amount,
      currency: t.currency,
      toAmount: t.to_amount,
      toCurrency: t.to_currency,
    });
    await sql.query('update transfers set status = $2, finished_at = now() where id = $1', [t.id, TransactionStatus.Success]);
    return notices.notify(sql, t.user_id, 'transfer.completed', {
      amount: money(t.amount),
      currency: t.currency,
      from: t.from_code,
      to: t.to_code,
      toAmount: money(t.to_amount),
      toCurrency: t.to_currency,
    });
  }

  /**
   * The bill as a statement: one event per journal that moved the caller's money (in the selected
   * wallet, of the kind, within the days), newest first, paged by event. Each event carries, per
   * wallet it moved, the net change of the available and held parts and both parts' balances
   * after it (the sum of that account's entries up to this journal), and its entries folded under it.
   */
  async function billEvents(
    userId: number,
    q: { page: number; size: number; walletCode?: WalletCode | undefined; type?: string | undefined; from?: string | undefined; to?: string | undefined },
  ) {
    const where = `from ledger_journals j
      where j.id in (select e.journal_id from ledger_accounts a join ledger_entries e on e.account_id = a.id
                      where a.user_id = $1 and ($2::text is null or a.code = $2))
        and ($3::text is null or j.kind = $3)
        and ($4::date is null or j.created_at >= $4::date) and ($5::date is null or j.created_at < $5::date + 1)`;
    const params = [userId, q.walletCode ?? null, q.type ?? null, q.from ?? null, q.to ?? null];
    const [count] = await db.query<{ n: number }>(`select count(*)::int as n ${where}`, params);
    const journals = await db.query<{ id: number; kind: JournalKind; memo: string | null; hold_journal_id: number | null; created_at: Date }>(
      `select j.id, j.kind, j.memo, j.hold_journal_id, j.created_at ${where} order by j.id desc limit $6 offset $7`,
      [...params, q.size, (q.page - 1) * q.size],
    );
    const ids = journals.map((j) => j.id);
    const entries = ids.length
      ? await db.query<{
          id: number;
          journal_id: number;
          code: WalletCode;
          part: 'available' | 'held';
          currency: string;
          amount: string;
          balance_after: string;
        }>(
          `with b as (
             select e.id, e.journal_id, a.code, a.part, e.currency, e.amount,
                    sum(e.amount) over (partition by e.account_id order by e.id) as balance_after
               from ledger_entries e join ledger_accounts a on a.id = e.account_id
              where a.user_id = $1 and ($2::text is null or a.code = $2))
           select * from b where b.journal_id = any($3::bigint[]) order by b.id desc`,
          [userId, q.walletCode ?? null, ids],
        )
      : [];
    // Each part of each wallet moved, as it stood after the journal: every entry of that account up to it.
    const standing = ids.length
      ? await db.query<{ journal_id: number; code: WalletCode; currency: string; available: string; held: string }>(
          `with t as (
             select distinct e.journal_id, a.code, a.currency
               from ledger_entries e join ledger_accounts a on a.id = e.account_id
              where a.user_id = $1 and ($2::text is null or a.code = $2) and e.journal_id = any($3::bigint[]))
           select t.journal_id, t.code, t.currency,
                  coalesce(sum(e.amount) filter (where a.part = 'available'), 0) as available,
                  coalesce(sum(e.amount) filter (where a.part = 'held'), 0) as held
             from t
             left join ledger_accounts a on a.user_id = $1 and a.code = t.code and a.currency = t.currency
             left join ledger_entries e on e.account_id = a.id and e.journal_id <= t.journal_id
            group by t.journal_id, t.code, t.currency`,
          [userId, q.walletCode ?? null, ids],
        )
      : [];
    // What the house took as fees and paid or took on its book in these journals: the event's fee and profit.
    const house = ids.length
      ? await db.query<{ journal_id: number; fees: string | null; book: string | null }>(
          `select e.journal_id,
                  sum(e.amount) filter (where a.code = $2) as fees,
                  sum(e.amount) filter (where a.code = $3) as book
             from ledger_entries e join ledger_accounts a on a.id = e.account_id
            where a.user_id is null and a.code in ($2, $3) and e.journal_id = any($1::bigint[])
            group by e.journal_id`,
          [ids, HOUSE.fees, HOUSE.book],
        )
      : [];
    const closing: string[] = [JournalKind.PositionClose, JournalKind.PositionLiquidate];
    const list = entries.map((r) => {
      const j = journals.find((x) => x.id === r.journal_id)!;
      return {
        id: r.id,
        journalId: r.journal_id,
        walletCode: r.code,
        currency: r.currency,
        amount: money(r.amount),
        part: r.part,
        balanceAfter: money(r.balance_after),
        type: j.kind,
        memo: j.memo,
        createTimeTimestamp: j.created_at.getTime(),
      };
    });
    const events = journals.map((j) => {
      const mine = list.filter((b) => b.journalId === j.id);
      // Wallets in the order their entries were written (the funding account first for a transfer out of it).
      const codes = [...new Set(mine.map((b) => b.walletCode).reverse())];
      const h = house.find((x) => x.journal_id === j.id);
      return {
        journalId: j.id,
        type: j.kind,
        memo: j.memo,
        holdJournalId: j.hold_journal_id,
        createTimeTimestamp: j.created_at.getTime(),
        wallets: codes.map((code) => {
          const of = (part: 'available' | 'held') =>
            mine.filter((b) => b.walletCode === code && b.part === part).reduce((acc, b) => acc.add(b.amount), new Dec(0));
          const s = standing.find((x) => x.journal_id === j.id && x.code === code);
          return {
            walletCode: code,
            currency: walletCurrency(code),
            available: money(of('available')),
            held: money(of('held')),
            availableAfter: money(s?.available ?? '0'),
            heldAfter: money(s?.held ?? '0'),
          };
        }),
        fee: h?.fees == null ? null : money(h.fees),
        profit: closing.includes(j.kind) ? money(h?.book == null ? '0' : new Dec(h.book).neg()) : null,
        entries: mine.slice().reverse(),
      };
    });
    return { list, events, total: count?.n ?? 0, page: q.page, size: q.size };
  }

  return {
    wallets,

    /**
     * The seed's total assets, read from the portfolio (issue 32): `total` is everything held,
     * `liabilities` everything owed, `netAssets` the difference, each the portfolio's figure;
     * `available` and `held` are the wallets' sides and `floating` the open positions' floating
     * profit, each counted in `currency` at the portfolio's rates.
     */
    async overview(userId: number, currency: 'EUR' | 'USD', portfolio: Portfolio) {
      const list = await wallets(userId);
      const rate = (from: string) => new Dec(portfolio.rates.find((r) => r.currency === from)?.rate ?? exchangeRates.rate(from, currency));
      const valueOf = (amount: Dec | string, from: string) => new Dec(amount).mul(rate(from));
      const floatingOf = new Map<WalletCode, Dec>();
      for (const l of portfolio.lines) {
        if (l.priceSource !== 'market' || l.pnlGross === null || l.wallet === null) continue;
        floatingOf.set(l.wallet, (floatingOf.get(l.wallet) ?? new Dec(0)).add(l.pnlGross));
      }
      let available = new Dec(0);
      let held = new Dec(0);
      let floating = new Dec(0);
      const rows = list.map((w) => {
        const f = floatingOf.get(w.code) ?? new Dec(0);
        available = available.add(valueOf(w.balance, w.currency));
        held = held.add(valueOf(w.usedBalance, w.currency));
        floating = floating.add(valueOf(f, w.currency));
        return { ...w, value: money(valueOf(w.total, w.currency)), floating: money(f) };
      });
      return {
        currency,
        total: portfolio.total,
        liabilities: portfolio.liabilities,
        netAssets: portfolio.netAssets,
        available: money(available),
        held: money(held),
        floating: money(floating),
        dayChange: portfolio.dayChange,
        dayChangePercent: portfolio.dayChangePercent,
        eurUsd: portfolio.eurUsd,
        rateTimestamp: portfolio.rateTimestamp,
        wallets: rows,
      };
    },

    async bills(
      userId: number,
      q: {
        page: number;
        size: number;
        walletCode?: WalletCode | undefined;
        type?: string | undefined;
        types?: string[] | undefined;
        from?: string | undefined;
        to?: string | undefined;
        groupBy?: 'entry' | 'journal' | undefined;
      },
    ) {
      if (q.groupBy === 'journal') return billEvents(userId, q);
      const where = `where ($2::text is null or b.code = $2) and ($3::text is null or b.kind = $3) and ($6::text[] is null or b.kind = any($6::text[]))
                       and ($4::date is null or b.created_at >= $4::date) and ($5::date is null or b.created_at < $5::date + 1)`;
      const base = `with b as (
          select e.id, e.journal_id, a.code, a.part, e.currency, e.amount, j.kind, j.memo, j.created_at,
                 sum(e.amount) over (partition by e.account_id order by e.id) as balance_after
            from ledger_entries e
            join ledger_accounts a on a.id = e.account_id
            join ledger_journals j on j.id = e.journal_id
           where a.user_id = $1)`;
      const params = [userId, q.walletCode ?? null, q.type ?? null, q.from ?? null, q.to ?? null, q.types ?? null];
      const [count] = await db.query<{ n: number }>(`${base} select count(*)::int as n from b ${where}`, params);
      const rows = await db.query<{
        id: number;
        journal_id: number;
        code: WalletCode;
        part: 'available' | 'held';
        currency: string;
        amount: string;
        kind: JournalKind;
        memo: string | null;
        created_at: Date;
        balance_after: string;
      }>(`${base} select * from b ${where} order by b.id desc limit $7 offset $8`, [...params, q.size, (q.page - 1) * q.size]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          journalId: r.journal_id,
          walletCode: r.code,
          currency: r.currency,
          amount: money(r.amount),
          part: r.part,
          balanceAfter: money(r.balance_after),
          type: r.kind,
          memo: r.memo,
          createTimeTimestamp: r.created_at.getTime(),
        })),
        total: count?.n ?? 0,
        page: q.page,
        size: q.size,
      };
    },

    async transfer(userId: number, input: { from: WalletCode; to: WalletCode; amount: string }, idempotencyKey: string | undefined) {
      if (input.from === input.to) throw new AppError('e.sameWallet', { to: 'e.sameWallet' });
      if (input.from !== FUNDING_ACCOUNT && input.to !== FUNDING_ACCOUNT) {
        throw new AppError('e.transferNeedsFunding', { to: 'e.transferNeedsFunding' });
      }
      const currency = walletCurrency(input.from);
      const toCurrency = walletCurrency(input.to);
      const rate = exchangeRates.rate(currency, toCurrency);
      const amount = new Dec(input.amount);
      const toAmount = new Dec(fixed(amount.mul(rate), 2));
      if (toAmount.lte(0)) throw new AppError('v.amountRule', { amount: 'v.amountRule' });
      const sameCurrency = currency === toCurrency;
      let push: (() => void) | undefined;
      const row = await db.tx(async (sql) => {
        const [t] = await sql.query<TransferRow>(
          `insert into transfers (user_id, from_code, to_code, amount, currency, to_amount, to_currency, rate, status, settle_after, idempotency_key)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9::smallint, case when $9::smallint = 0 then now() + make_interval(secs => $10::int) end, $11) returning *`,
          [
            userId,
            input.from,
            input.to,
            amount.toFixed(),
            currency,
            toAmount.toFixed(),
            toCurrency,
            rate.toFixed(),
            sameCurrency ? TransactionStatus.Success : TransactionStatus.InProgress,
            opts.settleSeconds,
            idempotencyKey ?? null,
          ],
        );
        const asked = { userId, transferId: t!.id, from: input.from, amount, idempotencyKey: idempotencyKey ?? null };
        if (sameCurrency) {
          await postTransfer(sql, { ...asked, to: input.to });
          await sql.query('update transfers set finished_at = now() where id = $1', [t!.id]);
          push = await notices.notify(sql, userId, 'transfer.completed', {
            amount: money(amount),
            currency,
            from: input.from,
            to: input.to,
            toAmount: money(toAmount),
            toCurrency,
          });
        } else {
          // Held until the settlement run; cancelling before then returns it.
          const holdId = await postTransferHold(sql, asked);
          await sql.query('update transfers set hold_journal_id = $2 where id = $1', [t!.id, holdId]);
        }
        return t!;
      });
      push?.();
      return toTransfer(row);
    },

    async cancel(userId: number, id: number, idempotencyKey: string | undefined) {
      const row = await db.tx(async (sql) => {
        const [t] = await sql.query<TransferRow>('select * from transfers where id = $1 and user_id = $2 for update', [id, userId]);
        if (!t) throw notFound();
        if (t.status !== TransactionStatus.InProgress) throw new AppError('e.transferNotCancellable');
        await postTransferCancel(sql, await holdOf(sql, t), {
          userId,
          transferId: t.id,
          from: t.from_code,
          amount: t.amount,
          idempotencyKey: idempotencyKey ?? null,
        });
        const [updated] = await sql.query<TransferRow>('update transfers set status = $2, finished_at = now() where id = $1 returning *', [
          t.id,
          TransactionStatus.Cancelled,
        ]);
        return updated!;
      });
      return toTransfer(row);
    },

    async transfers(userId: number, page: number, size: number, status: number | undefined) {
      const where = 'where user_id = $1 and ($2::smallint is null or status = $2)';
      const [count] = await db.query<{ n: number }>(`select count(*)::int as n from transfers ${where}`, [userId, status ?? null]);
      const rows = await db.query<TransferRow>(`select * from transfers ${where} order by id desc limit $3 offset $4`, [
        userId,
        status ?? null,
        size,
        (page - 1) * size,
      ]);
      return { list: rows.map(toTransfer), total: count?.n ?? 0, page, size };
    },

    /**
     * The settlement run: every due transfer in progress settles, each in its own transaction.
     * Rows are claimed with SKIP LOCKED, so nodes running it at once never settle one twice, and
     * a transfer cancelled meanwhile is no longer in progress when its turn comes.
     */
    async settleDue(): Promise<number> {
      let settled = 0;
      for (;;) {
        const push = await db.tx(async (sql) => {
          const [t] = await sql.query<TransferRow>(
            `select * from transfers where status = 0 and settle_after <= now() order by id limit 1 for update skip locked`,
          );
          return t ? settle(sql, t) : null;
        });
        if (!push) return settled;
        push();
        settled++;
      }
    },

    checkLedger: () => checkLedger(db),
  };
}

export type WalletService = ReturnType<typeof createWalletService>;
