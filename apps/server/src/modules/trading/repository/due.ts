import { OrderDirection } from '@tradeapp/contract';
import type { Sql } from '../../../db/db';
import { ACTIVE, ENTRUSTED, OPEN, type PositionRow } from './rows';

// The rows a quote or the clock acts on, found and claimed for the trigger engine and the expiry.

/** Entrusted day orders past their end, oldest first; each is claimed and rechecked by the caller. */
export async function expiredIds(sql: Sql, at: Date): Promise<number[]> {
  const rows = await sql.query<{ id: number }>(
    `select id from positions where status = ${ENTRUSTED} and expires_at is not null and expires_at <= $1 order by id`,
    [at],
  );
  return rows.map((r) => r.id);
}

/**
 * The active rows of a symbol the quote acts on, oldest first, in one statement: entrusted orders
 * it crosses (a buy at the ask, a sell at the bid), open positions whose equity at the exit side
 * (margin + floating profit at the open's rate) is at or below margin × `maintenance`, in exact
 * numeric arithmetic, the contract's `reachesMaintenance` multiplied out, and open positions whose
 * exit side reaches a stop or passes its trailing mark (the mark moves; a filled order's trailing
 * stop gets its first mark). A row from before open
 * rates were kept (migration 0008) is always a candidate. The caller rechecks each under its lock.
 * Outside the regular session (`regular` false) only entrusted orders that asked for extended hours fill.
 */
export async function dueIds(sql: Sql, symbol: string, quote: { bid: string; ask: string }, maintenance: string, regular = true): Promise<number[]> {
  const BUY = OrderDirection.Buy;
  const rows = await sql.query<{ id: number }>(
    `select id from positions where symbol = $1 and status in ${ACTIVE} and (
       (status = ${ENTRUSTED} and ($5::boolean or extended_hours)
        and ((direction = ${BUY} and price >= $3::numeric) or (direction <> ${BUY} and price <= $2::numeric)))
       or (status = ${OPEN} and (open_rate is null or open_price is null
         or margin + (case when direction = ${BUY} then $2::numeric - open_price else open_price - $3::numeric end) * quantity * open_rate
            <= margin * $4::numeric
         or (direction = ${BUY} and (stop_loss >= $2::numeric or take_profit <= $2::numeric or trailing_stop >= $2::numeric or trailing_mark < $2::numeric
                                     or (trailing_kind is not null and trailing_mark is null)))
         or (direction <> ${BUY} and (stop_loss <= $3::numeric or take_profit >= $3::numeric or trailing_stop <= $3::numeric or trailing_mark > $3::numeric
                                      or (trailing_kind is not null and trailing_mark is null))))))
     order by id`,
    [symbol, quote.bid, quote.ask, maintenance, regular],
  );
  return rows.map((r) => r.id);
}

/**
 * Claim an active row for this transaction, or nothing when another runner holds it or it is no
 * longer active: whoever holds the lock does the work, the other skips without waiting.
 */
export async function claimActive(sql: Sql, id: number): Promise<PositionRow | undefined> {
  const [p] = await sql.query<PositionRow>(`select * from positions where id = $1 and status in ${ACTIVE} for update skip locked`, [id]);
  return p;
}

export async function activeSymbols(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ symbol: string }>(`select distinct symbol from positions where status in ${ACTIVE}`);
  return rows.map((r) => r.symbol);
}
