// Every limit and every English text of the push protocol, in one place, so docs/push.md, the
// tests and the client can be checked against a single list.

/** Defaults; `registerPushRoute` accepts overrides (tests and the bench lower or raise them). */
export const PUSH_LIMITS = {
  /** Largest incoming frame in bytes; a bigger one closes the socket with 1009. */
  maxPayloadBytes: 4 * 1024,
  /** Distinct symbols one socket may be subscribed to at once. */
  maxSymbolsPerSocket: 200,
  /** Open push sockets per client IP on one node; the next one is closed with 1008. */
  maxSocketsPerIp: 50,
  /** Longest symbol accepted; longer strings cannot be instruments and are refused unseen. */
  maxSymbolLength: 40,
  /** Longest session token looked up (the same bound as the HTTP bearer check). */
  maxTokenLength: 200,
  /** Message rate per socket: a bucket of this many messages ... */
  messageBurst: 40,
  /** ... refilled at this many per second. */
  messagesPerSecond: 10,
  /** How often a signed-in socket's session is checked again, so a logout or expiry stops its events. */
  reauthMs: 5 * 60_000,
} as const;

export type PushLimits = { -readonly [K in keyof typeof PUSH_LIMITS]: number };

/** Hub defaults. */
export const HUB_DEFAULTS = {
  /** At most one quote frame per symbol per this many ms (4 a second). */
  flushMs: 250,
  /** Interval of `{"type":"ping"}`; two unanswered ones close the socket. */
  heartbeatMs: 20_000,
  /** Above this many unsent bytes a socket skips quote frames until it drains. */
  slowClientBytes: 1024 * 1024,
  /** Above this many unsent bytes the client is not reading at all: the socket is dropped. */
  deadClientBytes: 16 * 1024 * 1024,
  channelPrefix: 'push:',
} as const;

/** WebSocket close codes the server uses. */
export const CLOSE = {
  goingAway: 1001,
  policy: 1008,
  tooBig: 1009,
} as const;

export const MSG = {
  malformedJson: 'malformed JSON',
  notAnObject: 'a message must be a JSON object with an "op"',
  binaryFrame: 'binary frames are not accepted; send JSON text',
  unknownOp: (op: string) => `unknown op: ${op.slice(0, 40)}`,
  symbolsNotArray: '"symbols" must be an array of strings',
  unknownSymbols: (symbols: readonly string[]) =>
    `unknown symbol${symbols.length > 1 ? 's' : ''}: ${symbols.slice(0, 10).join(', ')}${symbols.length > 10 ? ', ...' : ''}`,
  tooManySymbols: (max: number) => `too many symbols: at most ${max} per connection`,
  tokenNotString: '"token" must be a string',
  loginExpired: 'login expired',
  tooManyMessages: 'too many messages; slow down',
  internal: 'internal error; try again',
  // Close reasons (at most 123 bytes by the WebSocket spec).
  tooManySockets: 'too many connections from this address',
  tooBig: 'message too big',
  heartbeat: 'heartbeat timeout',
  shuttingDown: 'server shutting down',
  sessionEnded: 'session ended',
  notReading: 'client not reading',
} as const;

// Server -> client frames, typed so the route and the tests agree on the shape.
export type ServerFrame =
  | { type: 'quote'; data: { symbol: string } & Record<string, unknown> }
  | { type: 'ping'; ts: number }
  | { type: 'event'; event: string; data: unknown }
  | { type: 'ack'; op: 'subscribe' | 'unsubscribe'; symbols: string[] }
  | { type: 'ack'; op: 'auth' }
  | { type: 'error'; code: 400 | 401 | 429 | 500; msg: string; op?: string };
