import { randomUUID } from 'node:crypto';
import { LEVERAGE_RISK_VERSION } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Tom', lastName: 'Trader', country: 'BE', idType: 'passport', idNumber: 'EH123456', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'fiat', currency: 'EUR', amount: forex, proofUrl: frontUrl },
    });
    await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'FOREX', amount: forex } });
    // Leverage 10 is above bitcoin's retail cap of 2: these traders acknowledged the risk (trading-leverage.test.ts).
    await call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { token: u.token, body: { version: LEVERAGE_RISK_VERSION } });
    return u;
  }

  async function forex(token: string) {
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} });
    return r.data.find((w: any) => w.code === 'FOREX');
  }

  /** The journals of positions, oldest first: each kind with the kind of the hold it releases. */
  async function journalsOf(...ids: number[]) {
    const rows = await h.db.query<{ kind: string; releases: string | null }>(
      `select j.kind, hold.kind as releases from ledger_journals j left join ledger_journals hold on hold.id = j.hold_journal_id
        where j.ref_type = 'position' and j.ref_id = any($1::bigint[]) order by j.id`,
      [ids],
    );
    return rows.map((r) => [r.kind, r.releases]);
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
    expect((await order(u.token, { stockCode: 'AAPL', direction: 0, type: 0, quantity: '1', leverage: 1 })).msg).toBe(
      'This instrument is ordered through another call',
    );
    expect((await buyBtc(u.token, { leverage: 3 })).msg).toBe('This leverage is not allowed for this instrument');
    expect((await buyBtc(u.token, { quantity: '0.000015' })).msg).toBe('The quantity must be a multiple of 0.00001 and at least 0.00001');
    expect((await buyBtc(u.token, { quantity: '' })).msg).toBe('Please add quantity');
    expect((await buyBtc(u.token, { type: 1 })).msg).toBe('Please enter the correct amount');
    expect((await buyBtc(u.token, { type: 1, price: '90000.005' })).msg).toBe('The price must be a multiple of 0.01');
    expect((await buyBtc(u.token, { quantity: '10', leverage: 1 })).msg).toBe('Insufficient balance');
    market.set('ETHUSDT', '3000.00', false);
    // How the opening time and zone are written is the contract's (closed-market.test.ts checks the time itself).
    const closed = await order(u.token, { stockCode: 'ETHUSDT', direction: 0, type: 0, quantity: '1', leverage: 1 });
    expect(closed.data).toMatchObject({ key: 'e.marketClosedUntil' });
    expect(closed.msg).toMatch(/^The market is closed; it opens at \S.*UTC/);
    expect(await forex(u.token)).toEqual(before);
    expect((await call(h, 'POST', '/web/position/me', { token: u.token, body: {} })).data.total).toBe(0);
  });

  it('fills a market buy at the ask, holding margin and charging the fee; a sell at the bid', async () => {
    const u = await trader();
    const buy = await buyBtc(u.token);
    // Notional 100000.01 USDT x 0.1 x 0.8 EUR/USDT (EURUSD 1.25) = 8000.0008 EUR;
    // margin 8000.0008 / 10 = 800.00008 -> 800.00; fee 8000.0008 x 0.001 = 8.0000008 -> 8.00.
    expect(buy.data).toMatchObject({
      status: 1,
      direction: 0,
      openPrice: '100000.01',
      leverage: 10,
      walletCode: 'FOREX',
      walletCurrency: 'EUR',
      isolatedPosition: true,
      margin: '800.00',
      handlingFee: '8.00',
    });
    const w = await forex(u.token);
    // 5000.00 - 800.00 held - 8.00 fee.
    expect(w).toMatchObject({ usedBalance: '800.00', balance: '4192.00' });
    const sell = await buyBtc(u.token, { direction: 1 });
    // 99999.99 x 0.1 x 0.8 = 7999.9992 EUR: margin 799.99992 -> 800.00, fee 7.9999992 -> 8.00.
    expect(sell.data).toMatchObject({ status: 1, direction: 1, openPrice: '99999.99', margin: '800.00', handlingFee: '8.00' });
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
    // 100000.01 x 0.2 x 0.8 = 16000.0016 EUR: margin 1600.00, fee 16.00.
    expect(open.data).toMatchObject({ margin: '1600.00', handlingFee: '16.00' });
    market.set(BTC, '101000.00');
    const part = await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: open.data.id, quantity: '0.05' } });
    // A quarter of the position at the bid 100999.99: margin released 1600.00 x 0.25 = 400.00;
    // profit (100999.99 - 100000.01) x 0.05 x 0.8 = 39.9992 -> 40.00; fee 100999.99 x 0.05 x 0.8 x 0.001
    // = 4.0399996 -> 4.04; realised 40.00 - 4.04 = 35.96.
    // Its share of the 16.00 opening fee: 16.00 x 0.25 = 4.00; gross 35.96 + 4.04 = 40.00; net 35.96 - 4.00 = 31.96.
    expect(part.data).toMatchObject({
      status: 3,
      quantity: '0.05',
      closePrice: '100999.99',
      closeReason: 'user',
      margin: '400.00',
      handlingFee: '4.00',
      closeFee: '4.04',
      sellProfit: '35.96',
      grossProfit: '40.00',
      netProfit: '31.96',
    });
    const rest = await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: open.data.id } });
    // The open rest keeps 12.00 of the opening fee and the unrounded running totals of the closed part.
    expect(rest.data).toMatchObject({
      status: 1,
      quantity: '0.15',
      margin: '1200.00',
      handlingFee: '12.00',
      closedParts: { profit: '39.9992', fee: '4.0399996' },
    });
    expect((await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: open.data.id, quantity: '0.5' } })).msg).toBe(
      'You can close at most the position’s quantity',
    );
    const all = await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: open.data.id } });
    // The other 0.15: profit 999.98 x 0.15 x 0.8 = 119.9976, on the running total 39.9992: 159.9968 -> 160.00,
    // less the 40.00 booked = 120.00; fee 100999.99 x 0.15 x 0.8 x 0.001 = 12.1199988, on 4.0399996:
    // 16.1599984 -> 16.16, less 4.04 = 12.12; realised 120.00 - 12.12 = 107.88; net 107.88 - 12.00 = 95.88.
    expect(all.data).toMatchObject({ status: 3, margin: '1200.00', closeFee: '12.12', sellProfit: '107.88', grossProfit: '120.00', netProfit: '95.88' });
    const history = (await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: open.data.id } })).data.history;
    expect(history.map((e: any) => [e.event, e.status, e.quantity])).toEqual([
      ['placed', 0, '0.2'],
      ['filled', 1, '0.2'],
      ['partially_closed', 1, '0.05'],
      ['closed', 3, '0.15'],
    ]);
    const partHistory = (await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: part.data.id } })).data.history;
    expect(partHistory.map((e: any) => e.event)).toEqual(['placed', 'filled', 'partially_closed']);
    expect((await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: open.data.id } })).msg).toBe(
      'This position is already closed',
    );
    // 5000.00 - 16.00 opening fee + 35.96 + 107.88 realised = 5127.84: the nets 31.96 + 95.88 = 127.84 to the cent.
    expect(await forex(u.token)).toMatchObject({ usedBalance: '0.00', balance: '5127.84' });
    // A partial close leaves the opening's hold standing for the rest; the last close ends it.
    expect(await journalsOf(open.data.id, part.data.id)).toEqual([
      ['order.open', null],
      ['position.close', null],
      ['position.close', 'order.open'],
    ]);
    const closed = await call(h, 'POST', '/web/position/flatList', { token: u.token, body: {} });
    expect(closed.data.total).toBe(2);
    const water = await call(h, 'POST', '/web/position/water/pageList', { token: u.token, body: {} });
    expect(new Set(water.data.list.map((b: any) => b.type))).toEqual(new Set(['order.open', 'position.close']));
  });

  it('entrusts a limit order with its hold, fills it when the quote crosses, and cancels another', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const entrusted = await buyBtc(u.token, { type: 1, price: '99000.00' });
    // At its limit: 99000.00 x 0.1 x 0.8 = 7920 EUR; margin 792.00, fee 7.92, both held.
    expect(entrusted.data).toMatchObject({ status: 0, price: '99000.00', openPrice: null, margin: '792.00', handlingFee: '7.92' });
    expect(await forex(u.token)).toMatchObject({ usedBalance: '799.92', balance: '4200.08' });
    const other = await buyBtc(u.token, { type: 1, price: '50000.00' });
    // 50000.00 x 0.1 x 0.8 = 4000 EUR: margin 400.00 and fee 4.00 held beside the first.
    expect(other.data).toMatchObject({ margin: '400.00', handlingFee: '4.00' });
    const list = await call(h, 'POST', '/web/position/consignList', { token: u.token, body: {} });
    expect(list.data.total).toBe(2);
    market.set(BTC, '98990.00');
    const filled = await until(
      () => call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: entrusted.data.id } }),
      (r) => r.data.status === 1,
    );
    expect(filled.data).toMatchObject({ status: 1, openPrice: '99000.00' });
    const cancelled = await call(h, 'POST', '/web/position/cancelConsign', { token: u.token, headers: key(), body: { id: other.data.id } });
    expect(cancelled.data.status).toBe(4);
    const detail = (id: number) => call(h, 'POST', '/web/position/detail', { token: u.token, body: { id } });
    expect((await detail(other.data.id)).data.history.map((e: any) => e.event)).toEqual(['placed', 'cancelled']);
    expect((await detail(entrusted.data.id)).data.history.map((e: any) => [e.event, e.price])).toEqual([
      ['placed', '99000'],
      ['filled', '99000'],
    ]);
    expect((await call(h, 'POST', '/web/position/cancelConsign', { token: u.token, headers: key(), body: { id: other.data.id } })).msg).toBe(
      'This order can no longer be cancelled',
    );
    // The fill paid the 7.92 fee out of the hold and the cancel gave back 404.00: 792.00 stays held.
    expect(await forex(u.token)).toMatchObject({ usedBalance: '792.00', balance: '4200.08' });
    // The fill ends the order's hold (and holds the position's margin from then on); so does the cancel.
    expect(await journalsOf(entrusted.data.id)).toEqual([
      ['order.hold', null],
      ['order.open', 'order.hold'],
    ]);
    expect(await journalsOf(other.data.id)).toEqual([
      ['order.hold', null],
      ['order.release', 'order.hold'],
    ]);
    const kinds = (await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token })).data.list.map((n: any) => n.kind);
    expect(kinds).toContain('order.filled');
  });

  it('charges an order of the minimum size the one-cent fee floor, on open and on close', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    // 99000.00 x 0.00001 x 0.8 = 0.792 EUR: margin 0.79 at leverage 1, fee 0.000792, below the floor: 0.01.
    const tiny = await buyBtc(u.token, { type: 1, price: '99000.00', quantity: '0.00001', leverage: 1 });
    expect(tiny.data).toMatchObject({ status: 0, margin: '0.79', handlingFee: '0.01' });
    // Held: 0.79 + 0.01 = 0.80.
    expect(await forex(u.token)).toMatchObject({ usedBalance: '0.80', balance: '4999.20' });
    market.set(BTC, '98990.00');
    const filled = await until(
      () => call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: tiny.data.id } }),
      (r) => r.data.status === 1,
    );
    expect(filled.data.openPrice).toBe('99000.00');
    const closed = await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: tiny.data.id } });
    // At the bid 98989.99: profit -10.01 x 0.00001 x 0.8 = -0.00008008 -> 0.00; fee 98989.99 x 0.00001 x 0.8
    // x 0.001 = 0.00079191992, below the floor: 0.01. Realised -0.01; net -0.01 - 0.01 = -0.02.
    expect(closed.data).toMatchObject({ status: 3, closeFee: '0.01', sellProfit: '-0.01', grossProfit: '0.00', netProfit: '-0.02' });
    // The fee paid at the fill ends the order's hold and holds the margin; the close ends that.
    expect(await journalsOf(tiny.data.id)).toEqual([
      ['order.hold', null],
      ['order.open', 'order.hold'],
      ['position.close', 'order.open'],
    ]);
    expect(await forex(u.token)).toMatchObject({ usedBalance: '0.00', balance: '4999.98' });
  });

  it('books the same, to the cent, for a position closed in 100 pieces as for one closed at once', async () => {
    market.set(BTC, '100000.00');
    const [pieces, once] = [await trader(), await trader()];
    // Each opens 0.001 at the ask 100000.01: 100000.01 x 0.001 x 0.8 = 80.000008 EUR; margin / 10 =
    // 8.0000008 -> 8.00; fee 0.080000008 -> 0.08. Available 5000.00 - 8.00 - 0.08 = 4991.92.
    const a = await buyBtc(pieces.token, { quantity: '0.001' });
    const b = await buyBtc(once.token, { quantity: '0.001' });
    for (const p of [a, b]) expect(p.data).toMatchObject({ status: 1, openPrice: '100000.01', margin: '8.00', handlingFee: '0.08' });
    market.set(BTC, '99875.00');
    // One close at the bid 99874.99: profit (99874.99 - 100000.01) x 0.001 x 0.8 = -125.02 x 0.0008 = -0.100016
    // -> -0.10; fee 99874.99 x 0.0008 x 0.001 = 0.079899992 -> 0.08; realised -0.10 - 0.08 = -0.18; net with
    // the 0.08 opening fee -0.26.
    const whole = await call(h, 'POST', '/web/position/flatPosition', { token: once.token, headers: key(), body: { id: b.data.id } });
    expect(whole.data).toMatchObject({
      closePrice: '99874.99',
      grossProfit: '-0.10',
      handlingFee: '0.08',
      closeFee: '0.08',
      sellProfit: '-0.18',
      netProfit: '-0.26',
    });
    // 100 closes of the minimum 0.00001 at the same bid: each piece alone is -0.00100016 of profit and
    // 0.00079899992 of fee, both 0.00 when rounded on their own (the old booking: 0.00 realised, 0.00 fee).
    // Rounded on the running totals instead, the first piece pays the 0.01 fee floor and books 0.00 of
    // profit (cents(-0.00100016) = 0.00); the totals after 100 are -0.100016 -> -0.10 and 0.079899992 -> 0.08.
    const first = await call(h, 'POST', '/web/position/flatPosition', { token: pieces.token, headers: key(), body: { id: a.data.id, quantity: '0.00001' } });
    // Margin share 8.00 / 100 = 0.08, opening fee share 0.08 / 100 = 0.0008 -> 0.00; realised 0.00 - 0.01.
    expect(first.data).toMatchObject({
      quantity: '0.00001',
      margin: '0.08',
      handlingFee: '0.00',
      grossProfit: '0.00',
      closeFee: '0.01',
      sellProfit: '-0.01',
      netProfit: '-0.01',
    });
    for (let n = 2; n < 100; n++) {
      const r = await call(h, 'POST', '/web/position/flatPosition', { token: pieces.token, headers: key(), body: { id: a.data.id, quantity: '0.00001' } });
      expect(r.code).toBe(200);
    }
    const last = await call(h, 'POST', '/web/position/flatPosition', { token: pieces.token, headers: key(), body: { id: a.data.id } });
    expect(last.data).toMatchObject({ status: 3, quantity: '0.00001' });
    // The wallets moved the same: 5000.00 - 0.26 = 4999.74 each, nothing held.
    const [w1, w2] = [await forex(pieces.token), await forex(once.token)];
    expect(w1).toMatchObject({ usedBalance: '0.00', balance: '4999.74' });
    expect(w2).toEqual(w1);
    // The 100 closed rows add up to the single close's figures, and their nets to the wallet's change.
    const rows = (await call(h, 'POST', '/web/position/flatList', { token: pieces.token, body: { size: 100 } })).data;
    expect(rows.total).toBe(100);
    const sum = (f: string) => (rows.list.reduce((acc: number, r: any) => acc + Math.round(Number(r[f]) * 100), 0) / 100).toFixed(2);
    expect(['grossProfit', 'handlingFee', 'closeFee', 'sellProfit', 'netProfit'].map(sum)).toEqual(['-0.10', '0.08', '0.08', '-0.18', '-0.26']);
  });

  it('keeps the liquidation price where the open put it while the exchange rate moves', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const p = await buyBtc(u.token, { leverage: 20 });
    // 100000.01 x 0.1 x 0.8 = 8000.0008 EUR: margin 400.00; liquidation 100000.01 - 400.00 x 0.5 / (0.1 x 0.8) = 97500.01.
    expect(p.data).toMatchObject({ margin: '400.00', liquidationPrice: '97500.01' });
    // At EURUSD 1.20 the rate is 0.833333333333 EUR per USDT: the floating P&L follows it, the liquidation price
    // does not (at the live rate it would be 100000.01 - 200 / 0.0833333333333 = 97600.01).
    market.set('EURUSD', '1.20000');
    try {
      const moved = await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: p.data.id } });
      expect(moved.data).toMatchObject({ status: 1, margin: '400.00', liquidationPrice: '97500.01' });
      // Above the liquidation price nothing happens; at 97500.00 (bid 97499.99) the position is liquidated:
      // equity at the open's rate 400.00 + (97499.99 - 100000.01) x 0.08 = 199.9984, not above 200.00.
      // At the live rate it would go at 97510.00. A later order of the same symbol that fills there (ask
      // 97510.01) is the barrier: the engine checks a symbol's rows oldest first at one snapshot, so once
      // it has filled, the position was checked at that price and kept.
      const later = await buyBtc(u.token, { leverage: 20, type: 1, price: '97510.01' });
      market.set(BTC, '97510.00');
      await until(
        () => call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: later.data.id } }),
        (r) => r.data.status === 1,
      );
      const still = await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: p.data.id } });
      expect(still.data).toMatchObject({ status: 1, liquidationPrice: '97500.01' });
      market.set(BTC, '97500.00');
      const done = await until(
        () => call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: p.data.id } }),
        (r) => r.data.status === 3,
      );
      expect(done.data).toMatchObject({ closeReason: 'liquidation', closePrice: '97499.99' });
    } finally {
      market.set('EURUSD', '1.25000');
    }
  });

  it('liquidates exactly once at the maintenance level, the loss capped at the margin', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const p = await buyBtc(u.token, { leverage: 20 });
    // 100000.01 x 0.1 x 0.8 = 8000.0008 EUR: margin / 20 = 400.00, fee 8.00. Liquidation where the
    // loss reaches half the margin: 100000.01 - 400.00 x 0.5 / (0.1 x 0.8) = 100000.01 - 2500 = 97500.01.
    expect(p.data).toMatchObject({ margin: '400.00', handlingFee: '8.00', liquidationPrice: '97500.01' });
    const added = await call(h, 'POST', '/web/position/addPositionMargin', { token: u.token, headers: key(), body: { id: p.data.id, amount: '10.00' } });
    // 100000.01 - 410.00 x 0.5 / 0.08 = 100000.01 - 2562.50 = 97437.51.
    expect(added.data).toMatchObject({ margin: '410.00', liquidationPrice: '97437.51' });
    // A later order of the same symbol that fills at 99500.00 (ask 99500.01): the engine checks a
    // symbol's rows oldest first at one snapshot, so once it has filled, the position was checked there.
    const later = await buyBtc(u.token, { leverage: 20, type: 1, price: '99500.01' });
    // 99500.01 x 0.1 x 0.8 = 7960.0008 EUR: margin 398.00, fee 7.96; liquidation 99500.01 - 199 / 0.08 = 97012.51.
    expect(later.data).toMatchObject({ status: 0, margin: '398.00', handlingFee: '7.96' });
    // At the bid 99499.99 the position's equity is 410.00 + (99499.99 - 100000.01) x 0.08 = 369.9984,
    // above the maintenance level of 205.00: nothing happens.
    market.set(BTC, '99500.00');
    const laterFilled = await until(
      () => call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: later.data.id } }),
      (r) => r.data.status === 1,
    );
    expect(laterFilled.data).toMatchObject({ status: 1, openPrice: '99500.01' });
    expect((await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: p.data.id } })).data).toMatchObject({ status: 1, margin: '410.00' });
    // A crash far through the liquidation price in one tick: the loss stops at the margin.
    market.set(BTC, '80000.00');
    market.set(BTC, '79990.00');
    const done = await until(
      () => call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: p.data.id } }),
      (r) => r.data.status === 3,
    );
    // At 79999.99 (or 79989.99) the loss is (100000.01 - 79999.99) x 0.08 = 1600.0016 and more: far past
    // the 410.00 margin, so nothing is paid out, no fee is charged, and the loss stops at 410.00.
    expect(done.data).toMatchObject({ status: 3, closeReason: 'liquidation', closeFee: '0.00', sellProfit: '-410.00' });
    expect(done.data.history.map((e: any) => e.event)).toEqual(['placed', 'filled', 'margin_added', 'liquidated']);
    const laterDone = await until(
      () => call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: later.data.id } }),
      (r) => r.data.status === 3,
    );
    expect(laterDone.data).toMatchObject({ closeReason: 'liquidation', sellProfit: '-398.00' });
    const journals = await h.db.query("select id from ledger_journals where kind = 'position.liquidate' and ref_id = $1", [p.data.id]);
    expect(journals).toHaveLength(1);
    expect(await journalsOf(p.data.id)).toEqual([
      ['order.open', null],
      ['position.margin', null],
      ['position.liquidate', 'order.open'],
    ]);
    expect(await journalsOf(later.data.id)).toEqual([
      ['order.hold', null],
      ['order.open', 'order.hold'],
      ['position.liquidate', 'order.open'],
    ]);
    // 5000.00 - 8.00 - 410.00 for the first, - 7.96 - 398.00 for the later one.
    expect(await forex(u.token)).toMatchObject({ usedBalance: '0.00', balance: '4176.04' });
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
    // Each order takes 100000.01 x 0.01 x 0.8 = 800.00008 -> 800.00 EUR of margin at leverage 1,
    // plus a fee of 0.80: 800.80 of 1000.00, so exactly one of the twenty fits.
    const results = await Promise.all(Array.from({ length: 20 }, () => buyBtc(u.token, { quantity: '0.01', leverage: 1 })));
    const ok = results.filter((r) => r.code === 200);
    expect(results.every((r) => r.code === 200 || r.msg === 'Insufficient balance')).toBe(true);
    expect(ok.map((r) => [r.data.margin, r.data.handlingFee])).toEqual([['800.00', '0.80']]);
    expect(await forex(u.token)).toMatchObject({ usedBalance: '800.00', balance: '199.20' });
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
    // One BTC costs 100000.01 x 0.8 x (1/10 + 0.001) = 8080.000808 EUR of margin and fee:
    // 1000.00 / 8080.000808 = 0.1237623... -> 0.12376 in lots of 0.00001; half, 0.0618811... -> 0.06188.
    expect(hf.data).toMatchObject({ available: '1000.00', full: '0.12376', half: '0.06188', price: '100000.01' });
    const full = await buyBtc(u.token, { quantity: hf.data.full });
    // 100000.01 x 0.12376 x 0.8 = 9900.80099008 EUR: margin 990.08 and fee 9.90, 999.98 of the 1000.00.
    expect(full.data).toMatchObject({ margin: '990.08', handlingFee: '9.90' });
    expect((await forex(u.token)).balance).toBe('0.02');
  });
});
