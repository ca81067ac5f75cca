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
