// Over 400 lines: the hub's local fan-out and its Redis side share the conflation state and must change together.
// The push hub: who is subscribed to what on this node, per-symbol conflation, heartbeats, and
// (with Redis) the fan-out of quotes and user events to every node.
//
// Conflation is a per-symbol throttle with a trailing edge: a quote for a symbol that has not been
// sent for `flushMs` goes out at once; quotes arriving inside the window only replace the pending
// one, which is sent when the window ends. So a symbol reaches clients at most 1000/flushMs times a
// second, the last quote always arrives, and a quiet symbol's tick costs no added latency (a fixed
// global 250 ms flush would add 125 ms on average to every quote). Each frame is serialised and
// UTF-8 encoded once and the same Buffer is written to every subscriber.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
// ioredis is imported when a Redis is configured, not at every start (decision 0024, Start-up).
import { WebSocket } from 'ws';
import type { PushEvent } from '@tradeapp/contract';
import { CLOSE, HUB_DEFAULTS, MSG, type ServerFrame } from './messages';
import { TEXT, textFrame, writeText } from './wire';

export type QuoteData = { symbol: string } & Record<string, unknown>;

export interface PushHub {
  readonly driver: 'memory' | 'redis';
  publishQuote(symbol: string, data: QuoteData): void;
  publishUserEvent(userId: number, event: PushEvent, data: unknown): void;
  /** An event for every signed-in operator socket (the back office's chat console). */
  publishOperatorEvent(event: PushEvent, data: unknown): void;
  /**
   * Sessions have ended (logout, password change, an operator's disabling): the sockets signed in
   * with them, on every node, are told "login expired" (401) and closed at once.
   */
  endSessions(ended: EndedSessions): void;
  /** Symbols some socket on THIS node is subscribed to (the market module may use it). */
  subscribedSymbols(): ReadonlySet<string>;
  healthy(): Promise<boolean>;
  /** `waitingQuotes`: symbols whose latest quote waits for the end of its conflation window. */
  stats(): { sockets: number; subscriptions: number; signedIn: number; waitingQuotes: number };
  close(): Promise<void>;
}

/**
 * Which sessions ended: one (`sessionId`, a logout), or every one of the user's (but
 * `exceptSessionId`, the session that changed the password).
 */
export interface EndedSessions {
  userId: number;
  sessionId?: number | undefined;
  exceptSessionId?: number | undefined;
}

export interface PushHubOptions {
  /** redis:// URL; without it every message stays in this process. */
  redisUrl?: string;
  log: FastifyBaseLogger;
  flushMs?: number;
  heartbeatMs?: number;
  /** Prefix of the Redis channels (`<prefix>quotes`, `<prefix>events`); tests use a unique one per run. */
  channelPrefix?: string;
  /** Unsent bytes above which quote frames are skipped for a socket (default 1 MiB). */
  slowClientBytes?: number;
}

/** One socket as the hub sees it; the route owns the protocol, the hub owns the fan-out. */
export class PushConnection {
  readonly symbols = new Set<string>();
  userId: number | null = null;
  /** The session the socket signed in with, so its end can close the socket. */
  sessionId: number | null = null;
  operator = false;
  /** Heartbeats sent since the client was last heard from. */
  silentBeats = 0;
  /** Which slice of the heartbeat interval pings this socket (see `HEARTBEAT_SLICES`). */
  beatSlot = 0;
  /** Symbols whose quote was skipped while the socket was slow; resent once it drains. */
  readonly missed = new Set<string>();
  closed = false;
  constructor(
    readonly socket: WebSocket,
    readonly ip: string,
  ) {}
}

interface SymbolState {
  readonly subscribers: Set<PushConnection>;
  /** performance.now() of the last quote frame sent for the symbol. */
  lastSentAt: number;
  /** The last frame sent, for slow sockets catching up. */
  lastFrame: Buffer | undefined;
  /** The latest quote received inside the current window, not yet sent. */
  pending: QuoteData | undefined;
  timer: NodeJS.Timeout | undefined;
}

// Node timers fire on a millisecond loop clock, so a publisher ticking exactly every flushMs can
// be measured at flushMs - 0.9 ms by performance.now(); without this slack every such quote would
// wait ~1 ms for the trailing timer. It lets at most one extra frame per ~250 windows through.
const TIMER_SLACK_MS = 1;
// Heartbeats are spread over the interval: every heartbeatMs / HEARTBEAT_SLICES one slice of the
// sockets is pinged, so each socket still hears every heartbeatMs, but 10,000 sockets never get
// 20,000 frames (the JSON ping and the protocol ping) in one turn of the loop, in front of a quote.
const HEARTBEAT_SLICES = 10;
const encode = (frame: ServerFrame) => Buffer.from(JSON.stringify(frame));
const encodeQuote = (data: QuoteData) => Buffer.from(`{"type":"quote","data":${JSON.stringify(data)}}`);

/** Local (this node's) side of the hub; the route reaches it through `hubCore()`. */
export class HubCore {
  readonly connections = new Set<PushConnection>();
  private readonly symbols = new Map<string, SymbolState>();
  /** Kept in step with `symbols` so `subscribedSymbols()` allocates nothing. */
  readonly symbolSet = new Set<string>();
  private readonly users = new Map<number, Set<PushConnection>>();
  private readonly operators = new Set<PushConnection>();
  private readonly lagging = new Set<PushConnection>();
  private readonly timers: NodeJS.Timeout[] = [];
  private nextBeatSlot = 0;
  private beatTick = 0;
  closing = false;

  constructor(
    readonly log: FastifyBaseLogger,
    private readonly flushMs: number,
    heartbeatMs: number,
    private readonly slowBytes: number,
  ) {
    this.timers.push(setInterval(() => this.heartbeat(this.beatTick++ % HEARTBEAT_SLICES), heartbeatMs / HEARTBEAT_SLICES).unref());
    this.timers.push(setInterval(() => this.catchUp(), flushMs).unref());
  }

  attach(socket: WebSocket, ip: string): PushConnection {
    const conn = new PushConnection(socket, ip);
    // Round-robin, so the slices stay even; the first ping comes within one interval, as before.
    conn.beatSlot = this.nextBeatSlot++ % HEARTBEAT_SLICES;
    this.connections.add(conn);
    // A ws-level pong counts as a sign of life: browsers answer protocol pings by themselves.
    socket.on('pong', () => this.touch(conn));
    return conn;
  }

  detach(conn: PushConnection) {
    if (conn.closed) return;
    conn.closed = true;
    this.connections.delete(conn);
    this.lagging.delete(conn);
    this.unsubscribe(conn, [...conn.symbols]);
    this.setUser(conn, null, false);
  }

  touch(conn: PushConnection) {
    conn.silentBeats = 0;
  }

  /** Subscribes to symbols the route has already validated; returns nothing, cannot fail. */
  subscribe(conn: PushConnection, symbols: readonly string[]) {
    for (const symbol of symbols) {
      if (conn.symbols.has(symbol)) continue;
      conn.symbols.add(symbol);
      let state = this.symbols.get(symbol);
      if (!state) {
        state = { subscribers: new Set(), lastSentAt: -Infinity, lastFrame: undefined, pending: undefined, timer: undefined };
        this.symbols.set(symbol, state);
        this.symbolSet.add(symbol);
      }
      state.subscribers.add(conn);
    }
  }

  /** Returns the symbols that were subscribed and no longer are. */
  unsubscribe(conn: PushConnection, symbols: readonly string[]): string[] {
    const removed: string[] = [];
    for (const symbol of symbols) {
      if (!conn.symbols.delete(symbol)) continue;
      conn.missed.delete(symbol);
      removed.push(symbol);
      const state = this.symbols.get(symbol);
      if (!state) continue;
      state.subscribers.delete(conn);
      if (state.subscribers.size === 0) {
        if (state.timer) clearTimeout(state.timer);
        this.symbols.delete(symbol);
        this.symbolSet.delete(symbol);
      }
    }
    return removed;
  }

  setUser(conn: PushConnection, userId: number | null, operator: boolean) {
    conn.operator = operator && userId !== null && !conn.closed;
    if (conn.operator) this.operators.add(conn);
    else this.operators.delete(conn);
    if (conn.userId === userId) return;
    if (conn.userId !== null) {
      const set = this.users.get(conn.userId);
      set?.delete(conn);
      if (set?.size === 0) this.users.delete(conn.userId);
    }
    conn.userId = userId;
    if (userId !== null && !conn.closed) {
      let set = this.users.get(userId);
      if (!set) this.users.set(userId, (set = new Set()));
      set.add(conn);
    }
  }

  /** A frame that must arrive (ack, error, snapshot, event, ping): never skipped for a slow socket. */
  send(conn: PushConnection, frame: ServerFrame | Buffer) {
    const socket = conn.socket;
    if (socket.readyState !== WebSocket.OPEN) return;
    if (socket.bufferedAmount > HUB_DEFAULTS.deadClientBytes) {
      // Quotes are already skipped above `slowBytes`, so this much backlog means nothing is read.
      socket.close(CLOSE.policy, MSG.notReading);
      return;
    }
    socket.send(Buffer.isBuffer(frame) ? frame : encode(frame), TEXT);
  }

  sendSnapshot(conn: PushConnection, data: QuoteData) {
    this.send(conn, encodeQuote(data));
  }

  /** A quote for this node's sockets, through the per-symbol throttle. */
  deliverQuote(symbol: string, data: QuoteData) {
    const state = this.symbols.get(symbol);
    if (!state) return; // nobody here is watching; the snapshot callback covers later subscribers
    const now = performance.now();
    const wait = state.lastSentAt + this.flushMs - now;
    if (wait <= TIMER_SLACK_MS && !state.timer) {
      this.fanOut(symbol, state, data, now);
      return;
    }
    state.pending = data;
    state.timer ??= setTimeout(
      () => {
        state.timer = undefined;
        const latest = state.pending;
        state.pending = undefined;
        if (latest && this.symbols.get(symbol) === state) this.fanOut(symbol, state, latest, performance.now());
      },
      Math.max(wait, 0),
    );
  }

  private fanOut(symbol: string, state: SymbolState, data: QuoteData, now: number) {
    state.lastSentAt = now;
    const frame = encodeQuote(data);
    state.lastFrame = frame;
    const wire = textFrame(frame);
    for (const conn of state.subscribers) {
      const socket = conn.socket;
      if (socket.readyState !== WebSocket.OPEN) continue;
      if (socket.bufferedAmount > this.slowBytes) {
        // Skip rather than queue: the client wants the latest price, not a backlog of stale ones.
        conn.missed.add(symbol);
        this.lagging.add(conn);
        continue;
      }
      if (conn.missed.size > 0) conn.missed.delete(symbol);
      writeText(socket, wire, frame);
    }
  }

  /** Sockets that skipped quotes get the latest frame of each skipped symbol once they have drained. */
  private catchUp() {
    for (const conn of this.lagging) {
      if (conn.closed || conn.socket.readyState !== WebSocket.OPEN) {
        this.lagging.delete(conn);
        continue;
      }
      if (conn.socket.bufferedAmount > this.slowBytes) continue;
      for (const symbol of conn.missed) {
        const frame = this.symbols.get(symbol)?.lastFrame;
        if (frame) conn.socket.send(frame, TEXT);
      }
      conn.missed.clear();
      this.lagging.delete(conn);
    }
  }

  deliverOperatorEvent(frame: Buffer) {
    for (const conn of this.operators) this.send(conn, frame);
  }

  deliverEvent(userId: number, frame: Buffer) {
    const conns = this.users.get(userId);
    if (!conns) return;
    for (const conn of conns) this.send(conn, frame);
  }

  /** Tells and closes this node's sockets of the ended sessions. */
  endSessions(ended: EndedSessions) {
    const conns = this.users.get(ended.userId);
    if (!conns) return;
    const frame = encode({ type: 'error', code: 401, msg: MSG.loginExpired, op: 'auth' });
    for (const conn of [...conns]) {
      if (ended.sessionId !== undefined && conn.sessionId !== ended.sessionId) continue;
      if (ended.exceptSessionId !== undefined && conn.sessionId === ended.exceptSessionId) continue;
      this.send(conn, frame);
      this.setUser(conn, null, false);
      conn.sessionId = null;
      conn.socket.close(CLOSE.policy, MSG.sessionEnded);
    }
  }

  /** Pings the sockets of one slice; a socket silent for two of its heartbeats is terminated. */
  private heartbeat(slot: number) {
    let frame: Buffer | undefined;
    for (const conn of this.connections) {
      if (conn.beatSlot !== slot) continue;
      frame ??= encode({ type: 'ping', ts: Date.now() });
      if (conn.silentBeats >= 2) {
        // Two heartbeats unanswered: the peer is gone or stuck; a close handshake would wait on it too.
        this.log.debug({ ip: conn.ip }, 'push socket silent for two heartbeats; terminated');
        conn.socket.terminate();
        this.detach(conn);
        continue;
      }
      conn.silentBeats++;
      this.send(conn, frame);
      if (conn.socket.readyState === WebSocket.OPEN) conn.socket.ping();
    }
  }

  stats() {
    let subscriptions = 0;
    let signedIn = 0;
    for (const conn of this.connections) {
      subscriptions += conn.symbols.size;
      if (conn.userId !== null) signedIn++;
    }
    let waitingQuotes = 0;
    for (const state of this.symbols.values()) if (state.pending !== undefined) waitingQuotes++;
    return { sockets: this.connections.size, subscriptions, signedIn, waitingQuotes };
  }

  private shutdownDone: Promise<void> | undefined;

  /** Closes every socket and stops the timers; sockets that do not finish the handshake are dropped. Idempotent. */
  shutdown(): Promise<void> {
    this.shutdownDone ??= this.doShutdown();
    return this.shutdownDone;
  }

  private async doShutdown() {
    this.closing = true;
    for (const t of this.timers) clearInterval(t);
    for (const state of this.symbols.values()) if (state.timer) clearTimeout(state.timer);
    const sockets = [...this.connections].map((c) => c.socket);
    for (const conn of [...this.connections]) {
      conn.socket.close(CLOSE.goingAway, MSG.shuttingDown);
      this.detach(conn);
    }
    await Promise.race([
      Promise.all(sockets.map((s) => (s.readyState === WebSocket.CLOSED ? undefined : new Promise((r) => s.once('close', r))))),
      new Promise((r) => setTimeout(r, 1000).unref()),
    ]);
    for (const s of sockets) if (s.readyState !== WebSocket.CLOSED) s.terminate();
  }
}

const cores = new WeakMap<PushHub, HubCore>();

/** The local side of a hub made by `createPushHub`; the route needs it, other modules do not. */
export function hubCore(hub: PushHub): HubCore {
  const core = cores.get(hub);
  if (!core) throw new Error('registerPushRoute needs a hub made by createPushHub');
  return core;
}

// --- Redis wire format. Every node filters out what it published itself: it already delivered
// that to its own sockets at publish time, without the Redis round trip.
interface QuoteBatch {
  n: string; // origin node id
  q: Array<[string, QuoteData]>;
}
interface UserEvent {
  n: string;
  /** The user's id; 0 addresses every operator (user ids start at 1). */
  u: number;
  e: string;
  d: unknown;
}

const OPERATORS = 0;

interface SessionsMessage {
  n: string;
  u: number;
  s?: number;
  x?: number;
}

function parseSessions(v: unknown): SessionsMessage | undefined {
  if (!isObject(v) || typeof v.n !== 'string' || typeof v.u !== 'number') return undefined;
  if ((v.s !== undefined && typeof v.s !== 'number') || (v.x !== undefined && typeof v.x !== 'number')) return undefined;
  return v as unknown as SessionsMessage;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function parseQuoteBatch(v: unknown): QuoteBatch | undefined {
  if (!isObject(v) || typeof v.n !== 'string' || !Array.isArray(v.q)) return undefined;
  const q: Array<[string, QuoteData]> = [];
  for (const item of v.q as unknown[]) {
    if (!Array.isArray(item) || typeof item[0] !== 'string' || !isObject(item[1]) || typeof item[1].symbol !== 'string') return undefined;
    q.push([item[0], item[1] as QuoteData]);
  }
  return { n: v.n, q };
}

function parseUserEvent(v: unknown): UserEvent | undefined {
  if (!isObject(v) || typeof v.n !== 'string' || typeof v.u !== 'number' || typeof v.e !== 'string') return undefined;
  return { n: v.n, u: v.u, e: v.e, d: v.d };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export async function createPushHub(opts: PushHubOptions): Promise<PushHub> {
  const { log } = opts;
  const core = new HubCore(
    log,
    opts.flushMs ?? HUB_DEFAULTS.flushMs,
    opts.heartbeatMs ?? HUB_DEFAULTS.heartbeatMs,
    opts.slowClientBytes ?? HUB_DEFAULTS.slowClientBytes,
  );
  const eventFrame = (event: string, data: unknown) => encode({ type: 'event', event, data });

  if (!opts.redisUrl) {
    const hub: PushHub = {
      driver: 'memory',
      publishQuote: (symbol, data) => core.deliverQuote(symbol, data),
      publishUserEvent: (userId, event, data) => core.deliverEvent(userId, eventFrame(event, data)),
      publishOperatorEvent: (event, data) => core.deliverOperatorEvent(eventFrame(event, data)),
      endSessions: (ended) => core.endSessions(ended),
      subscribedSymbols: () => core.symbolSet,
      healthy: async () => !core.closing,
      stats: () => core.stats(),
      close: () => core.shutdown(),
    };
    cores.set(hub, core);
    return hub;
  }

  const prefix = opts.channelPrefix ?? HUB_DEFAULTS.channelPrefix;
  const quotesChannel = `${prefix}quotes`;
  const eventsChannel = `${prefix}events`;
  // Its own channel, so a node of an older version (during a rolling deploy) never misreads it.
  const sessionsChannel = `${prefix}sessions`;
  const nodeId = randomUUID();
  // Two connections: a connection in subscriber mode cannot publish.
  const redisOpts = { lazyConnect: true, maxRetriesPerRequest: 2, connectionName: `push-${nodeId.slice(0, 8)}` };
  const { Redis } = await import('ioredis');
  const pub = new Redis(opts.redisUrl, redisOpts);
  const sub = new Redis(opts.redisUrl, redisOpts);
  // ioredis reconnects by itself (and resubscribes); an unhandled 'error' event would crash the process.
  let lastErrorLog = 0;
  const onError = (err: Error) => {
    if (Date.now() - lastErrorLog < 10_000) return; // one line per 10 s while Redis is down
    lastErrorLog = Date.now();
    log.warn({ err }, 'push: redis connection error');
  };
  pub.on('error', onError);
  sub.on('error', onError);
  try {
    await Promise.all([pub.connect(), sub.connect()]);
    await sub.subscribe(quotesChannel, eventsChannel, sessionsChannel);
  } catch (err) {
    pub.disconnect();
    sub.disconnect();
    await core.shutdown();
    throw err;
  }

  sub.on('message', (channel: string, text: string) => {
    const message = parseJson(text);
    if (channel === quotesChannel) {
      const batch = parseQuoteBatch(message);
      if (!batch) return log.warn({ channel }, 'push: malformed quote batch from redis');
      if (batch.n === nodeId) return;
      for (const [symbol, data] of batch.q) core.deliverQuote(symbol, data);
    } else if (channel === eventsChannel) {
      const ev = parseUserEvent(message);
      if (!ev) return log.warn({ channel }, 'push: malformed user event from redis');
      if (ev.n === nodeId) return;
      if (ev.u === OPERATORS) core.deliverOperatorEvent(eventFrame(ev.e, ev.d));
      else core.deliverEvent(ev.u, eventFrame(ev.e, ev.d));
    } else if (channel === sessionsChannel) {
      const ended = parseSessions(message);
      if (!ended) return log.warn({ channel }, 'push: malformed session end from redis');
      if (ended.n === nodeId) return;
      core.endSessions({ userId: ended.u, sessionId: ended.s, exceptSessionId: ended.x });
    }
  });

  const publishFailed = (err: unknown) => onError(err instanceof Error ? err : new Error(String(err)));

  // Quotes published in one turn of the event loop (the market engine ticks many symbols at once)
  // go to Redis as one message, latest per symbol, without waiting for a timer.
  let outbound = new Map<string, QuoteData>();
  let scheduled = false;
  const flushOutbound = () => {
    scheduled = false;
    if (outbound.size === 0 || core.closing) return;
    const batch: QuoteBatch = { n: nodeId, q: [...outbound] };
    outbound = new Map();
    pub.publish(quotesChannel, JSON.stringify(batch)).catch(publishFailed);
  };

  let closed: Promise<void> | undefined;
  const hub: PushHub = {
    driver: 'redis',
    publishQuote(symbol, data) {
      if (core.closing) return;
      core.deliverQuote(symbol, data);
      outbound.set(symbol, data);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flushOutbound);
      }
    },
    publishUserEvent(userId, event, data) {
      if (core.closing) return;
      core.deliverEvent(userId, eventFrame(event, data));
      const message: UserEvent = { n: nodeId, u: userId, e: event, d: data };
      pub.publish(eventsChannel, JSON.stringify(message)).catch(publishFailed);
    },
    publishOperatorEvent(event, data) {
      if (core.closing) return;
      core.deliverOperatorEvent(eventFrame(event, data));
      const message: UserEvent = { n: nodeId, u: OPERATORS, e: event, d: data };
      pub.publish(eventsChannel, JSON.stringify(message)).catch(publishFailed);
    },
    endSessions(ended) {
      core.endSessions(ended);
      const message: SessionsMessage = { n: nodeId, u: ended.userId };
      if (ended.sessionId !== undefined) message.s = ended.sessionId;
      if (ended.exceptSessionId !== undefined) message.x = ended.exceptSessionId;
      pub.publish(sessionsChannel, JSON.stringify(message)).catch(publishFailed);
    },
    subscribedSymbols: () => core.symbolSet,
    async healthy() {
      if (core.closing || pub.status !== 'ready' || sub.status !== 'ready') return false;
      const ping = pub.ping().then(
        (r) => r === 'PONG',
        () => false,
      );
      const timeout = new Promise<boolean>((r) => setTimeout(r, 1000, false).unref());
      return Promise.race([ping, timeout]);
    },
    stats: () => core.stats(),
    async close() {
      // The route may already have shut the sockets down (preClose); Redis still has to be quit.
      closed ??= (async () => {
        flushOutbound();
        await core.shutdown();
        await Promise.allSettled([sub.quit(), pub.quit()]);
      })();
      return closed;
    },
  };
  cores.set(hub, core);
  return hub;
}
