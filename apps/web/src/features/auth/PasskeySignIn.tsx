import './passkeySignIn.css';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { signIn as keepSession } from '../../api/user';
import { loadMessages } from '../../i18n/messages';
import { wireLocale } from '../../i18n/locale';

/**
 * Whether the browser has WebAuthn at all: @simplewebauthn/browser's browserSupportsWebAuthn test,
 * written out so that the library is fetched with the first tap, not with the sign-in page (whose
 * JavaScript has a budget, e2e/tests/first-route-budget.spec.ts).
 */
const supportsWebAuthn = () => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Options from the server (any passkey of this site), the browser's prompt, the server's check and a session. */
function usePasskeySignIn() {
  return useMutation({
    mutationFn: async () => {
      const [{ startAuthentication }, { ceremony, toWire }] = await Promise.all([import('@simplewebauthn/browser'), import('../../lib/passkeys')]);
      const { options } = await call('loginPasskeyOptions', {});
      const credential = await ceremony(() =>
        startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] }),
      );
      return call('loginPasskey', { credential: toWire(credential) }, { requestId: 'login' });
    },
    onSuccess: keepSession,
  });
}

/**
 * "Sign in with a passkey" under the password form: usernameless, the browser offers the passkeys
 * it holds for this site. The session it starts is the password's kind, and no code is asked after
 * it (a passkey is both factors, decision 0025). Not shown where the browser has no WebAuthn.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn(): void }) {
  const { t } = useTranslation();
  const signIn = usePasskeySignIn();
  if (!supportsWebAuthn()) return null;

  const start = async () => {
    // The server's refusals are shown in the reader's language, fetched with the first try as the password's are.
    await loadMessages(wireLocale()).catch(() => undefined);
    signIn.mutate(undefined, {
      onSuccess: onSignedIn,
      onError: async (error) => {
        // The server's refusals are toasted by the client; the browser's "no" (cancelled, timed out) is told here.
        const [{ PasskeyCancelled }, { showToast }] = await Promise.all([import('../../lib/passkeys'), import('../../ui/toast')]);
        if (error instanceof PasskeyCancelled) showToast(t('passkeys.cancelled'), 'fail');
      },
    });
  };

  return (
    <div className="passkey-signin">
      <div className="passkey-or" aria-hidden="true">
        <span>{t('passkeys.or')}</span>
      </div>
      <Button
        block
        type="button"
        fill="outline"
        color="primary"
        size="large"
        shape="rounded"
        loading={signIn.isPending}
        onClick={() => void start()}
        data-testid="login-passkey"
      >
        {t('passkeys.signIn')}
      </Button>
    </div>
  );
}
