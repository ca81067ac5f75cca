import { formatDecimal, PushEvent, isMessageKey, translate, type Locale, type MessageKey, type MessageParams, type NOTICE_KINDS } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { notFound } from '../../errors';
import type { PushHub } from '../../push/hub';

export type NoticeKind = (typeof NOTICE_KINDS)[number];
/** A notice's parameters: texts, numbers and dates (`instantParam`, `dayParam`), stored as JSON and written in the reader's form when read. */
type Params = MessageParams;
/** A parameter written as a decimal with a fraction: an amount, a price, a quantity, a ratio (never an id, a code or an address). */
const DECIMAL_PARAM = /^-?\d+\.\d+$/;

interface NoticeRow {
  id: number;
  kind: NoticeKind;
  params: Params;
  read_at: Date | null;
  created_at: Date;
}

/** `kyc.approved` -> the message keys `n.kycApproved.title` and `n.kycApproved.body`. */
function keysOf(kind: NoticeKind): { title: MessageKey; body: MessageKey } {
  const [area, what] = kind.split('.') as [string, string];
  const base = `n.${area}${what.charAt(0).toUpperCase()}${what.slice(1)}`;
  return { title: `${base}.title` as MessageKey, body: `${base}.body` as MessageKey };
}

/**
 * Notices to one investor. A notice is stored as its kind and parameters and rendered in the reader's language
 * when read, so one notice reads right in English, Dutch and Chinese.
 */
export function createNotices(db: Db, hub: PushHub) {
  /**
   * Parameters that are message keys (a side, `t.buy`) or wallet codes (`BALANCE`) read in the
   * reader's language, and decimals (amounts, prices, ratios) in a Dutch reader's separators, to
   * whom 96867.43 would read as nearly ten million. English and Chinese read them as written.
   */
  function localParams(params: Params, locale: Locale): Params {
    const out: Params = { ...params };
    for (const [name, value] of Object.entries(params)) {
      if (typeof value !== 'string') continue;
      if (locale === 'nl' && DECIMAL_PARAM.test(value)) {
        out[name] = formatDecimal(value, locale);
        continue;
      }
      const key = isMessageKey(value) ? value : `w.${value}`;
      if (isMessageKey(key)) out[name] = translate(locale, key);
    }
    return out;
  }

  /** An operator's notice holds its own texts per language; English stands in for a missing one. */
  function operatorText(params: Params, part: 'title' | 'body', locale: Locale): string {
    return String(params[`${part}_${locale}`] || params[`${part}_en`] || '');
  }

  function render(row: NoticeRow, locale: Locale) {
    const keys = keysOf(row.kind);
    // Operators' texts are shown as written: not searched for message keys or placeholders.
    const operator = row.kind === 'operator.message';
    const params = operator ? row.params : localParams(row.params, locale);
    return {
      id: row.id,
      kind: row.kind,
      title: operator ? operatorText(params, 'title', locale) : translate(locale, keys.title, params),
      body: operator ? operatorText(params, 'body', locale) : translate(locale, keys.body, params),
      read: row.read_at !== null,
      createTimestamp: row.created_at.getTime(),
    };
  }

  async function unreadCount(userId: number) {
    const [row] = await db.query<{ n: number }>('select count(*)::int as n from notices where user_id = $1 and read_at is null', [userId]);
    return row?.n ?? 0;
  }

  return {
    /**
     * Write a notice inside the caller's transaction. Returns its push, which goes out when the
     * outermost transaction commits (`Db.afterCommit`), at once outside any: a service's own
     * transaction is a savepoint under an idempotent route's, and a notice about a rolled-back
     * change must never be pushed.
     */
    async notify(sql: Sql, userId: number, kind: NoticeKind, params: Params): Promise<() => void> {
      const [row] = await sql.query<{ id: number }>('insert into notices (user_id, kind, params) values ($1, $2, $3) returning id', [
        userId,
        kind,
        JSON.stringify(params),
      ]);
      return () => db.afterCommit(() => hub.publishUserEvent(userId, PushEvent.Notice, { id: row!.id, kind }));
    },

    /**
     * One notice for every active investor (never an operator), in one statement inside the
     * caller's transaction. Returns how many were written and the pushes to send after commit.
     */
    async notifyAllInvestors(sql: Sql, kind: NoticeKind, params: Params): Promise<{ sent: number; push: () => void }> {
      const rows = await sql.query<{ id: number; user_id: number }>(
        `insert into notices (user_id, kind, params)
         select id, $1, $2::jsonb from users where role = 'investor' and status = 'active' order by id
         returning id, user_id`,
        [kind, JSON.stringify(params)],
      );
      return {
        sent: rows.length,
        push: () => db.afterCommit(() => rows.forEach((r) => hub.publishUserEvent(r.user_id, PushEvent.Notice, { id: r.id, kind }))),
      };
    },

    async list(userId: number, page: number, size: number, locale: Locale) {
      const rows = await db.query<NoticeRow>('select * from notices where user_id = $1 order by id desc limit $2 offset $3', [userId, size, (page - 1) * size]);
      const [count] = await db.query<{ n: number }>('select count(*)::int as n from notices where user_id = $1', [userId]);
      return { list: rows.map((r) => render(r, locale)), total: count?.n ?? 0, page, size, unread: await unreadCount(userId) };
    },

    async read(userId: number, id: number, locale: Locale) {
      const [row] = await db.query<NoticeRow>('update notices set read_at = coalesce(read_at, now()) where id = $1 and user_id = $2 returning *', [id, userId]);
      if (!row) throw notFound();
      return render(row, locale);
    },

    async markRead(userId: number, ids: number[] | undefined, all: boolean | undefined) {
      const updated = all
        ? await db.query('update notices set read_at = now() where user_id = $1 and read_at is null returning id', [userId])
        : await db.query('update notices set read_at = now() where user_id = $1 and id = any($2::bigint[]) and read_at is null returning id', [
            userId,
            ids ?? [],
          ]);
      return { updated: updated.length, unread: await unreadCount(userId) };
    },
  };
}

export type Notices = ReturnType<typeof createNotices>;
