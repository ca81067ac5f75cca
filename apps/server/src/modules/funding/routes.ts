import type { Db } from '../../db/db';
import type { HandlersOf } from '../../http/register';
import type { FundingService } from './service';

export function fundingHandlers(
  f: FundingService,
  db: Db,
): HandlersOf<
  | 'depositMethods'
  | 'depositCreate'
  | 'depositList'
  | 'usableWithdrawal'
  | 'withdrawalApply'
  | 'withdrawalList'
  | 'operatorDeposits'
  | 'operatorDepositApprove'
  | 'operatorDepositReject'
  | 'operatorWithdrawals'
  | 'operatorWithdrawalApprove'
  | 'operatorWithdrawalReject'
> {
  const depositReview = async (row: Parameters<FundingService['toDeposit']>[0]) => ({ ...f.toDeposit(row), ...(await f.userRef(db, row.user_id)) });
  const withdrawalReview = async (row: Parameters<FundingService['toWithdrawal']>[0]) => ({
    ...f.toWithdrawal(row),
    ...(await f.userRef(db, row.user_id)),
    details: row.details,
  });
  return {
    depositMethods: async ({ caller }) => f.depositMethods(caller!.id),
    depositCreate: ({ input, caller, idempotencyKey }) => f.createDeposit(caller!.id, input, idempotencyKey),
    depositList: async ({ input, caller }) => {
      const page = await f.deposits(caller!.id, input.page, input.size, input.status);
      return { ...page, list: page.list.map(f.toDeposit) };
    },
    usableWithdrawal: ({ caller }) => f.usableWithdrawal(caller!.id),
    withdrawalApply: ({ input, caller, idempotencyKey }) => f.applyWithdrawal(caller!.id, input, idempotencyKey),
    withdrawalList: async ({ input, caller }) => {
      const page = await f.withdrawals(caller!.id, input.page, input.size, input.status);
      return { ...page, list: page.list.map(f.toWithdrawal) };
    },
    operatorDeposits: async ({ input }) => {
      const page = await f.deposits(null, input.page, input.size, input.status);
      return { ...page, list: await Promise.all(page.list.map(depositReview)) };
    },
    operatorDepositApprove: async ({ params, caller, req }) => depositReview(await f.approveDeposit(params.id, caller!.id, req.ip)),
    operatorDepositReject: async ({ params, input, caller, req }) => depositReview(await f.rejectDeposit(params.id, input.reason, caller!.id, req.ip)),
    operatorWithdrawals: async ({ input }) => {
      const page = await f.withdrawals(null, input.page, input.size, input.status);
      return { ...page, list: await Promise.all(page.list.map(withdrawalReview)) };
    },
    operatorWithdrawalApprove: async ({ params, caller, req }) => withdrawalReview(await f.approveWithdrawal(params.id, caller!.id, req.ip)),
    operatorWithdrawalReject: async ({ params, input, caller, req }) =>
      withdrawalReview(await f.rejectWithdrawal(params.id, input.reason, caller!.id, req.ip)),
  };
}
