import type { WalletCode } from '@tradeapp/contract';
import type { Sql } from '../../../db/db';
import { ENTRUSTED, OPEN, SETTLED, type EventRow, type PositionRow } from './rows';

// What the investor's lists, a position's page and the quote page read; nothing here locks.

/** A settled part of a partial close shares its parent's earlier history (placed, filled). */
export function history(sql: Sql, p: PositionRow): Promise<EventRow[]> {
  return sql.query<EventRow>(
    `select event, status, price, quantity, created_at, bid, ask, quoted_at, fee, session from position_events
      where position_id = $1 or (position_id = $2 and created_at <= coalesce($3::timestamptz, now()) and event in ('placed', 'filled'))
      order by created_at, id`,
    [p.id, p.parent_id ?? 0, p.closed_at],
  );
}

export type Listing = 'open' | 'closed' | 'entrusted';
const LISTINGS: Record<Listing, { status: number; order: string }> = {
  open: { status: OPEN, order: 'id desc' },
  closed: { status: SETTLED, order: 'closed_at desc, id desc' },
  entrusted: { status: ENTRUSTED, order: 'id desc' },
};

export async function page(sql: Sql, userId: number, listing: Listing, pageNo: number, size: number) {
  const { status, order } = LISTINGS[listing];
  const [count] = await sql.query<{ n: number }>(`select count(*)::int as n from positions where user_id = $1 and status = ${status}`, [userId]);
  const rows = await sql.query<PositionRow>(`select * from positions where user_id = $1 and status = ${status} order by ${order} limit $2 offset $3`, [
    userId,
    size,
    (pageNo - 1) * size,
  ]);
  return { rows, total: count?.n ?? 0 };
}

export const allOpen = (sql: Sql, userId: number) => sql.query<PositionRow>(`select * from positions where user_id = $1 and status = ${OPEN}`, [userId]);

export const openOfSymbol = (sql: Sql, userId: number, symbol: string) =>
  sql.query<PositionRow>(`select * from positions where user_id = $1 and symbol = $2 and status = ${OPEN} order by id desc`, [userId, symbol]);

/** Fills at or above the large-order size, first fills only (a partial close's settled part is not another fill). */
export const largeFills = (sql: Sql, symbol: string, size: number) =>
  sql.query<{ direction: number; quantity: string; open_price: string; filled_at: Date }>(
    `select direction, quantity, open_price, filled_at from positions
      where symbol = $1 and large_order and parent_id is null and filled_at is not null order by filled_at desc limit $2`,
    [symbol, size],
  );

export async function availableBalance(sql: Sql, userId: number, code: WalletCode, currency: string): Promise<string | undefined> {
  const [row] = await sql.query<{ balance: string }>(
    "select balance from ledger_accounts where user_id = $1 and code = $2 and part = 'available' and currency = $3",
    [userId, code, currency],
  );
  return row?.balance;
}
