import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatedMarket } from '../src/market/simulated';
import { call, drivers, startServer, type Harness } from './harness';

// A closed market's quote is its last trade's (issue 32): its price and its time, never "now". On a
// pinned clock, each market's last trade is written out from its hours.

const SEED = 'quote-time-seed';
/** Saturday 21 November 2026, 15:00 UTC: every market but crypto is closed. */
const SATURDAY = Date.parse('2026-11-21T15:00:00Z');

describe.each(await drivers())('the time of a quote on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer(driver, { MARKET_SEED: SEED }, { now: () => SATURDAY });
  });
  afterAll(() => h.close());

  const quote = async (symbol: string) => {
    const r = await call(h, 'GET', `/web/m_ft/stock_detail_ft?symbol=${symbol}`);
    expect(r.code, r.msg).toBe(200);
    return r.data as Record<string, any>;
  };

  it('stamps a closed market’s quote with its last trade, at the price of that trade; an open market’s with now', async () => {
    // A US stock trades after hours until 20:00 in New York: Friday 20 November 20:00 EST (UTC−5) is 01:00 UTC on Saturday.
    const fridayPostEnd = Date.parse('2026-11-21T01:00:00Z');
    const apple = await quote('AAPL');
    expect(apple).toMatchObject({ marketStatus: 'closed', tradable: false, timestamp: fridayPostEnd, currencyUsDatetime: '2026-11-20 20:00:00' });
    // The index has no extended hours: its last trade is the 16:00 close, 21:00 UTC.
    expect(await quote('SPX')).toMatchObject({ tradable: false, timestamp: Date.parse('2026-11-20T21:00:00Z') });
    // Hong Kong closes at 16:00 there (UTC+8): 08:00 UTC on Friday.
    expect(await quote('0700.HK')).toMatchObject({ tradable: false, timestamp: Date.parse('2026-11-20T08:00:00Z') });
    // Crypto trades now.
    expect(await quote('BTCUSDT')).toMatchObject({ tradable: true, timestamp: SATURDAY });

    // The price is the one of that moment: the market's own snapshot in the last second of Friday's after-hours session.
    const market = createSimulatedMarket({ seed: SEED, now: () => SATURDAY });
    const last = market.snapshot('AAPL', fridayPostEnd - 1);
    expect(last.session).toMatchObject({ phase: 'post', tradable: true });
    expect({ price: apple.price_nominal, post: apple.postMarketPrice }).toEqual({ price: last.last, post: last.postMarketPrice });
  });
});
