import type { PushQuote, QuoteRow, WatchlistRow } from '@tradeapp/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { marketKeys } from './keys';
import { applyQuotes, applySelfSelect } from './liveCache';
import { PushClient, type SocketLike } from './push';

class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }

  close() {
    this.closed = true;
    this.readyState = 3;
  }

  // server side
  accept() {
    this.readyState = 1;
    this.onopen?.({});
  }

  push(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }

  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

function quote(symbol: string, price: string, timestamp: number): PushQuote {
  return { symbol, price_nominal: price, change: '1.00', change_ratio: '0.50', fall: false, volume: '10', timestamp, name: symbol } as PushQuote;
}

describe('PushClient', () => {
  let token: string | null;
  let received: PushQuote[][];
  let client: PushClient;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    token = null;
    received = [];
    client = new PushClient({
      url: () => 'ws://test/web/push',
      createSocket: (url) => new FakeSocket(url),
      getToken: () => token,
      onQuotes: (quotes) => received.push(quotes),
      backoff: (attempt) => 1000 * (attempt + 1),
      flushMs: 50,
    });
  });

  afterEach(() => {
    client.stop();
    vi.useRealTimers();
  });

  it('connects on the first subscription, authenticates and subscribes once the socket is open', () => {
    token = 'tok-1';
    client.subscribe(['AAPL', 'BTCUSDT']);
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().url).toBe('ws://test/web/push');
    last().accept();
    expect(last().sent).toEqual([
      { op: 'auth', token: 'tok-1' },
      { op: 'subscribe', symbols: ['AAPL', 'BTCUSDT'] },
    ]);
  });

  it('counts references: a symbol is unsubscribed only when no screen shows it', () => {
    client.subscribe(['AAPL']);
    last().accept();
    const second = client.subscribe(['AAPL', 'MSFT']);
    vi.advanceTimersByTime(0);
    expect(last().sent).toEqual([
      { op: 'subscribe', symbols: ['AAPL'] },
      { op: 'subscribe', symbols: ['MSFT'] },
    ]);
    second();
    vi.advanceTimersByTime(0);
    expect(last().sent.at(-1)).toEqual({ op: 'unsubscribe', symbols: ['MSFT'] });
    expect(client.subscribedSymbols()).toEqual(['AAPL']);
  });

  it('sends only the net change when one screen replaces another in the same tick', () => {
    const listScreen = client.subscribe(['AAPL']);
    last().accept();
    const before = last().sent.length;
    listScreen();
    const quoteScreen = client.subscribe(['AAPL']);
    vi.advanceTimersByTime(0);
    expect(last().sent.length).toBe(before);
    quoteScreen();
  });

  it('answers ping with pong', () => {
    client.subscribe(['AAPL']);
    last().accept();
    last().push({ type: 'ping', ts: 1 });
    expect(last().sent.at(-1)).toEqual({ op: 'pong' });
  });

  it('reconnects with backoff and resubscribes everything', () => {
    token = 'tok-2';
    client.subscribe(['AAPL']);
    client.subscribe(['EURUSD']);
    last().accept();
    last().drop();
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    // the second attempt fails before opening: the next wait is longer
    last().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    last().accept();
    expect(last().sent).toEqual([
      { op: 'auth', token: 'tok-2' },
      { op: 'subscribe', symbols: ['AAPL', 'EURUSD'] },
    ]);
  });

  it('gathers quotes and hands over the latest per symbol', () => {
    client.subscribe(['AAPL']);
    last().accept();
    last().push({ type: 'quote', data: quote('AAPL', '100.00', 1) });
    last().push({ type: 'quote', data: quote('AAPL', '101.00', 2) });
    last().push({ type: 'quote', data: quote('TSLA', '5.00', 2) }); // not subscribed
    expect(received).toHaveLength(0);
    vi.advanceTimersByTime(50);
    expect(received).toEqual([[quote('AAPL', '101.00', 2)]]);
  });

  it('tells listeners each time the server confirms the sign-in, so they can catch up after a reconnect', () => {
    token = 'tok-4';
    let signedIn = 0;
    const off = client.onSignedIn(() => signedIn++);
    client.onEvent(() => undefined);
    last().accept();
    expect(signedIn).toBe(0); // sent, not yet confirmed
    last().push({ type: 'ack', op: 'auth' });
    expect(signedIn).toBe(1);
    last().push({ type: 'ack', op: 'subscribe', symbols: [] });
    expect(signedIn).toBe(1);
    last().drop();
    vi.advanceTimersByTime(1000);
    last().accept();
    last().push({ type: 'ack', op: 'auth' });
    expect(signedIn).toBe(2);
    off();
    last().push({ type: 'ack', op: 'auth' });
    expect(signedIn).toBe(2);
  });

  it('authenticates an open socket after sign-in', () => {
    client.subscribe(['AAPL']);
    last().accept();
    token = 'tok-3';
    client.refreshAuth();
    expect(last().sent.at(-1)).toEqual({ op: 'auth', token: 'tok-3' });
  });
});

describe('live quotes in the query cache', () => {
  const row = (symbol: string, price: string, extra: Partial<QuoteRow> = {}) =>
    ({ symbol, name: symbol, price_nominal: price, change: '0', change_ratio: '0', fall: false, volume: '1', timestamp: 1, selfSelectStatus: 1, spark: ['1', '2'], ...extra }) as QuoteRow;

  it('patches the quote detail, list pages, infinite lists and the watchlist', () => {
    const qc = new QueryClient();
    qc.setQueryData(marketKeys.quote('AAPL'), row('AAPL', '100.00'));
    qc.setQueryData(marketKeys.top('gainers'), { list: [row('AAPL', '100.00'), row('MSFT', '50.00')], total: 2, page: 1, size: 20 });
    qc.setQueryData(marketKeys.list('US', null, 'desc'), { pages: [{ list: [row('MSFT', '50.00')] }, { list: [row('AAPL', '100.00')] }], pageParams: [1, 2] });
    const watch = { id: 1, symbol: 'AAPL', f14: 'AAPL', f12: 'AAPL', f2: '100.00', f3: '0', f4: '0', f5: '1', fall: false, quote: row('AAPL', '100.00') } as unknown as WatchlistRow;
    qc.setQueryData(marketKeys.watchlist(), [watch]);
    qc.setQueryData(['account', 'other'], row('AAPL', '1.00'));
    const msftBefore = qc.getQueryData<{ list: QuoteRow[] }>(marketKeys.top('gainers'))!.list[1];

    applyQuotes(qc, [quote('AAPL', '102.50', 5)]);

    const detail = qc.getQueryData<QuoteRow>(marketKeys.quote('AAPL'))!;
    expect(detail.price_nominal).toBe('102.50');
    expect(detail.selfSelectStatus).toBe(1);
    expect(detail.spark).toEqual(['1', '2']);
    const top = qc.getQueryData<{ list: QuoteRow[] }>(marketKeys.top('gainers'))!;
    expect(top.list[0]!.price_nominal).toBe('102.50');
    expect(top.list[1]).toBe(msftBefore);
    const infinite = qc.getQueryData<{ pages: Array<{ list: QuoteRow[] }> }>(marketKeys.list('US', null, 'desc'))!;
    expect(infinite.pages[1]!.list[0]!.price_nominal).toBe('102.50');
    const [watched] = qc.getQueryData<WatchlistRow[]>(marketKeys.watchlist())!;
    expect(watched!.f2).toBe('102.50');
    expect(watched!.f3).toBe('0.50');
    expect(watched!.quote.price_nominal).toBe('102.50');
    expect(qc.getQueryData<QuoteRow>(['account', 'other'])!.price_nominal).toBe('1.00');
  });

  it('ignores a pushed quote older than the cached one', () => {
    const qc = new QueryClient();
    qc.setQueryData(marketKeys.quote('AAPL'), row('AAPL', '100.00', { timestamp: 10 }));
    applyQuotes(qc, [quote('AAPL', '99.00', 9)]);
    expect(qc.getQueryData<QuoteRow>(marketKeys.quote('AAPL'))!.price_nominal).toBe('100.00');
  });

  it('sets the watchlist star everywhere', () => {
    const qc = new QueryClient();
    qc.setQueryData(marketKeys.search('app'), [row('AAPL', '1', { selfSelectStatus: 0 })]);
    applySelfSelect(qc, 'AAPL', 1);
    expect(qc.getQueryData<QuoteRow[]>(marketKeys.search('app'))![0]!.selfSelectStatus).toBe(1);
  });
});
