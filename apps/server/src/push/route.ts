// `GET /web/push`: the WebSocket protocol (parsing, validation, limits, sign-in) on top of the hub.
// Bad input is answered with an error frame and the socket stays open; only limits that protect
// the node (frame size, sockets per IP) close it.
import websocket from '@fastify/websocket';
import { PUSH_PATH } from '@tradeapp/contract';
import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { hubCore, type HubCore, type PushConnection, type PushHub, type QuoteData } from './hub';
import { CLOSE, MSG, PUSH_LIMITS, type PushLimits, type ServerFrame } from './messages';

export { PUSH_PATH }; // the contract owns the path; the web client connects to the same constant

export interface PushRouteDeps {
  /** The user of a live session (a bare number is an investor), or null. */
  authenticate(token: string): Promise<number | PushIdentity | null>;
  /** Current quote of a symbol; undefined = unknown symbol. */
  snapshot(symbol: string): QuoteData | undefined;
  /** Overrides of `PUSH_LIMITS` (the bench raises sockets per IP, since every client is 127.0.0.1). */
  limits?: Partial<PushLimits>;
}

type ClientMessage = Record<string, unknown> & { op: string };

/** Operators' sockets also receive the events published to every operator (the chat console). */
export interface PushIdentity {
  userId: number;
  operator: boolean;
  /** The session signed in with; its end (logout, revocation) closes the socket at once. */
  sessionId?: number;
}

const identityOf = (who: number | PushIdentity): PushIdentity => (typeof who === 'number' ? { userId: who, operator: false } : who);

export async function registerPushRoute(app: FastifyInstance, hub: PushHub, deps: PushRouteDeps): Promise<void> {
  const core = hubCore(hub);
  const limits: PushLimits = { ...PUSH_LIMITS, ...deps.limits };

  // Before the websocket plugin's own preClose (which closes sockets without a code): clients are
  // told 1001 "server shutting down" so they know to reconnect, possibly to another node.
  app.addHook('preClose', async () => core.shutdown());

  if (!app.hasDecorator('websocketServer')) {
    await app.register(websocket, {
      // ws refuses a bigger frame before buffering it and closes with 1009.
      options: { maxPayload: limits.maxPayloadBytes, perMessageDeflate: false },
      // Client-caused socket errors (oversized frame, bad framing, reset) are not server faults.
      errorHandler(error, socket, request) {
        request.log.debug({ err: error }, 'push socket error');
        socket.terminate();
      },
    });
  } else if ((app.websocketServer.options.maxPayload ?? Infinity) > limits.maxPayloadBytes) {
    app.log.warn(`@fastify/websocket was registered with a larger maxPayload; ${PUSH_PATH} enforces ${limits.maxPayloadBytes} bytes after reading`);
  }

  const perIp = new Map<string, number>();

  app.get(PUSH_PATH, { websocket: true }, (socket, req) => {
    const ip = req.ip;
    if (core.closing) return socket.close(CLOSE.goingAway, MSG.shuttingDown);
    const open = perIp.get(ip) ?? 0;
    if (open >= limits.maxSocketsPerIp) {
      req.log.info({ ip }, 'push socket refused: too many from this address');
      return socket.close(CLOSE.policy, MSG.tooManySockets);
    }
    perIp.set(ip, open + 1);
    const session = new Session(core, socket, ip, deps, limits);
    socket.on('close', () => {
      session.closed();
      const n = (perIp.get(ip) ?? 1) - 1;
      if (n <= 0) perIp.delete(ip);
      else perIp.set(ip, n);
    });
  });
}

/** The protocol state of one socket. */
class Session {
  private readonly conn: PushConnection;
  private tokens: number;
  private lastRefill = performance.now();
  private throttled = false;
  /** Bumped per auth attempt so a slow lookup cannot overwrite a newer answer. */
  private authSeq = 0;
  private reauthTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly core: HubCore,
    private readonly socket: WebSocket,
    ip: string,
    private readonly deps: PushRouteDeps,
    private readonly limits: PushLimits,
  ) {
    this.conn = core.attach(socket, ip);
    this.tokens = limits.messageBurst;
    socket.on('message', (raw, isBinary) => this.onMessage(raw, isBinary));
  }

  closed() {
    clearInterval(this.reauthTimer);
    this.authSeq++;
    this.core.detach(this.conn);
  }

  private send(frame: ServerFrame) {
    this.core.send(this.conn, frame);
  }

  private error(code: 400 | 401 | 429 | 500, msg: string, op?: string) {
    this.send(op ? { type: 'error', code, msg, op } : { type: 'error', code, msg });
  }

  /** Token bucket: a burst of `messageBurst`, then `messagesPerSecond`. */
  private allow(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.limits.messageBurst, this.tokens + ((now - this.lastRefill) / 1000) * this.limits.messagesPerSecond);
    this.lastRefill = now;
    if (this.tokens < 1) {
      // One error per throttled stretch, not one per dropped message.
      if (!this.throttled) this.error(429, MSG.tooManyMessages);
      this.throttled = true;
      return false;
    }
    this.tokens -= 1;
    this.throttled = false;
    return true;
  }

  private onMessage(raw: RawData, isBinary: boolean) {
    this.core.touch(this.conn);
    const size = Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : raw.byteLength;
    if (size > this.limits.maxPayloadBytes) {
      // Only reached when the websocket plugin was registered elsewhere with a larger maxPayload.
      this.socket.close(CLOSE.tooBig, MSG.tooBig);
      return;
    }
    if (!this.allow()) return;
    if (isBinary) return this.error(400, MSG.binaryFrame);
    const text = Array.isArray(raw) ? Buffer.concat(raw).toString() : Buffer.from(raw as ArrayBuffer).toString();
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return this.error(400, MSG.malformedJson);
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message) || typeof (message as { op?: unknown }).op !== 'string') {
      return this.error(400, MSG.notAnObject);
    }
    const msg = message as ClientMessage;
    switch (msg.op) {
      case 'subscribe':
        return this.subscribe(msg);
      case 'unsubscribe':
        return this.unsubscribe(msg);
      case 'auth':
        return void this.auth(msg);
      case 'pong':
        return; // the touch above is all a pong is for
      default:
        return this.error(400, MSG.unknownOp(msg.op));
    }
  }

  private symbolsOf(msg: ClientMessage): string[] | undefined {
    const { symbols } = msg;
    if (!Array.isArray(symbols) || !symbols.every((s): s is string => typeof s === 'string')) return undefined;
    return [...new Set(symbols)];
  }

  private subscribe(msg: ClientMessage) {
    const requested = this.symbolsOf(msg);
    if (!requested) return this.error(400, MSG.symbolsNotArray, 'subscribe');
    const accepted: Array<[string, QuoteData]> = [];
    const unknown: string[] = [];
    let added = 0;
    for (const symbol of requested) {
      const snap = symbol.length <= this.limits.maxSymbolLength ? this.deps.snapshot(symbol) : undefined;
      if (snap === undefined) unknown.push(symbol);
      else {
        accepted.push([symbol, snap]);
        if (!this.conn.symbols.has(symbol)) added++;
      }
    }
    // All or nothing: a client that asked for too many should learn it, not get an arbitrary subset.
    if (this.conn.symbols.size + added > this.limits.maxSymbolsPerSocket) {
      return this.error(400, MSG.tooManySymbols(this.limits.maxSymbolsPerSocket), 'subscribe');
    }
    this.core.subscribe(
      this.conn,
      accepted.map(([s]) => s),
    );
    this.send({ type: 'ack', op: 'subscribe', symbols: accepted.map(([s]) => s) });
    if (unknown.length > 0) this.error(400, MSG.unknownSymbols(unknown), 'subscribe');
    for (const [, snap] of accepted) this.core.sendSnapshot(this.conn, snap);
  }

  private unsubscribe(msg: ClientMessage) {
    const requested = this.symbolsOf(msg);
    if (!requested) return this.error(400, MSG.symbolsNotArray, 'unsubscribe');
    const removed = this.core.unsubscribe(this.conn, requested);
    this.send({ type: 'ack', op: 'unsubscribe', symbols: removed });
  }

  private async auth(msg: ClientMessage) {
    const { token } = msg;
    if (typeof token !== 'string') return this.error(400, MSG.tokenNotString, 'auth');
    const seq = ++this.authSeq;
    const who = await this.lookup(token);
    if (seq !== this.authSeq || this.conn.closed) return; // superseded, or the socket went away
    clearInterval(this.reauthTimer);
    this.reauthTimer = undefined;
    if (who === undefined) return this.error(500, MSG.internal, 'auth');
    // A failed sign-in also signs the socket out: it must not keep receiving a previous user's events.
    this.core.setUser(this.conn, who?.userId ?? null, who?.operator ?? false);
    this.conn.sessionId = who?.sessionId ?? null;
    if (who === null) return this.error(401, MSG.loginExpired, 'auth');
    this.send({ type: 'ack', op: 'auth' });
    // Sessions end (logout, expiry, revocation by an operator); events must stop with them.
    this.reauthTimer = setInterval(() => void this.recheck(token, seq), this.limits.reauthMs).unref();
  }

  private async recheck(token: string, seq: number) {
    const who = await this.lookup(token);
    if (seq !== this.authSeq || this.conn.closed || who === undefined) return; // lookup failure: keep, retry later
    if (who?.userId === this.conn.userId) return;
    clearInterval(this.reauthTimer);
    this.reauthTimer = undefined;
    this.core.setUser(this.conn, null, false);
    this.conn.sessionId = null;
    this.error(401, MSG.loginExpired, 'auth');
  }

  /** The session's user, null for a dead or malformed token, undefined when the lookup itself failed. */
  private async lookup(token: string): Promise<PushIdentity | null | undefined> {
    if (token.length === 0 || token.length > this.limits.maxTokenLength) return null;
    try {
      const who = await this.deps.authenticate(token);
      return who === null ? null : identityOf(who);
    } catch (err) {
      this.core.log.error({ err }, 'push: session lookup failed');
      return undefined;
    }
  }
}
