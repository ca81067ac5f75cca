import type { HandlersOf } from '../../http/register';
import type { BlockQuoteService } from './quotes';
import type { BlockTradeService } from './service';

export function blockTradesHandlers(
  blockTrades: BlockTradeService,
  quotes: BlockQuoteService,
): HandlersOf<
  | 'blockTradeActivation'
  | 'blockTradeApply'
  | 'blockTradeCheckSecret'
  | 'operatorBlockTrades'
  | 'operatorBlockTradeApprove'
  | 'operatorBlockTradeRefuse'
  | 'operatorBlockTradeRevoke'
  | 'blockList'
  | 'blockTradeCreate'
  | 'blockTradeAccept'
  | 'blockTradeQuotes'
  | 'operatorBlockQuotes'
> {
  return {
    blockTradeActivation: ({ caller }) => blockTrades.activation(caller!.id),
    blockTradeApply: ({ caller }) => blockTrades.apply(caller!.id),
    blockTradeCheckSecret: ({ input, caller }) => blockTrades.checkSecret(caller!.id, input.key),
    operatorBlockTrades: ({ input }) => blockTrades.list(input.status, input.page, input.size),
    operatorBlockTradeApprove: ({ params, caller, req }) => blockTrades.approve({ operatorId: caller!.id, ip: req.ip }, params.id),
    operatorBlockTradeRefuse: ({ params, input, caller, req }) => blockTrades.refuse({ operatorId: caller!.id, ip: req.ip }, params.id, input.reason),
    operatorBlockTradeRevoke: ({ params, input, caller, req }) => blockTrades.revoke({ operatorId: caller!.id, ip: req.ip }, params.id, input.reason),
    blockList: ({ input, caller }) => quotes.blockList(input, caller?.id ?? null),
    blockTradeCreate: ({ input, caller, idempotencyKey, req }) => quotes.request(caller!.id, input, idempotencyKey, req.locale),
    blockTradeAccept: ({ input, caller, idempotencyKey, req }) => quotes.accept(caller!.id, input.id, idempotencyKey, req.locale),
    blockTradeQuotes: ({ input, caller }) => quotes.mine(caller!.id, input.page, input.size),
    operatorBlockQuotes: ({ input }) => quotes.all(input.status, input.page, input.size),
  };
}
