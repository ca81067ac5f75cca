import type { HandlersOf } from '../../http/register';
import type { FundService } from './service';

export function fundHandlers(
  funds: FundService,
): HandlersOf<
  | 'fundStat'
  | 'fundProducts'
  | 'fundHoldings'
  | 'fundOrderCreate'
  | 'fundOrders'
  | 'fundRedeemPreview'
  | 'fundDetails'
  | 'fundProfit'
  | 'operatorFunds'
  | 'operatorFundCreate'
  | 'operatorFundPause'
  | 'operatorFundResume'
  | 'operatorDepositIncome'
> {
  const by = (caller: { id: number } | null, ip: string) => ({ operatorId: caller!.id, ip });
  return {
    fundStat: ({ caller }) => funds.stat(caller!.id),
    fundProducts: ({ input, caller }) => funds.products(caller?.id ?? null, input.kind, input.page, input.size),
    fundHoldings: ({ input, caller }) => funds.holdings(caller!.id, input),
    fundOrderCreate: ({ input, caller, idempotencyKey }) => funds.order(caller!.id, input, idempotencyKey),
    fundOrders: ({ input, caller }) => funds.orders(caller!.id, input),
    fundRedeemPreview: ({ input, caller }) => funds.preview(caller!.id, input),
    fundDetails: ({ input, caller }) => funds.detail(caller?.id ?? null, input.id),
    fundProfit: ({ input, caller }) => funds.profits(caller!.id, input),
    operatorFunds: () => funds.operatorList(),
    operatorFundCreate: ({ input, caller, req }) => funds.operatorCreate(input, by(caller, req.ip)),
    operatorFundPause: ({ params, input, caller, req }) => funds.pause(params.id, by(caller, req.ip), input.reason),
    operatorFundResume: ({ params, input, caller, req }) => funds.resume(params.id, by(caller, req.ip), input.reason),
    operatorDepositIncome: ({ params, input, caller, req }) => funds.declareIncome(params.id, input, by(caller, req.ip)),
  };
}
