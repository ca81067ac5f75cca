import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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
/** The bytes as they travel (fetch would decode them), asked with `acceptEncoding`. */
function onWire(h: Harness, path: string, acceptEncoding: string, body?: object) {
  const method = body ? 'POST' : 'GET';
  return new Promise<{ status: number; encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
    const req = request(
      `${h.base}${path}`,
      { method, headers: { 'accept-encoding': acceptEncoding, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}
const decoded = (a: { encoding: string | undefined; body: Buffer }) =>
  a.encoding === 'br' ? brotliDecompressSync(a.body) : a.encoding === 'gzip' ? gunzipSync(a.body) : a.body;
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

  it('travel compressed as the request accepts (Brotli before gzip), the same bytes once decoded, until the market moves', async () => {
    const plain = await onWire(h, LIST, 'identity');
    expect(plain.status).toBe(200);
    expect(plain.encoding).toBeUndefined();
    expect(plain.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString('utf8')).toBe((await raw(h, LIST)).text);
    // As Chromium asks, as Safari asks, gzip only, Brotli refused, and weights that put gzip first.
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.8', 'gzip'],
      ['*', 'br'],
      ['deflate', undefined],
    ] as const) {
      const a = await onWire(h, LIST, accept);
      expect([a.status, a.encoding], accept).toEqual([200, encoding]);
      expect(a.vary, accept).toMatch(/accept-encoding/i);
      expect(decoded(a).equals(plain.body), accept).toBe(true);
    }
    const br = await onWire(h, LIST, 'br');
    // Twenty rows with their fifty-point mini charts: under a third of their size on the wire.
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect((await onWire(h, LIST, 'br')).body.equals(br.body)).toBe(true);

    t += 60_000;
    const movedPlain = await onWire(h, LIST, 'identity');
    const moved = await onWire(h, LIST, 'br');
    expect(movedPlain.body.equals(plain.body)).toBe(false);
    expect(brotliDecompressSync(moved.body).equals(movedPlain.body)).toBe(true);
    // A watched row's variant is compressed the same way.
    const u = await registerUser(h);
    const shown = rows(movedPlain.body.toString('utf8'));
    expect((await call(h, 'POST', '/web/userSelfSecurity/save', { token: u.token, body: { secuCode: shown[2]!.symbol } })).code).toBe(200);
    const mine = await new Promise<Buffer>((resolve, reject) => {
      request(`${h.base}${LIST}`, { headers: { 'accept-encoding': 'gzip', authorization: `Bearer ${u.token}` } }, (res) => {
        expect(res.headers['content-encoding']).toBe('gzip');
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)));
      })
        .on('error', reject)
        .end();
    });
    expect(rows(gunzipSync(mine).toString('utf8')).map((r) => r.selfSelectStatus)).toEqual(shown.map((_, i) => (i === 2 ? 1 : 0)));
  });

  it('leave answers under a kilobyte as they are, and compress other JSON answers above it on the fly', async () => {
    const small = await onWire(h, '/web/market/getMaket', 'gzip, deflate, br', { market: 'US' });
    const smallPlain = await onWire(h, '/web/market/getMaket', 'identity', { market: 'US' });
    expect([small.status, small.encoding, small.vary]).toEqual([200, undefined, undefined]);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.body.equals(smallPlain.body)).toBe(true);
    const markets = await onWire(h, '/web/market/getMakets', 'gzip, deflate, br', {});
    const marketsPlain = await onWire(h, '/web/market/getMakets', 'identity', {});
    expect(marketsPlain.body.length).toBeGreaterThan(1024);
    expect([markets.status, markets.encoding, marketsPlain.encoding]).toEqual([200, 'br', undefined]);
    expect(markets.body.length).toBeLessThan(marketsPlain.body.length);
    expect(markets.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(decoded(markets).toString('utf8'))).toEqual(JSON.parse(marketsPlain.body.toString('utf8')));
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

  it('see a watchlist changed through another node at once (nodes share the database, not their memory)', async () => {
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
