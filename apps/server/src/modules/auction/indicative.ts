import { MarketSource, type AuctionIndicative } from '@tradeapp/contract';
import { Dec, fixed } from '../../lib/decimal';
import type { Instrument } from '../../market/types';
import type { MarketService } from '../market';
import type { AuctionContext } from './context';
import { isAuctionStock, placesOf } from './context';
import { toMatcher, withHouse } from './house';
import { matchAuction } from './matcher';
import * as repo from './repository';
import type { BookRow, OrderRow } from './repository';
import { sessionAt, type AuctionDay } from './session';

/** What the auction would give (or gave), stock by stock, for the quote pages. */
export function createIndicativeUseCases(ctx: AuctionContext) {
  const { db, market, now, stocks, figuresOf, fromBook, auctionStock } = ctx;

  /** What the auction of one stock would give now (or gave): from the book's collected orders and the house's depth. */
  function indicativeOf(i: Instrument, d: AuctionDay, book: BookRow | undefined, collected: OrderRow[]): AuctionIndicative {
    const f = book ? fromBook(book) : figuresOf(i, d);
    const dp = placesOf(i.tickSize);
    const reference = fixed(f.referencePrice, dp);
    const head = {
      symbol: i.symbol,
      stockCode: i.code,
      name: i.name,
      currency: i.currency,
      tickSize: i.tickSize,
      lotSize: i.lotSize,
      minQuantity: i.minQuantity,
      previousClose: fixed(f.previousClose, dp),
      bandLow: fixed(f.bandLow, dp),
      bandHigh: fixed(f.bandHigh, dp),
    };
    if (book?.matched_at) {
      return {
        ...head,
        price: book.price === null ? null : fixed(book.price, dp),
        volume: new Dec(book.matched_volume ?? 0).toFixed(),
        orders: book.order_count ?? 0,
        matched: true,
      };
    }
    const r = matchAuction({ orders: withHouse(collected.map(toMatcher), reference).orders, referencePrice: reference, tickSize: i.tickSize });
    return { ...head, price: r.price === null ? null : fixed(r.price, dp), volume: r.matchedVolume, orders: collected.length, matched: false };
  }

  /** The indicative figures of `of` for the day shown now, in two queries whatever the number of stocks. */
  async function indicativeFor(of: readonly Instrument[]) {
    const { session, shown } = sessionAt(now());
    const books = new Map((await repo.booksOf(db, shown.tradingDay)).map((b) => [b.symbol, b]));
    const collected = new Map<string, OrderRow[]>();
    for (const o of await repo.collectedOfDay(db, shown.tradingDay)) collected.set(o.symbol, [...(collected.get(o.symbol) ?? []), o]);
    const list = of.map((i) => indicativeOf(i, shown, books.get(i.symbol), collected.get(i.symbol) ?? []));
    return { session, list };
  }

  return {
    indicative: async (stockCode: string | undefined) => indicativeFor(stockCode ? [auctionStock(stockCode)] : stocks),

    /** `/m_ft/preMarketList`: the auction stocks as quote rows, each with its auction figures, and the session. */
    async preMarketList(query: Parameters<MarketService['list']>[1], callerId: number | null) {
      const page = await market.list(isAuctionStock, query, callerId, { source: MarketSource.AuctionStock, defaultSort: 'marketCap' });
      const { session, list } = await indicativeFor(page.list.map((q) => market.resolve(q.symbol)));
      return { ...page, list: page.list.map((q, n) => ({ ...q, auction: list[n]! })), session };
    },
  };
}
