import type { HandlersOf } from '../../http/register';
import type { WithdrawalService } from './service';

export function withdrawalsHandlers(
  withdrawals: WithdrawalService,
): HandlersOf<'usableWithdrawal' | 'withdrawalApply' | 'withdrawalList' | 'operatorWithdrawals' | 'operatorWithdrawalApprove' | 'operatorWithdrawalReject'> {
  return {
    usableWithdrawal: ({ caller }) => withdrawals.usable(caller!.id),
    withdrawalApply: ({ input, caller, idempotencyKey }) => withdrawals.apply(caller!.id, input, idempotencyKey),
    withdrawalList: ({ input, caller }) => withdrawals.list(caller!.id, input.page, input.size, input.status),
    operatorWithdrawals: ({ input }) => withdrawals.reviewList(input.page, input.size, input.status),
    operatorWithdrawalApprove: ({ params, caller, req }) => withdrawals.approve(params.id, caller!.id, req.ip),
    operatorWithdrawalReject: ({ params, input, caller, req }) => withdrawals.reject(params.id, input.reason, caller!.id, req.ip),
  };
}
