// Ended sessions told to every node's session cache (http/session.ts), beside the hub's own
// message that closes their sockets: a node must stop accepting a revoked session's token at once,
// not at its cache entry's end. With Redis the message crosses nodes; without it there is one node.
import type { FastifyBaseLogger } from 'fastify';
// ioredis is imported when a Redis is configured, not at every start (decision 0024, Start-up).
import type { EndedSessions } from './hub';
import { HUB_DEFAULTS } from './messages';

export interface SessionEnds {
  /** Tell every node (this one at once) that sessions have ended; resolves once Redis has passed it on. */
  publish(ended: EndedSessions): Promise<void>;
  close(): Promise<void>;
}

export interface SessionEndsOptions {
  redisUrl?: string | undefined;
  log: FastifyBaseLogger;
  channelPrefix?: string;
  /** Sessions ended, here or on another node. */
  onEnded(ended: EndedSessions): void;
  /**
   * Whether this node hears every ended session: false while the Redis subscription is down (a
   * message sent meanwhile is lost, so nothing cached may be trusted), true once it is back.
   */
  onListening(listening: boolean): void;
}

export async function createSessionEnds(opts: SessionEndsOptions): Promise<SessionEnds> {
  if (!opts.redisUrl) {
    opts.onListening(true);
    return {
      publish: async (ended) => opts.onEnded(ended),
      close: async () => undefined,
    };
  }
  const channel = `${opts.channelPrefix ?? HUB_DEFAULTS.channelPrefix}session-ends`;
  const { Redis } = await import('ioredis');
  const pub = new Redis(opts.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(opts.redisUrl, { lazyConnect: true });
  pub.on('error', () => undefined);
  sub.on('error', () => undefined);
  opts.onListening(false);
  for (const gone of ['close', 'reconnecting', 'end'] as const) sub.on(gone, () => opts.onListening(false));
  sub.on('message', (ch: string, text: string) => {
    if (ch !== channel) return;
    try {
      const e = JSON.parse(text) as EndedSessions;
      if (typeof e.userId === 'number') opts.onEnded(e);
    } catch {
      // not ours
    }
  });
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(channel);
  opts.onListening(true);
  // After a reconnection the subscription is renewed before anything is trusted again.
  sub.on('ready', () => {
    void sub.subscribe(channel).then(
      () => opts.onListening(true),
      () => undefined,
    );
  });
  return {
    async publish(ended) {
      opts.onEnded(ended);
      try {
        await pub.publish(channel, JSON.stringify(ended));
      } catch (err) {
        opts.log.error({ err }, 'ended sessions not published: other nodes keep their cached sessions until they expire');
      }
    },
    async close() {
      await Promise.all([pub.quit().catch(() => undefined), sub.quit().catch(() => undefined)]);
    },
  };
}
