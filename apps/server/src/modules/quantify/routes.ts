import type { HandlersOf } from '../../http/register';
import type { QuantifyService } from './service';

export function quantifyHandlers(
  quantify: QuantifyService,
): HandlersOf<
  | 'quantPools'
  | 'quantPool'
  | 'quantRanking'
  | 'quantProfits'
  | 'quantProfitStat'
  | 'quantOrders'
  | 'quantOrderSave'
  | 'quantOrderCancel'
  | 'quantCheckSecret'
  | 'operatorPools'
  | 'operatorPoolCreate'
  | 'operatorPoolPause'
  | 'operatorPoolResume'
  | 'operatorPoolIssueKey'
  | 'operatorPoolRevokeKey'
> {
  const by = (caller: { id: number } | null, ip: string) => ({ operatorId: caller!.id, ip });
  return {
    quantPools: ({ input, caller }) => quantify.list(caller?.id ?? null, input.page, input.size),
    quantPool: ({ input, caller }) => quantify.detail(caller?.id ?? null, input.id),
    quantRanking: ({ caller }) => quantify.ranking(caller?.id ?? null),
    quantProfits: ({ input, caller }) => quantify.profits(caller!.id, input.poolId, input.page, input.size),
    quantProfitStat: ({ caller }) => quantify.stat(caller!.id),
    quantOrders: ({ input, caller }) => quantify.orders(caller!.id, input.poolId, input.page, input.size),
    quantOrderSave: ({ input, caller }) => quantify.save(caller!.id, input),
    quantOrderCancel: ({ input, caller }) => quantify.cancel(caller!.id, input.id),
    quantCheckSecret: ({ input, caller }) => quantify.checkSecret(caller!.id, input.key),
    operatorPools: () => quantify.operatorPools(),
    operatorPoolCreate: ({ input, caller, req }) => quantify.operatorCreate(input, by(caller, req.ip)),
    operatorPoolPause: ({ params, input, caller, req }) => quantify.pause(params.id, by(caller, req.ip), input.reason),
    operatorPoolResume: ({ params, input, caller, req }) => quantify.resume(params.id, by(caller, req.ip), input.reason),
    operatorPoolIssueKey: ({ params, input, caller, req }) => quantify.issueKey(by(caller, req.ip), params.id, input.investor),
    operatorPoolRevokeKey: ({ params, input, caller, req }) => quantify.revokeKey(by(caller, req.ip), params.id, input.reason),
  };
}
