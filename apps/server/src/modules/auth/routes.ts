import type { HandlersOf } from '../../http/register';
import { notFound } from '../../errors';
import type { AuthService } from './service';

export function authHandlers(
  auth: AuthService,
): HandlersOf<
  | 'getEmailCode'
  | 'register'
  | 'registerEmail'
  | 'registerFull'
  | 'login'
  | 'loginSecondFactor'
  | 'loginPasskeyOptions'
  | 'loginPasskey'
  | 'passkeyList'
  | 'passkeyOptions'
  | 'passkeyAdd'
  | 'passkeyRename'
  | 'passkeyDelete'
  | 'twoFactorStatus'
  | 'twoFactorSetup'
  | 'twoFactorEnable'
  | 'twoFactorDisable'
  | 'sessionList'
  | 'sessionEnd'
  | 'sessionEndOthers'
  | 'logout'
  | 'resetPassword'
  | 'updatePassword'
  | 'settingPayPassword'
  | 'updatePayPassword'
  | 'getUserInfoById'
  | 'userInfo'
> {
  const done = { done: true } as const;
  return {
    getEmailCode: async ({ input, req }) => {
      await auth.sendEmailCode(input.email, input.type, req.locale);
      return { sent: true, expiresInSeconds: 600 };
    },
    register: ({ input, req }) => auth.register(input, req),
    registerEmail: ({ input, req }) => auth.registerEmail(input, req),
    registerFull: ({ input, req }) => auth.registerFull(input, req),
    login: ({ input, req }) => auth.login(input, req),
    loginSecondFactor: ({ input, req }) => auth.loginSecondFactor(input, req),
    loginPasskeyOptions: ({ req }) => auth.loginPasskeyOptions(req),
    loginPasskey: ({ input, req }) => auth.loginPasskey(input.credential, req),
    passkeyList: ({ caller }) => auth.passkeyList(caller!.id),
    passkeyOptions: ({ caller, req }) => auth.passkeyOptions(caller!.id, req),
    passkeyAdd: ({ input, caller, req }) => auth.passkeyAdd(caller!.id, input.name, input.credential, req),
    passkeyRename: ({ params, input, caller }) => auth.passkeyRename(caller!.id, params.id, input.name),
    passkeyDelete: async ({ params, input, caller, req }) => {
      await auth.passkeyDelete(caller!.id, params.id, input, req.ip);
      return done;
    },
    twoFactorStatus: ({ caller }) => auth.twoFactorStatus(caller!.id),
    twoFactorSetup: ({ caller }) => auth.twoFactorSetup(caller!.id),
    twoFactorEnable: ({ input, caller, req }) => auth.twoFactorEnable(caller!.id, input.code, req.ip),
    twoFactorDisable: async ({ input, caller, req }) => {
      await auth.twoFactorDisable(caller!.id, input, req.ip);
      return done;
    },
    sessionList: ({ caller }) => auth.sessionList(caller!.id, caller!.sessionId),
    sessionEnd: async ({ params, caller }) => {
      await auth.sessionEnd(caller!.id, params.id);
      return done;
    },
    sessionEndOthers: ({ caller }) => auth.sessionEndOthers(caller!.id, caller!.sessionId),
    logout: async ({ caller }) => {
      await auth.logout(caller!.id, caller!.sessionId);
      return done;
    },
    resetPassword: async ({ input }) => {
      await auth.resetPassword(input);
      return done;
    },
    updatePassword: async ({ input, caller }) => {
      await auth.updatePassword(caller!.id, caller!.sessionId, input);
      return done;
    },
    settingPayPassword: async ({ input, caller }) => {
      await auth.settingPayPassword(caller!.id, input.payPassword);
      return done;
    },
    updatePayPassword: async ({ input, caller }) => {
      await auth.updatePayPassword(caller!.id, input);
      return done;
    },
    getUserInfoById: async ({ input, caller }) => {
      // Scoped to the caller: asking for anyone else is answered as if they did not exist.
      if (input.id !== undefined && input.id !== caller!.id) throw notFound();
      return auth.userInfo(caller!.id);
    },
    userInfo: ({ caller }) => auth.userInfo(caller!.id),
  };
}
