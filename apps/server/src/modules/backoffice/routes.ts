import type { HandlersOf } from '../../http/register';
import type { AuthService } from '../auth/service';
import type { BackofficeService } from './service';

export function backofficeHandlers(
  bo: BackofficeService,
  auth: AuthService,
): HandlersOf<'operatorLogin' | 'operatorMe' | 'operatorUsers' | 'operatorUser' | 'operatorSetUserStatus' | 'operatorOutbox' | 'operatorAudit'> {
  return {
    operatorLogin: async ({ input, req }) => {
      const result = await auth.login({ username: input.email, password: input.password }, req, 'operator');
      await bo.recordOperatorLogin(result.userInfo.id, req.ip);
      return result;
    },
    operatorMe: ({ caller }) => auth.userInfo(caller!.id),
    operatorUsers: ({ input }) => bo.listUsers(input.q || undefined, input.page, input.size),
    operatorUser: ({ params }) => bo.userDetail(params.id),
    operatorSetUserStatus: ({ params, input, caller, req }) => bo.setUserStatus(caller!.id, params.id, input.status, input.reason, req.ip),
    operatorOutbox: ({ input }) => bo.outbox(input.to || undefined, input.page, input.size),
    operatorAudit: ({ input }) => bo.audit(input.targetType || undefined, input.targetId || undefined, input.page, input.size),
  };
}
