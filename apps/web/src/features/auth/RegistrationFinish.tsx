import { Button } from 'antd-mobile';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { paths } from '../../app/paths';
import { TextField } from '../../ui/TextField';
import { AgreementCheck } from './AgreementCheck';

type Finish = 'payPassword' | 'invitationCode' | 'agreement';

/** The end of both full registration forms: security, the agreement, submit and the way to sign in. */
export function RegistrationFinish({
  testPrefix,
  register,
  error,
  pending,
}: {
  testPrefix: 'reg' | 'corp';
  register: Record<Finish, UseFormRegisterReturn>;
  error: (name: Finish) => string | undefined;
  pending: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <section className="form-section">
        <h2 className="form-section-title">{t('auth.sectionSecurity')}</h2>
        <TextField
          label={t('auth.payPassword')}
          testId={`${testPrefix}-pay-password`}
          type="password"
          optional
          autoComplete="off"
          placeholder={t('auth.payPasswordPlaceholder')}
          registration={register.payPassword}
          error={error('payPassword')}
        />
        <TextField
          label={t('auth.invitationCode')}
          testId={`${testPrefix}-invite`}
          optional
          maxLength={6}
          registration={register.invitationCode}
          error={error('invitationCode')}
        />
        <AgreementCheck testId={`${testPrefix}-agree`} registration={register.agreement} error={error('agreement')} />
      </section>

      <div className="form-actions">
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={pending} data-testid={`${testPrefix}-submit`}>
          {t('auth.registerSubmit')}
        </Button>
      </div>
      <p className="auth-foot">
        {t('auth.haveAccount')}{' '}
        <Link className="link" to={paths.login()}>
          {t('auth.loginLink')}
        </Link>
      </p>
    </>
  );
}
