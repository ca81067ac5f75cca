// The whole app's push socket with the real market engine: what a browser sees.
import { zQuote } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, collect, registerUser, startServer, type Harness } from './harness';

describe('live quotes on the push socket', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer('pglite');
  });
  afterAll(() => h.close());

  it('sends the quote at once on subscribe, then live ticks of the engine', async () => {
    const url = `${h.base.replace('http', 'ws')}/web/push`;
    const quotes = (frames: any[]) => frames.filter((f) => f.type === 'quote' && f.data.symbol === 'BTCUSDT');
    const frames = await collect(url, [{ op: 'subscribe', symbols: ['BTCUSDT'] }], (f) => quotes(f).length >= 3);
    const received = quotes(frames);
    expect(received.length).toBeGreaterThanOrEqual(3);
    // Every pushed quote is a full quote of the contract, less the per-user watchlist flag.
    expect(zQuote.omit({ selfSelectStatus: true }).safeParse(received[0].data).success).toBe(true);
    const times = received.map((q) => q.data.timestamp);
    expect(new Set(times).size).toBe(times.length);
    expect(times[2]).toBeGreaterThan(times[0]);
  });

  it('signs a socket in with a session token and refuses a bad one', async () => {
    const u = await registerUser(h);
    const url = `${h.base.replace('http', 'ws')}/web/push`;
    const ok = await collect(url, [{ op: 'auth', token: u.token }], (f) => f.length >= 1, 3000);
    expect(ok[0]).toMatchObject({ type: 'ack', op: 'auth' });
    const bad = await collect(url, [{ op: 'auth', token: 'not-a-token' }], (f) => f.length >= 1, 3000);
    expect(bad[0]).toMatchObject({ type: 'error', code: 401, msg: 'login expired' });
    const unknown = await collect(url, [{ op: 'subscribe', symbols: ['NOPE'] }], (f) => f.some((x) => x.type === 'error'), 3000);
    expect(unknown.find((x) => x.type === 'error').code).toBe(400);
  });
});

describe('the replay provider behind the same API', () => {
  it('serves recorded candles as quotes and live ticks', async () => {
    const h = await startServer('pglite', { MARKET_PROVIDER: 'replay' });
    try {
      const list = await call(h, 'GET', '/web/m_ft/all_stock_list');
      expect(list.data.list.map((q: any) => q.symbol)).toEqual(['AAPL']);
      const crypto = await call(h, 'GET', '/web/crypto/quantify_list');
      expect(crypto.data.list.map((q: any) => q.symbol)).toEqual(['BTCUSDT']);
      const quotes = (frames: any[]) => frames.filter((f) => f.type === 'quote');
      const frames = await collect(`${h.base.replace('http', 'ws')}/web/push`, [{ op: 'subscribe', symbols: ['AAPL'] }], (f) => quotes(f).length >= 3);
      const prices = quotes(frames).map((q) => q.data.price_nominal);
      expect(prices.length).toBeGreaterThanOrEqual(3);
      expect(new Set(prices).size).toBeGreaterThan(1);
    } finally {
      await h.close();
    }
  });
});
