import type { PasskeyCredential } from '@tradeapp/contract';
import { WebAuthnError, type AuthenticationResponseJSON, type RegistrationResponseJSON } from '@simplewebauthn/browser';

// What the passkey screens share about the browser's side of a WebAuthn ceremony: telling the
// reader's "no" apart from the server's refusals, and the answer as the contract types it.

/**
 * The browser said no: the reader cancelled or let it time out, or the authenticator holds a passkey
 * of this account already. Told apart from the server's refusals, which come as ApiError.
 */
export class PasskeyCancelled extends Error {
  constructor(readonly reason: 'cancelled' | 'registered') {
    super(reason);
  }
}

function ceremonyError(err: unknown): unknown {
  if (err instanceof WebAuthnError && err.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return new PasskeyCancelled('registered');
  if (err instanceof WebAuthnError || (err instanceof DOMException && ['NotAllowedError', 'AbortError', 'InvalidStateError'].includes(err.name))) {
    return new PasskeyCancelled('cancelled');
  }
  return err;
}

/**
 * The library's answer as the contract's outline of it: the same JSON, only typed more loosely there
 * (the contract checks the outline, the server's library the rest).
 */
export const toWire = (credential: RegistrationResponseJSON | AuthenticationResponseJSON) => credential as unknown as PasskeyCredential;

export async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw ceremonyError(err);
  }
}
