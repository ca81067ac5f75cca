import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { loadMessages } from '../../i18n/messages';
import { wireLocale } from '../../i18n/locale';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { paths, safeRedirect } from '../../app/paths';
import { applyServerFieldErrors } from '../../ui/forms';
import { TextField } from '../../ui/TextField';
import { useLogin } from './api';
import { AuthHero } from './AuthHero';
import { checkLogin, type LoginValues } from './loginRules';
import { PasskeySignIn } from './PasskeySignIn';
import { SecondFactorStep } from './SecondFactorStep';

type Errors = Partial<Record<keyof LoginValues, string>>;

/** The fields' current text, read from the form. */
function read(form: HTMLFormElement): LoginValues {
  const data = new FormData(form);
  return { username: String(data.get('username') ?? ''), password: String(data.get('password') ?? '') };
}

/**
 * The sign-in page. Two fields, so no form library: the inputs are read on submit and checked by
 * the contract's rules (loginRules.ts); after a first submit they are checked again as they change,
 * as the other forms do. The contract's messages are fetched on the first submit, not with the page.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const login = useLogin();
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  /** The password step's challenge while a second factor is asked for. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const done = () => void navigate(safeRedirect(search.get('redirect')), { replace: true });

  const field = (name: keyof LoginValues): UseFormRegisterReturn<keyof LoginValues> => ({
    name,
    ref: () => undefined,
    onChange: async (event: { target: HTMLInputElement }) => {
      if (submitted && event.target.form) setErrors(checkLogin(read(event.target.form)).errors);
    },
    onBlur: async () => undefined,
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setSubmitted(true);
    await loadMessages(wireLocale()).catch(() => undefined);
    const { values, errors: found } = checkLogin(read(form));
    setErrors(found);
    const first = (Object.keys(found) as (keyof LoginValues)[])[0];
    if (first) {
      (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    login.mutate(values, {
      onSuccess: (result) => ('challenge' in result ? setChallenge(result.challenge) : done()),
      onError: (error) =>
        applyServerFieldErrors<LoginValues>(error, (name, { message }) => setErrors((e) => ({ ...e, [name]: message })), ['username', 'password']),
    });
  };

  if (challenge) return <SecondFactorStep challenge={challenge} onSignedIn={done} onRestart={() => setChallenge(null)} />;

  return (
    <div className="auth">
      <AuthHero title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} />
      <form className="auth-sheet" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label={t('auth.username')}
          testId="login-username"
          placeholder={t('auth.usernamePlaceholder')}
          autoComplete="username"
          registration={field('username')}
          error={errors.username}
        />
        <TextField
          label={t('auth.password')}
          testId="login-password"
          type="password"
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
          registration={field('password')}
          error={errors.password}
        />
        <div className="form-actions">
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={login.isPending} data-testid="login-submit">
            {t('auth.loginSubmit')}
          </Button>
        </div>
        <PasskeySignIn onSignedIn={done} />
        <div className="auth-links">
          <Link className="link" to={paths.resetPassword()} data-testid="login-forgot">
            {t('auth.forgotPassword')}
          </Link>
        </div>
      </form>
      <p className="auth-foot">
        {t('auth.noAccount')}{' '}
        <Link className="link" to={paths.register()} data-testid="login-register">
          {t('auth.registerLink')}
        </Link>
      </p>
    </div>
  );
}
