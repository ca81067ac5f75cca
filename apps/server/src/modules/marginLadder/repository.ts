import { OrderDirection, OrderStatus } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import type { PositionRow } from '../trading';

// The SQL of the margin warning ladder. The engine's statements go by symbol and by the row's own
// id (no investor's call); the investor's list names the caller's user id. Positions are only read
// here, never locked: the trigger engine's claims (`for update skip locked`) must not pass them over.

const OPEN = OrderStatus.InProgress;
const BUY = OrderDirection.Buy;

/**
 * Which positions the ladder watches: open, leveraged (leverage 1 is bought outright), an
 * investor's own (not a house strategy account's), filled at a price.
 */
const WATCHED = `p.status = ${OPEN} and p.leverage > 1 and p.open_price is not null
  and exists (select 1 from users u where u.id = p.user_id and u.role = 'investor')`;

/**
 * Equity at the quote ($bid, $ask) and the margin's own exchange rate, as the trigger engine's
 * liquidation check computes it (trading/repository.ts, dueIds): margin plus floating profit at the
 * exit side. Null for rows from before the rate was kept; the service values those in JavaScript.
 */
const equity = (bid: string, ask: string) =>
  `p.margin + (case when p.direction = ${BUY} then ${bid}::numeric - p.open_price else p.open_price - ${ask}::numeric end) * p.quantity * p.open_rate`;

/**
 * Positions of `symbol` whose equity at the quote is at or below a level of the ladder and above
 * the maintenance level, and that have not been warned at the deepest level they are at. Only
 * these get a transaction: a position far from the ladder, or warned already, costs nothing.
 */
export async function dueIds(sql: Sql, symbol: string, quote: { bid: string; ask: string }, levels: readonly string[], maintenance: string): Promise<number[]> {
  const rows = await sql.query<{ id: number }>(
    `select p.id from positions p
      cross join lateral (select ${equity('$2', '$3')} as equity) e
      cross join lateral (select min(l) as level from unnest($4::numeric[]) l where e.equity <= p.margin * l) reached
      where p.symbol = $1 and ${WATCHED}
        and (p.open_rate is null
          or (reached.level is not null and e.equity > p.margin * $5::numeric
              and not exists (select 1 from margin_warnings w where w.position_id = p.id and w.level = reached.level)))
      order by p.id`,
    [symbol, quote.bid, quote.ask, levels, maintenance],
  );
  return rows.map((r) => r.id);
}

/** An open position as it is now (not locked), or nothing once it is closed or liquidated. */
export async function openPosition(sql: Sql, id: number): Promise<PositionRow | undefined> {
  const [p] = await sql.query<PositionRow>(`select * from positions p where p.id = $1 and ${WATCHED}`, [id]);
  return p;
}

export interface Warned {
  positionId: number;
  userId: number;
  margin: string;
  ratio: string;
  liquidationPrice: string;
  price: string;
}

/**
 * Record the levels a position has reached; answers the levels recorded now. A level recorded
 * before (by another tick or another node) conflicts and is left as it is: that is the once.
 */
export async function record(sql: Sql, w: Warned, levels: string[]): Promise<string[]> {
  const rows = await sql.query<{ level: string }>(
    `insert into margin_warnings (position_id, level, user_id, margin, ratio, liquidation_price, price)
     select $1, l, $2, $3, $4, $5, $6 from unnest($7::numeric[]) l
     on conflict (position_id, level) do nothing
     returning level::text`,
    [w.positionId, w.userId, w.margin, w.ratio, w.liquidationPrice, w.price, levels],
  );
  return rows.map((r) => r.level);
}

/**
 * Arm again the levels of positions of `symbol` whose investor has added margin since the warning
 * and whose equity is back above the level: the warning's row goes, so the level may warn again.
 * A price recovering alone arms nothing (a price wavering about a level would warn on every swing).
 */
export async function rearm(sql: Sql, symbol: string, quote: { bid: string; ask: string }) {
  return sql.query(
    `delete from margin_warnings w using positions p
      where w.position_id = p.id and p.symbol = $1 and p.status = ${OPEN} and p.open_rate is not null
        and p.margin > w.margin and ${equity('$2', '$3')} > p.margin * w.level`,
    [symbol, quote.bid, quote.ask],
  );
}

/** Symbols with open positions the ladder watches: the only ticks it needs to look at. */
export async function activeSymbols(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ symbol: string }>(`select distinct p.symbol from positions p where ${WATCHED}`);
  return rows.map((r) => r.symbol);
}

/** The caller's watched open positions, with when each level was warned. */
export async function openOf(sql: Sql, userId: number) {
  const rows = await sql.query<PositionRow & { warned: Array<{ level: string; at: string }> | null }>(
    `select p.*, (select json_agg(json_build_object('level', w.level::text, 'at', w.created_at)) from margin_warnings w where w.position_id = p.id) as warned
       from positions p where p.user_id = $1 and ${WATCHED} order by p.id`,
    [userId],
  );
  return rows;
}
