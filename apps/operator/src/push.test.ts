import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OperatorPushClient, type SocketLike } from './push';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed: { code?: number; reason?: string } | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number, reason?: string) {
    this.closed = { code, reason };
    this.readyState = 3;
  }
  /** The server side of the test. */
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function setup(token: string | null = 'tok-1') {
  const sockets: FakeSocket[] = [];
  const ended: string[] = [];
  const client = new OperatorPushClient({
    url: () => 'ws://test/web/push',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    getToken: () => token,
    onSessionEnded: (message) => ended.push(message),
    backoff: (attempt) => 1000 * 2 ** attempt,
    idleTimeoutMs: 45_000,
  });
  return { client, sockets, ended };
}

describe('OperatorPushClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('signs the socket in with the token and is live once the server accepts it', () => {
    const { client, sockets } = setup();
    client.start();
    expect(client.status).toBe('connecting');
    sockets[0]!.open();
    expect(sockets[0]!.sent).toEqual([{ op: 'auth', token: 'tok-1' }]);
    expect(client.status).toBe('connecting');
    sockets[0]!.receive({ type: 'ack', op: 'auth' });
    expect(client.status).toBe('live');
    client.stop();
  });

  it('does not connect without a session', () => {
    const { client, sockets } = setup(null);
    client.start();
    expect(sockets).toHaveLength(0);
    expect(client.status).toBe('idle');
  });

  it('hands events to listeners and answers pings', () => {
    const { client, sockets } = setup();
    const seen: [string, unknown][] = [];
    client.onEvent((event, data) => seen.push([event, data]));
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'ack', op: 'auth' });
    sockets[0]!.receive({ type: 'event', event: 'chat.message', data: { id: 7 } });
    sockets[0]!.receive({ type: 'ping', ts: 1 });
    expect(seen).toEqual([['chat.message', { id: 7 }]]);
    expect(sockets[0]!.sent.at(-1)).toEqual({ op: 'pong' });
    client.stop();
  });

  it('reconnects with growing delays and asks listeners to catch up after signing in again', () => {
    const { client, sockets } = setup();
    const resync = vi.fn();
    client.onResync(resync);
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'ack', op: 'auth' });
    expect(resync).not.toHaveBeenCalled();

    sockets[0]!.drop();
    expect(client.status).toBe('offline');
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);

    // A failed attempt waits twice as long.
    sockets[1]!.drop();
    vi.advanceTimersByTime(1999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);

    sockets[2]!.open();
    expect(resync).not.toHaveBeenCalled();
    sockets[2]!.receive({ type: 'ack', op: 'auth' });
    expect(resync).toHaveBeenCalledTimes(1);
    expect(client.status).toBe('live');
    client.stop();
  });

  it('treats a silent connection as dropped', () => {
    const { client, sockets } = setup();
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'ack', op: 'auth' });
    vi.advanceTimersByTime(44_000);
    sockets[0]!.receive({ type: 'ping', ts: 2 });
    vi.advanceTimersByTime(44_000);
    expect(sockets[0]!.closed).toBeNull();
    vi.advanceTimersByTime(1_000);
    expect(sockets[0]!.closed?.code).toBe(4000);
    expect(client.status).toBe('offline');
    vi.advanceTimersByTime(1_000);
    expect(sockets).toHaveLength(2);
    client.stop();
  });

  it('gives up and reports the end of the session on an unasked 401', () => {
    const { client, sockets, ended } = setup();
    client.start();
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'ack', op: 'auth' });
    sockets[0]!.receive({ type: 'error', code: 401, msg: 'login expired' });
    expect(ended).toEqual(['login expired']);
    expect(client.status).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('stops for good: no reconnect after stop', () => {
    const { client, sockets } = setup();
    client.start();
    sockets[0]!.open();
    client.stop();
    expect(sockets[0]!.closed?.code).toBe(1000);
    vi.advanceTimersByTime(120_000);
    expect(sockets).toHaveLength(1);
  });
});
