import type { Quote } from './routes/market';

// The push socket's protocol at /web/push (docs/push.md).

export type PushClientMessage =
  | { op: 'subscribe'; symbols: string[] }
  | { op: 'unsubscribe'; symbols: string[] }
  | { op: 'auth'; token: string }
  | { op: 'pong' };

/** A pushed quote carries every quote field but the per-user `selfSelectStatus`. */
export type PushQuote = Omit<Quote, 'selfSelectStatus'>;

export type PushServerMessage =
  | { type: 'quote'; data: PushQuote }
  | { type: 'ping'; ts: number }
  | { type: 'event'; event: string; data: unknown }
  | { type: 'ack'; op: string; symbols?: string[] }
  | { type: 'error'; code: number; msg: string };

export const PUSH_PATH = '/web/push';
