import { randomUUID } from 'node:crypto';
import { floatingProfit, roundDecimal } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { pngBytes } from './fixtures';
import { call, drivers, OPERATOR, registerUser, startServer, type Harness } from './harness';
import { scriptedMarket } from './scripted';

const BTC = 'BTCUSDT';
const DAY = 86_400_000;
const money = (v: Dec | string) => new Dec(v).toFixed(2, Dec.ROUND_HALF_UP);

describe.each(await drivers())('portfolio analytics on %s', (driver) => {
  let h: Harness;
  let op: string;
  const market = scriptedMarket();
  const todayStart = Math.floor(Date.now() / DAY) * DAY;
  const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
  beforeAll(async () => {
    h = await startServer(driver, {}, { provider: market.provider });
    op = (await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [] });
    await h.close();
  });

  const key = () => ({ 'idempotency-key': randomUUID() });
  const buyBtc = (token: string, quantity: string) =>
    call(h, 'POST', '/web/gold/create', {
      token,
      headers: key(),
      body: { stockCode: BTC, stockName: 'Bitcoin', direction: 0, source: 100, type: 0, quantity, leverage: 10, goldCode: BTC },
    });
  const analytics = (token: string, period = '1M', lang?: string) => call(h, 'GET', `/web/analytics?period=${period}`, { token, ...(lang ? { lang } : {}) });

  /** Verified, 5,000 euros deposited today and moved to the forex wallet. */
  async function trader() {
    const u = await registerUser(h);
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
    const frontUrl = (await call(h, 'POST', '/web/file/upload', { form, token: u.token })).data.url;
    await call(h, 'POST', '/web/updateReal', { token: u.token, body: { firstName: 'Ana', lastName: 'Lytics', country: 'NL', idType: 'passport', idNumber: 'NX654321', frontUrl } });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
    const d = await call(h, 'POST', '/web/recharge/create', { token: u.token, headers: key(), body: { method: 'fiat', currency: 'EUR', amount: '5000', proofUrl: frontUrl } });
    expect((await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} })).code).toBe(200);
    expect((await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'FOREX', amount: '5000' } })).code).toBe(200);
    await call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { token: u.token, body: { version: 1 } });
    return u;
  }

  /** A journal of the funding account against a house account, dated by hand (as statements.test.ts dates last month's deposit). */
  async function handDated(userId: number, kind: 'deposit' | 'withdrawal', amount: string, at: Date) {
    await h.db.tx(async (sql) => {
      const [j] = await sql.query<{ id: number }>("insert into ledger_journals (kind, user_id, memo, created_at) values ($1, $2, 'by hand', $3) returning id", [kind, userId, at]);
      const [mine] = await sql.query<{ id: number }>("select id from ledger_accounts where user_id = $1 and code = 'BALANCE' and part = 'available' and currency = 'EUR'", [userId]);
      const [house] = await sql.query<{ id: number }>("select id from ledger_accounts where user_id is null and code = 'deposits' and currency = 'EUR' and shard = 0");
      await sql.query("insert into ledger_entries (journal_id, account_id, currency, amount) values ($1, $2, 'EUR', $4), ($1, $3, 'EUR', $5)", [
        j!.id,
        mine!.id,
        house!.id,
        amount,
        new Dec(amount).neg().toFixed(),
      ]);
    });
  }

  /** The sum of every ledger entry of the user's accounts, in euros (all of this test's wallets are euro wallets). */
  const ledgerTotal = async (userId: number) =>
    new Dec(
      (await h.db.query<{ total: string }>('select coalesce(sum(e.amount), 0)::text as total from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = $1', [userId]))[0]!
        .total,
    );

  it('values each day from the ledger and the positions, and recomputes the returns, the lists and the allocation', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    // The account opened four days ago; 1,000 deposited three days ago and 200 withdrawn yesterday, by hand.
    await h.db.query('update users set created_at = $2 where id = $1', [u.id, new Date(todayStart - 4 * DAY + 3_600_000)]);
    await handDated(u.id, 'deposit', '1000', new Date(todayStart - 3 * DAY + 10 * 3_600_000));
    await handDated(u.id, 'withdrawal', '-200', new Date(todayStart - DAY + 15 * 3_600_000));
    // As in statements.test.ts: 0.2 at the ask 100,000.01, margin 1,600.00, fee 16.00; a quarter closed at the bid 100,999.99.
    const buy = await buyBtc(u.token, '0.2');
    expect(buy.data).toMatchObject({ margin: '1600.00', handlingFee: '16.00' });
    market.set(BTC, '101000.00');
    expect((await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: buy.data.id, quantity: '0.05' } })).data).toMatchObject({
      closeFee: '4.04',
      sellProfit: '35.96',
    });
    market.set(BTC, '102000.00');

    const a = await analytics(u.token, '1M');
    expect(a.code, a.msg).toBe(200);
    const r = a.data;

    // Recomputed: today's value is every entry of the user's accounts plus the open 0.15's floating profit at the bid
    // 101,999.99, in dollars converted to the euro wallet at 1 ÷ 1.25 = 0.8 (PINNED_RATES).
    const [openRow] = await h.db.query<{ open_price: string; quantity: string; margin: string; open_fee: string }>(
      'select open_price::text, quantity::text, margin::text, open_fee::text from positions where user_id = $1 and status = 1',
      [u.id],
    );
    const floating = new Dec(roundDecimal(floatingProfit({ direction: 0, openPrice: openRow!.open_price, exitPrice: '101999.99', quantity: openRow!.quantity, rate: '0.8' }), 2)!);
    expect(floating.toFixed(2)).toBe('240.00');
    const ledger = await ledgerTotal(u.id);
    const today = ledger.add(floating);
    expect(money(today)).toBe('6059.96');
    // The wallet's total assets agree to the cent.
    const overview = await call(h, 'POST', '/web/userCenter/getFundingOverview', { token: u.token, body: { currency: 'EUR' } });
    expect(overview.data.total).toBe(money(today));

    const d = (n: number) => dayOf(todayStart - n * DAY);
    const todayPnl = today.sub(800).sub(5000);
    expect(r).toMatchObject({ period: '1M', currency: 'EUR', fromDay: d(4), toDay: d(0), startValue: '0.00', endValue: money(today), netFlow: '5800.00', simulated: true });
    expect(r.days).toEqual([
      { day: d(4), value: '0.00', flow: '0.00', pnl: '0.00' },
      { day: d(3), value: '1000.00', flow: '1000.00', pnl: '0.00' },
      { day: d(2), value: '1000.00', flow: '0.00', pnl: '0.00' },
      { day: d(1), value: '800.00', flow: '-200.00', pnl: '0.00' },
      { day: d(0), value: money(today), flow: '5000.00', pnl: money(todayPnl) },
    ]);
    expect(r.pnl).toBe(money(todayPnl));
    // TWR: the only day with a result earned it on yesterday's 800 plus today's 5,000.
    expect(r.twr).toBe(todayPnl.div(5800).toFixed(8, Dec.ROUND_HALF_UP));
    // MWR: the daily growth g of the flows (1,000 four days before the end, −200 two, 5,000 one) that ends at today's
    // value, compounded over the 4 days from the first deposit (the account's first day held nothing); its 8 places
    // hold exactly when the value crosses between their half-steps.
    const futureValue = (m: Dec) => {
      const g = m.add(1).pow(new Dec(1).div(4));
      return new Dec(1000).mul(g.pow(4)).sub(new Dec(200).mul(g.pow(2))).add(new Dec(5000).mul(g));
    };
    const mwr = new Dec(r.mwr);
    expect(futureValue(mwr.sub('0.000000005')).lt(today)).toBe(true);
    expect(futureValue(mwr.add('0.000000005')).gt(today)).toBe(true);
    expect(r.mwr).not.toBe(r.twr);

    // By instrument and market: the settled quarter's net profit (realised less its share of the opening fee), the open
    // rest's floating profit; fees are every opening and closing fee; the P&L is net of all of them.
    const rows = await h.db.query<{ realised: string | null; open_fee: string; close_fee: string | null; status: number }>(
      'select realised::text, open_fee::text, close_fee::text, status from positions where user_id = $1',
      [u.id],
    );
    const settled = rows.filter((x) => x.status === 3);
    const realised = settled.reduce((s, x) => s.add(x.realised!).sub(x.open_fee), new Dec(0));
    const fees = rows.reduce((s, x) => s.add(x.open_fee).add(x.close_fee ?? 0), new Dec(0));
    expect(money(fees)).toBe('20.04');
    const pnl = realised.add(floating).sub(openRow!.open_fee);
    // Every value change today came from the trade: the instrument's P&L is the day's.
    expect(money(pnl)).toBe(money(todayPnl));
    const position = (await call(h, 'POST', '/web/position/me', { token: u.token, body: { page: 1, size: 10 } })).data.list[0];
    const expected = { realised: money(realised), floating: '240.00', fees: '20.04', pnl: money(pnl) };
    expect(r.byInstrument).toEqual([{ symbol: BTC, name: position.stockName, market: position.market, ...expected }]);
    expect(r.byMarket).toEqual([{ market: position.market, ...expected }]);
    // Allocation: the open position's margin plus floating profit where it trades; cash the rest.
    const equity = new Dec(openRow!.margin).add(floating);
    expect(r.allocation).toEqual({
      cash: money(today.sub(equity)),
      byMarket: [{ market: position.market, value: money(equity) }],
      byAssetClass: [{ assetClass: position.assetClass, value: money(equity) }],
    });

    // The same account over every period: it began four days ago, so each starts then (unless the year began since).
    const all = (await analytics(u.token, 'ALL')).data;
    expect(all.days).toEqual(r.days);
    expect(all.twr).toBe(r.twr);
  });

  it('values a past day at its daily close: a position held overnight floats at the candle', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const buy = await buyBtc(u.token, '0.1');
    expect(buy.code, buy.msg).toBe(200);
    // Filled two days ago (by hand), the account opened the day before.
    await h.db.query('update users set created_at = $2 where id = $1', [u.id, new Date(todayStart - 3 * DAY)]);
    await h.db.query('update positions set filled_at = $2, created_at = $2 where id = $1', [buy.data.id, new Date(todayStart - 2 * DAY + 3_600_000)]);
    const r = (await analytics(u.token, '1M')).data;
    const candles = async (symbol: string) => (await call(h, 'GET', `/web/m_ft/kline?symbol=${symbol}&range=3m`)).data.candles as Array<{ time: number; close: string }>;
    const btc = await candles(BTC);
    const eur = await candles('EURUSD');
    const closeAt = (cs: Array<{ time: number; close: string }>, end: number) => cs.filter((c) => c.time < end).at(-1)!.close;
    const [p] = await h.db.query<{ open_price: string; quantity: string }>('select open_price::text, quantity::text from positions where id = $1', [buy.data.id]);
    const valueAt = (end: number) => {
      // Dollars to the euro wallet at the day's EURUSD close: 1 ÷ it, 12 places.
      const rate = new Dec(1).div(closeAt(eur, end)).toDecimalPlaces(12).toFixed();
      return roundDecimal(floatingProfit({ direction: 0, openPrice: p!.open_price, exitPrice: closeAt(btc, end), quantity: p!.quantity, rate }), 2)!;
    };
    const twoDaysAgo = valueAt(todayStart - DAY);
    const yesterday = valueAt(todayStart);
    // The ledger's deposit is today's: before it, the account is the position's floating profit alone.
    expect(r.days.slice(0, 3)).toEqual([
      { day: dayOf(todayStart - 3 * DAY), value: '0.00', flow: '0.00', pnl: '0.00' },
      { day: dayOf(todayStart - 2 * DAY), value: money(twoDaysAgo), flow: '0.00', pnl: money(twoDaysAgo) },
      { day: dayOf(todayStart - DAY), value: money(yesterday), flow: '0.00', pnl: money(new Dec(yesterday).sub(twoDaysAgo)) },
    ]);
  });

  it('a new account has one day of nothing, no returns and empty lists; a bad period changes nothing', async () => {
    const u = await registerUser(h);
    const r = await analytics(u.token, 'YTD');
    expect(r.code, r.msg).toBe(200);
    expect(r.data).toMatchObject({
      fromDay: dayOf(todayStart),
      startValue: '0.00',
      endValue: '0.00',
      netFlow: '0.00',
      pnl: '0.00',
      days: [{ day: dayOf(todayStart), value: '0.00', flow: '0.00', pnl: '0.00' }],
      twr: null,
      mwr: null,
      byInstrument: [],
      byMarket: [],
      allocation: { cash: '0.00', byMarket: [], byAssetClass: [] },
    });
    const bad = await analytics(u.token, '5Y', 'nl');
    expect(bad.code).toBe(400);
    expect(bad.msg).toBeTruthy();
    expect((await call(h, 'GET', '/web/analytics')).code).toBe(401);
  });
});
