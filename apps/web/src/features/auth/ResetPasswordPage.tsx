import { zodResolver } from '@hookform/resolvers/zod';
import { EmailCodeType, routes } from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { z } from 'zod';
import { paths } from '../../app/paths';
import { applyServerFieldErrors } from '../../ui/forms';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { useResetPassword } from './api';
import { AuthHero } from './AuthHero';
import { SendCodeButton } from './SendCodeButton';

const schema = routes.resetPassword.request
  .extend({ confirmPassword: z.string({ error: 'v.enterPassword' }).min(1, { error: 'v.enterPassword' }) })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'v.passwordsMismatch' });
    }
  });

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: '', code: '', newPassword: '', confirmPassword: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ email, code, newPassword }) => {
    reset.mutate(
      { email, code, newPassword },
      {
        onSuccess: () => {
          showToast(t('auth.resetDone'), 'success');
          void navigate(paths.login(), { replace: true });
        },
        onError: (error) => applyServerFieldErrors(error, form.setError, ['email', 'code', 'newPassword']),
      },
    );
  });

  return (
    <div className="auth">
      <AuthHero title={t('auth.resetTitle')} subtitle={t('auth.resetSubtitle')} />
      <form className="auth-sheet" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('auth.email')}
          testId="reset-email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('auth.emailPlaceholder')}
          registration={form.register('email')}
          error={errors.email?.message}
        />
        <TextField
          label={t('auth.code')}
          testId="reset-code"
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
          placeholder={t('auth.codePlaceholder')}
          registration={form.register('code')}
          error={errors.code?.message}
          suffix={
            <SendCodeButton
              type={EmailCodeType.ResetPassword}
              testId="reset-send-code"
              getEmail={() => form.getValues('email')}
              onEmailError={(key) => form.setError('email', { type: 'manual', message: key })}
            />
          }
        />
        <TextField
          label={t('auth.newPassword')}
          testId="reset-password"
          type="password"
          autoComplete="new-password"
          hint={t('auth.passwordHint')}
          registration={form.register('newPassword')}
          error={errors.newPassword?.message}
        />
        <TextField
          label={t('auth.confirmPassword')}
          testId="reset-confirm"
          type="password"
          autoComplete="new-password"
          placeholder={t('auth.confirmPasswordPlaceholder')}
          registration={form.register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <div className="form-actions">
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={reset.isPending} data-testid="reset-submit">
            {t('auth.resetSubmit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
