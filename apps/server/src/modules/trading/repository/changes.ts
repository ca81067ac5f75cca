import type { CloseReason } from '@tradeapp/contract';
import type { Sql } from '../../../db/db';
import { type Dec, plain } from '../../../lib/decimal';
import {
  CANCELLED,
  one,
  OPEN,
  SETTLED,
  stopParams,
  type Explanation,
  type OrderTerms,
  type PositionEventName,
  type PositionRow,
  type SessionPhase,
} from './rows';

// An existing row changed under its lock, and the lines of its history.

/** What closing settles: the figures written on the settled row. */
export interface Settlement {
  quantity: Dec;
  margin: Dec;
  price: Dec;
  fee: Dec;
  realised: Dec;
  reason: CloseReason;
  /** The closed part's share of the opening fee. */
  openFee: Dec;
  /** The running totals the open rest carries after a partial close. */
  parts: { profit: string; fee: string };
  /** When, if not now (an agency's backfilled trade). */
  at?: Date | undefined;
}

/** One of the user's rows; `lock` takes its row lock for the rest of the transaction. */
export async function findOwn(sql: Sql, userId: number, id: number, lock = false): Promise<PositionRow | undefined> {
  const [p] = await sql.query<PositionRow>(`select * from positions where id = $1 and user_id = $2${lock ? ' for update' : ''}`, [id, userId]);
  return p;
}

/** Close the whole row. */
export function settle(sql: Sql, id: number, s: Settlement): Promise<PositionRow> {
  return one(
    sql.query<PositionRow>(
      `update positions set status = ${SETTLED}, close_price = $2, close_fee = $3, realised = $4, close_reason = $5, closed_at = coalesce($6::timestamptz, now()),
              updated_at = coalesce($6::timestamptz, now())
        where id = $1 returning *`,
      [id, plain(s.price), plain(s.fee), plain(s.realised), s.reason, s.at ?? null],
    ),
  );
}

/**
 * Close part of the row: the open row keeps the rest, and the closed part becomes a settled row
 * of its own pointing at it, so each row's margin, share of the opening fee and realised profit
 * stay its own. The open row carries the running totals the next close rounds on.
 */
export async function settlePart(sql: Sql, id: number, s: Settlement): Promise<PositionRow> {
  const part = await one(
    sql.query<PositionRow>(
      `insert into positions (user_id, symbol, wallet_code, wallet_currency, currency, direction, type, status, price, open_price, quantity, leverage,
                              margin, open_fee, close_price, close_fee, realised, close_reason, parent_id, large_order, open_rate, source, created_at, filled_at, closed_at)
       select user_id, symbol, wallet_code, wallet_currency, currency, direction, type, ${SETTLED}, price, open_price, $2, leverage,
              $3, $8, $4, $5, $6, $7, id, large_order, open_rate, source, created_at, filled_at, now() from positions where id = $1 returning *`,
      [id, plain(s.quantity), plain(s.margin), plain(s.price), plain(s.fee), plain(s.realised), s.reason, plain(s.openFee)],
    ),
  );
  await sql.query(
    'update positions set quantity = quantity - $2, margin = margin - $3, open_fee = open_fee - $4, parts_profit = $5, parts_fee = $6, updated_at = now() where id = $1',
    [id, plain(s.quantity), plain(s.margin), plain(s.openFee), s.parts.profit, s.parts.fee],
  );
  return part;
}

export const markCancelled = (sql: Sql, id: number) =>
  one(sql.query<PositionRow>(`update positions set status = ${CANCELLED}, updated_at = now() where id = $1 returning *`, [id]));

export const addToMargin = (sql: Sql, id: number, amount: string) =>
  one(sql.query<PositionRow>('update positions set margin = margin + $2, updated_at = now() where id = $1 returning *', [id, amount]));

/** An entrusted order becomes an open position at its limit price. */
export const markFilled = (sql: Sql, id: number, session: SessionPhase | null = null) =>
  one(
    sql.query<PositionRow>(
      `update positions set status = ${OPEN}, open_price = price, filled_at = now(), filled_session = $2, updated_at = now() where id = $1 returning *`,
      [id, session],
    ),
  );

export async function insertEvent(
  sql: Sql,
  p: PositionRow,
  event: PositionEventName,
  price: Dec | string | null,
  quantity: Dec | string | null,
  at?: Date,
  why?: Explanation,
) {
  await sql.query(
    `insert into position_events (position_id, status, event, price, quantity, created_at, bid, ask, quoted_at, fee, session)
     values ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now()), $7, $8, $9, $10, $11)`,
    [p.id, p.status, event, price === null ? null : plain(price), quantity === null ? null : plain(quantity), at ?? null, ...explanationParams(why)],
  );
}

const explanationParams = (why: Explanation | undefined) =>
  why ? [why.bid, why.ask, new Date(why.time), why.fee === null ? null : plain(why.fee), why.session] : [null, null, null, null, null];

/** Replace a position's stops (null removes one). */
export const setStops = (sql: Sql, id: number, t: Pick<OrderTerms, 'stopLoss' | 'takeProfit' | 'trailing'>) =>
  one(
    sql.query<PositionRow>(
      `update positions set stop_loss = $2, take_profit = $3, trailing_kind = $4, trailing_distance = $5, trailing_mark = $6, trailing_stop = $7, updated_at = now()
        where id = $1 returning *`,
      [id, ...stopParams(t)],
    ),
  );

/** A trailing stop's mark moved toward the price, and its stop with it. */
export const moveTrailing = (sql: Sql, id: number, mark: Dec, stop: Dec) =>
  one(sql.query<PositionRow>('update positions set trailing_mark = $2, trailing_stop = $3 where id = $1 returning *', [id, plain(mark), plain(stop)]));
