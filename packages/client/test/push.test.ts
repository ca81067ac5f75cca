import { PushEvent } from '@tradeapp/contract';
import type { PushQuote } from '@tradeapp/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPushClient, type PushClientOptions, type SocketLike } from '../src/index';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed: { code?: number; reason?: string } | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number, reason?: string) {
    this.closed = { code, reason };
    this.readyState = 3;
  }
  /** The server side of the test. */
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }
  push(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function quote(symbol: string, price: string, timestamp: number): PushQuote {
  return { symbol, price_nominal: price, change: '1.00', change_ratio: '0.50', fall: false, volume: '10', timestamp, name: symbol } as PushQuote;
}

function setup(overrides: Partial<PushClientOptions> = {}) {
  const sockets: FakeSocket[] = [];
  const state = { token: null as string | null };
  const client = createPushClient({
    url: 'ws://test/web/push',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    getToken: () => state.token,
    backoff: (attempt) => 1000 * 2 ** attempt,
    watchOnline: false,
    ...overrides,
  });
  const last = () => sockets[sockets.length - 1]!;
  return { client, sockets, state, last };
}

describe('push client with quotes (the investor app)', () => {
  let received: PushQuote[][];
  let t: ReturnType<typeof setup>;

  beforeEach(() => {
    vi.useFakeTimers();
    received = [];
    t = setup({ onQuotes: (quotes) => received.push(quotes), flushMs: 50 });
  });
  afterEach(() => {
    t.client.stop();
    vi.useRealTimers();
  });

  it('connects on the first subscription, authenticates and subscribes once the socket is open', () => {
    t.state.token = 'tok-1';
    t.client.subscribe(['AAPL', 'BTCUSDT']);
    expect(t.sockets).toHaveLength(1);
    expect(t.last().url).toBe('ws://test/web/push');
    t.last().accept();
    expect(t.last().sent).toEqual([
      { op: 'auth', token: 'tok-1' },
      { op: 'subscribe', symbols: ['AAPL', 'BTCUSDT'] },
    ]);
  });

  it('counts references: a symbol is unsubscribed only when no screen shows it', () => {
    t.client.subscribe(['AAPL']);
    t.last().accept();
    const second = t.client.subscribe(['AAPL', 'MSFT']);
    vi.advanceTimersByTime(0);
    expect(t.last().sent).toEqual([
      { op: 'subscribe', symbols: ['AAPL'] },
      { op: 'subscribe', symbols: ['MSFT'] },
    ]);
    second();
    vi.advanceTimersByTime(0);
    expect(t.last().sent.at(-1)).toEqual({ op: 'unsubscribe', symbols: ['MSFT'] });
    expect(t.client.subscribedSymbols()).toEqual(['AAPL']);
  });

  it('sends only the net change when one screen replaces another in the same tick', () => {
    const listScreen = t.client.subscribe(['AAPL']);
    t.last().accept();
    const before = t.last().sent.length;
    listScreen();
    const quoteScreen = t.client.subscribe(['AAPL']);
    vi.advanceTimersByTime(0);
    expect(t.last().sent.length).toBe(before);
    quoteScreen();
  });

  it('closes the socket a while after the last screen let go', () => {
    const screen = t.client.subscribe(['AAPL']);
    t.last().accept();
    screen();
    vi.advanceTimersByTime(29_000);
    expect(t.last().closed).toBeNull();
    vi.advanceTimersByTime(1_000);
    expect(t.last().closed?.code).toBe(1000);
    expect(t.client.status).toBe('idle');
  });

  it('reconnects with backoff and resubscribes everything', () => {
    t.state.token = 'tok-2';
    t.client.subscribe(['AAPL']);
    t.client.subscribe(['EURUSD']);
    t.last().accept();
    t.last().drop();
    expect(t.sockets).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(t.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(2);
    // the second attempt fails before opening: the next wait is longer
    t.last().drop();
    vi.advanceTimersByTime(1999);
    expect(t.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(3);
    t.last().accept();
    expect(t.last().sent).toEqual([
      { op: 'auth', token: 'tok-2' },
      { op: 'subscribe', symbols: ['AAPL', 'EURUSD'] },
    ]);
  });

  it('gathers quotes and hands over the latest per symbol', () => {
    t.client.subscribe(['AAPL']);
    t.last().accept();
    t.last().push({ type: 'quote', data: quote('AAPL', '100.00', 1) });
    t.last().push({ type: 'quote', data: quote('AAPL', '101.00', 2) });
    t.last().push({ type: 'quote', data: quote('TSLA', '5.00', 2) }); // not subscribed
    expect(received).toHaveLength(0);
    vi.advanceTimersByTime(50);
    expect(received).toEqual([[quote('AAPL', '101.00', 2)]]);
  });

  it('tells listeners each time the server confirms the sign-in, so they can catch up after a reconnect', () => {
    t.state.token = 'tok-4';
    let signedIn = 0;
    const off = t.client.onSignedIn(() => signedIn++);
    t.client.onEvent(() => undefined);
    t.last().accept();
    expect(signedIn).toBe(0); // sent, not yet confirmed
    t.last().push({ type: 'ack', op: 'auth' });
    expect(signedIn).toBe(1);
    t.last().push({ type: 'ack', op: 'subscribe', symbols: [] });
    expect(signedIn).toBe(1);
    t.last().drop();
    vi.advanceTimersByTime(1000);
    t.last().accept();
    t.last().push({ type: 'ack', op: 'auth' });
    expect(signedIn).toBe(2);
    off();
    t.last().push({ type: 'ack', op: 'auth' });
    expect(signedIn).toBe(2);
  });

  it('authenticates an open socket after sign-in, and starts afresh after sign-out', () => {
    t.client.subscribe(['AAPL']);
    t.last().accept();
    t.state.token = 'tok-3';
    t.client.refreshAuth();
    expect(t.last().sent.at(-1)).toEqual({ op: 'auth', token: 'tok-3' });
    t.state.token = null;
    t.client.refreshAuth();
    expect(t.sockets[0]!.closed?.code).toBe(1000);
    expect(t.sockets).toHaveLength(2);
  });

  it('ignores a refused session on the socket: the quotes need none', () => {
    t.state.token = 'tok-5';
    t.client.subscribe(['AAPL']);
    t.last().accept();
    t.last().push({ type: 'error', code: 401, msg: 'login expired' });
    expect(t.last().closed).toBeNull();
  });
});

describe('push client for events only (the back office)', () => {
  let ended: string[];
  let t: ReturnType<typeof setup>;

  beforeEach(() => {
    vi.useFakeTimers();
    ended = [];
    t = setup({ requireToken: true, onSessionEnded: (message) => ended.push(message), idleTimeoutMs: 45_000 });
    t.state.token = 'tok-1';
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs the socket in with the token and is live once the server accepts it', () => {
    t.client.start();
    expect(t.client.status).toBe('connecting');
    t.last().accept();
    expect(t.last().sent).toEqual([{ op: 'auth', token: 'tok-1' }]);
    expect(t.client.status).toBe('connecting');
    t.last().push({ type: 'ack', op: 'auth' });
    expect(t.client.status).toBe('live');
    expect(t.client.connected).toBe(true);
    t.client.stop();
  });

  it('does not connect without a session', () => {
    t.state.token = null;
    t.client.start();
    t.client.onEvent(() => undefined);
    expect(t.sockets).toHaveLength(0);
    expect(t.client.status).toBe('idle');
  });

  it('hands events to listeners and answers pings', () => {
    const seen: [string, unknown][] = [];
    t.client.onEvent((event, data) => seen.push([event, data]));
    t.client.start();
    t.last().accept();
    t.last().push({ type: 'ack', op: 'auth' });
    t.last().push({ type: 'event', event: 'chat.message', data: { id: 7 } });
    t.last().push({ type: 'ping', ts: 1 });
    expect(seen).toEqual([['chat.message', { id: 7 }]]);
    expect(t.last().sent.at(-1)).toEqual({ op: 'pong' });
    t.client.stop();
  });

  it('hands one named event to its listener, parsed with the contract schema, and drops a frame that does not parse', () => {
    const orders: unknown[] = [];
    const notices: unknown[] = [];
    t.client.on(PushEvent.Order, (data) => orders.push(data));
    t.client.on(PushEvent.Notice, (data) => notices.push(data));
    t.client.start();
    t.last().accept();
    t.last().push({ type: 'ack', op: 'auth' });
    t.last().push({ type: 'event', event: 'order', data: { id: 9, status: 1, event: 'filled', extra: 'stripped' } });
    t.last().push({ type: 'event', event: 'order', data: { id: 'nine', status: 1, event: 'filled' } });
    t.last().push({ type: 'event', event: 'notice', data: { id: 3, kind: 'order.filled' } });
    expect(orders).toEqual([{ id: 9, status: 1, event: 'filled' }]);
    expect(notices).toEqual([{ id: 3, kind: 'order.filled' }]);
    t.client.stop();
  });

  it('reconnects with growing delays and asks listeners to catch up after signing in again', () => {
    const resync = vi.fn();
    const statuses: string[] = [];
    t.client.onResync(resync);
    t.client.onStatus(() => statuses.push(t.client.status));
    t.client.start();
    t.last().accept();
    t.last().push({ type: 'ack', op: 'auth' });
    expect(resync).not.toHaveBeenCalled();

    t.last().drop();
    expect(t.client.status).toBe('offline');
    vi.advanceTimersByTime(999);
    expect(t.sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(2);

    // A failed attempt waits twice as long.
    t.sockets[1]!.drop();
    vi.advanceTimersByTime(1999);
    expect(t.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(3);

    t.sockets[2]!.accept();
    expect(resync).not.toHaveBeenCalled();
    t.sockets[2]!.push({ type: 'ack', op: 'auth' });
    expect(resync).toHaveBeenCalledTimes(1);
    expect(t.client.status).toBe('live');
    expect(statuses).toEqual(['connecting', 'live', 'offline', 'connecting', 'offline', 'connecting', 'live']);
    t.client.stop();
  });

  it('reconnects at once after a deploy, and slowly when refused for policy', () => {
    t.client.start();
    t.last().accept();
    t.last().drop(1001);
    vi.advanceTimersByTime(0);
    expect(t.sockets).toHaveLength(2);
    t.last().accept();
    t.last().drop(1008);
    vi.advanceTimersByTime(14_999);
    expect(t.sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(t.sockets).toHaveLength(3);
    t.client.stop();
  });

  it('treats a silent connection as dropped', () => {
    t.client.start();
    t.last().accept();
    t.last().push({ type: 'ack', op: 'auth' });
    vi.advanceTimersByTime(44_000);
    t.last().push({ type: 'ping', ts: 2 });
    vi.advanceTimersByTime(44_000);
    expect(t.sockets[0]!.closed).toBeNull();
    vi.advanceTimersByTime(1_000);
    expect(t.sockets[0]!.closed?.code).toBe(4000);
    expect(t.client.status).toBe('offline');
    vi.advanceTimersByTime(1_000);
    expect(t.sockets).toHaveLength(2);
    t.client.stop();
  });

  it('gives up and reports the end of the session on an unasked 401', () => {
    t.client.start();
    t.last().accept();
    t.last().push({ type: 'ack', op: 'auth' });
    t.last().push({ type: 'error', code: 401, msg: 'login expired' });
    expect(ended).toEqual(['login expired']);
    expect(t.client.status).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(t.sockets).toHaveLength(1);
  });

  it('stops for good: no reconnect after stop, until started again', () => {
    t.client.start();
    t.last().accept();
    t.client.stop();
    expect(t.sockets[0]!.closed?.code).toBe(1000);
    vi.advanceTimersByTime(120_000);
    expect(t.sockets).toHaveLength(1);
    t.client.start();
    expect(t.sockets).toHaveLength(2);
    t.client.stop();
  });
});
