import type { WatchlistRow } from '@tradeapp/contract';
import type { Db } from '../../db/db';
import { notFound } from '../../errors';
import type { MarketService } from './service';

interface ItemRow {
  id: number;
  symbol: string;
  position: number;
}

/** Each user's watchlist: no duplicates, kept in the user's order, rows with live quotes. */
export function createWatchlist(db: Db, market: MarketService) {
  function toRow(item: ItemRow, spark: boolean): WatchlistRow {
    const quote = market.quoteOf(item.symbol, true);
    return {
      id: item.id,
      f14: quote.name,
      f12: quote.stock_code,
      f4: quote.change,
      f3: quote.change_ratio,
      f5: quote.volume,
      f2: quote.price_nominal,
      symbol: quote.symbol,
      market: quote.market,
      source: quote.source,
      fall: quote.fall,
      position: item.position,
      quote: spark ? { ...quote, spark: market.sparkOf(item.symbol) } : quote,
    };
  }
  const known = (symbol: string) => market.instruments.some((i) => i.symbol === symbol);

  return {
    async list(userId: number, spark: boolean) {
      const items = await db.query<ItemRow>('select id, symbol, position from watchlist_items where user_id = $1 order by position, id', [userId]);
      // An instrument withdrawn from the universe stays in the table but is not shown.
      return items.filter((i) => known(i.symbol)).map((i) => toRow(i, spark));
    },

    async add(userId: number, secuCode: string, market_?: string) {
      const instrument = market.resolve(secuCode, market_);
      const [row] = await db.query<ItemRow>(
        `insert into watchlist_items (user_id, symbol, position)
         values ($1, $2, coalesce((select max(position) + 1 from watchlist_items where user_id = $1), 0))
         on conflict (user_id, symbol) do update set symbol = excluded.symbol
         returning id, symbol, position`,
        [userId, instrument.symbol],
      );
      return toRow(row!, false);
    },

    async remove(userId: number, id: number) {
      const removed = await db.query('delete from watchlist_items where id = $1 and user_id = $2 returning id', [id, userId]);
      if (!removed.length) throw notFound();
      return { removed: removed.length };
    },

    async removeByCode(userId: number, code: string) {
      const symbol = market.resolve(code).symbol;
      const removed = await db.query('delete from watchlist_items where user_id = $1 and symbol = $2 returning id', [userId, symbol]);
      if (!removed.length) throw notFound();
      return { removed: removed.length };
    },

    async reorder(userId: number, ids: number[]) {
      return db.tx(async (sql) => {
        const items = await sql.query<{ id: number }>('select id from watchlist_items where user_id = $1 order by position, id for update', [userId]);
        const own = new Set(items.map((i) => i.id));
        // The given ids first in the given order, then whatever the request left out, as it was.
        const ordered = [...new Set(ids.filter((id) => own.has(id))), ...items.map((i) => i.id).filter((id) => !ids.includes(id))];
        for (const [position, id] of ordered.entries()) {
          await sql.query('update watchlist_items set position = $2 where id = $1', [id, position]);
        }
        return { ordered: ordered.length };
      });
    },
  };
}

export type Watchlist = ReturnType<typeof createWatchlist>;
