import { zodResolver } from '@hookform/resolvers/zod';
import { routes } from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { z } from 'zod';
import { paths } from '../../app/paths';
import { applyServerFieldErrors } from '../../ui/forms';
import { Page } from '../../ui/Page';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { useUpdatePassword } from './api';

const schema = routes.updatePassword.request
  .extend({ confirmPassword: z.string({ error: 'v.enterPassword' }).min(1, { error: 'v.enterPassword' }) })
  .superRefine((value, ctx) => {
    if (value.newPassword !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'v.passwordsMismatch' });
    }
    if (value.newPassword && value.newPassword === value.oldPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'v.sameAsOld' });
    }
  });

/** Change the login password; afterwards every session ends and the user signs in again. */
export default function LoginPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdatePassword();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ oldPassword, newPassword }) => {
    update.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          showToast(t('settings.loginPwdDone'), 'success');
          void navigate(paths.login(), { replace: true });
        },
        onError: (error) => applyServerFieldErrors(error, form.setError, ['oldPassword', 'newPassword']),
      },
    );
  });

  return (
    <Page title={t('settings.loginPwdTitle')}>
      <form className="form-page" onSubmit={onSubmit} noValidate>
        <section className="form-section">
          <TextField
            label={t('settings.oldPassword')}
            testId="loginpwd-old"
            type="password"
            autoComplete="current-password"
            registration={form.register('oldPassword')}
            error={errors.oldPassword?.message}
          />
          <TextField
            label={t('settings.newPassword')}
            testId="loginpwd-new"
            type="password"
            autoComplete="new-password"
            hint={t('auth.passwordHint')}
            registration={form.register('newPassword')}
            error={errors.newPassword?.message}
          />
          <TextField
            label={t('settings.confirmPassword')}
            testId="loginpwd-confirm"
            type="password"
            autoComplete="new-password"
            registration={form.register('confirmPassword')}
            error={errors.confirmPassword?.message}
          />
          <p className="form-note">{t('settings.loginPwdNote')}</p>
        </section>
        <div className="form-actions">
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={update.isPending} data-testid="loginpwd-submit">
            {t('common.confirm')}
          </Button>
        </div>
      </form>
    </Page>
  );
}
