import { z } from 'zod';
import { pageOf, zPage } from '../fields';
import { route } from '../route';
import { zUserId } from './common';

// The customer-service chat: one conversation per investor shared by every operator; each
// message and read mark is pushed to both sides (`chat.message`, `chat.read`).

export const zChatMessage = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  from: z.enum(['user', 'operator']),
  text: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The operator's display name on operator messages. */
  operatorName: z.string().nullable(),
  /** Whether the other side has read it. */
  read: z.boolean(),
  /** The sender's own id for this message, so a resend after a reconnect is recognised. */
  clientId: z.string().nullable(),
  createTimestamp: z.number().int(),
});

export const zChatSend = z
  .object({
    text: z.string().trim().max(2000, { error: 'v.textTooLong' }).optional(),
    /** A file uploaded with `/file/upload` by the sender. */
    imageUrl: z.string().trim().max(200).optional(),
    clientId: z
      .string()
      .trim()
      .min(8)
      .max(64)
      .regex(/^[\w-]+$/)
      .optional(),
  })
  .refine((v) => Boolean(v.text) || Boolean(v.imageUrl), { error: 'v.fillRequired', path: ['text'] });

const zChatPage = z.object({
  /** Messages older than this id; omit for the newest. */
  beforeId: z.coerce.number().int().positive().optional(),
  /** Messages newer than this id, oldest first (catching up after a reconnect). */
  afterId: z.coerce.number().int().min(0).optional(),
  size: z.coerce.number().int().min(1).max(100).default(30),
});

const zChatHistory = z.object({
  /** Oldest first. */
  list: z.array(zChatMessage),
  hasMore: z.boolean(),
  /** Messages from the other side not yet read by the caller's side. */
  unread: z.number().int(),
});

export const zConversation = z.object({
  userId: z.number().int(),
  userName: z.string(),
  email: z.string().nullable(),
  lastMessage: zChatMessage,
  /** User messages no operator has read yet. */
  unread: z.number().int(),
});

export const chatRoutes = {
  chatMessages: route({
    method: 'GET',
    path: '/chat/messages',
    auth: 'user',
    tag: 'chat',
    summary: 'The caller’s conversation with customer service, oldest first within the page',
    request: zChatPage,
    response: zChatHistory,
  }),
  chatSend: route({
    method: 'POST',
    path: '/chat/send',
    auth: 'user',
    tag: 'chat',
    summary: 'Write to customer service: text, an uploaded image, or both; pushed to operators as `chat.message`',
    request: zChatSend,
    response: zChatMessage,
    rateLimit: { max: 30, windowSeconds: 60 },
  }),
  chatRead: route({
    method: 'POST',
    path: '/chat/read',
    auth: 'user',
    tag: 'chat',
    summary: 'Mark operator messages up to an id (or all) as read',
    request: z.object({ upToId: z.number().int().positive().optional() }),
    response: z.object({ unread: z.number().int() }),
  }),
};

export const chatOperatorRoutes = {
  operatorChats: route({
    method: 'GET',
    path: '/operator/chats',
    auth: 'operator',
    tag: 'admin',
    summary: 'Conversations, the most recent first, with unread counts',
    // Not z.coerce.boolean(): that reads the query string "false" as true.
    request: zPage.extend({ unreadOnly: z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]).optional() }),
    response: pageOf(zConversation).extend({ unread: z.number().int() }),
  }),
  operatorChatMessages: route({
    method: 'GET',
    path: '/operator/chats/:userId/messages',
    auth: 'operator',
    tag: 'admin',
    summary: 'One user’s conversation, oldest first within the page',
    params: zUserId,
    request: zChatPage,
    response: zChatHistory,
  }),
  operatorChatSend: route({
    method: 'POST',
    path: '/operator/chats/:userId/send',
    auth: 'operator',
    tag: 'admin',
    summary: 'Answer a user; pushed to that user only as `chat.message`',
    params: zUserId,
    request: zChatSend,
    response: zChatMessage,
  }),
  operatorChatRead: route({
    method: 'POST',
    path: '/operator/chats/:userId/read',
    auth: 'operator',
    tag: 'admin',
    summary: 'Mark the user’s messages up to an id (or all) as read by customer service',
    params: zUserId,
    request: z.object({ upToId: z.number().int().positive().optional() }),
    response: z.object({ unread: z.number().int() }),
  }),
};
