// Group commit of chat messages: the messages that arrive while the database is busy with the
// previous batch are written together, by one statement, when it is done.
//
// Forty investors writing at once used to be forty inserts one after the other (PGlite has one
// connection; PostgreSQL a pool of ten), each paying for its own parse, plan and commit. Written
// as one statement, a message costs a fraction of that, and a lone message waits for nothing but
// the current turn of the event loop. Each message's outcome is its own: a statement that fails
// (a constraint one message breaks) is retried one message at a time, so one bad message never
// fails the others.
//
// Nothing is cached here: the statement reads what it needs (whether the conversation's user is an
// investor, the operator's name) as it inserts, so every node writes the same way and a change on
// another node is seen at once.
import { AsyncResource } from 'node:async_hooks';
import type { Sql } from '../../db/db';

export type Side = 'user' | 'operator';

/** One message to write; `uploadId` is an image whose owner the caller has already checked. */
export interface NewMessage {
  userId: number;
  side: Side;
  operatorId: number | null;
  body: string | null;
  uploadId: string | null;
  clientId: string | null;
}

/** The message as written, or null: nothing inserted (a resend of its clientId, or not an investor). */
export interface WrittenRow {
  id: number;
  user_id: number;
  sender: Side;
  operator_name: string | null;
  body: string | null;
  upload_id: string | null;
  client_id: string | null;
  read_at: Date | null;
  created_at: Date;
}

/** At most this many messages in one statement. */
export const MAX_BATCH = 200;

// The ids are drawn first (in the input's order, so a batch's ids follow the order its messages
// arrived in), so each input row can be told its own inserted row, or that none was inserted.
// An operator may only write into an investor's conversation. A clientId seen before for the same
// user and side inserts nothing (a resend); the caller then looks the first message up.
const INSERT_MANY = `
  with input as materialized (
    select t.n, nextval(pg_get_serial_sequence('chat_messages', 'id')) as id, t.user_id, t.sender, t.operator_id, t.body, t.upload_id, t.client_id
      from unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[])
           with ordinality as t(user_id, sender, operator_id, body, upload_id, client_id, n)
     order by t.n),
  ins as (
    insert into chat_messages (id, user_id, sender, operator_id, body, upload_id, client_id)
    select i.id, i.user_id, i.sender, i.operator_id, i.body, i.upload_id, i.client_id
      from input i
     where i.sender = 'user' or exists (select 1 from users u where u.id = i.user_id and u.role = 'investor')
     order by i.n
    on conflict (user_id, sender, client_id) where client_id is not null do nothing
    returning id, user_id, sender, operator_id, body, upload_id, client_id, read_at, created_at)
  select i.n, ins.id, ins.user_id, ins.sender, o.username as operator_name, ins.body, ins.upload_id, ins.client_id, ins.read_at, ins.created_at
    from input i
    left join ins on ins.id = i.id
    left join users o on o.id = ins.operator_id
   order by i.n`;

/** Writes `messages` with one statement; answers, in their order, each one's row or null. */
export async function insertMany(sql: Sql, messages: readonly NewMessage[]): Promise<Array<WrittenRow | null>> {
  const rows = await sql.query<WrittenRow & { n: number; id: number | null }>(INSERT_MANY, [
    messages.map((m) => m.userId),
    messages.map((m) => m.side),
    messages.map((m) => m.operatorId),
    messages.map((m) => m.body),
    messages.map((m) => m.uploadId),
    messages.map((m) => m.clientId),
  ]);
  const out: Array<WrittenRow | null> = messages.map(() => null);
  for (const { n, ...row } of rows) if (row.id !== null) out[n - 1] = row;
  return out;
}

interface Waiting {
  message: NewMessage;
  resolve(row: WrittenRow | null): void;
  reject(err: unknown): void;
}

/**
 * A queue in front of `insertMany`. `write` resolves once the message's statement has committed.
 * Never call `write` from inside a transaction: the batch runs on its own, outside it (on PGlite,
 * whose one connection the transaction holds, it would wait for ever).
 */
export function createGroupWriter(sql: Sql) {
  let queue: Waiting[] = [];
  let draining = false;

  async function drain() {
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      try {
        const rows = await insertMany(
          sql,
          batch.map((w) => w.message),
        );
        batch.forEach((w, i) => w.resolve(rows[i]!));
      } catch (err) {
        if (batch.length === 1) {
          batch[0]!.reject(err);
          continue;
        }
        // Each on its own, so that only the message that broke the statement fails.
        for (const w of batch) {
          try {
            w.resolve((await insertMany(sql, [w.message]))[0]!);
          } catch (one) {
            w.reject(one);
          }
        }
      }
    }
    draining = false;
  }
  // The batches run in the context the writer was made in (no request's, no transaction's), so a
  // message never joins the transaction of whichever request happened to come first.
  const start = AsyncResource.bind(() => setImmediate(() => void drain()));

  return {
    write(message: NewMessage): Promise<WrittenRow | null> {
      return new Promise((resolve, reject) => {
        queue.push({ message, resolve, reject });
        if (draining) return; // the running drain takes it with its next batch
        draining = true;
        // The next turn: the requests already read from their sockets in this one join the batch.
        start();
      });
    },
  };
}
