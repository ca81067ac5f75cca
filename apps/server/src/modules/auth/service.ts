import type { Deps } from '../../deps';
import type { Notices } from '../notices';
import { createAccount } from './account';
import { createAuthContext, type SessionEnds } from './context';
import { createRegistration } from './registration';
import { createSignIn } from './signIn';

export type { LoginResult, SessionEnds } from './context';

export function createAuthService(deps: Deps, sessions: SessionEnds = { endSessions: () => undefined }, notices?: Pick<Notices, 'notify'>) {
  const ctx = createAuthContext(deps, sessions, notices);
  return { ...createRegistration(ctx), ...createSignIn(ctx), ...createAccount(ctx) };
}

export type AuthService = ReturnType<typeof createAuthService>;
