import type { HandlersOf } from '../../http/register';
import type { DepositService } from './service';

export function depositsHandlers(
  deposits: DepositService,
): HandlersOf<
  | 'depositMethods'
  | 'depositCreate'
  | 'depositList'
  | 'depositSimWallet'
  | 'depositSimFaucet'
  | 'depositSimSend'
  | 'operatorDeposits'
  | 'operatorDepositApprove'
  | 'operatorDepositReject'
> {
  return {
    depositMethods: async ({ caller }) => deposits.methods(caller!.id),
    depositCreate: ({ input, caller, idempotencyKey }) => deposits.create(caller!.id, input, idempotencyKey),
    depositList: ({ input, caller }) => deposits.list(caller!.id, input.page, input.size, input.status),
    depositSimWallet: ({ caller }) => deposits.simWallet(caller!.id),
    depositSimFaucet: ({ input, caller }) => deposits.simFaucet(caller!.id, input),
    depositSimSend: ({ input, caller }) => deposits.simSend(caller!.id, input),
    operatorDeposits: ({ input }) => deposits.reviewList(input.page, input.size, input.status),
    operatorDepositApprove: ({ params, caller, req }) => deposits.approve(params.id, caller!.id, req.ip),
    operatorDepositReject: ({ params, input, caller, req }) => deposits.reject(params.id, input.reason, caller!.id, req.ip),
  };
}
