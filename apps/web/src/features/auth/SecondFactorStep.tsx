import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { applyServerFieldErrors } from '../../ui/forms';
import { TextField } from '../../ui/TextField';
import { useLoginSecondFactor } from './api';
import { AuthHero } from './AuthHero';

interface SecondFactorStepProps {
  challenge: string;
  onSignedIn(): void;
  /** Back to the password: the challenge expired, was used up, or the reader chose to. */
  onRestart(): void;
}

/**
 * The sign-in's second step when two-factor sign-in is on: a code of the authenticator app or a
 * recovery code, sent with the password step's challenge. The server checks the code's form (one
 * rule for both kinds), so only an empty field is caught here.
 */
export function SecondFactorStep({ challenge, onSignedIn, onRestart }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const verify = useLoginSecondFactor();
  const [error, setError] = useState<string | undefined>();

  const field: UseFormRegisterReturn<'code'> = {
    name: 'code',
    ref: () => undefined,
    onChange: async () => setError(undefined),
    onBlur: async () => undefined,
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('code') as HTMLInputElement | null;
    const code = (input?.value ?? '').trim();
    if (!code) {
      setError('v.enterAuthCode');
      input?.focus();
      return;
    }
    verify.mutate(
      { challenge, code },
      {
        onSuccess: onSignedIn,
        onError: (err) => {
          if (err instanceof ApiError && err.key === 'e.challengeExpired') return onRestart();
          applyServerFieldErrors<{ code: string }>(err, (_name, { message }) => setError(message), ['code']);
        },
      },
    );
  };

  return (
    <div className="auth">
      <AuthHero title={t('auth.codeTitle')} subtitle={t('auth.codeSubtitle')} />
      <form className="auth-sheet" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.authCode')}
          testId="login-code"
          placeholder={t('auth.authCodePlaceholder')}
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={20}
          registration={field}
          error={error}
          autoFocus
        />
        <div className="form-actions">
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={verify.isPending} data-testid="login-code-submit">
            {t('auth.codeSubmit')}
          </Button>
        </div>
        <div className="auth-links">
          <button type="button" className="link" onClick={onRestart} data-testid="login-code-restart">
            {t('auth.codeRestart')}
          </button>
        </div>
      </form>
    </div>
  );
}
