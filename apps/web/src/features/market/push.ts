import { PUSH_PATH, type PushClientMessage, type PushQuote, type PushServerMessage } from '@tradeapp/contract';
import { useEffect } from 'react';
import { queryClient } from '../../lib/queryClient';
import { getToken, subscribeSession } from '../../lib/session';
import { applyQuotes } from './liveCache';

// The one push-socket client of the app (/web/push, docs/push.md). Screens subscribe to the
// symbols they show; subscriptions are reference-counted, so a symbol is unsubscribed when no
// mounted screen shows it. Incoming quotes go into the query cache (liveCache.ts), never into
// component state.

/** What the client needs of a WebSocket; tests pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type PushEventListener = (event: string, data: unknown) => void;

export interface PushClientOptions {
  url: () => string;
  createSocket: (url: string) => SocketLike;
  getToken: () => string | null;
  onQuotes: (quotes: PushQuote[]) => void;
  /** Delay before reconnect attempt `attempt` (0-based). */
  backoff?: (attempt: number) => number;
  /** Quotes are gathered and written at most this often (the latest per symbol wins). */
  flushMs?: number;
  /** With no message at all (the server pings) for this long the socket is treated as dead. */
  idleTimeoutMs?: number;
  /** With nothing subscribed for this long the socket is closed. */
  lingerMs?: number;
}

const OPEN = 1;

/** 0.5 s, 1 s, 2 s ... capped at 15 s, with up to 25 % jitter so clients do not reconnect in step. */
export function defaultBackoff(attempt: number): number {
  const base = Math.min(15_000, 500 * 2 ** Math.min(attempt, 10));
  return Math.round(base * (1 + Math.random() * 0.25));
}

export class PushClient {
  private readonly counts = new Map<string, number>();
  /** Symbols the server has been asked to send on the current socket. */
  private readonly onServer = new Set<string>();
  private readonly listeners = new Set<PushEventListener>();
  private readonly signedInListeners = new Set<() => void>();
  private readonly pending = new Map<string, PushQuote>();
  private socket: SocketLike | null = null;
  private open = false;
  private authedToken: string | null = null;
  private attempt = 0;
  private stopped = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private syncTimer: ReturnType<typeof setTimeout> | null = null;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly opts: Required<PushClientOptions>;

  constructor(options: PushClientOptions) {
    this.opts = { backoff: defaultBackoff, flushMs: 100, idleTimeoutMs: 75_000, lingerMs: 30_000, ...options };
  }

  /** Receive the live quotes of `symbols` until the returned function is called. */
  subscribe(symbols: readonly string[]): () => void {
    const unique = [...new Set(symbols.filter((s) => s.length > 0))];
    if (unique.length === 0) return () => undefined;
    for (const symbol of unique) this.counts.set(symbol, (this.counts.get(symbol) ?? 0) + 1);
    this.stopped = false;
    this.scheduleSync();
    this.ensureSocket();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const symbol of unique) {
        const left = (this.counts.get(symbol) ?? 0) - 1;
        if (left > 0) this.counts.set(symbol, left);
        else this.counts.delete(symbol);
      }
      this.scheduleSync();
    };
  }

  /** The caller's own events (fills, notices, chat) pushed on the same socket. */
  onEvent(listener: PushEventListener): () => void {
    this.listeners.add(listener);
    this.ensureSocket();
    return () => {
      this.listeners.delete(listener);
      this.scheduleSync();
    };
  }

  /**
   * Called each time the server confirms the socket's sign-in (the first time and after every
   * reconnect). Events pushed while the socket was down are not replayed: this is when to fetch them.
   */
  onSignedIn(listener: () => void): () => void {
    this.signedInListeners.add(listener);
    return () => {
      this.signedInListeners.delete(listener);
    };
  }

  /** Symbols some mounted screen shows. */
  subscribedSymbols(): string[] {
    return [...this.counts.keys()].sort();
  }

  get connected(): boolean {
    return this.open;
  }

  /** The session changed: authenticate the open socket, or start a fresh one after sign-out. */
  refreshAuth(): void {
    const token = this.opts.getToken();
    if (token === this.authedToken) return;
    if (!this.socket) return;
    if (token && this.open) {
      this.sendAuth();
      return;
    }
    if (!token) this.restart();
  }

  /** Reconnect now (e.g. the device came back online). */
  reconnectNow(): void {
    if (this.socket || !this.wanted()) return;
    this.clearTimer('reconnectTimer');
    this.attempt = 0;
    this.connect();
  }

  /** Close for good (tests, teardown). */
  stop(): void {
    this.stopped = true;
    for (const name of ['reconnectTimer', 'syncTimer', 'flushTimer', 'idleTimer', 'lingerTimer'] as const) this.clearTimer(name);
    const socket = this.socket;
    this.dropSocket();
    socket?.close(1000, 'stop');
  }

  private wanted(): boolean {
    return !this.stopped && (this.counts.size > 0 || this.listeners.size > 0);
  }

  private clearTimer(name: 'reconnectTimer' | 'syncTimer' | 'flushTimer' | 'idleTimer' | 'lingerTimer'): void {
    const timer = this[name];
    if (timer !== null) clearTimeout(timer);
    this[name] = null;
  }

  private ensureSocket(): void {
    this.clearTimer('lingerTimer');
    if (this.socket || this.reconnectTimer || !this.wanted()) return;
    this.connect();
  }

  private connect(): void {
    let socket: SocketLike;
    try {
      socket = this.opts.createSocket(this.opts.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (socket !== this.socket) return;
      this.open = true;
      this.attempt = 0;
      this.onServer.clear();
      this.sendAuth();
      this.sync();
      this.armIdle();
    };
    socket.onmessage = (event) => {
      if (socket !== this.socket) return;
      this.armIdle();
      this.handle(event.data);
    };
    socket.onclose = () => {
      if (socket !== this.socket) return;
      this.dropSocket();
      this.scheduleReconnect();
    };
    // An error is followed by close; reconnecting happens there.
    socket.onerror = () => undefined;
  }

  private dropSocket(): void {
    const socket = this.socket;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
    }
    this.socket = null;
    this.open = false;
    this.authedToken = null;
    this.onServer.clear();
    this.clearTimer('idleTimer');
  }

  private restart(): void {
    const socket = this.socket;
    this.dropSocket();
    socket?.close(1000, 'restart');
    this.attempt = 0;
    if (this.wanted()) this.connect();
  }

  private scheduleReconnect(): void {
    if (!this.wanted() || this.reconnectTimer) return;
    const delay = this.opts.backoff(this.attempt);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.wanted() && !this.socket) this.connect();
    }, delay);
  }

  private armIdle(): void {
    this.clearTimer('idleTimer');
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      const socket = this.socket;
      this.dropSocket();
      socket?.close(4000, 'idle');
      this.scheduleReconnect();
    }, this.opts.idleTimeoutMs);
  }

  private send(message: PushClientMessage): void {
    if (!this.socket || !this.open || this.socket.readyState !== OPEN) return;
    this.socket.send(JSON.stringify(message));
  }

  private sendAuth(): void {
    const token = this.opts.getToken();
    if (!token) return;
    this.send({ op: 'auth', token });
    this.authedToken = token;
  }

  /** Changes within one tick (a screen unmounting while the next mounts) are sent as their net result. */
  private scheduleSync(): void {
    if (this.syncTimer) return;
    this.syncTimer = setTimeout(() => {
      this.syncTimer = null;
      this.sync();
    }, 0);
  }

  private sync(): void {
    if (this.open) {
      const add = [...this.counts.keys()].filter((s) => !this.onServer.has(s));
      const drop = [...this.onServer].filter((s) => !this.counts.has(s));
      if (add.length > 0) {
        this.send({ op: 'subscribe', symbols: add });
        for (const s of add) this.onServer.add(s);
      }
      if (drop.length > 0) {
        this.send({ op: 'unsubscribe', symbols: drop });
        for (const s of drop) this.onServer.delete(s);
      }
    }
    if (!this.wanted()) {
      this.clearTimer('reconnectTimer');
      if (this.socket && !this.lingerTimer) {
        this.lingerTimer = setTimeout(() => {
          this.lingerTimer = null;
          if (this.wanted()) return;
          const socket = this.socket;
          this.dropSocket();
          socket?.close(1000, 'idle');
        }, this.opts.lingerMs);
      }
    }
  }

  private handle(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let message: PushServerMessage;
    try {
      message = JSON.parse(raw) as PushServerMessage;
    } catch {
      return;
    }
    switch (message.type) {
      case 'ping':
        this.send({ op: 'pong' });
        break;
      case 'quote': {
        const quote = message.data;
        if (!quote || typeof quote.symbol !== 'string' || !this.counts.has(quote.symbol)) break;
        const held = this.pending.get(quote.symbol);
        if (!held || held.timestamp <= quote.timestamp) this.pending.set(quote.symbol, quote);
        this.scheduleFlush();
        break;
      }
      case 'event':
        for (const listener of this.listeners) listener(message.event, message.data);
        break;
      case 'ack':
        if (message.op === 'auth') for (const listener of this.signedInListeners) listener();
        break;
      default:
        break;
    }
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      const quotes = [...this.pending.values()];
      this.pending.clear();
      if (quotes.length > 0) this.opts.onQuotes(quotes);
    }, this.opts.flushMs);
  }
}

function pushUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${PUSH_PATH}`;
}

let shared: PushClient | null = null;

/** The app's push client, created on first use. */
export function getPushClient(): PushClient {
  if (shared) return shared;
  const client = new PushClient({
    url: pushUrl,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    getToken,
    onQuotes: (quotes) => applyQuotes(queryClient, quotes),
  });
  subscribeSession(() => client.refreshAuth());
  window.addEventListener('online', () => client.reconnectNow());
  shared = client;
  return client;
}

/** Keep the quotes of `symbols` live in the query cache while the calling screen is mounted. */
export function useLiveQuote(symbols: readonly (string | null | undefined)[]): void {
  const key = [...new Set(symbols.filter((s): s is string => typeof s === 'string' && s.length > 0))].sort().join('\n');
  useEffect(() => {
    if (!key) return undefined;
    return getPushClient().subscribe(key.split('\n'));
  }, [key]);
}
