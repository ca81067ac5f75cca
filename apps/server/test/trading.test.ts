import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { pngBytes } from './fixtures';
import { call, collect, drivers, OPERATOR, registerUser, startServer, type Harness } from './harness';
import { scriptedMarket } from './scripted';

const BTC = 'BTCUSDT';

describe.each(await drivers())('trading on %s', (driver) => {
  let h: Harness;
  let op: string;
  const market = scriptedMarket();
  beforeAll(async () => {
    h = await startServer(driver, {}, { provider: market.provider });
    op = (await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
    market.set(BTC, '100000.00');
    market.set('AAPL', '200.00');
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const key = () => ({ 'idempotency-key': randomUUID() });
  const order = (token: string, body: object, path = '/web/gold/create') => call(h, 'POST', path, { token, headers: key(), body });
  const buyBtc = (token: string, extra: object = {}) =>
    order(token, { stockCode: BTC, stockName: 'Bitcoin', direction: 0, source: 100, type: 0, quantity: '0.1', leverage: 10, goldCode: BTC, ...extra });

  async function trader(forex = '5000') {
    const u = await registerUser(h);
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
    const frontUrl = (await call(h, 'POST', '/web/file/upload', { form, token: u.token })).data.url;
    await call(h, 'POST', '/web/updateReal', { token: u.token, body: { firstName: 'Tom', lastName: 'Trader', country: 'BE', idType: 'passport', idNumber: 'EH123456', frontUrl } });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
    const d = await call(h, 'POST', '/web/recharge/create', { token: u.token, headers: key(), body: { method: 'fiat', currency: 'EUR', amount: forex, proofUrl: frontUrl } });
    await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'FOREX', amount: forex } });
    return u;
  }

  async function forex(token: string) {
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} });
    return r.data.find((w: any) => w.code === 'FOREX');
  }

  async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, ms = 5000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await probe();
      if (done(v) || Date.now() > deadline) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('refuses what may not be traded, with a clear message, and changes nothing', async () => {
    const unverified = await registerUser(h);
    expect((await buyBtc(unverified.token)).msg).toBe('Verify your identity first');
    const u = await trader();
    const before = await forex(u.token);
    expect((await order(u.token, { stockCode: 'AAPL', direction: 0, type: 0, quantity: '1', leverage: 1 })).msg).toBe('This instrument is ordered through another call');
    expect((await buyBtc(u.token, { leverage: 3 })).msg).toBe('This leverage is not allowed for this instrument');
    expect((await buyBtc(u.token, { quantity: '0.000015' })).msg).toBe('The quantity must be a multiple of 0.00001 and at least 0.00001');
    expect((await buyBtc(u.token, { quantity: '' })).msg).toBe('Please add quantity');
    expect((await buyBtc(u.token, { type: 1 })).msg).toBe('Please enter the correct amount');
    expect((await buyBtc(u.token, { type: 1, price: '90000.005' })).msg).toBe('The price must be a multiple of 0.01');
    expect((await buyBtc(u.token, { quantity: '10', leverage: 1 })).msg).toBe('Insufficient balance');
    market.set('ETHUSDT', '3000.00', false);
    expect((await order(u.token, { stockCode: 'ETHUSDT', direction: 0, type: 0, quantity: '1', leverage: 1 })).msg).toBe('The market of this instrument is closed');
    expect(await forex(u.token)).toEqual(before);
    expect((await call(h, 'POST', '/web/position/me', { token: u.token, body: {} })).data.total).toBe(0);
  });

  it('fills a market buy at the ask, holding margin and charging the fee; a sell at the bid', async () => {
    const u = await trader();
    const buy = await buyBtc(u.token);
    expect(buy.data).toMatchObject({ status: 1, direction: 0, openPrice: '100000.01', leverage: 10, walletCode: 'FOREX', walletCurrency: 'EUR', isolatedPosition: true });
    const eurPerUsd = new Dec(1).div((await call(h, 'GET', '/web/m_ft/stock_detail_ft?symbol=EURUSD')).data.price_nominal);
    const notional = new Dec('100000.01').mul('0.1').mul(eurPerUsd);
    expect(new Dec(buy.data.margin).sub(notional.div(10)).abs().lte('0.05')).toBe(true);
    expect(new Dec(buy.data.handlingFee).sub(notional.mul('0.001')).abs().lte('0.05')).toBe(true);
    const w = await forex(u.token);
    expect(w.usedBalance).toBe(buy.data.margin);
    expect(new Dec(w.balance).eq(new Dec(5000).sub(buy.data.margin).sub(buy.data.handlingFee))).toBe(true);
    const sell = await buyBtc(u.token, { direction: 1 });
    expect(sell.data).toMatchObject({ status: 1, direction: 1, openPrice: '99999.99' });
    const mine = await call(h, 'POST', '/web/position/getByStock', { token: u.token, body: { stockCode: BTC } });
    expect(mine.data).toHaveLength(2);
    const other = await registerUser(h);
    expect((await call(h, 'POST', '/web/position/detail', { token: other.token, body: { id: buy.data.id } })).status).toBe(404);
    expect((await call(h, 'POST', '/web/position/flatPosition', { token: other.token, headers: key(), body: { id: buy.data.id } })).status).toBe(404);
    expect((await call(h, 'POST', '/web/position/me', { token: other.token, body: {} })).data.list).toEqual([]);
  });

  it('closes all or part at the live price; profit goes to the wallet after the closing fee', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const open = await buyBtc(u.token, { quantity: '0.2' });
    market.set(BTC, '101000.00');
    const part = await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: open.data.id, quantity: '0.05' } });
    expect(part.data).toMatchObject({ status: 3, quantity: '0.05', closePrice: '100999.99', closeReason: 'user' });
    expect(new Dec(part.data.sellProfit).gt(0)).toBe(true);
    const rest = await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: open.data.id } });
    expect(rest.data).toMatchObject({ status: 1, quantity: '0.15' });
    expect((await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: open.data.id, quantity: '0.5' } })).msg).toBe(
      'You can close at most the position’s quantity',
    );
    const all = await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: open.data.id } });
    expect(all.data.status).toBe(3);
    const history = (await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: open.data.id } })).data.history;
    expect(history.map((e: any) => [e.event, e.status, e.quantity])).toEqual([
      ['placed', 0, '0.2'],
      ['filled', 1, '0.2'],
      ['partially_closed', 1, '0.05'],
      ['closed', 3, '0.15'],
    ]);
    const partHistory = (await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: part.data.id } })).data.history;
    expect(partHistory.map((e: any) => e.event)).toEqual(['placed', 'filled', 'partially_closed']);
    expect((await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: open.data.id } })).msg).toBe('This position is already closed');
    const w = await forex(u.token);
    expect(w.usedBalance).toBe('0.00');
    const realised = new Dec(part.data.sellProfit).add(all.data.sellProfit);
    expect(new Dec(w.balance).eq(new Dec(5000).sub(open.data.handlingFee).add(realised))).toBe(true);
    const closed = await call(h, 'POST', '/web/position/flatList', { token: u.token, body: {} });
    expect(closed.data.total).toBe(2);
    const water = await call(h, 'POST', '/web/position/water/pageList', { token: u.token, body: {} });
    expect(new Set(water.data.list.map((b: any) => b.type))).toEqual(new Set(['order.open', 'position.close']));
  });

  it('rests a limit order with its hold, fills it when the quote crosses, and cancels another', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const resting = await buyBtc(u.token, { type: 1, price: '99000.00' });
    expect(resting.data).toMatchObject({ status: 0, price: '99000.00', openPrice: null });
    let w = await forex(u.token);
    expect(new Dec(w.usedBalance).eq(new Dec(resting.data.margin).add(resting.data.handlingFee))).toBe(true);
    const other = await buyBtc(u.token, { type: 1, price: '50000.00' });
    const consign = await call(h, 'POST', '/web/position/consignList', { token: u.token, body: {} });
    expect(consign.data.total).toBe(2);
    market.set(BTC, '98990.00');
    const filled = await until(
      () => call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: resting.data.id } }),
      (r) => r.data.status === 1,
    );
    expect(filled.data).toMatchObject({ status: 1, openPrice: '99000.00' });
    const cancelled = await call(h, 'POST', '/web/position/cancelConsign', { token: u.token, headers: key(), body: { id: other.data.id } });
    expect(cancelled.data.status).toBe(4);
    const detail = (id: number) => call(h, 'POST', '/web/position/detail', { token: u.token, body: { id } });
    expect((await detail(other.data.id)).data.history.map((e: any) => e.event)).toEqual(['placed', 'cancelled']);
    expect((await detail(resting.data.id)).data.history.map((e: any) => [e.event, e.price])).toEqual([
      ['placed', '99000'],
      ['filled', '99000'],
    ]);
    expect((await call(h, 'POST', '/web/position/cancelConsign', { token: u.token, headers: key(), body: { id: other.data.id } })).msg).toBe(
      'This order can no longer be cancelled',
    );
    w = await forex(u.token);
    expect(w.usedBalance).toBe(filled.data.margin);
    const kinds = (await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token })).data.list.map((n: any) => n.kind);
    expect(kinds).toContain('order.filled');
  });

  it('liquidates exactly once at the maintenance level, the loss capped at the margin', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const p = await buyBtc(u.token, { leverage: 20 });
    const added = await call(h, 'POST', '/web/position/addPositionMargin', { token: u.token, headers: key(), body: { id: p.data.id, amount: '10.00' } });
    expect(new Dec(added.data.margin).eq(new Dec(p.data.margin).add(10))).toBe(true);
    expect(new Dec(added.data.liquidationPrice).lt(p.data.liquidationPrice)).toBe(true);
    // Still above the maintenance level: nothing happens.
    market.set(BTC, '99500.00');
    await new Promise((r) => setTimeout(r, 300));
    expect((await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: p.data.id } })).data.status).toBe(1);
    // A crash far through the liquidation price in one tick: the loss stops at the margin.
    market.set(BTC, '80000.00');
    market.set(BTC, '79990.00');
    const done = await until(
      () => call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: p.data.id } }),
      (r) => r.data.status === 3,
    );
    expect(done.data).toMatchObject({ status: 3, closeReason: 'liquidation' });
    expect(done.data.history.map((e: any) => e.event)).toEqual(['placed', 'filled', 'margin_added', 'liquidated']);
    expect(new Dec(done.data.sellProfit).eq(new Dec(added.data.margin).neg())).toBe(true);
    const journals = await h.db.query("select id from ledger_journals where kind = 'position.liquidate' and ref_id = $1", [p.data.id]);
    expect(journals).toHaveLength(1);
    const w = await forex(u.token);
    expect(w.usedBalance).toBe('0.00');
    expect(new Dec(w.balance).eq(new Dec(5000).sub(p.data.handlingFee).sub(added.data.margin))).toBe(true);
    const notice = (await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token })).data.list.find((n: any) => n.kind === 'position.liquidated');
    expect(notice.title).toBe('Position liquidated');
    const zh = (await call(h, 'GET', `/web/userMessage/${notice.id}`, { token: u.token, lang: 'zh_Hans_CN' })).data;
    expect(zh.body).toMatch(/^您的买入仓位/);
  });

  it("pushes every state change of an order on the user's socket", async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const url = `${h.base.replace('http', 'ws')}/web/push`;
    const events = collect(url, [{ op: 'auth', token: u.token }], (f) => f.filter((x) => x.type === 'event' && x.event === 'order').length >= 3, 5000);
    await new Promise((r) => setTimeout(r, 300));
    const p = await buyBtc(u.token);
    await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: p.data.id } });
    const frames = (await events).filter((x) => x.type === 'event' && x.event === 'order');
    expect(frames.map((f) => [f.data.id, f.data.event])).toEqual([
      [p.data.id, 'placed'],
      [p.data.id, 'filled'],
      [p.data.id, 'closed'],
    ]);
  });

  it('never overspends a trading wallet under many parallel orders', async () => {
    market.set(BTC, '100000.00');
    const u = await trader('1000');
    // Each order takes about 860 EUR of margin plus fee at leverage 1: one fits, not twenty.
    const results = await Promise.all(Array.from({ length: 20 }, () => buyBtc(u.token, { quantity: '0.01', leverage: 1 })));
    const ok = results.filter((r) => r.code === 200);
    expect(results.every((r) => r.code === 200 || r.msg === 'Insufficient balance')).toBe(true);
    expect(ok.length).toBeGreaterThan(0);
    expect(ok.length).toBeLessThan(20);
    const w = await forex(u.token);
    expect(new Dec(w.balance).gte(0)).toBe(true);
    const spent = ok.reduce((acc, r) => acc.add(r.data.margin).add(r.data.handlingFee), new Dec(0));
    expect(new Dec(w.balance).add(spent).eq(1000)).toBe(true);
  });

  it('marks an order of 10,000 shares or more as large and lists it on the quote page, without its owner', async () => {
    market.set('AMXB.MX', '18.00');
    const u = await trader('3000');
    await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'FOREX', to: 'BALANCE', amount: '3000' } });
    await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'MX_STOCK', amount: '3000' } });
    const small = await order(u.token, { stockCode: 'AMXB.MX', direction: 0, type: 0, quantity: '9999', leverage: 10 }, '/web/stock/create');
    const large = await order(u.token, { stockCode: 'AMXB.MX', direction: 0, type: 0, quantity: '10000', leverage: 10 }, '/web/stock/create');
    expect([small.data.largeOrder, large.data.largeOrder, large.data.walletCode]).toEqual([false, true, 'MX_STOCK']);
    const flow = await call(h, 'GET', '/web/position/largeOrders?stockCode=AMXB.MX');
    expect(flow.data).toEqual([{ direction: 0, quantity: '10000', price: large.data.openPrice, timestamp: large.data.marketDateTimestamp }]);
  });

  it('answers rates, minimum counts and the half/full quantities', async () => {
    market.set(BTC, '100000.00');
    const rates = await call(h, 'GET', '/web/stock_rate/site/get?stockCode=BTCUSDT');
    expect(rates.data).toEqual([{ assetClass: 'crypto', buyRate: '0.001', sellRate: '0.001', leverages: [1, 2, 5, 10, 20], maintenanceRatio: '0.5' }]);
    const min = await call(h, 'POST', '/web/stocka_config/getMinCount', { body: { stockCode: '00700' } });
    expect(min.data).toMatchObject({ stockCode: '0700.HK', lotSize: '100', walletCode: 'HK_STOCK' });
    const u = await trader('1000');
    const hf = await call(h, 'POST', '/web/position/getHalfOrFullNum', { token: u.token, body: { stockCode: BTC, leverage: 10 } });
    expect(hf.data.available).toBe('1000.00');
    expect(new Dec(hf.data.full).gt(hf.data.half)).toBe(true);
    const full = await buyBtc(u.token, { quantity: hf.data.full });
    expect(full.code).toBe(200);
  });
});
