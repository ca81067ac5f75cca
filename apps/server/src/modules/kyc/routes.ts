import type { HandlersOf } from '../../http/register';
import type { KycService } from './service';

export function kycHandlers(kyc: KycService): HandlersOf<'updateReal' | 'operatorKyc' | 'operatorKycApprove' | 'operatorKycReject'> {
  return {
    updateReal: ({ input, caller }) => kyc.submit(caller!.id, input),
    operatorKyc: ({ input }) => kyc.list(input.status, input.page, input.size),
    operatorKycApprove: ({ params, caller, req }) => kyc.approve({ operatorId: caller!.id, ip: req.ip }, params.id),
    operatorKycReject: ({ params, input, caller, req }) => kyc.reject({ operatorId: caller!.id, ip: req.ip }, params.id, input.reason),
  };
}
