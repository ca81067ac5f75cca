// Wiring in app.ts: ...kycHandlers(createKycService(db, inbox)),  (inbox = createInbox(db, hub))
import type { HandlersOf } from '../../http/register';
import type { KycService } from './service';

export function kycHandlers(kyc: KycService): HandlersOf<'operatorKyc' | 'operatorKycApprove' | 'operatorKycReject'> {
  return {
    operatorKyc: ({ input }) => kyc.list(input.status, input.page, input.size),
    operatorKycApprove: ({ params, caller, req }) => kyc.approve({ operatorId: caller!.id, ip: req.ip }, params.id),
    operatorKycReject: ({ params, input, caller, req }) => kyc.reject({ operatorId: caller!.id, ip: req.ip }, params.id, input.reason),
  };
}
