import type { Locale } from '@tradeapp/contract';
import type { HandlersOf } from '../../http/register';
import type { DealLifecycle, Mover } from './lifecycle';
import type { DealService } from './service';

export function dealsHandlers(
  deals: DealService,
  lifecycle: DealLifecycle,
): HandlersOf<
  | 'newStockList'
  | 'newStockDetail'
  | 'subscribe'
  | 'changeSubscription'
  | 'reconfirmSubscription'
  | 'subscriptions'
  | 'ipoFullNum'
  | 'dealList'
  | 'dealDetail'
  | 'dealSubscriptions'
  | 'dealCreate'
  | 'dealUpdate'
  | 'dealOpen'
  | 'dealClose'
  | 'dealPrice'
  | 'dealAllot'
  | 'dealListing'
  | 'dealCancel'
> {
  const by = (caller: { id: number } | null, req: { ip: string; locale: Locale }): Mover => ({ id: caller!.id, ip: req.ip, locale: req.locale });
  return {
    newStockList: ({ input, caller }) => deals.newStocks(caller?.id ?? null, input.status, input.page, input.size),
    newStockDetail: ({ input, caller }) => deals.newStock(caller?.id ?? null, input),
    subscribe: ({ input, caller, idempotencyKey }) => deals.subscribe(caller!.id, input, idempotencyKey),
    changeSubscription: ({ input, caller, idempotencyKey }) => deals.change(caller!.id, input, idempotencyKey),
    reconfirmSubscription: ({ input, caller, idempotencyKey }) => deals.reconfirm(caller!.id, input, idempotencyKey),
    subscriptions: ({ input, caller }) => deals.subscriptions(caller!.id, input.status, input.page, input.size),
    ipoFullNum: ({ input, caller }) => deals.fullLots(caller!.id, input),
    dealList: ({ input }) => lifecycle.list(input.status, input.page, input.size),
    dealDetail: ({ params }) => lifecycle.detail(params.id),
    dealSubscriptions: ({ params, input }) => lifecycle.subscriptions(params.id, input.status, input.page, input.size),
    dealCreate: ({ input, caller, req }) => lifecycle.create(by(caller, req), input),
    dealUpdate: ({ input, params, caller, req }) => lifecycle.update(by(caller, req), params.id, input),
    dealOpen: ({ params, caller, req }) => lifecycle.open(by(caller, req), params.id),
    dealClose: ({ params, caller, req }) => lifecycle.close(by(caller, req), params.id),
    dealPrice: ({ input, params, caller, req }) => lifecycle.price(by(caller, req), params.id, input.finalPrice),
    dealAllot: ({ params, caller, req }) => lifecycle.allot(by(caller, req), params.id),
    dealListing: ({ params, caller, req }) => lifecycle.listNow(by(caller, req), params.id),
    dealCancel: ({ input, params, caller, req }) => lifecycle.cancel(by(caller, req), params.id, input.reason),
  };
}
