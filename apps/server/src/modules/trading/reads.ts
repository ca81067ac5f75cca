import { tradesExtendedHours, walletCurrency, walletFor, type TradingRule, type WalletCode } from '@tradeapp/contract';
import { Dec, fixed } from '../../lib/decimal';
import type { Instrument, Snapshot } from '../../market/types';
import type { TradingContext } from './context';
import { entryPrice } from './pricing';
import * as repo from './repository';
import type { PositionRow } from './repository';
import { RULES } from './rules';

/**
 * What trading answers without changing anything: the rules and sizes an order ticket needs, the
 * investor's positions and orders, the large fills of an instrument, and the views and figures
 * other modules take from it.
 */
export function createReadUseCases(ctx: TradingContext) {
  const { db, market, opts, pricing, view, ruleOf, load } = ctx;

  const listing = async (userId: number, which: repo.Listing, pageNo: number, size: number) => {
    const { rows, total } = await repo.page(db, userId, which, pageNo, size);
    return { list: rows.map(view.toPosition), total, page: pageNo, size };
  };

  return {
    rules(stockCode?: string) {
      const entries = Object.entries(RULES) as [Instrument['assetClass'], TradingRule][];
      const only = stockCode ? market.resolve(stockCode).assetClass : undefined;
      return entries.filter(([cls]) => !only || cls === only).map(([assetClass, r]) => ({ assetClass, ...r }));
    },

    minCount(stockCode: string) {
      const i = market.resolve(stockCode);
      return {
        stockCode: i.symbol,
        minQuantity: i.minQuantity,
        lotSize: i.lotSize,
        tickSize: i.tickSize,
        leverages: ruleOf(i).leverages,
        walletCode: walletFor(i),
        calendar: i.calendar,
        extendedHours: tradesExtendedHours(i),
      };
    },

    async halfOrFull(userId: number, input: { stockCode: string; direction: number; leverage: number; price?: string | undefined }) {
      const i = market.resolve(input.stockCode);
      const code = walletFor(i);
      const price = new Dec(input.price ?? entryPrice(input.direction, market.snapshot(i.symbol)));
      const available = new Dec((await repo.availableBalance(db, userId, code, walletCurrency(code))) ?? 0);
      const rule = ruleOf(i);
      const { half, full } = pricing.affordable(i, rule, input.direction, price, input.leverage, available);
      return {
        half,
        full,
        price: price.toFixed(),
        available: fixed(available, 2),
        walletCode: code,
        walletCurrency: walletCurrency(code),
      };
    },

    toPosition: (p: PositionRow) => view.toPosition(p),

    /** Margin and fee of opening `quantity` of `i` at `price` in the wallet `code`, as an order would book them, and the rate they were converted at. */
    costs: (i: Instrument, direction: number, price: Dec, quantity: Dec, leverage: number, code: WalletCode) =>
      pricing.costs(i, ruleOf(i), direction, price, quantity, leverage, walletCurrency(code)),

    /** An open position's floating profit at the snapshot's exit side, in its wallet's currency, not rounded. */
    floating: (p: PositionRow, s: Snapshot) => pricing.floating(p, s),

    async detail(userId: number, id: number) {
      const p = await load(db, userId, id);
      // Allotted IPO shares are held before their instrument is on the market (and after, if the deal was cancelled).
      const listed = market.instruments.some((i) => i.symbol === p.symbol);
      const known = listed ? undefined : await opts.unlisted?.(db, p.symbol);
      return view.withHistory(p, await repo.history(db, p), known);
    },

    async open(userId: number, pageNo: number, size: number) {
      const page = await repo.page(db, userId, 'open', pageNo, size);
      return view.openPage(page, await repo.allOpen(db, userId), pageNo, size);
    },
    byStock: async (userId: number, stockCode: string) => (await repo.openOfSymbol(db, userId, market.resolve(stockCode).symbol)).map(view.toPosition),
    closed: (userId: number, pageNo: number, size: number) => listing(userId, 'closed', pageNo, size),
    entrusted: (userId: number, pageNo: number, size: number) => listing(userId, 'entrusted', pageNo, size),

    /** Large fills of an instrument for its quote page. */
    largeOrders: async (stockCode: string, size: number) => (await repo.largeFills(db, market.resolve(stockCode).symbol, size)).map(view.largeFill),
  };
}
