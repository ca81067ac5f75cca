import { zodResolver } from '@hookform/resolvers/zod';
import { EmailCodeType, routes } from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import { TeamOutline, UserOutline } from 'antd-mobile-icons';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { paths } from '../../app/paths';
import { msg } from '../../i18n/messages';
import { applyServerFieldErrors } from '../../ui/forms';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { AgreementCheck } from './AgreementCheck';
import { useRegisterEmail } from './api';
import { AuthHero } from './AuthHero';
import { SendCodeButton } from './SendCodeButton';

const schema = routes.registerEmail.request;
const FIELDS = ['email', 'code', 'password', 'invitationCode', 'agreement'] as const;

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const invite = search.get('invitationCode') ?? search.get('code') ?? '';
  const register = useRegisterEmail();
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: '', code: '', password: '', invitationCode: invite },
  });
  const { errors } = form.formState;
  const suffix = invite ? `?invitationCode=${encodeURIComponent(invite)}` : '';

  const onSubmit = form.handleSubmit((values) => {
    register.mutate(values, {
      onSuccess: () => {
        showToast(msg('e.registerSuccess'), 'success');
        void navigate(paths.home(), { replace: true });
      },
      onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
    });
  });

  return (
    <div className="auth">
      <AuthHero title={t('auth.registerTitle')} subtitle={t('auth.registerSubtitle')} />
      <div className="auth-sheet">
        <div className="choice-grid">
          <button type="button" className="choice" data-testid="register-individual" onClick={() => void navigate(paths.registerIndividual(suffix))}>
            <span className="choice-icon">
              <UserOutline />
            </span>
            <span className="choice-title">{t('auth.individual')}</span>
            <span className="choice-body">{t('auth.individualBody')}</span>
          </button>
          <button type="button" className="choice" data-testid="register-company" onClick={() => void navigate(paths.registerCompany(suffix))}>
            <span className="choice-icon">
              <TeamOutline />
            </span>
            <span className="choice-title">{t('auth.company')}</span>
            <span className="choice-body">{t('auth.companyBody')}</span>
          </button>
        </div>

        <div className="divider-label">{t('auth.quickRegister')}</div>
        <form onSubmit={onSubmit} noValidate>
          <TextField
            label={t('auth.email')}
            testId="register-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={t('auth.emailPlaceholder')}
            registration={form.register('email')}
            error={errors.email?.message}
          />
          <TextField
            label={t('auth.code')}
            testId="register-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('auth.codePlaceholder')}
            registration={form.register('code')}
            error={errors.code?.message}
            suffix={
              <SendCodeButton
                type={EmailCodeType.Register}
                testId="register-send-code"
                getEmail={() => form.getValues('email')}
                onEmailError={(key) => form.setError('email', { type: 'manual', message: key })}
              />
            }
          />
          <TextField
            label={t('auth.password')}
            testId="register-password"
            type="password"
            autoComplete="new-password"
            placeholder={t('auth.passwordPlaceholder')}
            hint={t('auth.passwordHint')}
            registration={form.register('password')}
            error={errors.password?.message}
          />
          <TextField
            label={t('auth.invitationCode')}
            testId="register-invite"
            optional
            maxLength={6}
            placeholder={t('auth.invitationPlaceholder')}
            registration={form.register('invitationCode')}
            error={errors.invitationCode?.message}
          />
          <AgreementCheck testId="register-agree" registration={form.register('agreement')} error={errors.agreement?.message} />
          <div className="form-actions">
            <Button block type="submit" color="primary" size="large" shape="rounded" loading={register.isPending} data-testid="register-submit">
              {t('auth.registerSubmit')}
            </Button>
          </div>
        </form>
      </div>
      <p className="auth-foot">
        {t('auth.haveAccount')}{' '}
        <Link className="link" to={paths.login()} data-testid="register-login">
          {t('auth.loginLink')}
        </Link>
      </p>
    </div>
  );
}
