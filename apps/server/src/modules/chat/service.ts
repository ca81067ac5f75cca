import { PushEvent, type zChatMessage } from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import type { PushHub } from '../../push/hub';
import { uploadIdOf } from '../files';
import { createGroupWriter, insertMany, type NewMessage, type WrittenRow } from './writer';

export type ChatSide = 'user' | 'operator';
export type ChatMessage = z.input<typeof zChatMessage>;

/** A message's row as read back; the same columns the writer answers with. */
type MessageRow = WrittenRow;

export interface ChatInput {
  text?: string | undefined;
  imageUrl?: string | undefined;
  clientId?: string | undefined;
}

export interface ChatPage {
  beforeId?: number | undefined;
  afterId?: number | undefined;
  size: number;
}

// The operator's username, never their e-mail: investors see this name.
const SELECT = `select m.id, m.user_id, m.sender, o.username as operator_name, m.body, m.upload_id, m.client_id, m.read_at, m.created_at
                  from chat_messages m left join users o on o.id = m.operator_id`;

const other = (side: ChatSide): ChatSide => (side === 'user' ? 'operator' : 'user');

function toMessage(r: MessageRow): ChatMessage {
  return {
    id: r.id,
    userId: r.user_id,
    from: r.sender,
    text: r.body,
    imageUrl: r.upload_id ? `/web/file/${r.upload_id}` : null,
    operatorName: r.sender === 'operator' ? r.operator_name : null,
    read: r.read_at !== null,
    clientId: r.client_id,
    createTimestamp: r.created_at.getTime(),
  };
}

/** Reads of one key start at least this far apart (see `createShareNext`). */
export const SHARED_READ_GAP_MS = 250;

/**
 * Reads that callers asking at once share, none of them ever answered from before it asked: a
 * caller arriving while a read of its key runs (or within `gapMs` of the last one's start) waits
 * and joins the one next read, which starts after every caller of it arrived. So however many ask
 * (every console, on every message), a key is read at most once per `gapMs` and each answer is as
 * fresh as a read of the caller's own, on every node: nothing is cached, so nothing must be told
 * of changes. A caller waits at most `gapMs` more than the read itself.
 */
export function createShareNext(gapMs = SHARED_READ_GAP_MS) {
  type Flight = { running?: Promise<unknown> | undefined; next?: Promise<unknown> | undefined; startedAt: number };
  const flights = new Map<string, Flight>();
  return function shareNext<T>(key: string, read: () => Promise<T>): Promise<T> {
    let flight = flights.get(key);
    if (!flight) flights.set(key, (flight = { startedAt: -Infinity }));
    const f = flight;
    const start = (): Promise<T> => {
      const run = read();
      f.running = run;
      f.startedAt = performance.now();
      const done = () => {
        if (f.running === run) f.running = undefined;
        // Kept through the gap, so that the gap holds; then forgotten.
        if (!f.running && !f.next) setTimeout(() => !f.running && !f.next && flights.get(key) === f && flights.delete(key), gapMs).unref();
      };
      run.then(done, done);
      return run;
    };
    // A read yet to start starts after this caller arrived: join it.
    if (f.next) return f.next as Promise<T>;
    const wait = f.startedAt + gapMs - performance.now();
    if (!f.running && wait <= 0) return start();
    f.next = Promise.resolve(f.running)
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => new Promise((r) => setTimeout(r, Math.max(0, f.startedAt + gapMs - performance.now()))))
      .then(() => {
        f.next = undefined;
        return start();
      });
    return f.next as Promise<T>;
  };
}

/**
 * The customer-service chat: one conversation per investor, shared by every operator. Both sides
 * see new messages and read marks live: every change is pushed to the investor's sockets and to
 * every operator's socket, after its transaction has committed.
 */
export function createChat(db: Db, hub: PushHub) {
  const shareNext = createShareNext();
  const publish = (event: typeof PushEvent.ChatMessage | typeof PushEvent.ChatRead, userId: number, data: unknown) => {
    hub.publishUserEvent(userId, event, data);
    hub.publishOperatorEvent(event, data);
  };

  async function assertInvestor(sql: Sql, userId: number) {
    const rows = await sql.query("select 1 from users where id = $1 and role = 'investor'", [userId]);
    if (!rows.length) throw notFound('e.userNotFound');
  }

  async function unreadBy(sql: Sql, userId: number, reader: ChatSide) {
    const [row] = await sql.query<{ n: number }>('select count(*)::int as n from chat_messages where user_id = $1 and sender = $2 and read_at is null', [
      userId,
      other(reader),
    ]);
    return row?.n ?? 0;
  }

  type From = { side: 'user' } | { side: 'operator'; operatorId: number };

  /** The message as it will be inserted; an image must be the sender's own upload. */
  async function prepare(sql: Sql, userId: number, from: From, input: ChatInput): Promise<NewMessage> {
    const senderId = from.side === 'user' ? userId : from.operatorId;
    let uploadId: string | null = null;
    if (input.imageUrl) {
      const id = uploadIdOf(input.imageUrl);
      const own = id ? await sql.query('select 1 from uploads where id = $1 and owner_id = $2', [id, senderId]) : [];
      if (!own.length) throw new AppError('e.chatImageNotYours', { imageUrl: 'e.chatImageNotYours' });
      uploadId = id!;
    }
    return {
      userId,
      side: from.side,
      operatorId: from.side === 'operator' ? from.operatorId : null,
      body: input.text || null,
      uploadId,
      clientId: input.clientId ?? null,
    };
  }

  /**
   * What was written, and its push. Nothing inserted means a resend of a clientId seen before for
   * this side (answered with the first message, and nothing is pushed), or an operator writing to
   * someone who is not an investor (404).
   */
  async function settle(sql: Sql, m: NewMessage, row: WrittenRow | null): Promise<{ message: ChatMessage; push: () => void }> {
    if (row) {
      const message = toMessage(row);
      return { message, push: () => publish(PushEvent.ChatMessage, m.userId, message) };
    }
    if (m.side === 'operator') await assertInvestor(sql, m.userId);
    // A concurrent resend waited on the unique index and did nothing; this finds the winner.
    const [first] = m.clientId
      ? await sql.query<MessageRow>(`${SELECT} where m.user_id = $1 and m.sender = $2 and m.client_id = $3`, [m.userId, m.side, m.clientId])
      : [];
    if (!first) throw notFound('e.userNotFound'); // unreachable: nothing else inserts nothing
    return { message: toMessage(first), push: () => undefined };
  }

  /**
   * Write one message inside the caller's transaction (service requests start a conversation in
   * theirs). The insert, the investor check and the operator's name are one statement; the push
   * after it looks nothing up: the hub knows, on every node, which sockets are the investor's and
   * which are operators'.
   */
  async function write(sql: Sql, userId: number, from: From, input: ChatInput): Promise<{ message: ChatMessage; push: () => void }> {
    const m = await prepare(sql, userId, from, input);
    const [row] = await insertMany(sql, [m]);
    return settle(sql, m, row ?? null);
  }

  // The routes' messages: many senders at once share one statement (writer.ts).
  const writer = createGroupWriter(db);

  /** A message of a route: never inside a transaction (see `createGroupWriter`). */
  async function send(userId: number, from: From, input: ChatInput) {
    const m = await prepare(db, userId, from, input);
    const { message, push } = await settle(db, m, await writer.write(m));
    push();
    return message;
  }

  async function history(userId: number, reader: ChatSide, page: ChatPage) {
    const forward = page.afterId !== undefined;
    const rows = await db.query<MessageRow>(
      `${SELECT} where m.user_id = $1 and ($2::bigint is null or m.id < $2) and ($3::bigint is null or m.id > $3)
        order by m.id ${forward ? 'asc' : 'desc'} limit $4`,
      [userId, page.beforeId ?? null, page.afterId ?? null, page.size + 1],
    );
    const hasMore = rows.length > page.size;
    const list = rows.slice(0, page.size);
    if (!forward) list.reverse();
    return { list: list.map(toMessage), hasMore, unread: await unreadBy(db, userId, reader) };
  }

  /**
   * Marks the other side's messages read, up to `upToId`, in one statement: the unread count after
   * it is the count in the statement's snapshot less what it marked.
   */
  async function markRead(userId: number, reader: ChatSide, upToId: number | undefined) {
    const [row] = await db.query<{ investor: boolean; last: number | null; unread: number }>(
      `with marked as (
         update chat_messages set read_at = now()
          where user_id = $1 and sender = $2 and read_at is null and ($3::bigint is null or id <= $3)
            and ($4::text = 'user' or exists (select 1 from users where id = $1 and role = 'investor'))
         returning id)
       select exists (select 1 from users where id = $1 and role = 'investor') as investor,
              (select max(id) from marked) as last,
              (select count(*) from chat_messages where user_id = $1 and sender = $2 and read_at is null)::int
                - (select count(*) from marked)::int as unread`,
      [userId, other(reader), upToId ?? null, reader],
    );
    if (reader === 'operator' && !row?.investor) throw notFound('e.userNotFound');
    const marked = row?.last ?? null;
    // Nothing newly read: the other side already shows every tick it can.
    if (marked !== null) publish(PushEvent.ChatRead, userId, { userId, side: reader, upToId: marked });
    return { unread: row?.unread ?? 0 };
  }

  return {
    /** For services that start or continue a conversation in their own transaction (service requests). */
    write,

    userHistory: (userId: number, page: ChatPage) => history(userId, 'user', page),
    userSend: (userId: number, input: ChatInput) => send(userId, { side: 'user' }, input),
    userRead: (userId: number, upToId: number | undefined) => markRead(userId, 'user', upToId),

    async operatorHistory(userId: number, page: ChatPage) {
      await assertInvestor(db, userId);
      return history(userId, 'operator', page);
    },
    operatorSend: (operatorId: number, userId: number, input: ChatInput) => send(userId, { side: 'operator', operatorId }, input),
    operatorRead: (userId: number, upToId: number | undefined) => markRead(userId, 'operator', upToId),

    /**
     * Conversations by their latest message, newest first, with what no operator has read yet.
     * Every operator's console asks again on each pushed message (the list and the nav's count):
     * callers asking the same page while it is being read share the next read (`shareNext`).
     */
    conversations: (page: number, size: number, unreadOnly: boolean) =>
      shareNext(`${page}|${size}|${unreadOnly}`, () => readConversations(page, size, unreadOnly)),
  };

  async function readConversations(page: number, size: number, unreadOnly: boolean) {
    const rows = await db.query<MessageRow & { username: string; email: string | null; unread: number }>(
      `with conv as (
         select user_id, max(id) as last_id, (count(*) filter (where sender = 'user' and read_at is null))::int as unread
           from chat_messages group by user_id)
       select c.unread, u.username, u.email, m.id, m.user_id, m.sender, o.username as operator_name, m.body, m.upload_id,
              m.client_id, m.read_at, m.created_at
         from conv c
         join users u on u.id = c.user_id
         join chat_messages m on m.id = c.last_id
         left join users o on o.id = m.operator_id
        where not $1::boolean or c.unread > 0
        order by c.last_id desc limit $2 offset $3`,
      [unreadOnly, size, (page - 1) * size],
    );
    const [totals] = await db.query<{ total: number; unread: number }>(
      `select (select count(distinct user_id)::int from chat_messages
                where not $1::boolean or (sender = 'user' and read_at is null)) as total,
              (select count(*)::int from chat_messages where sender = 'user' and read_at is null) as unread`,
      [unreadOnly],
    );
    return {
      list: rows.map((r) => ({ userId: r.user_id, userName: r.username, email: r.email, lastMessage: toMessage(r), unread: r.unread })),
      total: totals?.total ?? 0,
      page,
      size,
      unread: totals?.unread ?? 0,
    };
  }
}

export type Chat = ReturnType<typeof createChat>;
