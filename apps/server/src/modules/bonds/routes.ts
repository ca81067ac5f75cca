import type { HandlersOf } from '../../http/register';
import type { BondService } from './service';

export function bondHandlers(
  bonds: BondService,
): HandlersOf<
  | 'bondQuotes'
  | 'bondCreate'
  | 'bondHoldings'
  | 'bondSell'
  | 'bondTotal'
  | 'bondPayments'
  | 'operatorBonds'
  | 'operatorBondPause'
  | 'operatorBondResume'
  | 'operatorBondSpread'
> {
  const by = (caller: { id: number } | null, ip: string) => ({ operatorId: caller!.id, ip });
  return {
    bondQuotes: ({ input, caller }) => bonds.quotes(caller?.id ?? null, input.symbol),
    bondCreate: ({ input, caller }) => bonds.create(caller!.id, input),
    bondHoldings: ({ input, caller }) => bonds.holdings(caller!.id, input.status, input.page, input.size),
    bondSell: ({ input, caller }) => bonds.sell(caller!.id, input),
    bondTotal: ({ caller }) => bonds.total(caller!.id),
    bondPayments: ({ input, caller }) => bonds.payments(caller!.id, input.id),
    operatorBonds: () => bonds.operatorBonds(),
    operatorBondPause: ({ params, input, caller, req }) => bonds.pause(params.symbol, by(caller, req.ip), input.reason),
    operatorBondResume: ({ params, input, caller, req }) => bonds.resume(params.symbol, by(caller, req.ip), input.reason),
    operatorBondSpread: ({ params, input, caller, req }) => bonds.setSpread(params.symbol, by(caller, req.ip), input.reason, input.spreadBp),
  };
}
