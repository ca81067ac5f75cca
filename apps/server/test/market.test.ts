import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { call, drivers, registerUser, startServer, type Harness } from './harness';

// Wednesday 18 November 2026, 10:30 in New York: US regular session, Europe open, crypto always.
const PINNED = Date.parse('2026-11-18T15:30:00Z');
const SEED = 'test-seed-1';

describe.each(await drivers())('markets on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer(driver, { MARKET_SEED: SEED }, { now: () => PINNED });
  });
  afterAll(() => h.close());

  it('lists each stock market with at least ten real companies, paged, sorted and filtered on the server', async () => {
    for (const market of ['US', 'HK', 'DE', 'NL', 'BE', 'MX']) {
      const r = await call(h, 'GET', `/web/m_ft/stock_list?market=${market}&size=100`);
      expect(r.code, market).toBe(200);
      expect(r.data.total, market).toBeGreaterThanOrEqual(10);
      expect(new Set(r.data.list.map((q: any) => q.market))).toEqual(new Set([market]));
    }
    const sorted = await call(h, 'GET', '/web/m_ft/stock_list?market=US&sort=change_ratio&order=desc&size=100');
    const ratios = sorted.data.list.map((q: any) => new Dec(q.change_ratio));
    for (let i = 1; i < ratios.length; i++) expect(ratios[i - 1].gte(ratios[i])).toBe(true);
    const page1 = await call(h, 'GET', '/web/m_ft/stock_list?market=US&sort=name&order=asc&size=5&page=1');
    const page2 = await call(h, 'GET', '/web/m_ft/stock_list?market=US&sort=name&order=asc&size=5&page=2');
    expect(page1.data.list).toHaveLength(5);
    expect(page2.data.list[0].name.localeCompare(page1.data.list[4].name)).toBeGreaterThan(0);
    const nasdaq = await call(h, 'GET', '/web/m_ft/stock_list?market=US&exchange=NASDAQ&size=100');
    expect(nasdaq.data.list.every((q: any) => q.marketType === 'NASDAQ')).toBe(true);
    const apple = await call(h, 'GET', '/web/m_ft/all_stock_list?q=apple');
    expect(apple.data.list.map((q: any) => q.symbol)).toContain('AAPL');
    const bad = await call(h, 'GET', '/web/m_ft/stock_list?size=1000');
    expect(bad.status).toBe(400);
  });

  it('answers every list call of the specification with quotes from the engine', async () => {
    const calls: Array<['GET' | 'POST', string, (q: any) => boolean]> = [
      ['POST', '/web/m_ft/block_list', (q) => q.source === 4],
      ['POST', '/web/m_ft/preMarketList', (q) => q.source === 7 && q.market === 'HK' && q.auction.symbol === q.symbol],
      ['POST', '/web/m_ft/bondsList', (q) => q.source === 101 && q.couponRate !== null],
      ['GET', '/web/hk_st/all_stock_list', (q) => q.market === 'HK' && q.source === 11],
      ['GET', '/web/m_ft/global_index', (q) => q.source === 99],
      ['GET', '/web/m_ft/futures_list', (q) => q.source === 3 && q.expiryDate !== null],
      ['GET', '/web/m_ft/hot_stock', (q) => q.assetClass === 'stock'],
      ['GET', '/web/m_ft/home_custom_list', (q) => ['index', 'crypto'].includes(q.assetClass)],
      ['GET', '/web/m_ft/forex_index', (q) => q.source === 2],
      ['GET', '/web/m_ft/forex_list', (q) => q.source === 2],
      ['GET', '/web/crypto/quantify_list', (q) => q.assetClass === 'crypto'],
      ['GET', '/web/m_ft/topList?type=active', (q) => q.assetClass === 'stock'],
    ];
    for (const [method, path, check] of calls) {
      const r = await call(h, method, path, method === 'POST' ? { body: {} } : {});
      expect(r.code, path).toBe(200);
      expect(r.data.list.length, path).toBeGreaterThan(0);
      expect(r.data.list.every(check), path).toBe(true);
      expect(
        r.data.list.every((q: any) => q.simulated === true),
        path,
      ).toBe(true);
    }
    const zt = await call(h, 'GET', '/web/m_ft/zt_stock_list');
    expect(zt.data.list.every((q: any) => new Dec(q.change_ratio).gte(5))).toBe(true);
    const gainers = await call(h, 'GET', '/web/m_ft/topList?type=gainers&size=50');
    const losers = await call(h, 'GET', '/web/m_ft/topList?type=losers&size=50');
    expect(gainers.data.list.every((q: any) => !q.fall)).toBe(true);
    expect(losers.data.list.every((q: any) => q.fall)).toBe(true);
    const categories = await call(h, 'GET', '/web/m_ft/futures_opt_list');
    expect(categories.data.map((c: any) => c.assetClass)).toEqual(expect.arrayContaining(['metal', 'energy', 'agri']));
  });

  it('gives every quote field, with change and ratio exact against the previous close', async () => {
    const r = await call(h, 'GET', '/web/m_ft/stock_detail_ft?symbol=AAPL');
    const q = r.data;
    for (const field of [
      'price_nominal',
      'change',
      'change_ratio',
      'open',
      'high',
      'low',
      'preClose',
      'bid',
      'ask',
      'bidVolume',
      'askVolume',
      'volume',
      'high52w',
      'low52w',
      'marketCap',
      'amplitude',
    ]) {
      expect(q[field], field).toMatch(/^-?\d+(\.\d+)?$/);
    }
    expect(new Dec(q.price_nominal).sub(q.preClose).eq(q.change)).toBe(true);
    expect(new Dec(q.change).div(q.preClose).mul(100).toDecimalPlaces(2).eq(q.change_ratio)).toBe(true);
    expect(q.fall).toBe(new Dec(q.change).isNegative());
    expect(new Dec(q.bid).lt(q.ask)).toBe(true);
    expect(new Dec(q.low).lte(q.price_nominal) && new Dec(q.high).gte(q.price_nominal)).toBe(true);
    expect(q).toMatchObject({ marketStatus: 'regular', tradable: true, currencyUsDatetime: '2026-11-18 10:30:00', selfSelectStatus: 0, marketType: 'NASDAQ' });
    expect(q.profile.length).toBeGreaterThan(20);
    const future = await call(h, 'GET', '/web/m_ft/detail_quote?symbol=GC');
    expect(future.data.openInterest).toMatch(/^\d+/);
    expect(future.data.expiryDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const byCode = await call(h, 'GET', '/web/quotes/getStock?code=00700');
    expect(byCode.data.symbol).toBe('0700.HK');
    const summary = await call(h, 'GET', '/web/m_ft/summary_detail?symbol=ASML.AS');
    expect(summary.data).toMatchObject({ currency: 'EUR', exchange: 'EURONEXT-AMS' });
    const missing = await call(h, 'GET', '/web/m_ft/stock_detail_ft?symbol=NOPE');
    expect(missing.status).toBe(404);
    const notCrypto = await call(h, 'GET', '/web/crypto/stock_detail_ft?symbol=AAPL');
    expect(notCrypto.status).toBe(404);
    expect((await call(h, 'GET', '/web/crypto/stock_detail_ft?symbol=BTCUSDT')).data.assetClass).toBe('crypto');
  });

  it('draws candles for every range whose last close is the live price', async () => {
    for (const symbol of ['AAPL', 'BTCUSDT', 'EURUSD', 'SAP.DE']) {
      const live = (await call(h, 'GET', `/web/m_ft/stock_detail_ft?symbol=${symbol}`)).data.price_nominal;
      for (const range of ['intraday', '1d', '1w', '1m', '3m', '1y']) {
        const r = await call(h, 'GET', `/web/m_ft/kline?symbol=${symbol}&range=${range}`);
        const candles = r.data.candles;
        expect(candles.length, `${symbol} ${range}`).toBeGreaterThan(0);
        for (let i = 1; i < candles.length; i++) expect(candles[i].time).toBeGreaterThan(candles[i - 1].time);
        expect(candles.at(-1).close, `${symbol} ${range}`).toBe(live);
        for (const c of candles) expect(new Dec(c.high).gte(c.low)).toBe(true);
      }
    }
    const year = await call(h, 'GET', '/web/m_ft/kline?symbol=AAPL&range=1y');
    expect(year.data.interval).toBe('1d');
    expect(year.data.candles.length).toBeGreaterThanOrEqual(240);
    expect(PINNED - year.data.candles[0].time).toBeGreaterThan(360 * 86_400_000);
    // 1d is daily candles over two months, not the intraday day again in 5-minute candles.
    const day = await call(h, 'GET', '/web/m_ft/kline?symbol=AAPL&range=1d');
    expect(day.data.interval).toBe('1d');
    expect(day.data.candles.length).toBeGreaterThanOrEqual(35);
    expect(day.data.candles.length).toBeLessThanOrEqual(45);
    const days = new Set(day.data.candles.map((c: any) => new Date(c.time).toISOString().slice(0, 10)));
    expect(days.size).toBe(day.data.candles.length);
    expect(PINNED - day.data.candles[0].time).toBeGreaterThan(55 * 86_400_000);
    const intraday = await call(h, 'GET', '/web/m_ft/kline?symbol=AAPL&range=intraday');
    expect(intraday.data.interval).toBe('1m');
    expect(new Set(intraday.data.candles.map((c: any) => new Date(c.time).toISOString().slice(0, 10))).size).toBe(1);
    // Intraday carries the previous close of the day it draws (today's: the quote's), other ranges none.
    const apple = (await call(h, 'GET', '/web/m_ft/stock_detail_ft?symbol=AAPL')).data;
    expect(intraday.data.previousClose).toBe(apple.preClose);
    expect(intraday.data.previousClose).toBe(day.data.candles.at(-2).close);
    expect(day.data.previousClose).toBeNull();
    const crypto = await call(h, 'GET', '/web/crypto/kline?symbol=ETHUSDT&range=1w');
    expect(crypto.data.candles.length).toBeGreaterThan(0);
  });

  it("tells each market's session", async () => {
    const all = await call(h, 'POST', '/web/market/getMakets', { body: {} });
    const by = Object.fromEntries(all.data.map((m: any) => [m.market, m]));
    expect(by.US).toMatchObject({ phase: 'regular', tradable: true, timeZone: 'America/New_York', tradingDay: '2026-11-18' });
    expect(by.CRYPTO.tradable).toBe(true);
    expect(by.HK.phase).toBe('closed');
    // Closed at 23:30 in Hong Kong: it opens at 09:30 the next morning (the 09:00 auction is not tradable).
    const opens = Date.parse('2026-11-19T01:30:00Z');
    expect(by.HK).toMatchObject({ tradable: false, timeZone: 'Asia/Hong_Kong', nextOpenTimestamp: opens });
    expect(by.US.nextOpenTimestamp).toBeNull();
    const tencent = (await call(h, 'GET', '/web/m_ft/stock_detail_ft?symbol=0700.HK')).data;
    expect(tencent).toMatchObject({ marketStatus: 'closed', tradable: false, timeZone: 'Asia/Hong_Kong', nextOpenTimestamp: opens });
    const one = await call(h, 'POST', '/web/market/getMaket', { body: { market: 'DE' } });
    expect(one.data.timeZone).toBe('Europe/Berlin');
  });

  it('keeps placings and new listings', async () => {
    // Placings are the placements operators create (placements.test.ts): none on a fresh server.
    const sale = await call(h, 'POST', '/web/m_ft/sale_list', { body: {} });
    expect(sale.data).toMatchObject({ list: [], total: 0 });
    const time = await call(h, 'POST', '/web/m_ft/get_sale_time', { body: { symbol: 'NVDA' } });
    expect(time.data).toEqual({ symbol: 'NVDA', open: false, nextChangeTimestamp: null });
    // New listings are IPO deals now (deals.test.ts): the fictional companies are seeded at first start.
    const listings = await call(h, 'GET', '/web/m_ft/webull/new/stock');
    expect(listings.data.list.map((l: any) => l.symbol)).toEqual(expect.arrayContaining(['NRVA', 'HLXB', '2899.HK']));
    const one = await call(h, 'GET', `/web/m_ft/new_stock/detail?symbol=${listings.data.list[0].symbol}`);
    expect(one.data.name).toBe(listings.data.list[0].name);
  });

  it('searches every market by code or name', async () => {
    const tencent = await call(h, 'GET', '/web/market/search?q=tencent');
    expect(tencent.data[0].symbol).toBe('0700.HK');
    const btc = await call(h, 'GET', '/web/market/search?q=BTC');
    expect(btc.data[0].symbol).toBe('BTCUSDT');
    expect((await call(h, 'GET', '/web/market/search?q=')).data).toEqual([]);
  });

  it('keeps a watchlist per user: no duplicates, in order, rows with provider fields', async () => {
    const a = await registerUser(h);
    const b = await registerUser(h);
    for (const code of ['AAPL', 'BTCUSDT', '00700', 'AAPL']) {
      const r = await call(h, 'POST', '/web/userSelfSecurity/save', { token: a.token, body: { secuCode: code, market: code === '00700' ? 'HK' : undefined } });
      expect(r.code, code).toBe(200);
    }
    const list = await call(h, 'GET', '/web/userSelfSecurity/selectSelfSelectionStocksData?spark=true', { token: a.token });
    expect(list.data.map((r: any) => r.symbol)).toEqual(['AAPL', 'BTCUSDT', '0700.HK']);
    const aapl = list.data[0];
    expect(aapl).toMatchObject({
      f14: aapl.quote.name,
      f12: 'AAPL',
      f4: aapl.quote.change,
      f3: aapl.quote.change_ratio,
      f5: aapl.quote.volume,
      f2: aapl.quote.price_nominal,
    });
    expect(aapl.quote.spark.length).toBe(50);
    const detail = await call(h, 'GET', '/web/m_ft/stock_detail_ft?symbol=AAPL', { token: a.token });
    expect(detail.data.selfSelectStatus).toBe(1);
    expect((await call(h, 'GET', '/web/m_ft/stock_detail_ft?symbol=AAPL', { token: b.token })).data.selfSelectStatus).toBe(0);

    const ids = list.data.map((r: any) => r.id);
    await call(h, 'POST', '/web/userSelfSecurity/reorder', { token: a.token, body: { ids: [ids[2], ids[0]] } });
    const reordered = await call(h, 'GET', '/web/userSelfSecurity/selectSelfSelectionStocksData', { token: a.token });
    expect(reordered.data.map((r: any) => r.symbol)).toEqual(['0700.HK', 'AAPL', 'BTCUSDT']);

    expect((await call(h, 'POST', `/web/userSelfSecurity/delete/${ids[0]}`, { token: b.token, body: {} })).status).toBe(404);
    expect((await call(h, 'GET', '/web/userSelfSecurity/selectSelfSelectionStocksData', { token: b.token })).data).toEqual([]);
    expect((await call(h, 'POST', `/web/userSelfSecurity/delete/${ids[0]}`, { token: a.token, body: {} })).data.removed).toBe(1);
    expect((await call(h, 'POST', '/web/userSelfSecurity/deleteByStockCode/BTCUSDT', { token: a.token, body: {} })).data.removed).toBe(1);
    const left = await call(h, 'GET', '/web/userSelfSecurity/selectSelfSelectionStocksData', { token: a.token });
    expect(left.data.map((r: any) => r.symbol)).toEqual(['0700.HK']);
    const unknown = await call(h, 'POST', '/web/userSelfSecurity/save', { token: a.token, body: { secuCode: 'NOPE' } });
    expect(unknown.status).toBe(404);
    const empty = await call(h, 'POST', '/web/userSelfSecurity/save', { token: a.token, body: {} });
    expect([empty.status, empty.msg]).toEqual([400, 'Please fill in the required information']);
    expect((await call(h, 'GET', '/web/userSelfSecurity/selectSelfSelectionStocksData')).status).toBe(401);
  });
});

describe('the simulated market through the API', () => {
  it('is deterministic for a seed and differs for another', async () => {
    const [one, two, other] = await Promise.all([
      startServer('pglite', { MARKET_SEED: 'alpha' }, { now: () => PINNED }),
      startServer('pglite', { MARKET_SEED: 'alpha' }, { now: () => PINNED }),
      startServer('pglite', { MARKET_SEED: 'beta' }, { now: () => PINNED }),
    ]);
    try {
      const path = '/web/m_ft/all_stock_list?size=100&sort=stock_code&order=asc';
      const [a, b, c] = await Promise.all([call(one, 'GET', path), call(two, 'GET', path), call(other, 'GET', path)]);
      expect(a.data).toEqual(b.data);
      expect(a.data.list.map((q: any) => q.price_nominal)).not.toEqual(c.data.list.map((q: any) => q.price_nominal));
      const k = '/web/m_ft/kline?symbol=NVDA&range=3m';
      expect((await call(one, 'GET', k)).data).toEqual((await call(two, 'GET', k)).data);
    } finally {
      await Promise.all([one.close(), two.close(), other.close()]);
    }
    // Three new servers, each making its PGlite data directory: a start's time, as the hooks have (hookTimeout).
  }, 60_000);
});
