import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { Dec, fixed, percentOf } from '../src/lib/decimal';
import { pngBytes } from './fixtures';
import { call, drivers, listen, operatorToken, registerUser, startServer, tempDataDir, testConfig, type Harness } from './harness';
import { PINNED_RATES, scriptedMarket } from './scripted';

// The listing of IPO deals (decision 0019, "Listing") through HTTP, on a clock the test moves: a
// Hong Kong deal lists by itself at the open of its listing date, a United States one early by an
// operator; their instruments trade from their first day only, the allotted shares close at the
// live bid to the cent, a second node prices them the same, and the new-stock list counts the
// first days that closed below the offer. Rates pinned: one Hong Kong dollar is 0.10 EUR
// (USDHKD 8, EURUSD 1.25), one US dollar 0.80 EUR.

const at = (iso: string) => Date.parse(iso);
// Monday 16 November 2026, 10:00 in Hong Kong; the Hong Kong deal lists on Wednesday the 18th.
const MONDAY = at('2026-11-16T02:00:00Z');
const HK_OPEN = at('2026-11-18T01:30:00Z');
const HK_CLOSE = at('2026-11-18T08:00:00Z');
const US_CLOSE = at('2026-11-18T21:00:00Z');
const SEED = 'listing';
const RATES = { ...PINNED_RATES, USDHKD: '8.00000' };

describe.each(await drivers())('IPO listing on %s', (driver) => {
  let h: Harness;
  let second: Harness;
  let op: string;
  let clock = MONDAY;
  const now = () => clock;
  const market = scriptedMarket(SEED, RATES, now);

  beforeAll(async () => {
    h = await startServer(driver, {}, { provider: market.provider, now });
    op = await operatorToken(h);
    // Another node on the same database, with a market of its own from the same seed.
    const dataDir = tempDataDir();
    const app = await buildApp(testConfig(dataDir), { db: h.db, logger: false, provider: scriptedMarket(SEED, RATES, now).provider, now });
    second = { app, db: h.db, dataDir, base: await listen(app), close: () => app.close() };
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await second.app.close();
    rmSync(second.dataDir, { recursive: true, force: true });
    await h.close();
  });

  const key = () => ({ 'idempotency-key': randomUUID() });
  const step = (id: number, what: string, body: object = {}) => call(h, 'POST', `/web/operator/deals/${id}/${what}`, { token: op, body });
  const deal = async (id: number) => (await call(h, 'GET', `/web/operator/deals/${id}`, { token: op })).data;
  const countJournals = async () => (await h.db.query<{ n: number }>('select count(*)::int as n from ledger_journals'))[0]!.n;
  const quote = (node: Harness, symbol: string) => call(node, 'GET', `/web/m_ft/stock_detail_ft?symbol=${encodeURIComponent(symbol)}`);

  /** Ask until `ok` holds (the lifecycle job and the nodes' refresh run every two seconds). */
  async function until<T>(ask: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
    const deadline = Date.now() + ms;
    let v = await ask();
    while (!ok(v) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      v = await ask();
    }
    return v;
  }

  /** A verified investor with `eur` in the subscription wallet. */
  async function investor(eur: string) {
    const u = await registerUser(h);
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
    const url = (await call(h, 'POST', '/web/file/upload', { form, token: u.token })).data.url;
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Lena', lastName: 'Lister', country: 'NL', idType: 'passport', idNumber: 'NX445566', frontUrl: url },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'fiat', currency: 'EUR', amount: eur, proofUrl: url },
    });
    await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    expect(
      (await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'SUBSCRIPTION', amount: eur } })).code,
    ).toBe(200);
    return u;
  }

  async function wallet(token: string) {
    const w = (await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} })).data.find((x: any) => x.code === 'SUBSCRIPTION');
    return { available: w.balance as string, held: w.usedBalance as string };
  }

  /** A deal opened by the operator now, closed, priced and allotted, with `subscribe` run while it was open. */
  async function allotted(body: Record<string, unknown>, finalPrice: string, subscribe: (id: number) => Promise<void>) {
    const created = await call(h, 'POST', '/web/operator/deals', { token: op, body });
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id as number;
    expect((await step(id, 'open')).data.dealStatus).toBe('open');
    // Time passes between the steps, as it would: a window closed at the instant it opened would be none.
    clock += 60_000;
    await subscribe(id);
    clock += 60_000;
    for (const [what, body] of [
      ['close', {}],
      ['price', { finalPrice }],
      ['allot', {}],
    ] as const) {
      const r = await step(id, what, body);
      expect(r.code, `${what}: ${r.msg}`).toBe(200);
    }
    expect((await deal(id)).dealStatus).toBe('allotted');
    return id;
  }

  const window = {
    subscriptionOpensTimestamp: MONDAY + 3_600_000,
    subscriptionClosesTimestamp: MONDAY + 7_200_000,
    prospectusDate: '2026-11-15',
    allotmentDate: '2026-11-17',
  };
  const hkBody = {
    name: 'Harbour Listing Ltd.',
    code: '08001',
    symbol: '8001.HK',
    market: 'HK',
    exchange: 'HKEX',
    priceLow: '7.00',
    priceHigh: '8.00',
    lotSize: 500,
    publicLots: 4,
    feeRate: '0.010085',
    handlingFee: '50',
    fundRaising: '100000000',
    listingDate: '2026-11-18',
    profile: 'A fictional company of the tests.',
    ...window,
  };
  const usBody = {
    ...hkBody,
    name: 'Dropwise Inc.',
    code: 'DRPY',
    symbol: 'DRPY',
    market: 'US',
    exchange: 'NASDAQ',
    priceLow: '10.00',
    priceHigh: '12.00',
    lotSize: 1,
    publicLots: 100,
    feeRate: '0',
    handlingFee: '0',
    fundRaising: '250000000',
    // New York's hours (EST, UTC-5): Monday 16th 09:30 to the 16:00 close; allotted Tuesday, trading Friday.
    subscriptionOpensTimestamp: at('2026-11-16T14:30:00Z'),
    subscriptionClosesTimestamp: at('2026-11-16T21:00:00Z'),
    listingDate: '2026-11-20',
  };

  it('lists a Hong Kong deal at the open of its listing date, opens its positions and closes one at the live bid, to the cent', async () => {
    const a = await investor('2500.00');
    const b = await investor('500.00');
    const subscriptions: number[] = [];
    const id = await allotted(hkBody, '7.50', async (dealId) => {
      for (const [u, lots] of [
        [a, 4],
        [b, 1],
      ] as const)
        subscriptions.push((await call(h, 'POST', '/web/NewShares/create', { token: u.token, headers: key(), body: { dealId, lots } })).data.id);
    });
    // As in deals.test.ts: A is allotted 3 lots (1,500 shares at 7.50 = 1125.00 EUR, fee 11.35), B 1 lot.
    expect(await wallet(a.token)).toEqual({ available: '1358.65', held: '1125.00' });
    const [row] = (await call(h, 'POST', '/web/position/subscription', { token: a.token, body: {} })).data.list;
    const positionId = row.positionId as number;

    // The evening before and the minute before the open: not listed, no instrument on the market.
    for (const t of [at('2026-11-17T12:00:00Z'), HK_OPEN - 1000]) {
      clock = t;
      await new Promise((r) => setTimeout(r, 2500));
      expect((await deal(id)).dealStatus).toBe('allotted');
      expect((await quote(h, '8001.HK')).status).toBe(404);
    }

    // The open has come: the job lists it and writes the first price.
    clock = HK_OPEN + 45 * 60_000;
    const listed = await until(
      () => deal(id),
      (d) => d.firstDayPrice !== null,
    );
    expect(listed).toMatchObject({ dealStatus: 'listed', listedOn: '2026-11-18', finalPrice: '7.50', firstDayClose: null, firstDayChangePercent: null });
    const q = (await quote(h, '8001.HK')).data;
    expect(q).toMatchObject({
      symbol: '8001.HK',
      stock_code: '08001',
      market: 'HK',
      marketType: 'HKEX',
      currency: 'HKD',
      classify: 'IPO',
      preClose: '7.50',
      open: listed.firstDayPrice,
      tradable: true,
      marketStatus: 'regular',
      lotSize: '500',
      tickSize: '0.01',
    });
    // Candles from the first day only, on every range.
    for (const range of ['intraday', '1d', '1y']) {
      const k = (await call(h, 'GET', `/web/m_ft/kline?symbol=8001.HK&range=${range}`)).data;
      expect(k.candles.length, range).toBeGreaterThan(0);
      expect(k.candles[0].time, range).toBe(HK_OPEN);
    }
    // In the Hong Kong list and the search.
    expect((await call(h, 'GET', '/web/hk_st/all_stock_list?q=08001')).data.list.map((r: any) => r.symbol)).toEqual(['8001.HK']);
    expect((await call(h, 'GET', '/web/market/search?q=Harbour')).data.map((r: any) => r.symbol)).toContain('8001.HK');

    // The allotted shares are an open position now, and the holder was told.
    const open = (await call(h, 'POST', '/web/position/me', { token: a.token, body: {} })).data;
    expect(open.list.find((p: any) => p.id === positionId)).toMatchObject({
      status: 1,
      symbol: '8001.HK',
      openPrice: '7.50',
      quantity: '1500',
      margin: '1125.00',
      handlingFee: '11.35',
      currentPrice: q.bid,
    });
    const titles = (await call(h, 'GET', '/web/userMessage/getMessage', { token: a.token })).data.list.map((n: any) => n.title);
    expect(titles).toContain('Your IPO shares are listed');

    // Listing again changes nothing: the operator is refused, the job finds nothing to do.
    const journals = await countJournals();
    const again = await step(id, 'list');
    expect([again.status, again.msg]).toEqual([422, 'This step is not possible at this stage of the deal']);
    await new Promise((r) => setTimeout(r, 2500));
    expect(await countJournals()).toBe(journals);
    expect(await deal(id)).toMatchObject({ dealStatus: 'listed', listedOn: '2026-11-18', firstDayPrice: listed.firstDayPrice });
    const log = await call(h, 'GET', `/web/operator/audit?targetType=deal&targetId=${id}`, { token: op });
    expect(log.data.list.filter((e: any) => e.action === 'deal.list').map((e: any) => [e.actorId, e.after.listedOn, e.after.oversubscription])).toEqual([
      [null, '2026-11-18', '1.25'],
    ]);

    // The other node learns the listing and prices it exactly the same.
    const there = await until(
      () => quote(second, '8001.HK'),
      (r) => r.status === 200,
    );
    expect(there.data).toEqual((await quote(h, '8001.HK')).data);

    // Closing at the live bid: P&L (bid - 7.50) x 1,500 x 0.10 EUR, a fee of 0.05 % of the notional
    // (at least 0.01), the opening fee the allotment's 11.35. Net is what the wallet moved: the
    // subscription wallet held 2495.00 (2500.00 less the handling fee) before the allotment.
    const bid = new Dec(q.bid);
    const pnl = fixed(bid.sub('7.50').mul(1500).mul('0.1'), 2);
    const closeFee = Dec.max('0.01', fixed(bid.mul(1500).mul('0.1').mul('0.0005'), 2)).toFixed(2);
    const closed = await call(h, 'POST', '/web/position/flatPosition', { token: a.token, headers: key(), body: { id: positionId } });
    expect(closed.code, closed.msg).toBe(200);
    const realised = new Dec(pnl).sub(closeFee);
    expect(closed.data).toMatchObject({
      status: 3,
      closePrice: q.bid,
      grossProfit: pnl,
      handlingFee: '11.35',
      closeFee,
      sellProfit: fixed(realised, 2),
      netProfit: fixed(realised.sub('11.35'), 2),
    });
    const after = await wallet(a.token);
    expect(after.held).toBe('0.00');
    expect(new Dec(after.available).sub('2495.00').toFixed(2)).toBe(closed.data.netProfit);
    // The close released the allotment's hold.
    const releases = await h.db.query<{ kind: string }>(
      `select hold.kind from ledger_journals j join ledger_journals hold on hold.id = j.hold_journal_id where j.kind = 'position.close' and j.ref_id = $1`,
      [closed.data.id],
    );
    expect(releases.map((r) => r.kind)).toEqual(['deal.allot']);

    // After the close the first day's close is written: the day's candle close, below or above the offer.
    clock = HK_CLOSE + 1000;
    const done = await until(
      () => deal(id),
      (d) => d.firstDayClose !== null,
    );
    const [day] = (await call(h, 'GET', '/web/m_ft/kline?symbol=8001.HK&range=1d')).data.candles;
    expect(done.firstDayClose).toBe(day.close);
    expect(done.firstDayPrice).toBe(day.open);
    expect(done.firstDayChangePercent).toBe(percentOf(new Dec(day.close).sub('7.50'), '7.50'));
    expect(subscriptions).toHaveLength(2);
  });

  it('lists a United States deal early on an operator’s call, from the next open, and counts the break rate', async () => {
    const c = await investor('1000.00');
    clock = MONDAY;
    const id = await allotted(usBody, '11.00', async (dealId) => {
      // 50 shares at 12.00 x 0.80 EUR = 480.00 held; all 50 allotted at 11.00 = 440.00.
      expect((await call(h, 'POST', '/web/NewShares/create', { token: c.token, headers: key(), body: { dealId, lots: 50 } })).code).toBe(200);
    });
    expect(await wallet(c.token)).toEqual({ available: '560.00', held: '440.00' });
    // Wednesday 03:00 in New York, two days before its listing date, the market shut: it trades from that day's open.
    clock = HK_CLOSE + 1000;
    const listed = await step(id, 'list');
    expect(listed.data).toMatchObject({ dealStatus: 'listed', listedOn: '2026-11-18', firstDayPrice: null });
    expect((await step(id, 'list')).status).toBe(422);
    const log = await call(h, 'GET', `/web/operator/audit?targetType=deal&targetId=${id}`, { token: op });
    expect(log.data.list.find((e: any) => e.action === 'deal.list').actorId).not.toBeNull();

    // Before its first open: the offer price, no book, no candles, not tradable; in the US list already.
    const q = (await quote(h, 'DRPY')).data;
    expect(q).toMatchObject({
      price_nominal: '11.00',
      preClose: '11.00',
      bid: '11.00',
      ask: '11.00',
      volume: '0',
      tradable: false,
      marketStatus: 'closed',
      hasPreMarketData: false,
    });
    expect((await call(h, 'GET', '/web/m_ft/kline?symbol=DRPY&range=1y')).data.candles).toEqual([]);
    expect((await call(h, 'GET', '/web/m_ft/stock_list?market=US&q=DRPY')).data.list.map((r: any) => r.symbol)).toEqual(['DRPY']);
    const [position] = (await call(h, 'POST', '/web/position/me', { token: c.token, body: {} })).data.list;
    expect(position).toMatchObject({ status: 1, symbol: 'DRPY', quantity: '50', margin: '440.00' });
    const refused = await call(h, 'POST', '/web/position/flatPosition', { token: c.token, headers: key(), body: { id: position.id } });
    expect(refused.status).toBe(422);

    // After its first close both first-day figures are written, and the list's break rate counts both deals.
    clock = US_CLOSE + 1000;
    const done = await until(
      () => deal(id),
      (d) => d.firstDayClose !== null,
    );
    expect(done.firstDayPrice).not.toBeNull();
    const list = (await call(h, 'GET', '/web/m_ft/webull/new/stock?size=100')).data;
    const listedDeals = list.list.filter((d: any) => d.status === 'listed');
    expect(listedDeals.map((d: any) => d.symbol).sort()).toEqual(['8001.HK', 'DRPY']);
    for (const d of listedDeals) expect(d.firstDayChangePercent).toBe(percentOf(new Dec(d.firstDayClose).sub(d.finalPrice), d.finalPrice));
    const broken = listedDeals.filter((d: any) => new Dec(d.firstDayClose).lt(d.finalPrice)).length;
    expect(list).toMatchObject({ firstDayCloses: 2, broken, breakRate: fixed(new Dec(broken).div(2), 4) });
    // Under this seed the Hong Kong deal's first day rises and this one's breaks: half of them broke.
    expect(listedDeals.find((d: any) => d.symbol === 'DRPY').firstDayChangePercent).toMatch(/^-/);
    expect(list.breakRate).toBe('0.5000');
  });
});
