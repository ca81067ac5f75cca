import type { Db } from '../../db/db';
import type { Chat } from '../chat';
import type { Notices } from '../notices';

export type ServiceRequestType = 'account' | 'deposit' | 'withdrawal' | 'trading' | 'other';
type Status = 'open' | 'closed';

interface RequestRow {
  id: number;
  user_id: number;
  username: string;
  email: string | null;
  type: string;
  content: string;
  status: Status;
  created_at: Date;
}

/**
 * Customer service: users ask, operators read the requests in the back office. Each request is
 * also a message of the user's chat, so operators answer it in the chat console.
 */
export function createServiceRequests(db: Db, notices: Notices, chat: Chat) {
  return {
    async apply(userId: number, input: { type: ServiceRequestType; content: string }) {
      const { row, pushes } = await db.tx(async (sql) => {
        const [row] = await sql.query<{ id: number; status: Status; created_at: Date }>(
          'insert into service_requests (user_id, type, content) values ($1, $2, $3) returning id, status, created_at',
          [userId, input.type, input.content],
        );
        const notice = await notices.notify(sql, userId, 'service.received', { id: row!.id });
        const message = await chat.write(sql, userId, { side: 'user' }, { text: `[${input.type}] ${input.content}` });
        return { row: row!, pushes: [notice, message.push] };
      });
      for (const push of pushes) push();
      return { id: row.id, status: row.status, createTimeTimestamp: row.created_at.getTime() };
    },

    /** Newest first, with who asked. */
    async list(page: number, size: number) {
      const [count] = await db.query<{ n: number }>('select count(*)::int as n from service_requests');
      const rows = await db.query<RequestRow>(
        `select r.*, u.username, u.email from service_requests r join users u on u.id = r.user_id
         order by r.id desc limit $1 offset $2`,
        [size, (page - 1) * size],
      );
      return {
        list: rows.map((r) => ({
          id: r.id,
          userId: r.user_id,
          userName: r.username,
          email: r.email,
          type: r.type,
          content: r.content,
          status: r.status,
          createTimeTimestamp: r.created_at.getTime(),
        })),
        total: count?.n ?? 0,
        page,
        size,
      };
    },
  };
}

export type ServiceRequests = ReturnType<typeof createServiceRequests>;
