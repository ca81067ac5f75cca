// Over 400 lines: one node, limits and lifecycle, and Redis fan-out share the test client and the node starter below.
// The push socket over real WebSockets: a Fastify with only the push route, a fake market
// (snapshot) and fake sessions (authenticate), and the `ws` client a browser stands in for.
import type { Socket } from 'node:net';
import { PushEvent } from '@tradeapp/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createPushHub, type PushHub, type PushHubOptions, type QuoteData } from '../src/push/hub';
import { HUB_DEFAULTS, MSG, PUSH_LIMITS } from '../src/push/messages';
import { registerPushRoute, type PushRouteDeps } from '../src/push/route';
import { REDIS_URL, redisAvailable } from './services';

const KNOWN = new Set(['AAPL', 'MSFT', 'TSLA', 'BTCUSDT', 'ETHUSDT', 'GC', ...Array.from({ length: 300 }, (_, i) => `S${i}`)]);
const snapshot = (symbol: string): QuoteData | undefined => (KNOWN.has(symbol) ? { symbol, price: '100.00', seq: 0 } : undefined);
const TOKENS: Record<string, number> = { 'token-user-1': 1, 'token-user-1b': 1, 'token-user-2': 2, 'token-barrier': 4 };
const OPERATOR_ID = 9;
const authenticate = async (token: string) => (token === 'token-operator' ? { userId: OPERATOR_ID, operator: true } : (TOKENS[token] ?? null));

interface Node {
  app: FastifyInstance;
  hub: PushHub;
  url: string;
  close(): Promise<void>;
}

async function startNode(hubOpts: Partial<PushHubOptions> = {}, deps: Partial<PushRouteDeps> = {}): Promise<Node> {
  const app = Fastify({ logger: false });
  const hub = await createPushHub({ log: app.log, ...hubOpts });
  await registerPushRoute(app, hub, { snapshot, authenticate, ...deps });
  app.addHook('onClose', () => hub.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, hub, url: `ws://127.0.0.1:${port}/web/push`, close: () => app.close() };
}

/** A test client: every frame is kept in order; `next` consumes the first one that matches. */
class Client {
  readonly frames: any[] = [];
  private waiters: Array<() => void> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()));
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static open(url: string, opts: { autoPong?: boolean } = {}): Promise<Client> {
    const ws = new WebSocket(url, opts);
    const client = new Client(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
    });
  }

  send(message: unknown) {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The first unconsumed frame matching `match`, waiting for it up to `timeoutMs`. */
  async next(match: (f: any) => boolean = () => true, timeoutMs = 2000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.frames.findIndex(match);
      if (i >= 0) return this.frames.splice(i, 1)[0];
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching frame within ${timeoutMs} ms; have ${JSON.stringify(this.frames).slice(0, 500)}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** The frames matching `match` received so far, consumed. */
  take(match: (f: any) => boolean): any[] {
    const out = this.frames.filter(match);
    for (const f of out) this.frames.splice(this.frames.indexOf(f), 1);
    return out;
  }

  /**
   * Resolves once every frame the server wrote to this socket before now has arrived: the server
   * answers a socket's messages in order, so the ack of an empty unsubscribe comes after them. A
   * message the rate limit drops gets no answer; `resendMs` sends it again until one comes.
   */
  async barrier(resendMs?: number) {
    const ask = () => this.send({ op: 'unsubscribe', symbols: [] });
    ask();
    const again = resendMs ? setInterval(ask, resendMs) : undefined;
    try {
      await this.next((f) => f.type === 'ack' && f.op === 'unsubscribe' && f.symbols.length === 0, 5000);
    } finally {
      clearInterval(again);
    }
  }

  /** After a barrier: what matching arrived before it, consumed (the "nothing else came" check). */
  async rest(match: (f: any) => boolean = () => true): Promise<any[]> {
    await this.barrier();
    return this.take(match);
  }

  get open() {
    return this.ws.readyState === WebSocket.OPEN;
  }

  close() {
    this.ws.close();
    return this.closed;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quoteOf = (symbol: string) => (f: any) => f.type === 'quote' && f.data.symbol === symbol;
const ackOf = (op: string) => (f: any) => f.type === 'ack' && f.op === op;
const isError = (f: any) => f.type === 'error';

async function subscribed(url: string, symbols: string[]): Promise<Client> {
  const c = await Client.open(url);
  c.send({ op: 'subscribe', symbols });
  await c.next(ackOf('subscribe'));
  for (const s of symbols) await c.next(quoteOf(s)); // the snapshots
  return c;
}

describe('push socket, one node (memory)', () => {
  let node: Node;
  const clients: Client[] = [];
  const open = async (symbols?: string[]) => {
    const c = symbols ? await subscribed(node.url, symbols) : await Client.open(node.url);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    node = await startNode();
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => (c.open ? c.close() : undefined)));
  });
  afterAll(() => node.close());

  it('reports the memory driver and is healthy', async () => {
    expect(node.hub.driver).toBe('memory');
    expect(await node.hub.healthy()).toBe(true);
  });

  it('acks a subscribe and sends the current quote of each symbol at once', async () => {
    const c = await open();
    c.send({ op: 'subscribe', symbols: ['AAPL', 'BTCUSDT'] });
    expect(await c.next()).toEqual({ type: 'ack', op: 'subscribe', symbols: ['AAPL', 'BTCUSDT'] });
    expect(await c.next()).toEqual({ type: 'quote', data: { symbol: 'AAPL', price: '100.00', seq: 0 } });
    expect(await c.next()).toEqual({ type: 'quote', data: { symbol: 'BTCUSDT', price: '100.00', seq: 0 } });
    expect(node.hub.subscribedSymbols().has('AAPL')).toBe(true);
    expect(node.hub.stats()).toMatchObject({ sockets: 1, subscriptions: 2, signedIn: 0 });
  });

  it('delivers published quotes to subscribers', async () => {
    const c = await open(['TSLA']);
    node.hub.publishQuote('TSLA', { symbol: 'TSLA', price: '251.10', seq: 1 });
    expect((await c.next(quoteOf('TSLA'))).data).toEqual({ symbol: 'TSLA', price: '251.10', seq: 1 });
  });

  it('conflates a busy symbol to at most 4 quotes a second, ending on the latest', async () => {
    const c = await open(['GC']);
    const started = performance.now();
    for (let seq = 1; seq <= 100; seq++) {
      node.hub.publishQuote('GC', { symbol: 'GC', price: `${2000 + seq}.0`, seq });
      await sleep(9); // 100 quotes in about one second
    }
    // A loaded machine stretches the second: the first quote at once, then at most one frame per window the
    // quotes spanned and the trailing one (and the timers' slack may let one more through).
    const windows = Math.ceil((performance.now() - started) / HUB_DEFAULTS.flushMs);
    const last = await c.next((f) => quoteOf('GC')(f) && f.data.seq === 100); // the trailing quote of the last window
    const got = [...(await c.rest(quoteOf('GC'))), last];
    expect(node.hub.stats().waitingQuotes).toBe(0);
    expect(got.length).toBeGreaterThanOrEqual(2);
    expect(got.length).toBeLessThanOrEqual(windows + 2);
    expect(got.at(-1).data.seq).toBe(100);
    const seqs = got.map((f) => f.data.seq as number);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs); // in order
  });

  it('stops quotes after unsubscribe', async () => {
    const c = await open(['ETHUSDT']);
    c.send({ op: 'unsubscribe', symbols: ['ETHUSDT', 'AAPL'] });
    expect(await c.next(ackOf('unsubscribe'))).toEqual({ type: 'ack', op: 'unsubscribe', symbols: ['ETHUSDT'] });
    node.hub.publishQuote('ETHUSDT', { symbol: 'ETHUSDT', price: '3000', seq: 1 });
    expect(await c.rest(quoteOf('ETHUSDT'))).toEqual([]);
    expect(node.hub.stats().waitingQuotes).toBe(0); // nor held back for the end of a window
    expect(node.hub.subscribedSymbols().has('ETHUSDT')).toBe(false);
  });

  it('sends a quote only to the sockets subscribed to its symbol', async () => {
    const a = await open(['S1']);
    const b = await open(['S2']);
    node.hub.publishQuote('S1', { symbol: 'S1', price: '1', seq: 1 });
    expect((await a.next(quoteOf('S1'))).data.seq).toBe(1);
    expect(await b.rest((f) => f.type === 'quote')).toEqual([]);
  });

  it('delivers a user event only to that user’s signed-in sockets', async () => {
    const [u1, u1b, u2, anon] = await Promise.all([open(), open(), open(), open()]);
    u1.send({ op: 'auth', token: 'token-user-1' });
    u1b.send({ op: 'auth', token: 'token-user-1b' });
    u2.send({ op: 'auth', token: 'token-user-2' });
    for (const c of [u1, u1b, u2]) expect(await c.next()).toEqual({ type: 'ack', op: 'auth' });
    expect(node.hub.stats().signedIn).toBe(3);

    node.hub.publishUserEvent(1, PushEvent.Order, { id: 7, status: 1, event: 'filled' });
    const expected = { type: 'event', event: 'order', data: { id: 7, status: 1, event: 'filled' } };
    expect(await u1.next()).toEqual(expected);
    expect(await u1b.next()).toEqual(expected);
    expect(await u2.rest()).toEqual([]);
    expect(await anon.rest()).toEqual([]);
  });

  it('delivers operator events to every operator socket and to no investor', async () => {
    const [ops1, ops2, u1, anon] = await Promise.all([open(), open(), open(), open()]);
    ops1.send({ op: 'auth', token: 'token-operator' });
    ops2.send({ op: 'auth', token: 'token-operator' });
    u1.send({ op: 'auth', token: 'token-user-1' });
    for (const c of [ops1, ops2, u1]) expect(await c.next()).toEqual({ type: 'ack', op: 'auth' });

    node.hub.publishOperatorEvent('chat.message', { id: 1, userId: 1 });
    const expected = { type: 'event', event: 'chat.message', data: { id: 1, userId: 1 } };
    expect(await ops1.next()).toEqual(expected);
    expect(await ops2.next()).toEqual(expected);
    expect(await u1.rest()).toEqual([]);
    expect(await anon.rest()).toEqual([]);

    // A user's own events stay that user's; an operator socket signed in again as an investor stops hearing operators.
    node.hub.publishUserEvent(1, 'chat.message', { id: 2 });
    expect(await u1.next()).toEqual({ type: 'event', event: 'chat.message', data: { id: 2 } });
    expect(await ops1.rest()).toEqual([]);
    ops2.send({ op: 'auth', token: 'token-user-2' });
    await ops2.next(ackOf('auth'));
    node.hub.publishOperatorEvent('chat.read', { userId: 1 });
    expect(await ops1.next()).toEqual({ type: 'event', event: 'chat.read', data: { userId: 1 } });
    expect(await ops2.rest()).toEqual([]);
  });

  it('answers a bad token with 401 "login expired" and signs the socket out', async () => {
    const c = await open();
    c.send({ op: 'auth', token: 'token-user-2' });
    await c.next(ackOf('auth'));
    c.send({ op: 'auth', token: 'not-a-session' });
    expect(await c.next()).toEqual({ type: 'error', code: 401, msg: 'login expired', op: 'auth' });
    node.hub.publishUserEvent(2, PushEvent.Notice, {});
    expect(await c.rest()).toEqual([]);
    expect(c.open).toBe(true);
  });

  it('answers bad input with an error and keeps the socket open', async () => {
    const c = await open();
    c.send('{not json');
    expect(await c.next()).toEqual({ type: 'error', code: 400, msg: MSG.malformedJson });
    c.send({ op: 'dance' });
    expect(await c.next()).toEqual({ type: 'error', code: 400, msg: 'unknown op: dance' });
    c.send([1, 2]);
    expect(await c.next()).toMatchObject({ type: 'error', code: 400 });
    c.send({ op: 'subscribe', symbols: 'AAPL' });
    expect(await c.next()).toMatchObject({ type: 'error', code: 400, msg: MSG.symbolsNotArray });
    c.send({ op: 'auth', token: 42 });
    expect(await c.next()).toMatchObject({ type: 'error', code: 400, msg: MSG.tokenNotString });

    // Unknown symbols are refused, known ones in the same request still accepted.
    c.send({ op: 'subscribe', symbols: ['NOPE', 'AAPL'] });
    expect(await c.next()).toEqual({ type: 'ack', op: 'subscribe', symbols: ['AAPL'] });
    expect(await c.next()).toEqual({ type: 'error', code: 400, msg: 'unknown symbol: NOPE', op: 'subscribe' });
    await c.next(quoteOf('AAPL'));

    // More than 200 symbols: refused as a whole.
    const many = Array.from({ length: 201 }, (_, i) => `S${i}`);
    c.send({ op: 'subscribe', symbols: many });
    expect(await c.next()).toEqual({ type: 'error', code: 400, msg: MSG.tooManySymbols(200), op: 'subscribe' });
    expect(node.hub.stats().subscriptions).toBe(1);

    // Still open and working.
    expect(c.open).toBe(true);
    c.send({ op: 'subscribe', symbols: ['MSFT'] });
    expect(await c.next()).toEqual({ type: 'ack', op: 'subscribe', symbols: ['MSFT'] });
  });

  it('accepts exactly 200 symbols on one socket', async () => {
    const c = await open();
    c.send({ op: 'subscribe', symbols: Array.from({ length: 150 }, (_, i) => `S${i}`) });
    expect((await c.next(ackOf('subscribe'))).symbols).toHaveLength(150);
    c.send({ op: 'subscribe', symbols: Array.from({ length: 51 }, (_, i) => `S${i + 150}`) });
    expect(await c.next(isError)).toMatchObject({ msg: MSG.tooManySymbols(200) });
    c.send({ op: 'subscribe', symbols: Array.from({ length: 50 }, (_, i) => `S${i + 150}`) });
    expect((await c.next(ackOf('subscribe'))).symbols).toHaveLength(50);
    expect(node.hub.stats().subscriptions).toBe(200);
  });

  it('closes the socket on a message over 4 KiB', async () => {
    const c = await open();
    c.send({ op: 'subscribe', symbols: ['A'.repeat(PUSH_LIMITS.maxPayloadBytes)] });
    expect((await c.closed).code).toBe(1009);
  });

  it('throttles a flood of messages with one 429 error', async () => {
    const c = await open();
    for (let i = 0; i < 60; i++) c.send({ op: 'pong' });
    c.send({ op: 'subscribe', symbols: ['AAPL'] });
    expect(await c.next(isError)).toEqual({ type: 'error', code: 429, msg: MSG.tooManyMessages });
    await c.barrier(100); // answered once the bucket has refilled a little
    expect(c.take(isError)).toEqual([]);
    expect(c.open).toBe(true);
  });

  it('skips quotes for a socket that does not read, then catches it up with the latest', async () => {
    const symbols = Array.from({ length: 20 }, (_, i) => `S${200 + i}`);
    const slow = await open(symbols);
    const raw = (slow.ws as unknown as { _socket: Socket })._socket;
    raw.pause(); // the client stops reading; the kernel buffers fill, then the server's
    const pad = 'x'.repeat(200_000);
    for (let round = 1; round <= 4; round++) {
      for (const symbol of symbols) node.hub.publishQuote(symbol, { symbol, seq: round, pad });
      await sleep(300);
    }
    raw.resume();
    // Caught up once every symbol's latest quote has arrived; the barrier then brings in any left.
    const caughtUp = () => symbols.every((symbol) => slow.frames.some((f) => quoteOf(symbol)(f) && f.data.seq === 4));
    while (!caughtUp()) await slow.next(() => false, 50).catch(() => undefined);
    const got = await slow.rest((f) => f.type === 'quote');
    expect(got.length).toBeLessThan(4 * symbols.length); // some were skipped ...
    for (const symbol of symbols) {
      // ... yet every symbol ends on its latest quote.
      expect(got.filter((f) => f.data.symbol === symbol).at(-1)?.data.seq).toBe(4);
    }
  });
});

describe('push socket limits and lifecycle', () => {
  it('sends heartbeats and closes a socket silent for two of them', async () => {
    const node = await startNode({ heartbeatMs: 100 });
    try {
      const live = await Client.open(node.url); // ws answers protocol pings, as browsers do
      const silent = await Client.open(node.url, { autoPong: false });
      const ping = await live.next((f) => f.type === 'ping', 1000);
      expect(typeof ping.ts).toBe('number');
      expect(Math.abs(ping.ts - Date.now())).toBeLessThan(1000);
      const closed = await Promise.race([silent.closed, sleep(1500).then(() => 'still open')]);
      expect(closed).toMatchObject({ code: 1006 }); // terminated: no close handshake with a dead peer
      // Three more heartbeats: more than the two silent ones that close a socket.
      for (let i = 0; i < 3; i++) await live.next((f) => f.type === 'ping', 1000);
      expect(live.open).toBe(true);
      // Answering the JSON ping is enough too.
      const jsonOnly = await Client.open(node.url, { autoPong: false });
      for (let i = 0; i < 3; i++) {
        await jsonOnly.next((f) => f.type === 'ping', 1000);
        jsonOnly.send({ op: 'pong' });
      }
      await jsonOnly.barrier();
      expect(jsonOnly.open).toBe(true);
      await Promise.all([live.close(), jsonOnly.close()]);
    } finally {
      await node.close();
    }
  });

  it('signs a socket out when its session ends, with an unasked 401', async () => {
    const live = new Set(['token-short']);
    const node = await startNode({}, { authenticate: async (t) => (live.has(t) ? 3 : null), limits: { reauthMs: 100 } });
    try {
      const c = await Client.open(node.url);
      c.send({ op: 'auth', token: 'token-short' });
      await c.next(ackOf('auth'));
      node.hub.publishUserEvent(3, PushEvent.Notice, { n: 1 });
      expect(await c.next()).toMatchObject({ type: 'event', data: { n: 1 } });
      live.delete('token-short'); // logout
      expect(await c.next(isError, 1000)).toEqual({ type: 'error', code: 401, msg: 'login expired', op: 'auth' });
      node.hub.publishUserEvent(3, PushEvent.Notice, { n: 2 });
      expect(await c.rest()).toEqual([]);
      expect(node.hub.stats().signedIn).toBe(0);
      expect(c.open).toBe(true);
      await c.close();
    } finally {
      await node.close();
    }
  });

  it('refuses sockets over the per-IP limit with close code 1008', async () => {
    const node = await startNode({}, { limits: { maxSocketsPerIp: 2 } });
    try {
      const a = await Client.open(node.url);
      const b = await Client.open(node.url);
      const c = await Client.open(node.url);
      expect(await c.closed).toEqual({ code: 1008, reason: MSG.tooManySockets });
      await a.close();
      while (node.hub.stats().sockets > 1) await sleep(5); // the server has seen it go
      const d = await Client.open(node.url); // a slot freed up
      d.send({ op: 'subscribe', symbols: ['AAPL'] });
      await d.next(ackOf('subscribe'));
      await Promise.all([b.close(), d.close()]);
    } finally {
      await node.close();
    }
  });

  it('close() closes every socket with 1001', async () => {
    const node = await startNode();
    const a = await subscribed(node.url, ['AAPL']);
    const b = await Client.open(node.url);
    await node.hub.close();
    expect((await a.closed).code).toBe(1001);
    expect((await b.closed).code).toBe(1001);
    expect(node.hub.stats()).toEqual({ sockets: 0, subscriptions: 0, signedIn: 0, waitingQuotes: 0 });
    expect(node.hub.subscribedSymbols().size).toBe(0);
    await node.close();
  });

  it('app.close() tells clients 1001 "server shutting down" too', async () => {
    const node = await startNode();
    const a = await subscribed(node.url, ['AAPL']);
    await node.close();
    expect(await a.closed).toEqual({ code: 1001, reason: MSG.shuttingDown });
    await expect(Client.open(node.url)).rejects.toThrow();
  });
});

describe.runIf(await redisAvailable())('push fan-out through Redis, two nodes', () => {
  const prefix = `test-push-${process.pid}-${Date.now().toString(36)}:`;
  let a: Node;
  let b: Node;
  /** A socket on each node, signed in as a user of its own, for `settled`. */
  let markerOnA: Client;
  let markerOnB: Client;

  beforeAll(async () => {
    a = await startNode({ redisUrl: REDIS_URL, channelPrefix: prefix });
    b = await startNode({ redisUrl: REDIS_URL, channelPrefix: prefix });
    [markerOnA, markerOnB] = await Promise.all([Client.open(a.url), Client.open(b.url)]);
    for (const c of [markerOnA, markerOnB]) {
      c.send({ op: 'auth', token: 'token-barrier' });
      await c.next(ackOf('auth'));
    }
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  /**
   * Resolves once each node has taken in, through Redis, everything published before the call. A
   * node publishes on one connection and listens on one, and Redis keeps the order of what one
   * connection publishes; so an event published now by one node reaches the other node after
   * anything published earlier, and a node's own earlier messages come back to it (were it to
   * listen to them) before the other node's marker. A duplicate quote may then still wait in a
   * conflation window, which the hub's `waitingQuotes` shows.
   */
  async function settled() {
    const id = Math.random();
    a.hub.publishUserEvent(4, PushEvent.Notice, { marker: id, from: 'a' });
    b.hub.publishUserEvent(4, PushEvent.Notice, { marker: id, from: 'b' });
    await markerOnB.next((f) => f.data?.marker === id && f.data.from === 'a');
    await markerOnA.next((f) => f.data?.marker === id && f.data.from === 'b');
    for (const c of [markerOnA, markerOnB]) c.take(() => true);
  }

  it('reports the redis driver and is healthy', async () => {
    expect(a.hub.driver).toBe('redis');
    expect(await a.hub.healthy()).toBe(true);
  });

  it('delivers a quote published on A to clients on A and on B, exactly once each', async () => {
    const onA = await subscribed(a.url, ['AAPL']);
    const onB = await subscribed(b.url, ['AAPL']);
    a.hub.publishQuote('AAPL', { symbol: 'AAPL', price: '190.01', seq: 1 });
    expect((await onB.next(quoteOf('AAPL'))).data.seq).toBe(1);
    expect((await onA.next(quoteOf('AAPL'))).data.seq).toBe(1);
    await settled();
    expect([a.hub.stats().waitingQuotes, b.hub.stats().waitingQuotes]).toEqual([0, 0]);
    expect(await onA.rest(quoteOf('AAPL'))).toEqual([]);
    expect(await onB.rest(quoteOf('AAPL'))).toEqual([]);
    // And the other way round.
    b.hub.publishQuote('AAPL', { symbol: 'AAPL', price: '190.02', seq: 2 });
    expect((await onA.next(quoteOf('AAPL'))).data.seq).toBe(2);
    expect((await onB.next(quoteOf('AAPL'))).data.seq).toBe(2);
    await settled();
    expect([a.hub.stats().waitingQuotes, b.hub.stats().waitingQuotes]).toEqual([0, 0]);
    expect([...(await onA.rest(quoteOf('AAPL'))), ...(await onB.rest(quoteOf('AAPL')))]).toEqual([]);
    await Promise.all([onA.close(), onB.close()]);
  });

  it('delivers a user event published on A to the user’s socket on B, once', async () => {
    const user = await Client.open(b.url);
    const other = await Client.open(b.url);
    user.send({ op: 'auth', token: 'token-user-1' });
    other.send({ op: 'auth', token: 'token-user-2' });
    await user.next(ackOf('auth'));
    await other.next(ackOf('auth'));
    a.hub.publishUserEvent(1, PushEvent.Order, { id: 99, status: 1, event: 'filled' });
    expect(await user.next()).toEqual({ type: 'event', event: 'order', data: { id: 99, status: 1, event: 'filled' } });
    await settled();
    expect(await user.rest()).toEqual([]);
    expect(await other.rest()).toEqual([]);
    await Promise.all([user.close(), other.close()]);
  });

  it('delivers an operator event published on A to operator sockets on B, once, and to no investor', async () => {
    const ops = await Client.open(b.url);
    const user = await Client.open(b.url);
    ops.send({ op: 'auth', token: 'token-operator' });
    user.send({ op: 'auth', token: 'token-user-1' });
    await ops.next(ackOf('auth'));
    await user.next(ackOf('auth'));
    a.hub.publishOperatorEvent(PushEvent.ChatMessage, { id: 5 });
    expect(await ops.next()).toEqual({ type: 'event', event: 'chat.message', data: { id: 5 } });
    await settled();
    expect(await ops.rest()).toEqual([]);
    expect(await user.rest()).toEqual([]);
    await Promise.all([ops.close(), user.close()]);
  });

  it('conflates quotes arriving from Redis too', async () => {
    const onB = await subscribed(b.url, ['BTCUSDT']);
    for (let seq = 1; seq <= 50; seq++) {
      a.hub.publishQuote('BTCUSDT', { symbol: 'BTCUSDT', price: '1', seq });
      await sleep(10);
    }
    const last = await onB.next((f) => quoteOf('BTCUSDT')(f) && f.data.seq === 50);
    const got = [...(await onB.rest(quoteOf('BTCUSDT'))), last];
    expect(got.length).toBeLessThanOrEqual(4);
    expect(got.at(-1).data.seq).toBe(50);
    await onB.close();
  });
});
