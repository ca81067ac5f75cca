import { PushEvent, type zChatMessage } from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import type { PushHub } from '../../push/hub';
import { uploadIdOf } from '../files/service';

export type ChatSide = 'user' | 'operator';
export type ChatMessage = z.input<typeof zChatMessage>;

interface MessageRow {
  id: number;
  user_id: number;
  sender: ChatSide;
  operator_name: string | null;
  body: string | null;
  upload_id: string | null;
  client_id: string | null;
  read_at: Date | null;
  created_at: Date;
}

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

/**
 * The customer-service chat: one conversation per investor, shared by every operator. Both sides
 * see new messages and read marks live: every change is pushed to the investor's sockets and to
 * every operator's socket, after its transaction has committed.
 */
export function createChat(db: Db, hub: PushHub) {
  const publish = (event: typeof PushEvent.ChatMessage | typeof PushEvent.ChatRead, userId: number, data: unknown) => {
    hub.publishUserEvent(userId, event, data);
    hub.publishOperatorEvent(event, data);
  };

  async function assertInvestor(sql: Sql, userId: number) {
    const rows = await sql.query("select 1 from users where id = $1 and role = 'investor'", [userId]);
    if (!rows.length) throw notFound('e.userNotFound');
  }

  async function unreadBy(sql: Sql, userId: number, reader: ChatSide) {
    const [row] = await sql.query<{ n: number }>(
      'select count(*)::int as n from chat_messages where user_id = $1 and sender = $2 and read_at is null',
      [userId, other(reader)],
    );
    return row?.n ?? 0;
  }

  /**
   * Write one message inside the caller's transaction. A clientId seen before for this sender
   * side returns the first message (a resend after a reconnect), and nothing is to be pushed.
   */
  async function write(
    sql: Sql,
    userId: number,
    from: { side: 'user' } | { side: 'operator'; operatorId: number },
    input: ChatInput,
  ): Promise<{ message: ChatMessage; push: () => void }> {
    const senderId = from.side === 'user' ? userId : from.operatorId;
    let uploadId: string | null = null;
    if (input.imageUrl) {
      const id = uploadIdOf(input.imageUrl);
      const own = id ? await sql.query('select 1 from uploads where id = $1 and owner_id = $2', [id, senderId]) : [];
      if (!own.length) throw new AppError('e.chatImageNotYours', { imageUrl: 'e.chatImageNotYours' });
      uploadId = id!;
    }
    const clientId = input.clientId ?? null;
    // A concurrent resend waits on the unique index and then does nothing; the select finds the winner.
    const [inserted] = await sql.query<{ id: number }>(
      `insert into chat_messages (user_id, sender, operator_id, body, upload_id, client_id) values ($1, $2, $3, $4, $5, $6)
       on conflict (user_id, sender, client_id) where client_id is not null do nothing returning id`,
      [userId, from.side, from.side === 'operator' ? from.operatorId : null, input.text || null, uploadId, clientId],
    );
    const [row] = inserted
      ? await sql.query<MessageRow>(`${SELECT} where m.id = $1`, [inserted.id])
      : await sql.query<MessageRow>(`${SELECT} where m.user_id = $1 and m.sender = $2 and m.client_id = $3`, [userId, from.side, clientId]);
    const message = toMessage(row!);
    return { message, push: inserted ? () => publish(PushEvent.ChatMessage, userId, message) : () => undefined };
  }

  async function send(userId: number, from: { side: 'user' } | { side: 'operator'; operatorId: number }, input: ChatInput) {
    const { message, push } = await db.tx(async (sql) => {
      if (from.side === 'operator') await assertInvestor(sql, userId);
      return write(sql, userId, from, input);
    });
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

  async function markRead(userId: number, reader: ChatSide, upToId: number | undefined) {
    const { marked, unread } = await db.tx(async (sql) => {
      if (reader === 'operator') await assertInvestor(sql, userId);
      const [row] = await sql.query<{ last: number | null }>(
        `with marked as (
           update chat_messages set read_at = now()
            where user_id = $1 and sender = $2 and read_at is null and ($3::bigint is null or id <= $3)
           returning id)
         select max(id) as last from marked`,
        [userId, other(reader), upToId ?? null],
      );
      return { marked: row?.last ?? null, unread: await unreadBy(sql, userId, reader) };
    });
    // Nothing newly read: the other side already shows every tick it can.
    if (marked !== null) publish(PushEvent.ChatRead, userId, { userId, side: reader, upToId: marked });
    return { unread };
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

    /** Conversations by their latest message, newest first, with what no operator has read yet. */
    async conversations(page: number, size: number, unreadOnly: boolean) {
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
    },
  };
}

export type Chat = ReturnType<typeof createChat>;
