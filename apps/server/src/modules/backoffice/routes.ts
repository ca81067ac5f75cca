import type { HandlersOf } from '../../http/register';
import type { AuthService } from '../auth/service';
import type { BackofficeService } from './service';

export function backofficeHandlers(
  bo: BackofficeService,
  auth: AuthService,
): HandlersOf<'adminLogin' | 'adminMe' | 'adminUsers' | 'adminUser' | 'adminSetUserStatus' | 'adminOutbox' | 'adminAudit'> {
  return {
    adminLogin: async ({ input, req }) => {
      const result = await auth.login({ username: input.email, password: input.password }, req, 'operator');
      await bo.recordOperatorLogin(result.userInfo.id, req.ip);
      return result;
    },
    adminMe: ({ caller }) => auth.userInfo(caller!.id),
    adminUsers: ({ input }) => bo.listUsers(input.q || undefined, input.page, input.size),
    adminUser: ({ params }) => bo.userDetail(params.id),
    adminSetUserStatus: ({ params, input, caller, req }) => bo.setUserStatus(caller!.id, params.id, input.status, input.reason, req.ip),
    adminOutbox: ({ input }) => bo.outbox(input.to || undefined, input.page, input.size),
    adminAudit: ({ input }) => bo.audit(input.targetType || undefined, input.targetId || undefined, input.page, input.size),
  };
}
