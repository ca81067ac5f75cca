import type { HandlersOf } from '../../http/register';
import type { AuctionService } from './service';

export function auctionHandlers(a: AuctionService): HandlersOf<'auctionCreate' | 'auctionCancel' | 'auctionOrders' | 'auctionIndicative' | 'preMarketList'> {
  return {
    auctionCreate: ({ input, caller, idempotencyKey }) => a.place(caller!.id, input, idempotencyKey),
    auctionCancel: ({ input, caller, idempotencyKey }) => a.cancel(caller!.id, input.id, idempotencyKey),
    auctionOrders: ({ input, caller }) => a.orders(caller!.id, input.stockCode),
    auctionIndicative: ({ input }) => a.indicative(input.stockCode),
    preMarketList: ({ input, caller }) => a.preMarketList(input, caller?.id ?? null),
  };
}
