import { PUSH_PATH, type PushClientMessage, type PushServerMessage } from '@tradeapp/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { getToken, goToLogin } from './api';

// The back office's push socket (/web/push, docs/push.md). Operators need no quotes: the socket
// carries the events published to every operator (the chat console). Events sent while the socket
// was down are not replayed, so listeners are told when a later connection is signed in again and
// fetch what they may have missed.

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
/** `live` once the server has accepted the session on the current socket. */
export type PushStatus = 'idle' | 'connecting' | 'live' | 'offline';

export interface PushClientOptions {
  url: () => string;
  createSocket: (url: string) => SocketLike;
  getToken: () => string | null;
  /** The server ended the session (logout elsewhere, expiry, revocation). */
  onSessionEnded: (message: string) => void;
  /** Delay before reconnect attempt `attempt` (0-based). */
  backoff?: (attempt: number) => number;
  /** No frame at all for this long (the server pings every 20 s) counts as a dropped connection. */
  idleTimeoutMs?: number;
  /** A connection that lived this long resets the backoff. */
  stableMs?: number;
}

const OPEN = 1;
const CLOSE_GOING_AWAY = 1001;
const CLOSE_POLICY = 1008;
const HTTP_UNAUTHORIZED = 401;

/** 0.5 s, 1 s, 2 s ... capped at 30 s, +-30 % jitter so a restarted server is not hit in step. */
export function defaultBackoff(attempt: number): number {
  const base = Math.min(30_000, 500 * 2 ** Math.min(attempt, 10));
  return Math.round(base * (0.7 + Math.random() * 0.6));
}

export class OperatorPushClient {
  private readonly events = new Set<PushEventListener>();
  private readonly resyncs = new Set<() => void>();
  private readonly statuses = new Set<() => void>();
  private readonly opts: Required<PushClientOptions>;
  private socket: SocketLike | null = null;
  private running = false;
  private attempt = 0;
  /** A socket was signed in before: the next sign-in follows a gap in which events may be lost. */
  private wasLive = false;
  private openedAt = 0;
  private currentStatus: PushStatus = 'idle';
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: PushClientOptions) {
    this.opts = { backoff: defaultBackoff, idleTimeoutMs: 45_000, stableMs: 60_000, ...options };
  }

  get status(): PushStatus {
    return this.currentStatus;
  }

  /** Connect (if not already) and stay connected until `stop`. */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    this.connect();
  }

  stop(): void {
    this.running = false;
    this.wasLive = false;
    this.clearTimers();
    const socket = this.socket;
    this.drop();
    socket?.close(1000, 'stop');
    this.setStatus('idle');
  }

  /** Reconnect at once, e.g. when the browser comes back online. */
  reconnectNow(): void {
    if (!this.running || this.socket) return;
    this.clearTimers();
    this.attempt = 0;
    this.connect();
  }

  onEvent(listener: PushEventListener): () => void {
    this.events.add(listener);
    return () => this.events.delete(listener);
  }

  /** Called each time the socket is signed in again after a drop. */
  onResync(listener: () => void): () => void {
    this.resyncs.add(listener);
    return () => this.resyncs.delete(listener);
  }

  onStatus(listener: () => void): () => void {
    this.statuses.add(listener);
    return () => this.statuses.delete(listener);
  }

  private setStatus(status: PushStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of this.statuses) listener();
  }

  private clearTimers(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.reconnectTimer = null;
    this.idleTimer = null;
  }

  private connect(): void {
    const token = this.opts.getToken();
    if (!token) {
      this.setStatus('idle');
      return;
    }
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
      this.openedAt = Date.now();
      this.armIdle();
      this.send({ op: 'auth', token });
    };
    socket.onmessage = (event) => {
      if (socket !== this.socket) return;
      this.armIdle();
      this.handle(event.data);
    };
    socket.onclose = (event) => {
      if (socket !== this.socket) return;
      this.drop();
      this.afterClose(event.code);
    };
    // An error is always followed by close; reconnecting happens there.
    socket.onerror = () => undefined;
  }

  private drop(): void {
    const socket = this.socket;
    if (socket) {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      socket.onerror = null;
    }
    this.socket = null;
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private afterClose(code: number | undefined): void {
    if (!this.running) return;
    if (this.openedAt && Date.now() - this.openedAt >= this.opts.stableMs) this.attempt = 0;
    this.openedAt = 0;
    this.setStatus('offline');
    // A deploy: the next node is ready at once. Refused for policy (too many sockets): not in a tight loop.
    if (code === CLOSE_GOING_AWAY && this.attempt === 0) this.scheduleReconnect(0);
    else if (code === CLOSE_POLICY) this.scheduleReconnect(Math.max(this.opts.backoff(this.attempt), 15_000));
    else this.scheduleReconnect();
  }

  private scheduleReconnect(delay = this.opts.backoff(this.attempt)): void {
    if (!this.running || this.reconnectTimer !== null) return;
    this.attempt += 1;
    this.setStatus('offline');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.running && !this.socket) this.connect();
    }, delay);
  }

  private armIdle(): void {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      const socket = this.socket;
      this.drop();
      socket?.close(4000, 'idle');
      this.afterClose(undefined);
    }, this.opts.idleTimeoutMs);
  }

  private send(message: PushClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
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
      case 'ack':
        if (message.op === 'auth') this.signedIn();
        break;
      case 'event':
        for (const listener of [...this.events]) listener(message.event, message.data);
        break;
      case 'error':
        if (message.code === HTTP_UNAUTHORIZED) this.sessionEnded(message.msg);
        break;
      default:
        break;
    }
  }

  private signedIn(): void {
    this.setStatus('live');
    if (this.wasLive) for (const listener of [...this.resyncs]) listener();
    this.wasLive = true;
  }

  private sessionEnded(message: string): void {
    this.stop();
    this.opts.onSessionEnded(message);
  }
}

function pushUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${PUSH_PATH}`;
}

let shared: OperatorPushClient | null = null;

/** The back office's one push client, created on first use. */
export function getPushClient(): OperatorPushClient {
  if (shared) return shared;
  const client = new OperatorPushClient({
    url: pushUrl,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    getToken,
    onSessionEnded: (message) => goToLogin(message),
  });
  window.addEventListener('online', () => client.reconnectNow());
  shared = client;
  return client;
}

/** Keeps the push socket open while the calling component (the signed-in frame) is mounted. */
export function usePushConnection(): void {
  useEffect(() => {
    const client = getPushClient();
    client.start();
    return () => client.stop();
  }, []);
}

export function usePushStatus(): PushStatus {
  const client = getPushClient();
  return useSyncExternalStore(
    (onChange) => client.onStatus(onChange),
    () => client.status,
  );
}
