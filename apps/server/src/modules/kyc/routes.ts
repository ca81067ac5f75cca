// Wiring in app.ts: ...kycHandlers(createKycService(db, inbox)),  (inbox = createInbox(db, hub))
import type { HandlersOf } from '../../http/register';
import type { KycService } from './service';

export function kycHandlers(kyc: KycService): HandlersOf<'adminKyc' | 'adminKycApprove' | 'adminKycReject'> {
  return {
    adminKyc: ({ input }) => kyc.list(input.status, input.page, input.size),
    adminKycApprove: ({ params, caller, req }) => kyc.approve({ operatorId: caller!.id, ip: req.ip }, params.id),
    adminKycReject: ({ params, input, caller, req }) => kyc.reject({ operatorId: caller!.id, ip: req.ip }, params.id, input.reason),
  };
}
