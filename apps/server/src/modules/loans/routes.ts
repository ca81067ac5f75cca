import type { HandlersOf } from '../../http/register';
import type { LoanService } from './service';

export function loanHandlers(
  loans: LoanService,
): HandlersOf<
  'loanProfile' | 'loanApply' | 'loanRepay' | 'loanDue' | 'loanList' | 'loanRepayments' | 'operatorLoans' | 'operatorLoanApprove' | 'operatorLoanRefuse'
> {
  const by = (caller: { id: number } | null, ip: string) => ({ operatorId: caller!.id, ip });
  return {
    loanProfile: ({ caller }) => loans.profile(caller!.id),
    loanApply: ({ input, caller }) => loans.apply(caller!.id, input),
    loanRepay: ({ input, caller }) => loans.repay(caller!.id, input.loanId, input.amount),
    loanDue: ({ input, caller }) => loans.due(caller!.id, input.loanId),
    loanList: ({ input, caller }) => loans.list(caller!.id, input.status, input.page, input.size),
    loanRepayments: ({ input, caller }) => loans.repayments(caller!.id, input.loanId, input.page, input.size),
    operatorLoans: ({ input }) => loans.operatorList(input.status, input.page, input.size),
    operatorLoanApprove: ({ params, input, caller, req }) => loans.approve(params.id, by(caller, req.ip), input.reason),
    operatorLoanRefuse: ({ params, input, caller, req }) => loans.refuse(params.id, by(caller, req.ip), input.reason),
  };
}
