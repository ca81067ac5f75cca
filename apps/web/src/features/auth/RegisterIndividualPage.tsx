import { zodResolver } from '@hookform/resolvers/zod';
import { AccountType } from '@tradeapp/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { AreaField } from '../../ui/AreaPicker';
import { Page } from '../../ui/Page';
import { TextField } from '../../ui/TextField';
import { RegistrationFinish } from './RegistrationFinish';
import { useRegistration } from './useRegistration';
import { emptyAsUndefined, zIndividualForm } from './registration';
import { SignInDetailsSection, signInDetailsOf } from './SignInDetailsSection';

const FIELDS = [
  'username',
  'email',
  'code',
  'password',
  'payPassword',
  'invitationCode',
  'phone',
  'firstName',
  'lastName',
  'country',
  'streetAddress',
  'addressLine2',
  'stateProvince',
  'postalCode',
  'ssn',
  'agreement',
] as const;

export default function RegisterIndividualPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const form = useForm({
    resolver: zodResolver(zIndividualForm),
    defaultValues: { accountType: AccountType.Individual, invitationCode: search.get('invitationCode') ?? '' },
  });
  const { errors } = form.formState;
  const field = (name: (typeof FIELDS)[number]) => errors[name]?.message;

  const registration = useRegistration(form.setError, FIELDS);
  const onSubmit = form.handleSubmit(registration.submit);

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
          <TextField
            label={t('auth.firstName')}
            testId="reg-first-name"
            autoComplete="given-name"
            registration={form.register('firstName')}
            error={field('firstName')}
          />
          <TextField
            label={t('auth.lastName')}
            testId="reg-last-name"
            autoComplete="family-name"
            registration={form.register('lastName')}
            error={field('lastName')}
          />
          <TextField
            label={t('auth.phone')}
            testId="reg-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            registration={form.register('phone')}
            error={field('phone')}
          />
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
          <TextField
            label={t('auth.streetAddress')}
            testId="reg-street"
            autoComplete="address-line1"
            registration={form.register('streetAddress')}
            error={field('streetAddress')}
          />
          <TextField
            label={t('auth.addressLine2')}
            testId="reg-address2"
            optional
            autoComplete="address-line2"
            registration={form.register('addressLine2', emptyAsUndefined)}
            error={field('addressLine2')}
          />
          <TextField
            label={t('auth.stateProvince')}
            testId="reg-state"
            autoComplete="address-level1"
            registration={form.register('stateProvince')}
            error={field('stateProvince')}
          />
          <TextField
            label={t('auth.postalCode')}
            testId="reg-postal"
            autoComplete="postal-code"
            registration={form.register('postalCode')}
            error={field('postalCode')}
          />
        </section>

        <RegistrationFinish
          testPrefix="reg"
          register={{
            payPassword: form.register('payPassword', emptyAsUndefined),
            invitationCode: form.register('invitationCode'),
            agreement: form.register('agreement'),
          }}
          error={field}
          pending={registration.pending}
        />
      </form>
    </Page>
  );
}
