import { TransactionStatus, walletCurrency, type Portfolio, type WalletCode } from '@tradeapp/contract';
import { AppError, notFound } from '../../errors';
import { Dec, fixed } from '../../lib/decimal';
import { FUNDING_ACCOUNT, userBalances } from '../../ledger/ledger';
import { holdOf, type WalletContext } from './context';
import { postTransfer, postTransferCancel, postTransferHold } from './postings';
import { money, symbolOf, toTransfer, WALLETS, type TransferRow } from './views';

/** The investor's wallets, their overview, and the transfers they ask for, cancel and list. */
export function createInvestorWallet(opts: WalletContext) {
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
  };
}
