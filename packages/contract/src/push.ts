import { z } from 'zod';
import { zAlert } from './routes/alerts';
import { OrderStatus } from './enums';
import { zChatMessage } from './routes/chat';
import type { Quote } from './routes/market';
import { NOTICE_KINDS } from './routes/notices';
import { POSITION_EVENTS } from './routes/trading';

// The push socket's protocol at /web/push (docs/push.md).

export type PushClientMessage =
  { op: 'subscribe'; symbols: string[] } | { op: 'unsubscribe'; symbols: string[] } | { op: 'auth'; token: string } | { op: 'pong' };

/** A pushed quote carries every quote field but the per-user `selfSelectStatus`. */
export type PushQuote = Omit<Quote, 'selfSelectStatus'>;

/**
 * Every event the server publishes on the socket, by its wire name. `notice` and `order` go to
 * the investor concerned; `chat.message` and `chat.read` to the investor and to every operator.
 */
export const PushEvent = {
  /** A notice was written to the investor's notices; the screens fetch it by id. */
  Notice: 'notice',
  /** An order or position changed state (one frame per entry of its history). */
  Order: 'order',
  ChatMessage: 'chat.message',
  /** One side has read the conversation up to `upToId`. */
  ChatRead: 'chat.read',
  /** One of the investor's alerts fired: its id, and the price and time of the tick that met it. */
  Alert: 'alert',
} as const;
export type PushEvent = (typeof PushEvent)[keyof typeof PushEvent];

/** The payload of each event; a listener parses with it rather than trusting the frame. */
export const pushEventSchemas = {
  [PushEvent.Notice]: z.object({ id: z.number().int(), kind: z.enum(NOTICE_KINDS) }),
  [PushEvent.Order]: z.object({ id: z.number().int(), status: z.enum(OrderStatus), event: z.enum(POSITION_EVENTS) }),
  [PushEvent.ChatMessage]: zChatMessage,
  [PushEvent.ChatRead]: z.object({ userId: z.number().int(), side: zChatMessage.shape.from, upToId: z.number().int() }),
  [PushEvent.Alert]: zAlert.pick({ id: true, symbol: true, kind: true, triggeredPrice: true, triggeredTimestamp: true }),
} as const satisfies Record<PushEvent, z.ZodType>;
export type PushEventData<E extends PushEvent = PushEvent> = z.output<(typeof pushEventSchemas)[E]>;

/** An event frame, discriminated by `event`. */
export type PushEventFrame = { [E in PushEvent]: { type: 'event'; event: E; data: PushEventData<E> } }[PushEvent];

export type PushServerMessage =
  | { type: 'quote'; data: PushQuote }
  | { type: 'ping'; ts: number }
  | PushEventFrame
  | { type: 'ack'; op: string; symbols?: string[] }
  | { type: 'error'; code: number; msg: string };

export const PUSH_PATH = '/web/push';
