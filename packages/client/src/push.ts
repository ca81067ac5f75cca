// Over 400 lines: one state machine (socket, timers, subscriptions, listeners) that reads best whole.
import {
  PUSH_PATH,
  pushEventSchemas,
  type PushClientMessage,
  type PushEvent,
  type PushEventData,
  type PushQuote,
  type PushServerMessage,
} from '@tradeapp/contract';

// The push-socket client of both apps (/web/push, docs/push.md). The investor app subscribes to
// quotes (reference-counted per symbol, so a symbol is unsubscribed when no mounted screen shows
// it) and listens for its own events; the back office listens for the events sent to every
// operator. Both reconnect with backoff, resubscribe and sign the new socket in again. Events sent
// while the socket was down are not replayed: listeners are told when to catch up.

/** What the client needs of a WebSocket; tests pass a fake. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code?: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type PushEventListener = (event: string, data: unknown) => void;
/** `live` once the server has accepted the session (or, without one, the socket is open). */
export type PushStatus = 'idle' | 'connecting' | 'live' | 'offline';

export interface PushClientOptions {
  /** The socket's address; the page's own host at `/web/push` if not given. */
  url?: string | (() => string);
  getToken: () => string | null;
  /** The latest quote per subscribed symbol, gathered for `flushMs`; without it quotes are dropped. */
  onQuotes?: (quotes: PushQuote[]) => void;
  /** Open the socket only with a session (an app that receives nothing anonymous). */
  requireToken?: boolean;
  /**
   * The server refused the session on the socket (logout elsewhere, expiry, revocation): the client
   * stops. Without it the refusal is ignored and the socket stays for the anonymous quotes.
   */
  onSessionEnded?: (message: string) => void;
  createSocket?: (url: string) => SocketLike;
  /** Delay before reconnect attempt `attempt` (0-based). */
  backoff?: (attempt: number) => number;
  /** The longest wait of the default backoff. */
  maxBackoffMs?: number;
  /** No frame at all for this long (the server pings every 20 s) counts as a dropped connection. */
  idleTimeoutMs?: number;
  /** A connection that lived this long resets the backoff. */
  stableMs?: number;
  /** Quotes are gathered and handed over at most this often (the latest per symbol wins). */
  flushMs?: number;
  /** With nothing left to receive for this long the socket is closed. */
  lingerMs?: number;
  /** Reconnect at once when the browser comes back online. */
  watchOnline?: boolean;
}

const OPEN = 1;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_POLICY = 1008;
const HTTP_UNAUTHORIZED = 401;
const POLICY_WAIT_MS = 15_000;

/** 0.5 s, 1 s, 2 s ... capped, +-30 % jitter so a restarted server is not hit in step. */
export function exponentialBackoff(maxMs = 30_000): (attempt: number) => number {
  return (attempt) => Math.round(Math.min(maxMs, 500 * 2 ** Math.min(attempt, 10)) * (0.7 + Math.random() * 0.6));
}

/** The page's own host, ws or wss as the page. */
export function sameOriginPushUrl(): string {
  const { protocol, host } = globalThis.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${PUSH_PATH}`;
}

type TimerName = 'reconnectTimer' | 'syncTimer' | 'flushTimer' | 'idleTimer' | 'lingerTimer';
type Settings = Required<Omit<PushClientOptions, 'url' | 'onQuotes' | 'onSessionEnded' | 'maxBackoffMs'>> &
  Pick<PushClientOptions, 'onQuotes' | 'onSessionEnded'> & { url: () => string };

export class PushClient {
  private readonly counts = new Map<string, number>();
  /** Symbols the server has been asked to send on the current socket. */
  private readonly onServer = new Set<string>();
  private readonly events = new Set<PushEventListener>();
  private readonly signedInListeners = new Set<() => void>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly statusListeners = new Set<() => void>();
  private readonly pending = new Map<string, PushQuote>();
  private readonly opts: Settings;
  private socket: SocketLike | null = null;
  private open = false;
  private authedToken: string | null = null;
  private attempt = 0;
  private openedAt = 0;
  /** Held open by `start` whether or not anything is subscribed. */
  private held = false;
  private stopped = false;
  /** A socket was signed in before: the next sign-in follows a gap in which events may be lost. */
  private wasLive = false;
  private currentStatus: PushStatus = 'idle';
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private syncTimer: ReturnType<typeof setTimeout> | null = null;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: PushClientOptions) {
    const { url, maxBackoffMs, ...rest } = options;
    this.opts = {
      createSocket: (address) => new WebSocket(address) as unknown as SocketLike,
      backoff: exponentialBackoff(maxBackoffMs),
      requireToken: false,
      idleTimeoutMs: 45_000,
      stableMs: 60_000,
      flushMs: 100,
      lingerMs: 30_000,
      watchOnline: true,
      ...rest,
      url: typeof url === 'string' ? () => url : (url ?? sameOriginPushUrl),
    };
    if (this.opts.watchOnline && typeof globalThis.addEventListener === 'function') {
      globalThis.addEventListener('online', () => this.reconnectNow());
    }
  }

  get status(): PushStatus {
    return this.currentStatus;
  }

  get connected(): boolean {
    return this.open;
  }

  /** Keep the socket open (and reconnecting) until `stop`, whether or not anything is subscribed. */
  start(): void {
    if (this.held && !this.stopped) return;
    this.held = true;
    this.stopped = false;
    this.attempt = 0;
    this.ensureSocket();
  }

  /** Close for good, until the next `start` or `subscribe` (sign-out, teardown, tests). */
  stop(): void {
    this.held = false;
    this.stopped = true;
    this.wasLive = false;
    for (const name of ['reconnectTimer', 'syncTimer', 'flushTimer', 'idleTimer', 'lingerTimer'] as const) this.clearTimer(name);
    const socket = this.socket;
    this.dropSocket();
    socket?.close(1000, 'stop');
    this.setStatus('idle');
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

  /** Events pushed on the socket (fills, notices, chat); listening keeps the socket open. */
  onEvent(listener: PushEventListener): () => void {
    this.events.add(listener);
    this.ensureSocket();
    return () => {
      this.events.delete(listener);
      this.scheduleSync();
    };
  }

  /**
   * One event by name, its payload parsed with the contract's schema. A frame that does not parse
   * is dropped (an older server or a bug), never handed on half-typed; the listener's catch-up on
   * `onSignedIn`/`onResync` recovers whatever it missed.
   */
  on<E extends PushEvent>(event: E, listener: (data: PushEventData<E>) => void): () => void {
    return this.onEvent((name, data) => {
      if (name !== event) return;
      const parsed = pushEventSchemas[event].safeParse(data);
      if (parsed.success) listener(parsed.data as PushEventData<E>);
    });
  }

  /** Each time the server confirms the socket's sign-in: the first time and after every reconnect. */
  onSignedIn(listener: () => void): () => void {
    this.signedInListeners.add(listener);
    return () => {
      this.signedInListeners.delete(listener);
    };
  }

  /** Each time the socket is signed in again after a drop: the moment to fetch what was missed. */
  onResync(listener: () => void): () => void {
    this.resyncListeners.add(listener);
    return () => {
      this.resyncListeners.delete(listener);
    };
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  /** Symbols some mounted screen shows. */
  subscribedSymbols(): string[] {
    return [...this.counts.keys()].sort();
  }

  /** The session changed: authenticate the open socket, or start a fresh one after sign-out. */
  refreshAuth(): void {
    const token = this.opts.getToken();
    if (token === this.authedToken) return;
    if (!this.socket) {
      this.ensureSocket();
      return;
    }
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

  private wanted(): boolean {
    if (this.stopped) return false;
    if (this.opts.requireToken && !this.opts.getToken()) return false;
    return this.held || this.counts.size > 0 || this.events.size > 0;
  }

  private setStatus(status: PushStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) listener();
  }

  private clearTimer(name: TimerName): void {
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
    this.setStatus('connecting');
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
      this.openedAt = Date.now();
      this.onServer.clear();
      if (!this.sendAuth()) this.setStatus('live');
      this.sync();
      this.armIdle();
    };
    socket.onmessage = (event) => {
      if (socket !== this.socket) return;
      this.armIdle();
      this.handle(event.data);
    };
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this.dropSocket();
      this.afterClose(event.code);
    };
    // An error is always followed by close; reconnecting happens there.
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
    else this.setStatus('idle');
  }

  private afterClose(code: number | undefined): void {
    if (this.openedAt && Date.now() - this.openedAt >= this.opts.stableMs) this.attempt = 0;
    this.openedAt = 0;
    // A deploy: the next node is ready at once. Refused for policy (too many sockets): not in a tight loop.
    if (code === CLOSE_GOING_AWAY && this.attempt === 0) this.scheduleReconnect(0);
    else if (code === CLOSE_POLICY) this.scheduleReconnect(Math.max(this.opts.backoff(this.attempt), POLICY_WAIT_MS));
    else this.scheduleReconnect();
  }

  private scheduleReconnect(delay = this.opts.backoff(this.attempt)): void {
    if (!this.wanted()) {
      this.setStatus('idle');
      return;
    }
    this.setStatus('offline');
    if (this.reconnectTimer) return;
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
      this.afterClose(undefined);
    }, this.opts.idleTimeoutMs);
  }

  private send(message: PushClientMessage): void {
    if (!this.socket || !this.open || this.socket.readyState !== OPEN) return;
    this.socket.send(JSON.stringify(message));
  }

  /** Sends the session's token, if there is one; says whether it did. */
  private sendAuth(): boolean {
    const token = this.opts.getToken();
    if (!token) return false;
    this.send({ op: 'auth', token });
    this.authedToken = token;
    return true;
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
          this.setStatus('idle');
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
      case 'quote':
        this.hold(message.data);
        break;
      case 'event':
        for (const listener of [...this.events]) listener(message.event, message.data);
        break;
      case 'ack':
        if (message.op === 'auth') this.signedIn();
        break;
      case 'error':
        if (message.code === HTTP_UNAUTHORIZED && this.opts.onSessionEnded) {
          this.stop();
          this.opts.onSessionEnded(message.msg);
        }
        break;
      default:
        break;
    }
  }

  private signedIn(): void {
    this.setStatus('live');
    for (const listener of [...this.signedInListeners]) listener();
    if (this.wasLive) for (const listener of [...this.resyncListeners]) listener();
    this.wasLive = true;
  }

  private hold(quote: PushQuote | undefined): void {
    if (!this.opts.onQuotes || !quote || typeof quote.symbol !== 'string' || !this.counts.has(quote.symbol)) return;
    const held = this.pending.get(quote.symbol);
    if (!held || held.timestamp <= quote.timestamp) this.pending.set(quote.symbol, quote);
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      const quotes = [...this.pending.values()];
      this.pending.clear();
      if (quotes.length > 0) this.opts.onQuotes?.(quotes);
    }, this.opts.flushMs);
  }
}

export function createPushClient(options: PushClientOptions): PushClient {
  return new PushClient(options);
}
