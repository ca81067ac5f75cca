import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { Rng } from '../src/market/random';
import type { MarketProvider } from '../src/market/types';
import { matchAuction, type AuctionOrder } from '../src/modules/auction/matcher';
import { withHouse } from '../src/modules/auction/service';
import { pngBytes } from './fixtures';
import { call, drivers, operatorToken, registerUser, startServer, type Harness } from './harness';
import { PINNED_RATES, scriptedMarket } from './scripted';

// The pre-opening auction through HTTP (decision 0019, "The auction"), on a clock the test moves
// through one Hong Kong trading day: 2026-03-10 (a Tuesday), 09:00 HKT = 01:00 UTC.
const hk = (day: number, hour: number, minute: number, second = 0) => Date.UTC(2026, 2, day, hour - 8, minute, second);
const TENCENT = '0700.HK';
const ALIBABA = '9988.HK';

/**
 * Figures a test can check by hand: HKD 1 = USD 0.125 = EUR 0.1 (USDHKD 8, EURUSD 1.25), and for
 * Tencent (tick 0.5, lot 100) a previous close of 600.0 and a model open of 604.0, so its band is
 * 510.0 to 690.0. Alibaba keeps the model's own figures.
 */
const RATES = { ...PINNED_RATES, USDHKD: '8.00000' };
const SCRIPTED: Record<string, { previousClose: string; open: string }> = { [TENCENT]: { previousClose: '600.0', open: '604.0' } };

describe.each(await drivers())('the pre-opening auction on %s', (driver) => {
  let h: Harness;
  let op: string;
  let clock = hk(10, 8, 59);
  const market = scriptedMarket('scripted', RATES);
  const provider: MarketProvider = {
    ...market.provider,
    snapshot(symbol, at) {
      const s = market.provider.snapshot(symbol, at);
      const f = SCRIPTED[symbol];
      return f ? { ...s, previousClose: f.previousClose, open: f.open } : s;
    },
  };

  beforeAll(async () => {
    h = await startServer(driver, {}, { provider, now: () => clock });
    op = await operatorToken(h);
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const key = () => ({ 'idempotency-key': randomUUID() });
  const place = (token: string, body: object) =>
    call(h, 'POST', '/web/stock/auctionStockCreate', {
      token,
      headers: key(),
      body: { stockCode: TENCENT, direction: 0, type: 0, quantity: '100', leverage: 1, ...body },
    });
  const cancel = (token: string, id: number) => call(h, 'POST', '/web/auction/cancel', { token, headers: key(), body: { id } });
  const orders = async (token: string) => (await call(h, 'GET', '/web/auction/orders', { token })).data;

  async function investor(euros = '20000') {
    const u = await registerUser(h);
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
    const frontUrl = (await call(h, 'POST', '/web/file/upload', { form, token: u.token })).data.url;
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Ada', lastName: 'Auction', country: 'NL', idType: 'passport', idNumber: 'NX123456', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'fiat', currency: 'EUR', amount: euros, proofUrl: frontUrl },
    });
    await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'HK_STOCK', amount: euros } });
    return u;
  }

  async function wallet(token: string) {
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} });
    const w = r.data.find((x: any) => x.code === 'HK_STOCK');
    return { available: w.balance, held: w.usedBalance };
  }

  /** Every journal of an auction order and of the positions it became, oldest first: kind, what it refers to, the kind it releases, its entries. */
  async function journalsOf(order: { id: number; positionId: number | null; entrustedId: number | null }) {
    const rows = await h.db.query<{ id: number; kind: string; ref_type: string; releases: string | null }>(
      `select j.id, j.kind, j.ref_type, hold.kind as releases from ledger_journals j left join ledger_journals hold on hold.id = j.hold_journal_id
        where (j.ref_type = 'auction_order' and j.ref_id = $1) or (j.ref_type = 'position' and j.ref_id = any($2::bigint[])) order by j.id`,
      [order.id, [order.positionId ?? 0, order.entrustedId ?? 0]],
    );
    const out = [];
    for (const r of rows) {
      const entries = await h.db.query<{ account: string; amount: string }>(
        `select a.code || '/' || a.part as account, e.amount::text as amount from ledger_entries e join ledger_accounts a on a.id = e.account_id
          where e.journal_id = $1 order by a.part, a.code`,
        [r.id],
      );
      out.push([r.kind, r.ref_type, r.releases, Object.fromEntries(entries.map((e) => [e.account, new Dec(e.amount).toFixed(2)]))]);
    }
    return out;
  }

  async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await probe();
      if (done(v) || Date.now() > deadline) return v;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  let a: Awaited<ReturnType<typeof investor>>;
  let b: Awaited<ReturnType<typeof investor>>;
  let c: Awaited<ReturnType<typeof investor>>;

  it('takes orders from 09:00 to 09:20 Hong Kong time, on Hong Kong stocks, with limits in the band', async () => {
    [a, b, c] = [await investor(), await investor(), await investor('1000')];
    clock = hk(10, 8, 59);
    expect((await place(a.token, {})).msg).toBe(
      'The pre-opening auction takes orders from 09:00 to 09:20 Hong Kong time; the next opens at 10/03/2026 09:00 AM (Hong Kong time)',
    );
    const closed = await call(h, 'GET', '/web/auction/indicative', { lang: 'en' });
    expect(closed.data.session).toMatchObject({ phase: 'closed', timeZone: 'Asia/Hong_Kong', matchTimestamp: hk(10, 9, 20), inputFromTimestamp: hk(10, 9, 0) });

    clock = hk(10, 9, 5);
    const open = await call(h, 'GET', `/web/auction/indicative?stockCode=${TENCENT}`);
    expect(open.data.session).toMatchObject({ phase: 'input', tradingDay: '2026-03-10', noCancelFromTimestamp: hk(10, 9, 15), openTimestamp: hk(10, 9, 30) });
    expect(open.data.list).toEqual([
      expect.objectContaining({
        symbol: TENCENT,
        previousClose: '600.0',
        bandLow: '510.0',
        bandHigh: '690.0',
        price: null,
        volume: '0',
        orders: 0,
        matched: false,
      }),
    ]);
    expect((await place(a.token, { stockCode: 'AAPL' })).msg).toBe('Only Hong Kong stocks take part in the pre-opening auction');
    const outside = await place(a.token, { type: 1, price: '509.5' });
    expect(outside).toMatchObject({ status: 400, msg: 'An at-auction limit must be between 510.0 and 690.0: within 15 % of the previous close' });
    expect(outside.data.fields).toEqual({ price: 'e.auctionBand' });
    expect((await place(a.token, { type: 1, price: '690.5' })).status).toBe(400);
    expect((await place(a.token, { type: 1, price: '600.2' })).msg).toBe('The price must be a multiple of 0.5');
    expect((await place(a.token, { quantity: '150' })).msg).toBe('The quantity must be a multiple of 100 and at least 100');
    expect((await place(a.token, { type: 1 })).msg).toBe('Please enter the correct amount');
    // 690.0 x 100 x EUR 0.1 = 6900.00 at leverage 1 is more than 1000 euros.
    expect((await place(c.token, {})).msg).toBe('Insufficient balance');
    expect(await wallet(c.token)).toEqual({ available: '1000.00', held: '0.00' });
    expect((await place(c.token, { leverage: 10 })).msg).toBe('Leverage above 5:1 on this instrument needs your risk acknowledgement first');
    expect(
      (await call(h, 'POST', '/web/stock/auctionStockCreate', { token: a.token, body: { stockCode: TENCENT, direction: 0, quantity: '100' } })).status,
    ).toBe(400);
  });

  it('holds an order at the most it can cost; cancels before 09:15 give the hold back, after it they are refused', async () => {
    clock = hk(10, 9, 6);
    const first = await place(b.token, { quantity: '200' });
    // At-auction: held at the band's top, 690.0 x 200 x 0.1 = 13800.00 margin + 0.05 % = 6.90 fee.
    expect(first.data).toMatchObject({
      status: 'collected',
      type: 0,
      price: null,
      holdPrice: '690.0',
      held: '13806.90',
      walletCode: 'HK_STOCK',
      walletCurrency: 'EUR',
      tradingDay: '2026-03-10',
      cancellable: true,
    });
    expect(await wallet(b.token)).toEqual({ available: '6193.10', held: '13806.90' });

    expect((await cancel(c.token, first.data.id)).status).toBe(404);
    expect((await orders(c.token)).list).toEqual([]);
    clock = hk(10, 9, 10);
    const cancelled = await cancel(b.token, first.data.id);
    expect(cancelled.data).toMatchObject({ status: 'cancelled', cancellable: false });
    expect(await wallet(b.token)).toEqual({ available: '20000.00', held: '0.00' });
    expect(await journalsOf(cancelled.data)).toEqual([
      ['order.hold', 'auction_order', null, { 'HK_STOCK/available': '-13806.90', 'HK_STOCK/held': '13806.90' }],
      ['order.release', 'auction_order', 'order.hold', { 'HK_STOCK/available': '13806.90', 'HK_STOCK/held': '-13806.90' }],
    ]);
    expect((await cancel(b.token, first.data.id)).msg).toBe('This order can no longer be cancelled');

    const second = await place(b.token, {});
    expect(second.data).toMatchObject({ held: '6903.45', cancellable: true });
    clock = hk(10, 9, 16);
    expect((await cancel(b.token, second.data.id)).msg).toBe('Auction orders can no longer be cancelled after 09:15 Hong Kong time');
    expect((await orders(b.token)).list.map((o: any) => [o.id, o.status, o.cancellable])).toEqual([
      [second.data.id, 'collected', false],
      [first.data.id, 'cancelled', false],
    ]);
  });

  let placed: Record<string, any> = {};

  it('still takes orders from 09:15 to 09:20 and shows the indicative price with the house at the model’s open', async () => {
    clock = hk(10, 9, 17);
    const bodies: Record<string, object> = {
      auctionBuy: { leverage: 5 },
      limitBuyCrossing: { type: 1, price: '610.0', leverage: 2 },
      limitBuyBelow: { type: 1, price: '600.0', leverage: 2 },
      limitSellAbove: { direction: 1, type: 1, price: '620.0', leverage: 5 },
      auctionSell: { direction: 1, leverage: 2 },
      limitSellCrossing: { direction: 1, type: 1, price: '600.0' },
    };
    placed = {};
    for (const [name, body] of Object.entries(bodies)) {
      const r = await place(a.token, body);
      expect(r.code, name).toBe(200);
      placed[name] = r.data;
    }
    // Buys are held at their limit (at-auction: the band's top); sells at the band's top, where a short costs most.
    expect(Object.fromEntries(Object.entries(placed).map(([n, o]) => [n, [o.holdPrice, o.held]]))).toEqual({
      auctionBuy: ['690.0', '1383.45'], // 6900.00 / 5 = 1380.00 + 3.45
      limitBuyCrossing: ['610.0', '3053.05'], // 6100.00 / 2 = 3050.00 + 3.05
      limitBuyBelow: ['600.0', '3003.00'], // 6000.00 / 2 = 3000.00 + 3.00
      limitSellAbove: ['690.0', '1383.45'],
      auctionSell: ['690.0', '3453.45'], // 6900.00 / 2 = 3450.00 + 3.45
      limitSellCrossing: ['690.0', '6903.45'], // 6900.00 / 1 + 3.45
    });
    expect(await wallet(a.token)).toEqual({ available: '820.15', held: '19179.85' });

    // Crossing 604.0: buys 300 (two at-auction, the 610.0 limit), sells 200 (at-auction, the 600.0 limit);
    // the house buys 200 and sells 300 there, so 500 match at 604.0.
    const r = await call(h, 'GET', `/web/auction/indicative?stockCode=${TENCENT}`);
    expect(r.data.session.phase).toBe('noCancel');
    expect(r.data.list[0]).toMatchObject({ price: '604.0', volume: '500', orders: 7, matched: false });
    const list = await call(h, 'POST', '/web/m_ft/preMarketList', { body: { size: 50 } });
    expect(list.data.session.phase).toBe('noCancel');
    expect(list.data.list.every((q: any) => q.market === 'HK' && q.source === 7 && q.auction.symbol === q.symbol)).toBe(true);
    expect(list.data.list.find((q: any) => q.symbol === TENCENT).auction).toMatchObject({ price: '604.0', volume: '500' });
  });

  let before: Awaited<ReturnType<typeof everything>>;
  async function everything() {
    const [counts] = await h.db.query(
      `select (select count(*)::int from ledger_journals) as journals, (select count(*)::int from positions) as positions,
              (select count(*)::int from notices) as notices, (select count(*)::int from audit_log where action = 'auction.match') as matches`,
    );
    const balances = await h.db.query('select id, balance::text from ledger_accounts order by id');
    const auctionOrders = await h.db.query('select id, status, filled_quantity::text, position_id, entrusted_id from auction_orders order by id');
    return { counts, balances, auctionOrders };
  }

  it('matches at 09:20: fills at the auction price, returns what the hold kept beyond it, entrusts unfilled limits', async () => {
    clock = hk(10, 9, 20);
    const done = await until(
      () => orders(a.token),
      (d) => d.list.every((o: any) => o.status !== 'collected'),
    );
    const byId = new Map(done.list.map((o: any) => [o.id, o]));
    const result = (name: string) => byId.get(placed[name].id) as any;
    expect(done.session.phase).toBe('matching');
    expect(result('auctionBuy')).toMatchObject({ status: 'filled', filledQuantity: '100', fillPrice: '604.0', entrustedId: null });
    expect(result('limitBuyCrossing')).toMatchObject({ status: 'filled', fillPrice: '604.0' });
    expect(result('auctionSell')).toMatchObject({ status: 'filled', fillPrice: '604.0' });
    expect(result('limitSellCrossing')).toMatchObject({ status: 'filled', fillPrice: '604.0' });
    expect(result('limitBuyBelow')).toMatchObject({ status: 'passedOn', filledQuantity: '0', fillPrice: null, positionId: null });
    expect(result('limitSellAbove')).toMatchObject({ status: 'passedOn', filledQuantity: '0', positionId: null });

    // At 604.0: 6040.00 notional, fee 3.02. The at-auction buy at leverage 5 keeps 1208.00 + 3.02 of its
    // 1383.45 and returns 172.43, in the journal that opens its position.
    const filled = await call(h, 'POST', '/web/position/detail', { token: a.token, body: { id: result('auctionBuy').positionId } });
    expect(filled.data).toMatchObject({
      status: 1,
      type: 0,
      direction: 0,
      openPrice: '604.0',
      quantity: '100',
      leverage: 5,
      margin: '1208.00',
      handlingFee: '3.02',
    });
    expect(filled.data.history.map((e: any) => [e.event, e.price, e.quantity])).toEqual([
      ['placed', '604', '100'],
      ['filled', '604', '100'],
    ]);
    expect(await journalsOf(result('auctionBuy'))).toEqual([
      ['order.hold', 'auction_order', null, { 'HK_STOCK/available': '-1383.45', 'HK_STOCK/held': '1383.45' }],
      ['order.open', 'position', 'order.hold', { 'HK_STOCK/available': '172.43', 'fees/house': '3.02', 'HK_STOCK/held': '-175.45' }],
    ]);
    expect(await journalsOf(result('limitSellCrossing'))).toEqual([
      ['order.hold', 'auction_order', null, { 'HK_STOCK/available': '-6903.45', 'HK_STOCK/held': '6903.45' }],
      ['order.open', 'position', 'order.hold', { 'HK_STOCK/available': '860.43', 'fees/house': '3.02', 'HK_STOCK/held': '-863.45' }],
    ]);
    // The unfilled buy at 600.0 is entrusted with the same 3000.00 + 3.00 it held; the sell at 620.0
    // holds 1240.00 + 3.10 of the 1383.45 it held at the band's top.
    const entrusted = await call(h, 'POST', '/web/position/consignList', { token: a.token, body: {} });
    expect(entrusted.data.list.map((p: any) => [p.id, p.direction, p.price, p.quantity, p.margin, p.handlingFee])).toEqual([
      [result('limitSellAbove').entrustedId, 1, '620.0', '100', '1240.00', '3.10'],
      [result('limitBuyBelow').entrustedId, 0, '600.0', '100', '3000.00', '3.00'],
    ]);
    expect(await journalsOf(result('limitSellAbove'))).toEqual([
      ['order.hold', 'auction_order', null, { 'HK_STOCK/available': '-1383.45', 'HK_STOCK/held': '1383.45' }],
      ['order.release', 'auction_order', 'order.hold', { 'HK_STOCK/available': '1383.45', 'HK_STOCK/held': '-1383.45' }],
      ['order.hold', 'position', null, { 'HK_STOCK/available': '-1243.10', 'HK_STOCK/held': '1243.10' }],
    ]);
    // Held now: margins 1208.00 + 3020.00 + 3020.00 + 6040.00 and the entrusted 3003.00 + 1243.10;
    // paid: four fees of 3.02. 20000.00 - 17534.10 - 12.08 = 2453.82.
    expect(await wallet(a.token)).toEqual({ available: '2453.82', held: '17534.10' });
    expect(await wallet(b.token)).toEqual({ available: '13956.98', held: '6040.00' });

    const bNotices = await call(h, 'GET', '/web/userMessage/getMessage', { token: b.token, lang: 'en' });
    expect(bNotices.data.list[0]).toMatchObject({
      kind: 'auction.filled',
      title: 'Auction order filled',
      body: 'Buy 100 Tencent Holdings Ltd. filled in the pre-opening auction at 604.0 HKD, leverage 1x, margin 6040.00 EUR. 860.43 EUR of what was held returned.',
    });
    const aNotices = await call(h, 'GET', '/web/userMessage/getMessage', { token: a.token, lang: 'nl' });
    expect(
      aNotices.data.list
        .map((n: any) => n.kind)
        .filter((k: string) => k.startsWith('auction.'))
        .sort(),
    ).toEqual(['auction.filled', 'auction.filled', 'auction.filled', 'auction.filled', 'auction.unfilled', 'auction.unfilled']);
    expect(aNotices.data.list.find((n: any) => n.kind === 'auction.unfilled').body).toMatch(
      /vond geen tegenpartij in de openingsveiling\. Wat niet is uitgevoerd, wacht nu als limietorder op de limietprijs\.$/,
    );

    const indicative = await call(h, 'GET', `/web/auction/indicative?stockCode=${TENCENT}`);
    expect(indicative.data.list[0]).toMatchObject({ price: '604.0', volume: '500', orders: 7, matched: true });
    const [audit] = await h.db.query<{ target_id: string; after: any }>("select target_id, after from audit_log where action = 'auction.match'");
    expect(audit!.target_id).toBe(`${TENCENT}:2026-03-10`);
    expect(audit!.after.result).toMatchObject({ price: '604.0', matchedVolume: '500' });
    expect(audit!.after.input.orders.filter((o: any) => o.id.startsWith('house'))).toEqual([
      { id: 'house-buy', side: 'buy', type: 'limit', price: '604.0', quantity: '200', sequence: Number.MAX_SAFE_INTEGER },
      { id: 'house-sell', side: 'sell', type: 'limit', price: '604.0', quantity: '300', sequence: Number.MAX_SAFE_INTEGER },
    ]);
    expect((await place(a.token, {})).msg).toMatch(/the next opens at 11\/03\/2026 09:00 AM \(Hong Kong time\)$/);
    before = await everything();
  });

  it('changes nothing when the match job runs again', async () => {
    // The job runs every 5 seconds: after 6 it has run at least once more on the matched book.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await everything()).toEqual(before);
    expect(before.counts).toMatchObject({ matches: 1 });
  });

  it('hands its positions and entrusted orders to trading: they close and cancel with their holds', async () => {
    clock = hk(10, 10, 0);
    market.set(TENCENT, '610.0');
    const o = (await orders(a.token)).list;
    const buy = o.find((x: any) => x.id === placed.auctionBuy.id);
    const close = await call(h, 'POST', '/web/position/flatPosition', { token: a.token, headers: key(), body: { id: buy.positionId } });
    // Sold at the bid 609.5: (609.5 - 604.0) x 100 x 0.1 = 55.00 profit; fee 6095.00 x 0.05 % = 3.05 (3.0475).
    expect(close.data).toMatchObject({ status: 3, closePrice: '609.5', sellProfit: '51.95', closeFee: '3.05' });
    const below = o.find((x: any) => x.id === placed.limitBuyBelow.id);
    const cancelled = await call(h, 'POST', '/web/position/cancelConsign', { token: a.token, headers: key(), body: { id: below.entrustedId } });
    expect(cancelled.data.status).toBe(4);
    expect((await journalsOf(below)).slice(-1)).toEqual([
      ['order.release', 'position', 'order.hold', { 'HK_STOCK/available': '3003.00', 'HK_STOCK/held': '-3003.00' }],
    ]);
    // 2453.82 + 1208.00 margin + 51.95 + 3003.00.
    expect(await wallet(a.token)).toEqual({ available: '6716.77', held: '13323.10' });
  });

  it('prices the auction at the model’s opening price: the house’s depth meets every order that crosses it', async () => {
    const d = await investor();
    clock = hk(11, 9, 1);
    const model = market.provider.snapshot(ALIBABA, hk(11, 10, 0));
    expect(model.session.tradingDay).toBe('2026-03-11');
    const buy = await place(d.token, { stockCode: ALIBABA });
    const sell = await place(d.token, { stockCode: ALIBABA, direction: 1, quantity: '300' });
    expect([buy.code, sell.code]).toEqual([200, 200]);
    const indicative = await call(h, 'GET', `/web/auction/indicative?stockCode=${ALIBABA}`);
    expect(indicative.data.list[0]).toMatchObject({ price: model.open, volume: '400' });
    clock = hk(11, 9, 20, 1);
    const done = await until(
      () => orders(d.token),
      (r) => r.list.every((x: any) => x.status !== 'collected'),
    );
    expect(done.list.map((x: any) => [x.status, x.fillPrice])).toEqual([
      ['filled', model.open],
      ['filled', model.open],
    ]);
    // The same day of Tencent had no orders: its book was never written, and nothing was matched for it.
    expect((await call(h, 'GET', `/web/auction/indicative?stockCode=${TENCENT}`)).data.list[0]).toMatchObject({ price: null, orders: 0, matched: false });
  });

  it('has no test clock unless the server is started with one', async () => {
    expect((await call(h, 'POST', '/web/test/auction/clock', { token: op, body: { at: hk(10, 9, 0) } })).status).toBe(404);
  });
});

// Each test starts a server of its own on a new database (migrations and seeds): up to a minute on a loaded machine.
describe('the desks’ test clocks', { timeout: 120_000 }, () => {
  it('let an operator move the auction’s time alone when TEST_CLOCKS is set', async () => {
    const h = await startServer('pglite', { TEST_CLOCKS: '1' });
    try {
      const op = await operatorToken(h);
      const investor = await registerUser(h);
      expect((await call(h, 'POST', '/web/test/auction/clock', { token: investor.token, body: { at: hk(10, 9, 5) } })).status).toBe(403);
      expect((await call(h, 'POST', '/web/test/auction/clock', { token: op, body: { at: hk(10, 9, 5) } })).code).toBe(200);
      const r = await call(h, 'GET', '/web/auction/indicative');
      expect(r.data.session).toMatchObject({ phase: 'input', tradingDay: '2026-03-10' });
      await call(h, 'POST', '/web/test/auction/clock', { token: op, body: { at: null } });
      expect((await call(h, 'GET', '/web/auction/indicative')).data.session.tradingDay).not.toBe('2026-03-10');
    } finally {
      await h.close();
    }
  });

  it('let an operator move the block desk’s time alone: the block list and the quotes follow it, the auction and the market do not', async () => {
    const h = await startServer('pglite', { TEST_CLOCKS: '1' });
    try {
      const op = await operatorToken(h);
      const investor = await registerUser(h);
      const setBlockClock = (token: string, at: number | null) => call(h, 'POST', '/web/test/blockTrade/clock', { token, body: { at } });
      const aapl = async () =>
        (await call(h, 'POST', '/web/m_ft/block_list', { body: { q: 'AAPL' } })).data.list.find((q: { symbol: string }) => q.symbol === 'AAPL');
      const auctionDay = async () => (await call(h, 'GET', '/web/auction/indicative')).data.session.tradingDay;
      const before = { auction: await auctionDay(), quote: (await call(h, 'GET', '/web/m_ft/detail_quote?symbol=AAPL')).data.tradable };

      expect((await setBlockClock(investor.token, Date.UTC(2026, 2, 10, 15))).status).toBe(403);
      // Tuesday 10 March 2026, 11:00 in New York (summer time from the 8th): the regular session.
      expect((await setBlockClock(op, Date.UTC(2026, 2, 10, 15))).code).toBe(200);
      expect(await aapl()).toMatchObject({ tradable: true, marketStatus: 'regular', nextOpenTimestamp: null });
      // Saturday the 14th: closed until Monday's pre-market at 04:00 in New York (08:00 UTC).
      await setBlockClock(op, Date.UTC(2026, 2, 14, 15));
      expect(await aapl()).toMatchObject({ tradable: false, marketStatus: 'closed', nextOpenTimestamp: Date.UTC(2026, 2, 16, 8) });
      expect(await auctionDay()).toBe(before.auction);
      expect((await call(h, 'GET', '/web/m_ft/detail_quote?symbol=AAPL')).data.tradable).toBe(before.quote);
      await setBlockClock(op, null);
      expect((await aapl()).tradable).toBe(before.quote);
    } finally {
      await h.close();
    }
  });
});

describe('the house’s depth at the reference price', () => {
  it('makes the reference the auction price and fills every order that crosses it in full, and only those, over 2000 seeded books', () => {
    const rng = new Rng(20260310);
    const ticks = (n: number) => new Dec(n).mul('0.5').toFixed(1);
    for (let book = 0; book < 2000; book++) {
      const reference = ticks(180 + rng.below(41));
      const orders: AuctionOrder[] = Array.from({ length: 1 + rng.below(8) }, (_, n) => {
        const side = rng.next() < 0.5 ? 'buy' : 'sell';
        const quantity = String(100 * (1 + rng.below(5)));
        return rng.next() < 0.3
          ? { id: `o${n}`, side, type: 'auction', quantity, sequence: n }
          : { id: `o${n}`, side, type: 'limit', price: ticks(170 + rng.below(61)), quantity, sequence: n };
      });
      const crosses = (o: AuctionOrder) => o.type === 'auction' || (o.side === 'buy' ? new Dec(o.price!).gte(reference) : new Dec(o.price!).lte(reference));
      const r = matchAuction({ orders: withHouse(orders, reference).orders, referencePrice: reference, tickSize: '0.5' });
      const filled = new Map(r.fills.map((f) => [f.id, f.quantity]));
      const crossing = orders.filter(crosses);
      if (crossing.length > 0) expect(r.price, `book ${book}`).toBe(reference);
      else expect(r.price, `book ${book}`).toBeNull();
      for (const o of orders) expect(filled.get(o.id) ?? '0', `book ${book}, ${o.id}`).toBe(crosses(o) ? o.quantity : '0');
    }
  });
});
