import { zodResolver } from '@hookform/resolvers/zod';
import { routes } from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths, safeRedirect } from '../../app/paths';
import { applyServerFieldErrors } from '../../ui/forms';
import { TextField } from '../../ui/TextField';
import { useLogin } from './api';
import { AuthHero } from './AuthHero';

const schema = routes.login.request;

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const login = useLogin();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { username: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: () => void navigate(safeRedirect(search.get('redirect')), { replace: true }),
      onError: (error) => applyServerFieldErrors(error, form.setError, ['username', 'password']),
    });
  });

  return (
    <div className="auth">
      <AuthHero title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')} />
      <form className="auth-sheet" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.username')}
          testId="login-username"
          placeholder={t('auth.usernamePlaceholder')}
          autoComplete="username"
          registration={form.register('username')}
          error={errors.username?.message}
        />
        <TextField
          label={t('auth.password')}
          testId="login-password"
          type="password"
          placeholder={t('auth.passwordPlaceholder')}
          autoComplete="current-password"
          registration={form.register('password')}
          error={errors.password?.message}
        />
        <div className="form-actions">
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={login.isPending} data-testid="login-submit">
            {t('auth.loginSubmit')}
          </Button>
        </div>
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
