import { ok, zListQuery, type ListQuery } from '@tradeapp/contract';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { Dec } from '../../lib/decimal';
import { createSimulatedMarket } from '../../market/simulated';
import type { MarketProvider, Tick } from '../../market/types';
import { createMarketService, type KeptAnswer } from './service';

// Wednesday 18 November 2026, 10:30 in New York (US regular session) and Saturday 21 November (every stock market closed).
const OPEN = Date.parse('2026-11-18T15:30:00Z');
const WEEKEND = Date.parse('2026-11-21T15:30:00Z');

/** The service over the seeded market on a clock the test moves, with ticks the test fires and a watchlist table in memory. */
function setUp(start: number) {
  let t = start;
  let wall = 0;
  const market = createSimulatedMarket({ seed: 'kept-test', now: () => t });
  const listeners = new Set<(tick: Tick) => void>();
  const provider: MarketProvider = {
    ...market,
    onTick(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
  const watchlists = new Map<number, Set<string>>();
  const db = {
    query: async (sql: string, params: unknown[]) => {
      if (!sql.includes('from watchlist_items')) throw new Error(`unexpected query ${sql}`);
      return [...(watchlists.get(params[0] as number) ?? [])].map((symbol) => ({ symbol }));
    },
  } as unknown as Db;
  const m = createMarketService({ provider, db, now: () => t, wallClock: () => wall });
  return {
    m,
    provider,
    watchlists,
    move: (ms: number) => void (t += ms),
    wait: (ms: number) => void (wall += ms),
    tick: (symbol: string) => {
      for (const l of listeners) l({ symbol, time: t } as Tick);
    },
  };
}

/** An answer key and a serializer standing in for the route's: the envelope as JSON. */
const answer = (key: string): KeptAnswer => ({ key, encode: (data) => Buffer.from(JSON.stringify(ok(data))) });
const fresh = (data: unknown) => JSON.stringify(ok(data));
const q = (input: ListQuery) => zListQuery.parse(input);

type S = ReturnType<typeof setUp>['m'];
/** Each list of the market routes, kept and computed afresh the way `list`, `listOf` and `search` do. */
const cases: Array<{ name: string; kept: (m: S, caller: number | null) => Promise<Buffer>; fresh: (m: S, caller: number | null) => Promise<unknown> }> = [
  ...[
    q({ market: 'US', sort: 'change_ratio', order: 'desc', size: 20, spark: true }),
    q({ market: 'US', sort: 'name', order: 'asc', size: 5, page: 2 }),
    q({ market: 'US', sort: 'marketCap', exchange: 'nasdaq', size: 100 }),
    q({ market: 'US', classify: 'technology', size: 100 }),
    q({ market: 'HK', sort: 'volume', size: 7, page: 2 }),
    q({ sort: 'stock_code', order: 'asc', q: 'a', size: 100 }),
    q({ sort: 'amplitude', size: 30 }),
  ].map((query) => ({
    name: `stocks ${JSON.stringify(query)}`,
    kept: (m: S, caller: number | null) => m.keptList('stock', m.isStock, query, caller, answer(`stocks ${JSON.stringify(query)}`)),
    fresh: (m: S, caller: number | null) => m.list(m.isStock, query, caller),
  })),
  ...(['gainers', 'losers'] as const).map((type) => {
    const where = type === 'gainers' ? (x: { fall: boolean; change_ratio: string }) => !x.fall && x.change_ratio !== '0.00' : (x: { fall: boolean }) => x.fall;
    const query = q({ sort: 'change_ratio', order: type === 'losers' ? 'asc' : 'desc', size: 50 });
    return {
      name: `top ${type}`,
      kept: (m: S, caller: number | null) => m.keptList('stock', m.isStock, query, caller, answer(`top ${type}`), { where }),
      fresh: (m: S, caller: number | null) => m.list(m.isStock, query, caller, { where }),
    };
  }),
  {
    name: 'limit-up',
    kept: (m, caller) =>
      m.keptList('stock', m.isStock, q({ sort: 'change_ratio', order: 'desc' }), caller, answer('zt'), { where: (x) => new Dec(x.change_ratio).gte(5) }),
    fresh: (m, caller) => m.list(m.isStock, q({ sort: 'change_ratio', order: 'desc' }), caller, { where: (x) => new Dec(x.change_ratio).gte(5) }),
  },
  {
    name: 'futures with spark',
    kept: (m, caller) => m.keptList('futures', (i) => i.market === 'FUT', q({ spark: true, size: 100 }), caller, answer('fut')),
    fresh: (m, caller) => m.list((i) => i.market === 'FUT', q({ spark: true, size: 100 }), caller),
  },
  {
    name: 'bonds as the block desk lists them',
    kept: (m, caller) => m.keptList('bond', (i) => i.assetClass === 'bond', q({}), caller, answer('bond'), { source: 101, defaultSort: 'marketCap' }),
    fresh: (m, caller) => m.list((i) => i.assetClass === 'bond', q({}), caller, { source: 101, defaultSort: 'marketCap' }),
  },
  {
    name: 'home strip in its order',
    kept: (m, caller) => m.keptListOf('home', ['SPX', 'NDX', 'DJI', 'HSI', 'DAX', 'AEX', 'BTCUSDT'], q({ spark: true }), caller, answer('home')),
    fresh: (m, caller) => m.listOf(['SPX', 'NDX', 'DJI', 'HSI', 'DAX', 'AEX', 'BTCUSDT'], q({ spark: true }), caller),
  },
  ...['a', 'apple', 'USD', 'zzz-nothing', ''].map((text) => ({
    name: `search ${text}`,
    kept: (m: S, caller: number | null) => m.keptSearch(text, 10, caller, answer(`search ${text}`)),
    fresh: (m: S, caller: number | null) => m.search(text, 10, caller),
  })),
];

describe('kept quote lists', () => {
  it.each([
    ['in a session', OPEN],
    ['with the markets closed', WEEKEND],
  ])('answer the bytes a list computed at the same moment gives, %s, and keep them', async (_, start) => {
    const { m } = setUp(start);
    for (const c of cases) {
      const first = await c.kept(m, null);
      expect(first.toString('utf8'), c.name).toBe(fresh(await c.fresh(m, null)));
      expect(await c.kept(m, null), c.name).toBe(first);
    }
  });

  it('refreshes when the market clock moves past the snapshot time to live, and after a tick at most four times a second', async () => {
    const { m, move, wait, tick } = setUp(OPEN);
    const stocks = cases[0]!;
    const before = await stocks.kept(m, null);
    // Within the time to live and without a tick, the kept answer stands (as each symbol's snapshot does).
    move(100);
    expect(await stocks.kept(m, null)).toBe(before);
    // A tick makes its market's boards stale, but they are rebuilt at most every 250 ms of wall time.
    const top = JSON.parse(before.toString('utf8')).data.list[0].symbol as string;
    tick(top);
    wait(200);
    expect(await stocks.kept(m, null)).toBe(before);
    wait(60);
    const afterTick = await stocks.kept(m, null);
    expect(afterTick.equals(before)).toBe(false);
    expect(afterTick.toString('utf8')).toBe(fresh(await stocks.fresh(m, null)));
    // A tick of another market leaves the US board alone.
    tick('BTCUSDT');
    wait(300);
    expect(await stocks.kept(m, null)).toBe(afterTick);
    // The clock past the time to live: new bytes, again those of a list computed now.
    move(1000);
    const later = await stocks.kept(m, null);
    expect(later.equals(afterTick)).toBe(false);
    expect(later.toString('utf8')).toBe(fresh(await stocks.fresh(m, null)));
  });

  it("flags the signed-in caller's watched rows, following additions and removals at once", async () => {
    const { m, watchlists } = setUp(OPEN);
    const alice = 7;
    const bob = 8;
    const anonymous = await cases[0]!.kept(m, null);
    const shown = (JSON.parse(anonymous.toString('utf8')).data.list as Array<{ symbol: string }>).map((r) => r.symbol);
    const flags = async (caller: number | null) =>
      Object.fromEntries(
        (JSON.parse((await cases[0]!.kept(m, caller)).toString('utf8')).data.list as Array<{ symbol: string; selfSelectStatus: number }>).map((r) => [
          r.symbol,
          r.selfSelectStatus,
        ]),
      );

    // Watching nothing shown, a signed-in caller gets the anonymous bytes themselves.
    watchlists.set(alice, new Set(['NOT-LISTED']));
    expect(await cases[0]!.kept(m, alice)).toBe(anonymous);

    watchlists.set(alice, new Set([shown[1]!, shown[4]!]));
    expect(await flags(alice)).toEqual(Object.fromEntries(shown.map((s) => [s, s === shown[1] || s === shown[4] ? 1 : 0])));
    expect(Object.values(await flags(bob)).every((f) => f === 0)).toBe(true);
    expect(Object.values(await flags(null)).every((f) => f === 0)).toBe(true);
    for (const c of cases) {
      expect((await c.kept(m, alice)).toString('utf8'), c.name).toBe(fresh(await c.fresh(m, alice)));
    }

    watchlists.get(alice)!.delete(shown[1]!);
    expect(await flags(alice)).toEqual(Object.fromEntries(shown.map((s) => [s, s === shown[4] ? 1 : 0])));
    watchlists.get(alice)!.delete(shown[4]!);
    expect(await cases[0]!.kept(m, alice)).toBe(anonymous);
  });

  it('rebuilds at once when instruments join the market', async () => {
    const { m, provider } = setUp(OPEN);
    const stocks = cases[0]!;
    const before = await stocks.kept(m, null);
    const apple = m.resolve('AAPL');
    provider.addListings!([{ ...apple, symbol: 'KEPTX', code: 'KEPTX', name: 'Kept Example Inc.' }]);
    const after = await stocks.kept(m, null);
    expect(after).not.toBe(before);
    expect(after.toString('utf8')).toBe(fresh(await stocks.fresh(m, null)));
    expect(JSON.parse((await m.keptSearch('KEPTX', 10, null, answer('search KEPTX'))).toString('utf8')).data.map((r: { symbol: string }) => r.symbol)).toEqual([
      'KEPTX',
    ]);
  });
});
