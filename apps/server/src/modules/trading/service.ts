import { createAutomaticUseCases } from './automatic';
import { createTradingContext, type TradingOptions } from './context';
import { createLeverageUseCases } from './leverage';
import { createOrderUseCases } from './orders';
import { createPositionUseCases } from './positions';
import { createReadUseCases } from './reads';

export { lockupEndText, type SettleHook } from './context';
export type { OrderInput } from './orders';
export { stopReached, trailingStopAt, type StopsInput } from './stops';

/**
 * Orders against the live quote with the house book as counterparty. Margin (notional over
 * leverage, in the trading wallet's currency) is held in the ledger; fees go to the house's fee
 * account; profit and loss settle against the house book. Every change of a row happens under its
 * lock in one transaction with its journal and its history entry; the user's socket hears of it
 * only after the commit, so a push never announces what a rollback undid.
 */
export function createTradingService(opts: TradingOptions) {
  const ctx = createTradingContext(opts);
  return {
    ...createReadUseCases(ctx),
    ...createOrderUseCases(ctx),
    ...createPositionUseCases(ctx),
    ...createAutomaticUseCases(ctx),
    ...createLeverageUseCases(ctx),
  };
}

export type TradingService = ReturnType<typeof createTradingService>;
