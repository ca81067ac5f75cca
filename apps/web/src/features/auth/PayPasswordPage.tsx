import { zodResolver } from '@hookform/resolvers/zod';
import { routes, zPayPassword } from '@tradeapp/contract';
import { Button, DotLoading } from 'antd-mobile';
import { useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { z } from 'zod';
import { useUserInfo } from '../../api/user';
import { applyServerFieldErrors } from '../../ui/forms';
import { Page } from '../../ui/Page';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { newIdempotencyKey, useSetPayPassword, useUpdatePayPassword } from './api';

const zConfirm = z.string({ error: 'v.enterTransactionPassword' }).min(1, { error: 'v.enterTransactionPassword' });

function confirmMatches(value: { payPassword: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.payPassword !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'v.passwordsMismatch' });
  }
}

const setSchema = z.object({ payPassword: zPayPassword, confirmPassword: zConfirm }).superRefine(confirmMatches);
const changeSchema = routes.updatePayPassword.request.extend({ confirmPassword: zConfirm }).superRefine(confirmMatches);

/** The new payment password twice, and what it must be. */
function NewPayPassword({
  register,
  errors,
}: {
  register: UseFormRegister<{ payPassword: string; confirmPassword: string }>;
  errors: FieldErrors<{ payPassword: string; confirmPassword: string }>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('settings.newPayPassword')}
        testId="paypwd-new"
        type="password"
        autoComplete="off"
        registration={register('payPassword')}
        error={errors.payPassword?.message}
      />
      <TextField
        label={t('settings.confirmPayPassword')}
        testId="paypwd-confirm"
        type="password"
        autoComplete="off"
        registration={register('confirmPassword')}
        error={errors.confirmPassword?.message}
      />
      <p className="form-note">{t('settings.payPwdNote')}</p>
    </>
  );
}

function PayPasswordSubmit({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <Button block type="submit" color="primary" size="large" shape="rounded" loading={pending} data-testid="paypwd-submit">
        {t('common.confirm')}
      </Button>
    </div>
  );
}

function SetPayPasswordForm({ onDone }: { onDone: () => void }) {
  const mutation = useSetPayPassword();
  // One intent, one key: a retried submit of the same form is not applied twice.
  const [intent] = useState(newIdempotencyKey);
  const form = useForm({ resolver: zodResolver(setSchema), defaultValues: { payPassword: '', confirmPassword: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ payPassword }) => {
    mutation.mutate(
      { payPassword, idempotencyKey: intent },
      { onSuccess: onDone, onError: (error) => applyServerFieldErrors(error, form.setError, ['payPassword']) },
    );
  });
  return (
    <form className="form-page" onSubmit={onSubmit} noValidate>
      <section className="form-section">
        <NewPayPassword register={form.register} errors={errors} />
      </section>
      <PayPasswordSubmit pending={mutation.isPending} />
    </form>
  );
}

function ChangePayPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const mutation = useUpdatePayPassword();
  const form = useForm({ resolver: zodResolver(changeSchema), defaultValues: { oldPayPassword: '', payPassword: '', confirmPassword: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ oldPayPassword, payPassword }) => {
    mutation.mutate(
      { oldPayPassword, payPassword },
      { onSuccess: onDone, onError: (error) => applyServerFieldErrors(error, form.setError, ['oldPayPassword', 'payPassword']) },
    );
  });
  return (
    <form className="form-page" onSubmit={onSubmit} noValidate>
      <section className="form-section">
        <TextField
          label={t('settings.oldPayPassword')}
          testId="paypwd-old"
          type="password"
          autoComplete="off"
          registration={form.register('oldPayPassword')}
          error={errors.oldPayPassword?.message}
        />
        <NewPayPassword register={form.register} errors={errors} />
      </section>
      <PayPasswordSubmit pending={mutation.isPending} />
    </form>
  );
}

/** Set the transaction password the first time (/settingPayPassword), or change it (/updatePayPassword). */
export default function PayPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const done = () => {
    showToast(t('settings.payPwdDone'), 'success');
    void navigate(-1);
  };
  const hasPayPassword = user.data?.hasPayPassword;
  return (
    <Page title={t(hasPayPassword ? 'settings.payPwdChangeTitle' : 'settings.payPwdSetTitle')}>
      {user.data === undefined ? (
        <div className="empty-state compact">
          <DotLoading color="primary" />
        </div>
      ) : hasPayPassword ? (
        <ChangePayPasswordForm onDone={done} />
      ) : (
        <SetPayPasswordForm onDone={done} />
      )}
    </Page>
  );
}
