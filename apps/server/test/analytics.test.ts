import { randomUUID } from 'node:crypto';
import { floatingProfit, roundDecimal } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { pngBytes } from './fixtures';
import { call, drivers, OPERATOR, registerUser, startServer, uploadImage, type Harness } from './harness';
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
  /** A symbol's 30-minute candles of the last seven days (the chart's 1w range). */
  const halfHours = async (symbol: string) =>
    (await call(h, 'GET', `/web/m_ft/kline?symbol=${symbol}&range=1w`)).data.candles as Array<{ time: number; close: string }>;
  /**
   * The price at a day's end (an instant on a half hour): the close of the half hour that ends then,
   * or of the last one before it while the market was closed. A finer clock than the daily candles
   * the server reads: an FX day opens at 17:00 New York, so a daily candle can run past midnight UTC.
   */
  const closeAt = (cs: Array<{ time: number; close: string }>, end: number) => cs.filter((c) => c.time < end).at(-1)!.close;
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
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Ana', lastName: 'Lytics', country: 'NL', idType: 'passport', idNumber: 'NX654321', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'fiat', currency: 'EUR', amount: '5000', proofUrl: frontUrl },
    });
    expect((await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} })).code).toBe(200);
    expect(
      (await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'FOREX', amount: '5000' } })).code,
    ).toBe(200);
    await call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { token: u.token, body: { version: 1 } });
    return u;
  }

  /** A journal of the funding account against a house account, dated by hand (as statements.test.ts dates last month's deposit). */
  async function handDated(userId: number, kind: 'deposit' | 'withdrawal', amount: string, at: Date) {
    await h.db.tx(async (sql) => {
      const [j] = await sql.query<{ id: number }>("insert into ledger_journals (kind, user_id, memo, created_at) values ($1, $2, 'by hand', $3) returning id", [
        kind,
        userId,
        at,
      ]);
      const [mine] = await sql.query<{ id: number }>(
        "select id from ledger_accounts where user_id = $1 and code = 'BALANCE' and part = 'available' and currency = 'EUR'",
        [userId],
      );
      const [house] = await sql.query<{ id: number }>(
        "select id from ledger_accounts where user_id is null and code = 'deposits' and currency = 'EUR' and shard = 0",
      );
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
      (
        await h.db.query<{ total: string }>(
          'select coalesce(sum(e.amount), 0)::text as total from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = $1',
          [userId],
        )
      )[0]!.total,
    );

  /** The parts of the P&L add up to it to the cent: the instruments' rows with the products' rows, and the markets' rows to the instruments'. */
  function expectParts(r: { pnl: string; byInstrument: Array<{ pnl: string }>; byMarket: Array<{ pnl: string }>; byProduct: Array<{ pnl: string }> }) {
    const sum = (rows: Array<{ pnl: string }>) => rows.reduce((s, x) => s.add(x.pnl), new Dec(0));
    expect(money(sum(r.byInstrument).add(sum(r.byProduct)))).toBe(r.pnl);
    expect(money(sum(r.byMarket))).toBe(money(sum(r.byInstrument)));
  }
  const netAssets = async (token: string) => {
    const p = await call(h, 'POST', '/web/portfolio', { token, body: { currency: 'EUR' } });
    expect(p.code, p.msg).toBe(200);
    return p.data as { total: string; liabilities: string; netAssets: string; byProduct: Array<{ product: string; side: string; value: string }> };
  };

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
    expect(
      (await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: buy.data.id, quantity: '0.05' } })).data,
    ).toMatchObject({
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
    const floating = new Dec(
      roundDecimal(floatingProfit({ direction: 0, openPrice: openRow!.open_price, exitPrice: '101999.99', quantity: openRow!.quantity, rate: '0.8' }), 2)!,
    );
    expect(floating.toFixed(2)).toBe('240.00');
    const ledger = await ledgerTotal(u.id);
    const today = ledger.add(floating);
    expect(money(today)).toBe('6059.96');
    // The wallet's total assets agree to the cent.
    const overview = await call(h, 'POST', '/web/userCenter/getFundingOverview', { token: u.token, body: { currency: 'EUR' } });
    expect(overview.data.total).toBe(money(today));

    const d = (n: number) => dayOf(todayStart - n * DAY);
    const todayPnl = today.sub(800).sub(5000);
    expect(r).toMatchObject({
      period: '1M',
      currency: 'EUR',
      fromDay: d(4),
      toDay: d(0),
      startValue: '0.00',
      endValue: money(today),
      netFlow: '5800.00',
      simulated: true,
    });
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
      return new Dec(1000)
        .mul(g.pow(4))
        .sub(new Dec(200).mul(g.pow(2)))
        .add(new Dec(5000).mul(g));
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
    // No product, no exchange: every part of the P&L is the instrument's, and the parts add up to it.
    expect(r.byProduct).toEqual([]);
    expectParts(r);
    // Allocation, from the portfolio's lines: the open position's margin plus floating profit where it trades; cash the rest.
    const equity = new Dec(openRow!.margin).add(floating);
    expect(r.allocation).toEqual({
      total: money(today),
      liabilities: '0.00',
      cash: money(today.sub(equity)),
      byProduct: [
        { product: 'cash', side: 'asset', value: money(today.sub(equity)) },
        { product: 'position', side: 'asset', value: money(equity) },
      ],
      byMarket: [{ market: position.market, value: money(equity) }],
      byAssetClass: [{ assetClass: position.assetClass, value: money(equity) }],
    });
    expect(r.stale).toEqual([]);
    // Today's value is the home screen's net assets, to the cent.
    expect(r.endValue).toBe((await netAssets(u.token)).netAssets);

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
    const btc = await halfHours(BTC);
    const eur = await halfHours('EURUSD');
    const [p] = await h.db.query<{ open_price: string; quantity: string }>('select open_price::text, quantity::text from positions where id = $1', [
      buy.data.id,
    ]);
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
    expectParts(r);
    expect(r.endValue).toBe((await netAssets(u.token)).netAssets);
  });

  it('counts a deposit term bought and a loan taken as moves inside the portfolio: no flow, no change of value, parts that add up', async () => {
    const u = await trader();
    // Old enough, verified and funded for the first loan band (loans.test.ts); the 5,000 came in today.
    await h.db.query('update users set created_at = $2 where id = $1', [u.id, new Date(todayStart - 400 * DAY)]);
    const before = (await analytics(u.token)).data;
    expect(before).toMatchObject({ startValue: '0.00', endValue: '5000.00', netFlow: '5000.00', pnl: '0.00' });

    // 1,000 of the forex wallet to the financial wallet, 600 of it into the Current deposit term: no fee, no spread.
    expect(
      (await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'FOREX', to: 'BALANCE', amount: '1000' } })).code,
    ).toBe(200);
    expect(
      (await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'FINANCIAL', amount: '1000' } })).code,
    ).toBe(200);
    const products = (await call(h, 'POST', '/web/user_fund_orders/productPageList', { token: u.token, body: { size: 100 } })).data.list as Array<{
      id: number;
      kind: string;
    }>;
    const current = products.find((x) => x.kind === 'current')!;
    const bought = await call(h, 'POST', '/web/user_fund_orders/create', {
      token: u.token,
      headers: key(),
      body: { productId: current.id, side: 'buy', amount: '600' },
    });
    expect(bought.code, bought.msg).toBe(200);
    // A loan at the caller's band: its amount paid into the funding account, owed as much.
    const profile = (await call(h, 'GET', '/web/loan/profile', { token: u.token })).data as { limit: string; aprPercent: string };
    expect(new Dec(profile.limit).gte(500)).toBe(true);
    const applied = await call(h, 'POST', '/web/loan/apply', {
      token: u.token,
      headers: key(),
      body: { amount: '500', months: 3, aprPercent: profile.aprPercent, accepted: true },
    });
    expect(applied.code, applied.msg).toBe(200);
    expect((await call(h, 'POST', `/web/operator/loans/${applied.data.id}/approve`, { token: op, body: { reason: 'analytics test' } })).code).toBe(200);

    const r = (await analytics(u.token)).data;
    const p = await netAssets(u.token);
    // Nothing came in or went out but the 5,000, and nothing cost anything: the value is still 5,000.00, every day's P&L nothing.
    expect(r).toMatchObject({ startValue: '0.00', endValue: '5000.00', netFlow: '5000.00', pnl: '0.00' });
    expect(r.days.at(-1)).toEqual({ day: dayOf(todayStart), value: '5000.00', flow: '5000.00', pnl: '0.00' });
    expect(r.days.every((d: { pnl: string }) => d.pnl === '0.00')).toBe(true);
    // The home screen's figures: 500 owed, 5,500 held, 5,000 net.
    expect(p).toMatchObject({ total: '5500.00', liabilities: '500.00', netAssets: '5000.00' });
    expect(r.endValue).toBe(p.netAssets);
    expect(r.allocation).toMatchObject({ total: p.total, liabilities: p.liabilities });
    const byKey = (rows: Array<{ product: string; side: string }>) =>
      [...rows].sort((a, b) => `${a.product}/${a.side}`.localeCompare(`${b.product}/${b.side}`));
    expect(byKey(r.allocation.byProduct)).toEqual(byKey(p.byProduct));
    // Each product held has its row, at nothing; the rows add up.
    expect(r.byProduct).toEqual([
      { product: 'depositTerm', pnl: '0.00' },
      { product: 'loan', pnl: '0.00' },
    ]);
    expect(r.byInstrument).toEqual([]);
    expectParts(r);
    expect(r.twr).toBe('0.00000000');
  });

  it('counts what a dollar balance gains or loses in euros as exchange, each day at its EURUSD close', async () => {
    const u = await registerUser(h);
    await h.db.query('update users set created_at = $2 where id = $1', [u.id, new Date(todayStart - 3 * DAY)]);
    // 1,000 dollars into the US stock wallet two days ago, by hand.
    await h.db.tx(async (sql) => {
      await sql.query("insert into ledger_accounts (user_id, code, part, currency) values ($1, 'US_STOCK', 'available', 'USD') on conflict do nothing", [u.id]);
      await sql.query("insert into ledger_accounts (user_id, code, part, currency) values (null, 'deposits', 'house', 'USD') on conflict do nothing");
      const [j] = await sql.query<{ id: number }>(
        "insert into ledger_journals (kind, user_id, memo, created_at) values ('deposit', $1, 'by hand', $2) returning id",
        [u.id, new Date(todayStart - 2 * DAY + 3_600_000)],
      );
      const [mine] = await sql.query<{ id: number }>(
        "select id from ledger_accounts where user_id = $1 and code = 'US_STOCK' and part = 'available' and currency = 'USD'",
        [u.id],
      );
      const [house] = await sql.query<{ id: number }>(
        "select id from ledger_accounts where user_id is null and code = 'deposits' and currency = 'USD' and shard = 0",
      );
      await sql.query("insert into ledger_entries (journal_id, account_id, currency, amount) values ($1, $2, 'USD', 1000), ($1, $3, 'USD', -1000)", [
        j!.id,
        mine!.id,
        house!.id,
      ]);
    });
    const r = (await analytics(u.token)).data;
    const eur = await halfHours('EURUSD');
    // Euros per dollar at a day's end: 1 ÷ EURUSD then, 12 places; today 1 ÷ the live 1.25.
    const eurPerUsd = (end: number) => new Dec(1).div(closeAt(eur, end)).toDecimalPlaces(12);
    const flow = new Dec(money(new Dec(1000).mul(eurPerUsd(todayStart - DAY))));
    const yesterday = new Dec(money(new Dec(1000).mul(eurPerUsd(todayStart))));
    expect(r.days).toEqual([
      { day: dayOf(todayStart - 3 * DAY), value: '0.00', flow: '0.00', pnl: '0.00' },
      { day: dayOf(todayStart - 2 * DAY), value: money(flow), flow: money(flow), pnl: '0.00' },
      { day: dayOf(todayStart - DAY), value: money(yesterday), flow: '0.00', pnl: money(yesterday.sub(flow)) },
      { day: dayOf(todayStart), value: '800.00', flow: '0.00', pnl: money(new Dec(800).sub(yesterday)) },
    ]);
    expect(r).toMatchObject({ endValue: '800.00', netFlow: money(flow), pnl: money(new Dec(800).sub(flow)) });
    // Nothing but the rate moved: the whole P&L is exchange.
    expect(r.byInstrument).toEqual([]);
    expect(r.byProduct).toEqual(new Dec(800).eq(flow) ? [] : [{ product: 'fx', pnl: money(new Dec(800).sub(flow)) }]);
    expectParts(r);
    expect(r.endValue).toBe((await netAssets(u.token)).netAssets);
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
      byProduct: [],
      allocation: { total: '0.00', liabilities: '0.00', cash: '0.00', byProduct: [], byMarket: [], byAssetClass: [] },
      stale: [],
    });
    const bad = await analytics(u.token, '5Y', 'nl');
    expect(bad.code).toBe(400);
    expect(bad.msg).toBeTruthy();
    expect((await call(h, 'GET', '/web/analytics')).code).toBe(401);
  });
});

// The bond market keeps hours: a purchase on a pinned Thursday, every journal of the test dated by that clock
// (the deposit by hand), valued the same instant.
describe.each(await drivers())('portfolio analytics of products bought on a pinned day on %s', (driver) => {
  let h: Harness;
  let op: string;
  // Thursday 3 December 2026, 11:00 in New York: the bond market trades; New York's funds take orders until 19:00 UTC.
  const T = Date.parse('2026-12-03T16:00:00Z');
  let clock = T;
  const now = () => clock;
  const market = scriptedMarket('analytics-products', undefined, now);
  beforeAll(async () => {
    h = await startServer(driver, {}, { provider: market.provider, now });
    op = (await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });
  const key = () => ({ 'idempotency-key': randomUUID() });

  /** A deposit straight into a wallet, dated by the pinned clock (the server's own journals of a deposit would be dated by the database's). */
  async function depositAt(userId: number, wallet: string, amount: string, at: Date) {
    await h.db.tx(async (sql) => {
      const [j] = await sql.query<{ id: number }>(
        "insert into ledger_journals (kind, user_id, memo, created_at) values ('deposit', $1, 'by hand', $2) returning id",
        [userId, at],
      );
      await sql.query("insert into ledger_accounts (user_id, code, part, currency) values ($1, $2, 'available', 'EUR') on conflict do nothing", [
        userId,
        wallet,
      ]);
      await sql.query("insert into ledger_accounts (user_id, code, part, currency) values (null, 'deposits', 'house', 'EUR') on conflict do nothing");
      const [mine] = await sql.query<{ id: number }>(
        "select id from ledger_accounts where user_id = $1 and code = $2 and part = 'available' and currency = 'EUR'",
        [userId, wallet],
      );
      const [house] = await sql.query<{ id: number }>(
        "select id from ledger_accounts where user_id is null and code = 'deposits' and currency = 'EUR' and shard = 0",
      );
      await sql.query("insert into ledger_entries (journal_id, account_id, currency, amount) values ($1, $2, 'EUR', $4), ($1, $3, 'EUR', $5)", [
        j!.id,
        mine!.id,
        house!.id,
        amount,
        new Dec(amount).neg().toFixed(),
      ]);
    });
  }

  it('buys a bond, a Regular deposit term and a fund: no flow, the value changes by the bond’s markup and spread alone, and the parts add up', async () => {
    const u = await registerUser(h);
    await h.db.query('update users set created_at = $2 where id = $1', [u.id, new Date(T - 5 * 3_600_000)]);
    const frontUrl = await uploadImage(h, u.token);
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Bo', lastName: 'Nd', country: 'NL', idType: 'passport', idNumber: 'NX123987', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    expect((await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} })).code).toBe(200);
    await depositAt(u.id, 'STOCK', '3000', new Date(T - 2 * 3_600_000));
    await depositAt(u.id, 'FINANCIAL', '2000', new Date(T - 2 * 3_600_000));

    // DE10Y, face 1,000 (ten hundreds): paid 10 × the clean ask + 10 × the accrued + 10 × the markup, each to the cent;
    // worth 10 × the clean bid + the same accrued. The value falls by the markup and the spread, nothing else.
    const q = (await call(h, 'GET', '/web/treasuryBond/quotes?symbol=DE10Y', { token: u.token })).data[0] as { bid: string; ask: string; markup: string };
    const bond = await call(h, 'POST', '/web/treasuryBond/create', { token: u.token, headers: key(), body: { stockCode: 'DE10Y', face: '1000' } });
    expect(bond.code, bond.msg).toBe(200);
    const tenOf = (x: string) => new Dec(money(new Dec(x).mul(10)));
    const bondCost = tenOf(q.bid).sub(tenOf(q.ask)).sub(tenOf(q.markup));
    expect(bondCost.isNegative()).toBe(true);

    // A Regular term and a fund order (held until its NAV): no fee.
    const products = (await call(h, 'POST', '/web/user_fund_orders/productPageList', { token: u.token, body: { size: 100 } })).data.list as Array<{
      id: number;
      kind: string;
      code: string;
    }>;
    const regular = products.find((x) => x.kind === 'regular')!;
    const fund = products.find((x) => x.kind === 'fund')!;
    for (const [productId, amount] of [
      [regular.id, '700'],
      [fund.id, '400'],
    ] as const) {
      const r = await call(h, 'POST', '/web/user_fund_orders/create', { token: u.token, headers: key(), body: { productId, side: 'buy', amount } });
      expect(r.code, r.msg).toBe(200);
    }

    const r = (await call(h, 'GET', '/web/analytics?period=1M', { token: u.token })).data;
    const p = (await call(h, 'POST', '/web/portfolio', { token: u.token, body: { currency: 'EUR' } })).data;
    const expected = new Dec(5000).add(bondCost);
    expect(r).toMatchObject({
      fromDay: '2026-12-03',
      toDay: '2026-12-03',
      startValue: '0.00',
      netFlow: '5000.00',
      endValue: money(expected),
      pnl: money(bondCost),
    });
    expect(r.days).toEqual([{ day: '2026-12-03', value: money(expected), flow: '5000.00', pnl: money(bondCost) }]);
    expect(r.endValue).toBe(p.netAssets);
    // The bond's row is its markup and spread; the term's nothing; the fund order is money held in the financial wallet.
    expect(r.byProduct).toEqual([
      { product: 'depositTerm', pnl: '0.00' },
      { product: 'bond', pnl: money(bondCost) },
    ]);
    const sum = (rows: Array<{ pnl: string }>) => rows.reduce((s, x) => s.add(x.pnl), new Dec(0));
    expect(money(sum(r.byInstrument).add(sum(r.byProduct)))).toBe(r.pnl);
    // Allocation is the portfolio's: the bond in the bond market.
    expect(r.allocation.byMarket).toEqual([{ market: 'BOND', value: p.lines.find((l: { product: string }) => l.product === 'bond').reportingValue }]);

    // A day later the purchase day is a past day, valued from the sources' history at its end: still no flow but the
    // deposit, its P&L the bond's markup and spread and what the products earned by midnight, the parts adding up.
    clock = T + DAY;
    try {
      const later = (await call(h, 'GET', '/web/analytics?period=1M', { token: u.token })).data;
      const home = (await call(h, 'POST', '/web/portfolio', { token: u.token, body: { currency: 'EUR' } })).data;
      expect(later.days.map((d: { day: string; flow: string }) => [d.day, d.flow])).toEqual([
        ['2026-12-03', '5000.00'],
        ['2026-12-04', '0.00'],
      ]);
      expect(later.endValue).toBe(home.netAssets);
      expect(money(sum(later.byInstrument).add(sum(later.byProduct)))).toBe(later.pnl);
      expect(later.byProduct.map((x: { product: string }) => x.product)).toEqual(['depositTerm', 'bond']);
    } finally {
      clock = T;
    }
  });
});
