import type { HandlersOf } from '../../http/register';
import type { AuthService } from '../auth';
import type { OperatorService } from './service';

export function operatorHandlers(
  operators: OperatorService,
  auth: AuthService,
): HandlersOf<
  | 'operatorLogin'
  | 'operatorMe'
  | 'operatorUsers'
  | 'operatorUser'
  | 'operatorSetUserStatus'
  | 'operatorResetTwoFactor'
  | 'operatorOutbox'
  | 'operatorOutboxMail'
  | 'operatorAudit'
  | 'operatorAuditVerify'
> {
  return {
    operatorLogin: async ({ input, req }) => {
      const result = await auth.login({ username: input.email, password: input.password }, req, 'operator');
      await operators.recordOperatorLogin(result.userInfo.id, req.ip);
      return result;
    },
    operatorMe: ({ caller }) => auth.userInfo(caller!.id),
    operatorUsers: ({ input }) => operators.listUsers(input.role, input.q || undefined, input.page, input.size),
    operatorUser: ({ params }) => operators.userDetail(params.id),
    operatorSetUserStatus: ({ params, input, caller, req }) => operators.setUserStatus(caller!.id, params.id, input.status, input.reason, req.ip),
    operatorResetTwoFactor: ({ params, input, caller, req }) => operators.resetTwoFactor(caller!.id, params.id, input.reason, req.ip),
    operatorOutbox: ({ input }) => operators.outbox(input.to || undefined, input.page, input.size),
    operatorOutboxMail: ({ params, caller, req }) => operators.readMail(caller!.id, params.id, req.ip),
    operatorAudit: ({ input }) => operators.audit(input.targetType || undefined, input.targetId || undefined, input.page, input.size),
    operatorAuditVerify: () => operators.verifyAuditChain(),
  };
}
