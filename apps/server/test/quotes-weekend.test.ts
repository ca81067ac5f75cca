import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { call, drivers, startServer, type Harness } from './harness';

// Quotes that say when (issue 33): a quote read while its market is closed is its last trade's, with
// a book around its last price; a future and its index are compared at one moment, so while both
// rest the future is its index times (1 + carry). Instants and carries are worked out by hand below.

const SEED = 'quotes-weekend';
/** Saturday 21 November 2026, 15:00 UTC: every market but crypto is closed. */
const SATURDAY = Date.parse('2026-11-21T15:00:00Z');
/** Wednesday 18 November 2026, 13:00 in New York (EST, UTC−5): the US regular session. */
const WEDNESDAY_SESSION = Date.parse('2026-11-18T18:00:00Z');
/** The same Wednesday, 17:30 in New York: the index closed at 16:00, the future halts 17:00-18:00. */
const WEDNESDAY_HALT = Date.parse('2026-11-18T22:30:00Z');

// Friday 20 November 2026's last trades, from each venue's hours:
// - a US stock trades after hours to 20:00 New York (EST, UTC−5): 01:00 UTC on Saturday;
// - the S&P 500 has no extended hours: its regular close, 16:00 New York, 21:00 UTC;
// - E-mini futures trade on Globex to 17:00 New York (16:00 Chicago): 22:00 UTC;
// - Xetra and Euronext Amsterdam trade continuously to 17:30 (CET, UTC+1): 16:30 UTC (the closing
//   auction after it is not a priced session of the calendar's);
// - Hong Kong's afternoon session ends at 16:00 (UTC+8): 08:00 UTC.
const FRIDAY = {
  usStock: Date.parse('2026-11-21T01:00:00Z'),
  usIndex: Date.parse('2026-11-20T21:00:00Z'),
  globex: Date.parse('2026-11-20T22:00:00Z'),
  europe: Date.parse('2026-11-20T16:30:00Z'),
  hongKong: Date.parse('2026-11-20T08:00:00Z'),
};

// The carry of the E-mini S&P 500 (expiry Friday 18 December 2026) over its index: (financing 4 % −
// dividend yield 1.3 %) x days to expiry / 365. From Friday 20 November: 28 days, 0.027 x 28 = 0.756,
// so 1 + carry = 365.756 / 365 (20.71 bp). From Wednesday 18 November: 30 days, 0.027 x 30 = 0.81,
// so 365.81 / 365 (22.19 bp).
const CARRY_DAYS_X_RATE = { friday: '0.756', wednesday: '0.81' };

type Q = Record<string, any>;

/**
 * Whether `future` is `index` x (1 + rate x days / 365) to within half an index tick (0.01 / 2)
 * times (1 + carry): the index is the future at that moment over (1 + carry), put on its 0.01 grid.
 * Multiplied through by 365, all exact: |365 future − (365 + rate x days) index| <= (365 + rate x days) x 0.005.
 * Half a cent is far less than the future's 0.25 tick, so the future is the index plus carry to its tick.
 */
function basisIsCarry(future: string, index: string, rateDays: string): { gap: string; bound: string } {
  const factor = new Dec(365).add(rateDays);
  const gap = new Dec(future).mul(365).sub(new Dec(index).mul(factor)).abs();
  return { gap: gap.toFixed(), bound: factor.mul('0.005').toFixed() };
}

const inBook = (q: Q) => new Dec(q.bid).lte(q.price_nominal) && new Dec(q.price_nominal).lte(q.ask);

describe.each(await drivers())('quotes that say when, on %s', (driver) => {
  let h: Harness;
  let t = SATURDAY;
  beforeAll(async () => {
    h = await startServer(driver, { MARKET_SEED: SEED }, { now: () => t });
  });
  afterAll(() => h.close());

  const quote = async (symbol: string): Promise<Q> => {
    const r = await call(h, 'GET', `/web/m_ft/stock_detail_ft?symbol=${symbol}`);
    expect(r.code, r.msg).toBe(200);
    return r.data;
  };
  const list = async (path: string): Promise<Q[]> => {
    const r = await call(h, 'GET', path);
    expect(r.code, r.msg).toBe(200);
    return r.data.list;
  };

  it('on a Saturday, US, Xetra, Euronext and Hong Kong quotes carry Friday’s last trade, with bid <= last <= ask', async () => {
    t = SATURDAY;
    const cases: Array<[string, number, string]> = [
      ['AAPL', FRIDAY.usStock, 'America/New_York'],
      ['SPX', FRIDAY.usIndex, 'America/New_York'],
      ['SAP.DE', FRIDAY.europe, 'Europe/Berlin'],
      ['ASML.AS', FRIDAY.europe, 'Europe/Amsterdam'],
      ['0700.HK', FRIDAY.hongKong, 'Asia/Hong_Kong'],
      ['ES', FRIDAY.globex, 'America/New_York'],
    ];
    for (const [symbol, time, timeZone] of cases) {
      const q = await quote(symbol);
      expect(q, symbol).toMatchObject({ marketStatus: 'closed', tradable: false, timestamp: time, timeZone });
      expect(inBook(q), `${symbol} ${q.bid} <= ${q.price_nominal} <= ${q.ask}`).toBe(true);
    }
    // The spec's New York stamp of the stock says the same instant.
    expect((await quote('AAPL')).currencyUsDatetime).toBe('2026-11-20 20:00:00');
  });

  it('on a Saturday, every row of the lists is of Friday’s last trade and inside its book; so is the depth', async () => {
    t = SATURDAY;
    const boards: Array<[string, number]> = [
      ['/web/m_ft/stock_list?market=US&size=100', FRIDAY.usStock],
      ['/web/hk_st/all_stock_list?size=100', FRIDAY.hongKong],
      ['/web/m_ft/stock_list?market=DE&size=100', FRIDAY.europe],
    ];
    for (const [path, time] of boards) {
      const rows = await list(path);
      expect(rows.length, path).toBeGreaterThan(0);
      for (const q of rows) {
        expect({ symbol: q.symbol, tradable: q.tradable, timestamp: q.timestamp }).toEqual({ symbol: q.symbol, tradable: false, timestamp: time });
        expect(inBook(q), `${q.symbol} ${q.bid} <= ${q.price_nominal} <= ${q.ask}`).toBe(true);
      }
    }
    // A US stock's after-hours price is shown beside the last, and the book is the last's, level 1 the quote's bid and ask.
    const apple = await quote('AAPL');
    const depth = (await call(h, 'GET', '/web/m_ft/depth?symbol=AAPL')).data;
    expect(depth).toMatchObject({ timestamp: FRIDAY.usStock, last: apple.price_nominal, tradable: false });
    expect([depth.bids[0].price, depth.asks[0].price]).toEqual([apple.bid, apple.ask]);
  });

  it('at the weekend E-mini and index rest at Friday’s values and the future is the index plus its carry', async () => {
    t = SATURDAY;
    const es = await quote('ES');
    const spx = await quote('SPX');
    // Different last trades (17:00 and 16:00 New York), one level: the future's day closes where it stood at the index's close.
    expect([es.timestamp, spx.timestamp]).toEqual([FRIDAY.globex, FRIDAY.usIndex]);
    const { gap, bound } = basisIsCarry(es.price_nominal, spx.price_nominal, CARRY_DAYS_X_RATE.friday);
    expect(new Dec(gap).lte(bound), `ES ${es.price_nominal} SPX ${spx.price_nominal}: ${gap} > ${bound}`).toBe(true);
  });

  it('in the regular session the relation holds at that moment, and again in the daily halt when both rest', async () => {
    t = WEDNESDAY_SESSION;
    const es = await quote('ES');
    const spx = await quote('SPX');
    expect([es.tradable, spx.tradable, es.timestamp, spx.timestamp]).toEqual([true, true, WEDNESDAY_SESSION, WEDNESDAY_SESSION]);
    const during = basisIsCarry(es.price_nominal, spx.price_nominal, CARRY_DAYS_X_RATE.wednesday);
    expect(new Dec(during.gap).lte(during.bound), `ES ${es.price_nominal} SPX ${spx.price_nominal}`).toBe(true);

    t = WEDNESDAY_HALT;
    const esHalt = await quote('ES');
    const spxHalt = await quote('SPX');
    // 17:00 and 16:00 New York on Wednesday: 22:00 and 21:00 UTC.
    expect([esHalt.tradable, spxHalt.tradable, esHalt.timestamp, spxHalt.timestamp]).toEqual([
      false,
      false,
      Date.parse('2026-11-18T22:00:00Z'),
      Date.parse('2026-11-18T21:00:00Z'),
    ]);
    const halt = basisIsCarry(esHalt.price_nominal, spxHalt.price_nominal, CARRY_DAYS_X_RATE.wednesday);
    expect(new Dec(halt.gap).lte(halt.bound), `ES ${esHalt.price_nominal} SPX ${spxHalt.price_nominal}`).toBe(true);
  });
});
