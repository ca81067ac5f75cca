import { zodResolver } from '@hookform/resolvers/zod';
import { AccountType } from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { msg } from '../../i18n/messages';
import { AreaField } from '../../ui/AreaPicker';
import { applyServerFieldErrors } from '../../ui/forms';
import { Page } from '../../ui/Page';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { AgreementCheck } from './AgreementCheck';
import { useRegisterFull } from './api';
import { emptyAsUndefined, toRegistrationRequest, zIndividualForm } from './registration';
import { SignInDetailsSection, signInDetailsOf } from './SignInDetailsSection';

const FIELDS = [
  'username', 'email', 'code', 'password', 'payPassword', 'invitationCode', 'phone', 'firstName', 'lastName',
  'country', 'streetAddress', 'addressLine2', 'stateProvince', 'postalCode', 'ssn', 'agreement',
] as const;

export default function RegisterIndividualPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const register = useRegisterFull();
  const form = useForm({
    resolver: zodResolver(zIndividualForm),
    defaultValues: { accountType: AccountType.Individual, invitationCode: search.get('invitationCode') ?? '' },
  });
  const { errors } = form.formState;
  const field = (name: (typeof FIELDS)[number]) => errors[name]?.message;

  const onSubmit = form.handleSubmit((values) => {
    register.mutate(toRegistrationRequest(values), {
      onSuccess: () => {
        showToast(msg('e.registerSuccess'), 'success');
        void navigate('/pages/home/index', { replace: true });
      },
      onError: (error) => applyServerFieldErrors(error, form.setError, FIELDS),
    });
  });

  return (
    <Page title={t('auth.individualTitle')}>
      <form className="form-page" onSubmit={onSubmit} noValidate>
        <SignInDetailsSection
          testPrefix="reg"
          userIdLabel={t('auth.userId')}
          userIdPlaceholder={t('auth.userIdPlaceholder')}
          passwordHint={t('auth.passwordHint')}
          {...signInDetailsOf(form)}
        />

        <section className="form-section">
          <h2 className="form-section-title">{t('auth.sectionPersonal')}</h2>
          <TextField label={t('auth.firstName')} testId="reg-first-name" autoComplete="given-name" registration={form.register('firstName')} error={field('firstName')} />
          <TextField label={t('auth.lastName')} testId="reg-last-name" autoComplete="family-name" registration={form.register('lastName')} error={field('lastName')} />
          <TextField label={t('auth.phone')} testId="reg-phone" type="tel" inputMode="tel" autoComplete="tel" registration={form.register('phone')} error={field('phone')} />
          <TextField label={t('auth.ssn')} testId="reg-ssn" registration={form.register('ssn')} error={field('ssn')} />
        </section>

        <section className="form-section">
          <h2 className="form-section-title">{t('auth.sectionAddress')}</h2>
          <Controller
            control={form.control}
            name="country"
            render={({ field: country }) => (
              <AreaField
                label={t('auth.country')}
                testId="reg-country"
                value={country.value || undefined}
                error={field('country')}
                onChange={(code) => {
                  country.onChange(code);
                  form.clearErrors('country');
                }}
              />
            )}
          />
          <TextField label={t('auth.streetAddress')} testId="reg-street" autoComplete="address-line1" registration={form.register('streetAddress')} error={field('streetAddress')} />
          <TextField label={t('auth.addressLine2')} testId="reg-address2" optional autoComplete="address-line2" registration={form.register('addressLine2', emptyAsUndefined)} error={field('addressLine2')} />
          <TextField label={t('auth.stateProvince')} testId="reg-state" autoComplete="address-level1" registration={form.register('stateProvince')} error={field('stateProvince')} />
          <TextField label={t('auth.postalCode')} testId="reg-postal" autoComplete="postal-code" registration={form.register('postalCode')} error={field('postalCode')} />
        </section>

        <section className="form-section">
          <h2 className="form-section-title">{t('auth.sectionSecurity')}</h2>
          <TextField label={t('auth.payPassword')} testId="reg-pay-password" type="password" optional autoComplete="off" placeholder={t('auth.payPasswordPlaceholder')} registration={form.register('payPassword', emptyAsUndefined)} error={field('payPassword')} />
          <TextField label={t('auth.invitationCode')} testId="reg-invite" optional maxLength={6} registration={form.register('invitationCode')} error={field('invitationCode')} />
          <AgreementCheck testId="reg-agree" registration={form.register('agreement')} error={field('agreement')} />
        </section>

        <div className="form-actions">
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={register.isPending} data-testid="reg-submit">
            {t('auth.registerSubmit')}
          </Button>
        </div>
        <p className="auth-foot">
          {t('auth.haveAccount')}{' '}
          <Link className="link" to="/pages/auth/login">
            {t('auth.loginLink')}
          </Link>
        </p>
      </form>
    </Page>
  );
}
