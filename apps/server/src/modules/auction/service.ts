import { createAuctionContext, type AuctionOptions } from './context';
import { createIndicativeUseCases } from './indicative';
import { createMatchUseCases } from './match';
import { createOrderUseCases } from './orders';

export { isAuctionStock } from './context';
export { withHouse } from './house';

/**
 * The pre-opening auction of the Hong Kong stocks (decision 0019). Orders are collected from 09:00
 * to 09:20 Hong Kong time with their margin and fee held like an entrusted order's; at 09:20 the
 * match job uncrosses each stock's book once (`matchAuction`), with the house's depth at the
 * model's opening price. Fills become ordinary positions at the auction price; unfilled at-auction
 * orders are cancelled and their money returned; unfilled limits pass on to continuous trading as
 * entrusted orders. A book's row lock orders placing, cancelling and matching, and a matched book
 * is never matched again.
 */
export function createAuctionService(opts: AuctionOptions) {
  const ctx = createAuctionContext(opts);
  return {
    stocks: ctx.stocks,
    ...createIndicativeUseCases(ctx),
    ...createOrderUseCases(ctx),
    ...createMatchUseCases(ctx),
  };
}

export type AuctionService = ReturnType<typeof createAuctionService>;
