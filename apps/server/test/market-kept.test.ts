import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { call, drivers, listen, registerUser, startServer, tempDataDir, testConfig, type Harness } from './harness';

// Wednesday 18 November 2026, 10:30 in New York: US regular session. The clock moves only when the test moves it.
const OPEN = Date.parse('2026-11-18T15:30:00Z');
const LIST = '/web/m_ft/stock_list?market=US&sort=change_ratio&order=desc&size=20&spark=true';

/** The raw answer: kept lists are bytes, so the test looks at the bytes. */
async function raw(h: Harness, path: string, token?: string) {
  const r = await fetch(`${h.base}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
}
const rows = (text: string) => JSON.parse(text).data.list as Array<Record<string, unknown> & { symbol: string; selfSelectStatus: number }>;

describe.each(await drivers())('kept quote lists on %s', (driver) => {
  let h: Harness;
  let t = OPEN;
  beforeAll(async () => {
    h = await startServer(driver, { MARKET_SEED: 'kept-lists' }, { now: () => t });
  });
  afterAll(() => h.close());

  it('answer JSON whose rows are the quotes of the moment, the same bytes until the market moves', async () => {
    const first = await raw(h, LIST);
    expect(first.status).toBe(200);
    expect(first.type).toBe('application/json; charset=utf-8');
    // The same query spelled otherwise is the same answer.
    expect((await raw(h, LIST.replace('spark=true', 'spark=1'))).text).toBe(first.text);
    expect((await raw(h, LIST)).text).toBe(first.text);
    // Each row is the instrument's own quote at that moment, as the detail call gives it.
    for (const { spark, ...row } of rows(first.text).slice(0, 5)) {
      expect(spark).toHaveLength(50);
      expect(row).toEqual((await call(h, 'GET', `/web/m_ft/stock_detail_ft?symbol=${row.symbol}`)).data);
    }

    t += 60_000;
    const later = await raw(h, LIST);
    expect(later.text).not.toBe(first.text);
    expect(rows(later.text).every((r) => r.timestamp === t)).toBe(true);
    const { spark: _, ...top } = rows(later.text)[0]!;
    expect(top).toEqual((await call(h, 'GET', `/web/m_ft/stock_detail_ft?symbol=${top.symbol}`)).data);
  });

  it("flag a signed-in caller's watched rows, at once after an addition or a removal", async () => {
    const a = await registerUser(h);
    const b = await registerUser(h);
    const shown = rows((await raw(h, LIST)).text).map((r) => r.symbol);
    const watched = shown[3]!;
    const flagged = async (token?: string) =>
      rows((await raw(h, LIST, token)).text)
        .filter((r) => r.selfSelectStatus === 1)
        .map((r) => r.symbol);

    expect(await flagged(a.token)).toEqual([]);
    expect((await call(h, 'POST', '/web/userSelfSecurity/save', { token: a.token, body: { secuCode: watched } })).code).toBe(200);
    expect(await flagged(a.token)).toEqual([watched]);
    expect(await flagged(b.token)).toEqual([]);
    expect(await flagged()).toEqual([]);
    const found = await call(h, 'GET', `/web/market/search?q=${watched}`, { token: a.token });
    expect(found.data.find((r: any) => r.symbol === watched).selfSelectStatus).toBe(1);
    expect((await call(h, 'GET', `/web/market/search?q=${watched}`)).data.find((r: any) => r.symbol === watched).selfSelectStatus).toBe(0);

    expect((await call(h, 'POST', `/web/userSelfSecurity/deleteByStockCode/${watched}`, { token: a.token, body: {} })).data.removed).toBe(1);
    expect(await flagged(a.token)).toEqual([]);
    expect((await call(h, 'GET', `/web/market/search?q=${watched}`, { token: a.token })).data.find((r: any) => r.symbol === watched).selfSelectStatus).toBe(0);
  });

  it("see a watchlist changed through another node at once (nodes share the database, not their memory)", async () => {
    const dataDir = tempDataDir();
    const app = await buildApp(testConfig(dataDir, { MARKET_SEED: 'kept-lists' }), { db: h.db, logger: false, now: () => t });
    const other: Harness = { app, db: h.db, dataDir, base: await listen(app), close: () => app.close() };
    try {
      const u = await registerUser(h);
      const shown = rows((await raw(h, LIST)).text).map((r) => r.symbol);
      // Both nodes have kept the list before the change.
      expect(rows((await raw(other, LIST, u.token)).text).every((r) => r.selfSelectStatus === 0)).toBe(true);
      expect((await call(other, 'POST', '/web/userSelfSecurity/save', { token: u.token, body: { secuCode: shown[0] } })).code).toBe(200);
      for (const node of [h, other]) {
        expect(rows((await raw(node, LIST, u.token)).text).find((r) => r.symbol === shown[0])!.selfSelectStatus).toBe(1);
      }
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answer the other lists and search from kept bytes, each with its own answer', async () => {
    const paths = [
      '/web/m_ft/topList?type=gainers&size=50',
      '/web/m_ft/topList?type=losers&size=50',
      '/web/m_ft/hot_stock',
      '/web/m_ft/zt_stock_list',
      '/web/m_ft/all_stock_list?q=apple',
      '/web/m_ft/home_custom_list',
      '/web/m_ft/forex_index',
      '/web/market/search?q=BTC',
      '/web/market/search?q=',
    ];
    const answers = new Set<string>();
    for (const path of paths) {
      const first = await raw(h, path);
      expect(first.status, path).toBe(200);
      expect((await raw(h, path)).text, path).toBe(first.text);
      answers.add(first.text);
    }
    expect(answers.size).toBe(paths.length);
    const gainers = rows((await raw(h, paths[0]!)).text);
    expect(gainers.every((r) => r.fall === false)).toBe(true);
    expect(rows((await raw(h, '/web/m_ft/home_custom_list')).text).map((r) => r.symbol)).toEqual(['SPX', 'NDX', 'DJI', 'HSI', 'DAX', 'AEX', 'BTCUSDT']);
    expect((await raw(h, '/web/m_ft/stock_list?size=1000')).status).toBe(400);
  });
});
