import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { LEVERAGE_RISK_VERSION } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openPostgres } from '../src/db/db';
import type { MarketProvider, SessionPhase } from '../src/market/types';
import { pngBytes } from './fixtures';
import { call, drivers, listen, OPERATOR, registerUser, startServer, tempDataDir, testConfig, type Harness } from './harness';
import { scriptedMarket } from './scripted';
import { createPostgresDatabase, postgresAvailable } from './services';

// Issue 18, orders and risk, over HTTP on a scripted price path: stop-loss, take-profit and trailing
// stop closing a position at the live exit price (a gap's price, not the stop's), once; day orders
// expiring at their session end with their hold back; only limit orders in US extended hours; and
// every fill explained by the tick it was made at.

const BTC = 'BTCUSDT';
const AAPL = 'AAPL';
const HOUR = 3_600_000;

describe.each(await drivers())('order triggers on %s', (driver) => {
  let h: Harness;
  let op: string;
  // The server's clock: a test moves it past a day order's end.
  let offset = 0;
  const now = () => Date.now() + offset;
  const market = scriptedMarket('order-triggers', undefined, now);
  // AAPL's session phase, which the scripted market does not play: pre-market, regular or after-hours.
  let aaplPhase: SessionPhase = 'regular';
  const provider: MarketProvider = {
    ...market.provider,
    session: (symbol, at) => {
      const s = market.provider.session(symbol, at);
      return symbol === AAPL ? { ...s, phase: aaplPhase } : s;
    },
    snapshot: (symbol, at) => {
      const s = market.provider.snapshot(symbol, at);
      return symbol === AAPL ? { ...s, session: { ...s.session, phase: aaplPhase } } : s;
    },
  };

  beforeAll(async () => {
    h = await startServer(driver, { TRANSFER_SETTLE_SECONDS: '1' }, { provider, now });
    op = (await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
    market.set(BTC, '100000.00');
    market.set(AAPL, '200.00');
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const key = () => ({ 'idempotency-key': randomUUID() });
  const buyBtc = (token: string, extra: object = {}, lang?: string) =>
    call(h, 'POST', '/web/gold/create', {
      token,
      headers: key(),
      ...(lang ? { lang } : {}),
      body: { stockCode: BTC, stockName: 'Bitcoin', direction: 0, source: 100, type: 0, quantity: '0.1', leverage: 10, goldCode: BTC, ...extra },
    });
  const detail = async (token: string, id: number) => (await call(h, 'POST', '/web/position/detail', { token, body: { id } })).data;
  const setStops = (token: string, body: object) => call(h, 'POST', '/web/position/setStops', { token, body });

  /** A verified trader with 5,000 euros in the FOREX wallet and 2,000 in US_STOCK. */
  async function trader() {
    const u = await registerUser(h);
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
    const frontUrl = (await call(h, 'POST', '/web/file/upload', { form, token: u.token })).data.url;
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Sam', lastName: 'Stop', country: 'NL', idType: 'passport', idNumber: 'NS123456', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'fiat', currency: 'EUR', amount: '7000', proofUrl: frontUrl },
    });
    await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'FOREX', amount: '5000' } });
    await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'US_STOCK', amount: '2000' } });
    await call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { token: u.token, body: { version: LEVERAGE_RISK_VERSION } });
    return u;
  }

  async function wallet(token: string, code = 'FOREX') {
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} });
    return r.data.find((w: any) => w.code === code);
  }

  async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, ms = 6000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await probe();
      if (done(v) || Date.now() > deadline) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const settle = () => new Promise((r) => setTimeout(r, 500));
  const eventsOf = (d: any, event: string) => d.history.filter((e: any) => e.event === event);
  const noticesOf = async (userId: number, kind: string) =>
    (await h.db.query<{ n: number }>('select count(*)::int as n from notices where user_id = $1 and kind = $2', [userId, kind]))[0]!.n;

  it('refuses stops on the wrong side, off the tick grid or half given, with the field, and changes nothing', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const before = await wallet(u.token);
    // The long's exit price is the bid, 99999.99.
    const below = await buyBtc(u.token, { stopLoss: '100000.00' });
    expect(below.msg).toBe('The stop-loss must be below the exit price of 99999.99');
    expect(below.data).toMatchObject({ key: 'e.stopLossBelow', fields: { stopLoss: 'e.stopLossBelow' } });
    expect((await buyBtc(u.token, { takeProfit: '99999.99' })).msg).toBe('The take-profit must be above the exit price of 99999.99');
    expect((await buyBtc(u.token, { takeProfit: '99999.99' }, 'nl')).msg).toBe(
      'De take-profit moet boven 99999.99 liggen, de prijs waartegen de positie nu sluit',
    );
    // A short's exit is the ask, 100000.01: its stop above, its take-profit below.
    expect((await buyBtc(u.token, { direction: 1, stopLoss: '100000.01' })).msg).toBe('The stop-loss must be above the exit price of 100000.01');
    expect((await buyBtc(u.token, { direction: 1, takeProfit: '100000.02' })).msg).toBe('The take-profit must be below the exit price of 100000.01');
    const tick = await buyBtc(u.token, { stopLoss: '99000.005' });
    expect(tick.data).toMatchObject({ key: 'e.priceTick', fields: { stopLoss: 'e.priceTick' } });
    expect((await buyBtc(u.token, { trailingKind: 'percent' })).data).toMatchObject({ key: 'v.trailingPair', fields: { trailingDistance: 'v.trailingPair' } });
    expect((await buyBtc(u.token, { trailingKind: 'percent', trailingDistance: '100' })).msg).toBe('A trailing percentage is more than 0 and less than 100');
    expect((await buyBtc(u.token, { timeInForce: 'day' })).data).toMatchObject({ key: 'v.dayLimitOnly', fields: { timeInForce: 'v.dayLimitOnly' } });
    expect(await wallet(u.token)).toEqual(before);
    expect((await call(h, 'POST', '/web/position/me', { token: u.token, body: {} })).data.total).toBe(0);
  });

  it('explains a market fill and a close by the tick used: bid, ask, its time, the spread and the fee', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const t0 = now();
    const buy = await buyBtc(u.token);
    const t1 = now();
    expect(buy.data).toMatchObject({
      status: 1,
      openPrice: '100000.01',
      handlingFee: '8.00',
      placedSession: 'regular',
      filledSession: 'regular',
      timeInForce: 'gtc',
    });
    const opened = await detail(u.token, buy.data.id);
    const [filled] = eventsOf(opened, 'filled');
    // The fill price is the tick's ask; the fee is the one the ledger booked.
    expect(filled.fill).toMatchObject({ bid: '99999.99', ask: '100000.01', spread: '0.02', fee: '8.00', session: 'regular' });
    expect(filled.price).toBe(filled.fill.ask);
    expect(filled.fill.quoteTimestamp).toBeGreaterThanOrEqual(t0);
    expect(filled.fill.quoteTimestamp).toBeLessThanOrEqual(t1);
    expect(eventsOf(opened, 'placed')[0].fill).toBeNull();

    market.set(BTC, '100100.00');
    const closed = await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: buy.data.id } });
    const done = await detail(u.token, closed.data.id);
    const [close] = eventsOf(done, 'closed');
    expect(close.fill).toMatchObject({ bid: '100099.99', ask: '100100.01', spread: '0.02', fee: done.closeFee, session: 'regular' });
    expect(close.price).toBe(close.fill.bid);
  });

  it('closes a long at its stop-loss once, at the gapped bid rather than the stop', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const buy = await buyBtc(u.token, { stopLoss: '99000.00' });
    expect(buy.data.stops).toEqual({ stopLoss: '99000.00', takeProfit: null, trailing: null });
    // Above the stop nothing happens.
    market.set(BTC, '99500.00');
    await settle();
    expect((await detail(u.token, buy.data.id)).status).toBe(1);
    // A gap from 99499.99 to a bid of 98499.99 jumps the stop: the close is at the bid.
    market.set(BTC, '98500.00');
    const done = await until(
      () => detail(u.token, buy.data.id),
      (d) => d.status === 3,
    );
    // (98499.99 − 100000.01) × 0.1 × 0.8 = −120.0016 EUR; close fee 98499.99 × 0.1 × 0.8 × 0.001 = 7.8799992 → 7.88.
    expect(done).toMatchObject({ closeReason: 'stopLoss', closePrice: '98499.99', closeFee: '7.88', sellProfit: '-127.88' });
    // The history names the stop and its level, then the close at the tick it took, with its fee.
    expect(done.history.map((e: any) => [e.event, e.price])).toEqual([
      ['placed', '100000.01'],
      ['filled', '100000.01'],
      ['stop_loss', '99000'],
      ['closed', '98499.99'],
    ]);
    expect(eventsOf(done, 'closed')[0].fill).toMatchObject({ bid: '98499.99', ask: '98500.01', spread: '0.02', fee: '7.88', session: 'regular' });
    // Further ticks through the stop act on nothing: one close, one notice, one journal.
    market.set(BTC, '98400.00');
    market.set(BTC, '98300.00');
    await settle();
    expect(eventsOf(await detail(u.token, buy.data.id), 'stop_loss')).toHaveLength(1);
    expect(await noticesOf(u.id, 'position.stopLoss')).toBe(1);
    const closes = await h.db.query("select 1 from ledger_journals where ref_type = 'position' and ref_id = $1 and kind = 'position.close'", [buy.data.id]);
    expect(closes).toHaveLength(1);
    // 5000.00 − 8.00 opening fee − 127.88.
    expect(await wallet(u.token)).toMatchObject({ balance: '4864.12', usedBalance: '0.00' });
    // The account's timeline shows the stop and the close (its answer checked against the contract).
    const timeline = await call(h, 'GET', '/web/account/timeline?page=1&size=50', { token: u.token });
    expect(timeline.code, timeline.msg).toBe(200);
    expect(timeline.data.list.filter((e: any) => e.positionId === buy.data.id).map((e: any) => e.event)).toEqual(['closed', 'stop_loss', 'filled', 'placed']);
    const notices = await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token });
    expect(JSON.stringify(notices.data)).toContain('reached its stop-loss of 99000.00 and was closed at 98499.99 USDT');
  });

  it("closes at the take-profit when the exit side reaches it, and a short's stop-loss at the ask", async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const long = await buyBtc(u.token, { takeProfit: '101000.00' });
    const short = await buyBtc(u.token, { direction: 1, stopLoss: '100500.00' });
    expect(short.data.stops.stopLoss).toBe('100500.00');
    // Last 100499.98: ask 100499.99, below the short's stop.
    market.set(BTC, '100499.98');
    await settle();
    expect((await detail(u.token, short.data.id)).status).toBe(1);
    // Ask 100500.00 reaches it.
    market.set(BTC, '100499.99');
    const s = await until(
      () => detail(u.token, short.data.id),
      (d) => d.status === 3,
    );
    expect(s).toMatchObject({ closeReason: 'stopLoss', closePrice: '100500.00' });
    // A bid of 100999.99 is short of the take-profit; 101000.01 passes it and is the price.
    market.set(BTC, '101000.00');
    await settle();
    expect((await detail(u.token, long.data.id)).status).toBe(1);
    market.set(BTC, '101000.02');
    const l = await until(
      () => detail(u.token, long.data.id),
      (d) => d.status === 3,
    );
    expect(l).toMatchObject({ closeReason: 'takeProfit', closePrice: '101000.01' });
    expect(eventsOf(l, 'take_profit')).toHaveLength(1);
    expect(await noticesOf(u.id, 'position.takeProfit')).toBe(1);
  });

  it('moves a trailing stop only toward the price, then closes at the bid that reaches it', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const buy = await buyBtc(u.token, { trailingKind: 'price', trailingDistance: '500.00' });
    expect(buy.data.stops.trailing).toEqual({ kind: 'price', distance: '500.00', mark: '99999.99', stop: '99499.99' });
    const trailing = async () => (await detail(u.token, buy.data.id)).stops.trailing;
    market.set(BTC, '100400.00');
    expect(await until(trailing, (t) => t.mark === '100399.99')).toEqual({ kind: 'price', distance: '500.00', mark: '100399.99', stop: '99899.99' });
    // Down again: the mark and the stop stay.
    market.set(BTC, '100200.00');
    await settle();
    expect(await trailing()).toMatchObject({ mark: '100399.99', stop: '99899.99' });
    market.set(BTC, '100600.00');
    expect(await until(trailing, (t) => t.mark === '100599.99')).toMatchObject({ stop: '100099.99' });
    market.set(BTC, '100150.00');
    await settle();
    expect((await detail(u.token, buy.data.id)).status).toBe(1);
    market.set(BTC, '100100.00');
    const done = await until(
      () => detail(u.token, buy.data.id),
      (d) => d.status === 3,
    );
    expect(done).toMatchObject({ closeReason: 'trailingStop', closePrice: '100099.99' });
    expect(eventsOf(done, 'trailing_stop')).toHaveLength(1);
    expect(await noticesOf(u.id, 'position.trailingStop')).toBe(1);
  });

  it('sets, changes and removes the stops of an open position; refuses what is not open or not the caller’s', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const buy = await buyBtc(u.token);
    const set = await setStops(u.token, { id: buy.data.id, stopLoss: '98000.00', trailingKind: 'percent', trailingDistance: '1' });
    expect(set.code, set.msg).toBe(200);
    // 1 % under a mark of 99999.99 is 98999.9901, onto the grid away from the price: 98999.99.
    expect(set.data.stops).toEqual({
      stopLoss: '98000.00',
      takeProfit: null,
      trailing: { kind: 'percent', distance: '1', mark: '99999.99', stop: '98999.99' },
    });
    market.set(BTC, '100500.00');
    await until(
      async () => (await detail(u.token, buy.data.id)).stops.trailing.mark,
      (m) => m === '100499.99',
    );
    // Changing the stop-loss with the trailing stop sent again keeps its mark.
    const changed = await setStops(u.token, { id: buy.data.id, stopLoss: '98500.00', takeProfit: '105000.00', trailingKind: 'percent', trailingDistance: '1' });
    expect(changed.data.stops).toEqual({
      stopLoss: '98500.00',
      takeProfit: '105000.00',
      trailing: { kind: 'percent', distance: '1', mark: '100499.99', stop: '99494.99' },
    });
    expect((await setStops(u.token, { id: buy.data.id, takeProfit: '100000.00' })).msg).toBe('The take-profit must be above the exit price of 100499.99');
    const removed = await setStops(u.token, { id: buy.data.id });
    expect(removed.data.stops).toEqual({ stopLoss: null, takeProfit: null, trailing: null });
    expect(eventsOf(await detail(u.token, buy.data.id), 'stops_changed')).toHaveLength(3);

    const other = await registerUser(h);
    expect((await setStops(other.token, { id: buy.data.id, stopLoss: '98000.00' })).status).toBe(404);
    // Placement shares under lock-up close only when it ends (the lock-up written as a placement writes it).
    const locked = await buyBtc(u.token);
    await h.db.query("update positions set locked_until = now() + interval '1 day' where id = $1", [locked.data.id]);
    const refused = await setStops(u.token, { id: locked.data.id, stopLoss: '98000.00' });
    expect(refused.data).toMatchObject({ key: 'e.stopsNotAllowed' });
    expect((await detail(u.token, locked.data.id)).stops).toEqual({ stopLoss: null, takeProfit: null, trailing: null });
    const closed = await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: buy.data.id } });
    expect(closed.code, closed.msg).toBe(200);
    expect((await setStops(u.token, { id: buy.data.id, stopLoss: '98000.00' })).msg).toBe('This position is already closed');
  });

  it("gives an entrusted order's stops to its position, the trailing mark taken at the fill", async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    // An entrusted order's stops are checked against its limit.
    expect((await buyBtc(u.token, { type: 1, price: '99000.00', stopLoss: '99000.00' })).msg).toBe('The stop-loss must be below the exit price of 99000.00');
    const o = await buyBtc(u.token, { type: 1, price: '99000.00', stopLoss: '97000.00', trailingKind: 'price', trailingDistance: '500.00' });
    expect(o.data).toMatchObject({ status: 0, stops: { stopLoss: '97000.00', trailing: { kind: 'price', distance: '500.00', mark: null, stop: null } } });
    // Ask 98990.01 crosses the limit: it fills at 99000.00, and the trailing stop starts from the bid of that tick.
    market.set(BTC, '98990.00');
    const filled = await until(
      () => detail(u.token, o.data.id),
      (d) => d.status === 1,
    );
    expect(filled).toMatchObject({ openPrice: '99000.00', stops: { stopLoss: '97000.00', trailing: { mark: '98989.99', stop: '98489.99' } } });
    expect(eventsOf(filled, 'filled')[0].fill).toMatchObject({ bid: '98989.99', ask: '98990.01', spread: '0.02', fee: filled.handlingFee });
  });

  it('expires a day order at its session end with the hold back to the cent, once; a good-till-cancelled order stays', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    expect(await wallet(u.token)).toMatchObject({ balance: '5000.00', usedBalance: '0.00' });
    const day = await buyBtc(u.token, { type: 1, price: '90000.00', timeInForce: 'day' });
    expect(day.data).toMatchObject({ status: 0, timeInForce: 'day' });
    // Bitcoin trades round the clock on UTC days: the day ends at the next UTC midnight.
    const midnight = new Date(now());
    midnight.setUTCHours(24, 0, 0, 0);
    expect(day.data.expiredDateTimestamp).toBe(midnight.getTime());
    const gtc = await buyBtc(u.token, { type: 1, price: '90000.00' });
    expect(gtc.data).toMatchObject({ status: 0, timeInForce: 'gtc', expiredDateTimestamp: null });
    // 90000.00 x 0.1 x 0.8 = 7200 EUR: 720.00 margin and 7.20 fee held by each.
    expect(await wallet(u.token)).toMatchObject({ balance: '3545.60', usedBalance: '1454.40' });

    offset += midnight.getTime() - Date.now() + HOUR;
    const expired = await until(
      () => detail(u.token, day.data.id),
      (d) => d.status === 4,
    );
    expect(expired.history.map((e: any) => e.event)).toEqual(['placed', 'expired']);
    expect((await detail(u.token, gtc.data.id)).status).toBe(0);
    // The day order's 727.20 back; the other's still held.
    expect(await wallet(u.token)).toMatchObject({ balance: '4272.80', usedBalance: '727.20' });
    // A quote crossing its price after its end fills nothing.
    market.set(BTC, '89000.00');
    const gtcFilled = await until(
      () => detail(u.token, gtc.data.id),
      (d) => d.status === 1,
    );
    expect(gtcFilled.status).toBe(1);
    expect((await detail(u.token, day.data.id)).status).toBe(4);
    const releases = await h.db.query("select 1 from ledger_journals where ref_type = 'position' and ref_id = $1 and kind = 'order.release'", [day.data.id]);
    expect(releases).toHaveLength(1);
    await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: gtc.data.id } });
    expect((await wallet(u.token)).usedBalance).toBe('0.00');
    offset = 0;
  });

  it('accepts only limit orders in extended hours and records the session an order was placed and filled in', async () => {
    market.set(AAPL, '200.00');
    const u = await trader();
    // The transfer to the dollar wallet settles at its exchange rate a moment later.
    const usBefore = await until(
      () => wallet(u.token, 'US_STOCK'),
      (w) => w.balance !== '0.00',
      15_000,
    );
    // A phase change comes with a tick (the market service keeps a snapshot until the next one).
    aaplPhase = 'pre';
    market.set(AAPL, '200.00');
    try {
      const refused = await call(h, 'POST', '/web/stock/create', {
        token: u.token,
        headers: key(),
        body: { stockCode: AAPL, direction: 0, type: 0, quantity: '1', leverage: 1 },
      });
      expect(refused.msg).toBe('During extended hours (pre-market and after-hours) only limit orders are accepted');
      expect(refused.data).toMatchObject({ key: 'e.extendedLimitOnly', fields: { type: 'e.extendedLimitOnly' } });
      expect(await wallet(u.token, 'US_STOCK')).toEqual(usBefore);
      // A limit the ask (200.01) already crosses fills now, in the pre-market.
      const limit = await call(h, 'POST', '/web/stock/create', {
        token: u.token,
        headers: key(),
        body: { stockCode: AAPL, direction: 0, type: 1, price: '201.00', quantity: '1', leverage: 1, extendedHours: true },
      });
      expect(limit.code, limit.msg).toBe(200);
      expect(limit.data).toMatchObject({ status: 1, openPrice: '200.01', placedSession: 'pre', filledSession: 'pre' });
      const [filled] = eventsOf(await detail(u.token, limit.data.id), 'filled');
      expect(filled.fill).toMatchObject({ bid: '199.99', ask: '200.01', spread: '0.02', session: 'pre' });
      // Waiting below the quote, placed after hours; it fills in the regular session.
      aaplPhase = 'post';
      market.set(AAPL, '200.00');
      const waiting = await call(h, 'POST', '/web/stock/create', {
        token: u.token,
        headers: key(),
        body: { stockCode: AAPL, direction: 0, type: 1, price: '190.00', quantity: '1', leverage: 1 },
      });
      expect(waiting.data).toMatchObject({ status: 0, placedSession: 'post', filledSession: null });
      aaplPhase = 'regular';
      market.set(AAPL, '189.00');
      const done = await until(
        () => detail(u.token, waiting.data.id),
        (d) => d.status === 1,
      );
      expect(done).toMatchObject({ placedSession: 'post', filledSession: 'regular', openPrice: '190.00' });
      expect(eventsOf(done, 'filled')[0].fill).toMatchObject({ bid: '188.99', ask: '189.01', spread: '0.02', session: 'regular' });
    } finally {
      aaplPhase = 'regular';
      market.set(AAPL, '200.00');
    }
  });
});

// Two servers on one PostgreSQL without Redis: each runs its own feed and trigger engine on the same
// ticks, so both act on the same rows at once. Each stop closes once and each day order expires once.
describe.runIf(await postgresAvailable())('order triggers with two runners', () => {
  const nodes: Harness[] = [];
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let offset = 0;
  const now = () => Date.now() + offset;
  const market = scriptedMarket('order-triggers-two', undefined, now);

  beforeAll(async () => {
    database = await createPostgresDatabase('test_triggers');
    for (let i = 0; i < 2; i++) {
      const dataDir = tempDataDir();
      const db = await openPostgres(database.url, 5);
      const app = await buildApp(testConfig(dataDir, { DATABASE_URL: database.url }), { db, logger: false, provider: market.provider, now });
      nodes.push({ app, db, dataDir, base: await listen(app), close: () => app.close() });
    }
    market.set(BTC, '100000.00');
  });
  afterAll(async () => {
    const [a] = nodes;
    const op = (await call(a!, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
    expect((await call(a!, 'GET', '/web/operator/ledger/check', { token: op })).data).toMatchObject({ ok: true, differences: [] });
    for (const n of nodes) {
      await n.app.close();
      await n.db.close();
      rmSync(n.dataDir, { recursive: true, force: true });
    }
    await database?.drop();
  });

  it('closes a stop once and expires a day order once, whichever runner gets to it', async () => {
    const [a, b] = nodes as [Harness, Harness];
    const key = () => ({ 'idempotency-key': randomUUID() });
    const op = (await call(a, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
    const u = await registerUser(a);
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
    const frontUrl = (await call(a, 'POST', '/web/file/upload', { form, token: u.token })).data.url;
    await call(a, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Two', lastName: 'Runners', country: 'NL', idType: 'passport', idNumber: 'NT123456', frontUrl },
    });
    const [kyc] = await a.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    await call(a, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
    const d = await call(a, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'fiat', currency: 'EUR', amount: '5000', proofUrl: frontUrl },
    });
    await call(a, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    await call(a, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'FOREX', amount: '5000' } });
    const order = (extra: object) =>
      call(a, 'POST', '/web/gold/create', {
        token: u.token,
        headers: key(),
        body: { stockCode: BTC, direction: 0, type: 0, quantity: '0.02', leverage: 1, goldCode: BTC, ...extra },
      });
    const stopped = await order({ stopLoss: '99000.00' });
    const day = await order({ type: 1, price: '90000.00', timeInForce: 'day' });
    expect([stopped.code, day.code]).toEqual([200, 200]);
    // The other node's engine picks the symbol up on its refresh beat (2 s); then the gap reaches both engines at once.
    await new Promise((r) => setTimeout(r, 2500));
    market.set(BTC, '98000.00');
    const detail = async (h: Harness, id: number) => (await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id } })).data;
    const deadline = Date.now() + 8000;
    while ((await detail(b, stopped.data.id)).status !== 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    market.set(BTC, '97900.00');
    await new Promise((r) => setTimeout(r, 800));
    const closed = await detail(b, stopped.data.id);
    expect(closed).toMatchObject({ status: 3, closeReason: 'stopLoss', closePrice: '97999.99' });
    expect(closed.history.filter((e: any) => e.event === 'stop_loss')).toHaveLength(1);
    const count = async (sql: string, params: unknown[]) => (await a.db.query<{ n: number }>(sql, params))[0]!.n;
    expect(
      await count("select count(*)::int as n from ledger_journals where ref_type = 'position' and ref_id = $1 and kind = 'position.close'", [stopped.data.id]),
    ).toBe(1);
    expect(await count("select count(*)::int as n from notices where user_id = $1 and kind = 'position.stopLoss'", [u.id])).toBe(1);

    // Past the day's end both engines' beats look for it: one release.
    offset += day.data.expiredDateTimestamp - Date.now() + HOUR;
    const until = Date.now() + 8000;
    while ((await detail(a, day.data.id)).status !== 4 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 2500));
    expect((await detail(b, day.data.id)).history.map((e: any) => e.event)).toEqual(['placed', 'expired']);
    expect(
      await count("select count(*)::int as n from ledger_journals where ref_type = 'position' and ref_id = $1 and kind = 'order.release'", [day.data.id]),
    ).toBe(1);
    offset = 0;
  });
});
