import { zodResolver } from '@hookform/resolvers/zod';
import { AccountType, IdDocumentType, zEmail, zEmailCode } from '@tradeapp/contract';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { ApiError } from '../../api/errors';
import { msg } from '../../i18n/messages';
import { Page } from '../../ui/Page';
import { SelectField, TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { uploadRegistrationImage } from './api';
import { ImageField } from '../../ui/ImageField';
import { RegistrationFinish } from './RegistrationFinish';
import { useRegistration } from './useRegistration';
import { emptyAsUndefined, zCompanyForm } from './registration';
import { SignInDetailsSection, signInDetailsOf } from './SignInDetailsSection';

const FIELDS = [
  'username',
  'email',
  'code',
  'password',
  'payPassword',
  'invitationCode',
  'enterpriseName',
  'licenseNumber',
  'licenseImage',
  'enterpriseAddress',
  'bankAccountNumber',
  'bankAccountImage',
  'placeOfRegistration',
  'officerName',
  'officerIdType',
  'officerIdNumber',
  'contactPhone',
  'agreement',
] as const;

export default function RegisterCompanyPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const form = useForm({
    resolver: zodResolver(zCompanyForm),
    defaultValues: { accountType: AccountType.Company, invitationCode: search.get('invitationCode') ?? '' },
  });
  const { errors } = form.formState;
  const field = (name: (typeof FIELDS)[number]) => errors[name]?.message;
  useEffect(() => {
    form.register('licenseImage');
    form.register('bankAccountImage');
  }, [form]);
  const licenseImage = useWatch({ control: form.control, name: 'licenseImage' });
  const bankAccountImage = useWatch({ control: form.control, name: 'bankAccountImage' });

  /** Registration images are uploaded signed-out with the e-mail and its code as proof. */
  const uploadImage = async (file: File): Promise<string | null> => {
    const email = zEmail.safeParse(form.getValues('email'));
    const code = zEmailCode.safeParse(form.getValues('code'));
    if (!email.success || !code.success) {
      if (!email.success) form.setError('email', { type: 'manual', message: email.error.issues[0]?.message ?? 'v.enterEmail' });
      if (!code.success) form.setError('code', { type: 'manual', message: code.error.issues[0]?.message ?? 'v.enterEmailCode' });
      showToast(t('auth.uploadNeedsCode'));
      return null;
    }
    try {
      const result = await uploadRegistrationImage(file, email.data, code.data);
      return result.url;
    } catch (error) {
      if (!(error instanceof ApiError)) showToast(msg('e.uploadFail'));
      return null;
    }
  };

  const registration = useRegistration(form.setError, FIELDS);
  const onSubmit = form.handleSubmit(registration.submit);

  const idTypes = [
    { value: IdDocumentType.IdCard, label: t('auth.idCard') },
    { value: IdDocumentType.Passport, label: t('auth.passport') },
    { value: IdDocumentType.DriverLicense, label: t('auth.driverLicense') },
  ];

  return (
    <Page title={t('auth.companyTitle')}>
      <form className="form-page" onSubmit={onSubmit} noValidate>
        <SignInDetailsSection
          testPrefix="corp"
          userIdLabel={t('auth.corporateId')}
          userIdPlaceholder={t('auth.corporateIdPlaceholder')}
          passwordHint={t('auth.corporatePasswordHint')}
          {...signInDetailsOf(form)}
        />

        <section className="form-section">
          <h2 className="form-section-title">{t('auth.sectionCompany')}</h2>
          <TextField
            label={t('auth.enterpriseName')}
            testId="corp-enterprise-name"
            autoComplete="organization"
            registration={form.register('enterpriseName')}
            error={field('enterpriseName')}
          />
          <TextField
            label={t('auth.licenseNumber')}
            testId="corp-license-number"
            registration={form.register('licenseNumber')}
            error={field('licenseNumber')}
          />
          <ImageField
            label={t('auth.licenseImage')}
            testId="corp-license-image"
            value={licenseImage}
            error={field('licenseImage')}
            onUpload={uploadImage}
            onChange={(url) => form.setValue('licenseImage', url, { shouldValidate: true })}
          />
          <TextField
            label={t('auth.enterpriseAddress')}
            testId="corp-enterprise-address"
            registration={form.register('enterpriseAddress')}
            error={field('enterpriseAddress')}
          />
          <TextField
            label={t('auth.placeOfRegistration')}
            testId="corp-place"
            registration={form.register('placeOfRegistration')}
            error={field('placeOfRegistration')}
          />
          <TextField
            label={t('auth.bankAccountNumber')}
            testId="corp-bank-account"
            registration={form.register('bankAccountNumber')}
            error={field('bankAccountNumber')}
          />
          <ImageField
            label={t('auth.bankAccountImage')}
            testId="corp-bank-image"
            value={bankAccountImage}
            error={field('bankAccountImage')}
            onUpload={uploadImage}
            onChange={(url) => form.setValue('bankAccountImage', url, { shouldValidate: true })}
          />
        </section>

        <section className="form-section">
          <h2 className="form-section-title">{t('auth.sectionOfficer')}</h2>
          <TextField label={t('auth.officerName')} testId="corp-officer-name" registration={form.register('officerName')} error={field('officerName')} />
          <SelectField
            label={t('auth.officerIdType')}
            testId="corp-officer-id-type"
            placeholder="—"
            options={idTypes}
            registration={form.register('officerIdType')}
            error={field('officerIdType')}
          />
          <TextField
            label={t('auth.officerIdNumber')}
            testId="corp-officer-id-number"
            registration={form.register('officerIdNumber')}
            error={field('officerIdNumber')}
          />
          <TextField
            label={t('auth.contactPhone')}
            testId="corp-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            registration={form.register('contactPhone')}
            error={field('contactPhone')}
          />
        </section>

        <RegistrationFinish
          testPrefix="corp"
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
