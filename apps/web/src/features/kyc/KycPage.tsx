import '../../ui/money.css';
import { ID_TYPES_WITH_BACK, IdDocumentType, isAreaCode, KYC_REVIEW_HOURS, KycStatus, zKycSubmission, type KycSubmission } from '@tradeapp/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, DotLoading } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill, UserContactOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { useIntentKey } from '../../api/intent';
import { useUserInfo } from '../../api/user';
import { paths } from '../../app/paths';
import { AreaField } from '../../ui/AreaPicker';
import { reportFormError } from '../../ui/forms';
import { Page } from '../../ui/Page';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { uploadImage } from '../../ui/uploadImage';
import { ImageField } from '../../ui/ImageField';
import { submitKyc } from './api';

type IdType = (typeof IdDocumentType)[keyof typeof IdDocumentType];
const ID_TYPES: Array<{ value: IdType; label: 'auth.idCard' | 'auth.passport' | 'auth.driverLicense' }> = [
  { value: IdDocumentType.IdCard, label: 'auth.idCard' },
  { value: IdDocumentType.Passport, label: 'auth.passport' },
  { value: IdDocumentType.DriverLicense, label: 'auth.driverLicense' },
];

const PAGE_LABELS = {
  [IdDocumentType.IdCard]: { front: 'kycForm.idCardFront', back: 'kycForm.idCardBack', number: 'kycForm.idCardNumber' },
  [IdDocumentType.Passport]: { front: 'kycForm.passportPage', back: 'kycForm.passportPage', number: 'kycForm.passportNumber' },
  [IdDocumentType.DriverLicense]: { front: 'kycForm.licenceMain', back: 'kycForm.licenceSecondary', number: 'kycForm.licenceNumber' },
} as const;

const FIELDS = ['firstName', 'lastName', 'country', 'idType', 'idNumber', 'frontUrl', 'backUrl'] as const;

function KycForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const user = useUserInfo();
  const intent = useIntentKey();
  const form = useForm<KycSubmission>({
    resolver: zodResolver(zKycSubmission),
    defaultValues: {
      firstName: user.data?.firstName ?? '',
      lastName: user.data?.lastName ?? '',
      // A country typed as free text before the list existed is picked again.
      country: user.data?.country && isAreaCode(user.data.country) ? user.data.country : '',
      idType: IdDocumentType.IdCard,
      idNumber: '',
      frontUrl: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const idType = useWatch({ control: form.control, name: 'idType' }) as IdType;
  const labels = PAGE_LABELS[idType] ?? PAGE_LABELS[IdDocumentType.IdCard];
  const needsBack = ID_TYPES_WITH_BACK.includes(idType);

  // The number's message names the document: "enter passport number" for a passport.
  const idNumberError =
    errors.idNumber?.message === 'v.enterIdCardNumber' && idType === IdDocumentType.Passport ? 'v.enterPassportNumber' : errors.idNumber?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    const input: KycSubmission = { ...values, ...(needsBack ? {} : { backUrl: undefined }) };
    if (!needsBack) delete input.backUrl;
    const key = intent.take(JSON.stringify(input));
    try {
      await submitKyc(input, key);
      intent.settle();
      showToast(t('kycForm.submitted'), 'success');
      onDone();
    } catch (error) {
      intent.settle(error);
      reportFormError(error, form.setError, FIELDS);
    }
  });

  return (
    <form className="form-page" onSubmit={onSubmit} noValidate>
      <section className="form-section">
        <div className="form-section-title">{t('kycForm.sectionPerson')}</div>
        <TextField
          label={t('auth.firstName')}
          testId="kyc-first-name"
          autoComplete="given-name"
          registration={form.register('firstName')}
          error={errors.firstName?.message}
        />
        <TextField
          label={t('auth.lastName')}
          testId="kyc-last-name"
          autoComplete="family-name"
          registration={form.register('lastName')}
          error={errors.lastName?.message}
        />
        <Controller
          control={form.control}
          name="country"
          render={({ field }) => (
            <AreaField
              label={t('kycForm.country')}
              testId="kyc-country"
              value={field.value || undefined}
              error={errors.country?.message}
              onChange={(code) => {
                field.onChange(code);
                form.clearErrors('country');
              }}
            />
          )}
        />
      </section>
      <section className="form-section">
        <div className="form-section-title">{t('kycForm.sectionDocument')}</div>
        <div className="field">
          <div className="field-label">{t('kycForm.idType')}</div>
          <div className="chip-row tight" role="radiogroup" aria-label={t('kycForm.idType')}>
            {ID_TYPES.map((item) => (
              <button
                key={item.value}
                type="button"
                role="radio"
                aria-checked={idType === item.value}
                className={idType === item.value ? 'chip active' : 'chip'}
                data-testid={`kyc-idtype-${item.value}`}
                onClick={() => {
                  form.setValue('idType', item.value);
                  if (!ID_TYPES_WITH_BACK.includes(item.value)) form.setValue('backUrl', undefined);
                  form.clearErrors(['idType', 'idNumber', 'backUrl']);
                }}
              >
                {t(item.label)}
              </button>
            ))}
          </div>
        </div>
        <TextField label={t(labels.number)} testId="kyc-id-number" autoComplete="off" registration={form.register('idNumber')} error={idNumberError} />
        <Controller
          control={form.control}
          name="frontUrl"
          render={({ field }) => (
            <ImageField
              label={t(labels.front)}
              testId="kyc-front"
              value={field.value}
              error={errors.frontUrl?.message}
              onUpload={uploadImage}
              onChange={(url) => {
                field.onChange(url);
                form.clearErrors('frontUrl');
              }}
            />
          )}
        />
        {needsBack && (
          <Controller
            control={form.control}
            name="backUrl"
            render={({ field }) => (
              <ImageField
                label={t(labels.back)}
                testId="kyc-back"
                value={field.value}
                error={errors.backUrl?.message}
                onUpload={uploadImage}
                onChange={(url) => {
                  field.onChange(url);
                  form.clearErrors('backUrl');
                }}
              />
            )}
          />
        )}
        <p className="form-note">{t('kycForm.imageNote')}</p>
      </section>
      <div className="form-actions">
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={isSubmitting} data-testid="kyc-submit">
          {t('common.submit')}
        </Button>
      </div>
    </form>
  );
}

/** Identity verification: the current status, and the form when nothing (or a refused set) is on file. */
export default function KycPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const [retry, setRetry] = useState(false);
  const status = user.data?.kycStatus;

  let head = null;
  let showForm = false;
  if (status === KycStatus.NotSubmitted) {
    head = (
      <div className="kyc-status tone-neutral" data-testid="kyc-status" data-status={status}>
        <UserContactOutline className="kyc-status-icon" />
        <div>
          <strong>{t('kyc.notSubmitted')}</strong>
          <p>{t('kycForm.introBody')}</p>
        </div>
      </div>
    );
    showForm = true;
  } else if (status === KycStatus.UnderReview) {
    head = (
      <div className="kyc-status tone-progress" data-testid="kyc-status" data-status={status}>
        <ClockCircleFill className="kyc-status-icon" />
        <div>
          <strong>{t('kyc.underReview')}</strong>
          <p>{t('kycForm.reviewBody', { hours: KYC_REVIEW_HOURS })}</p>
        </div>
      </div>
    );
  } else if (status === KycStatus.Verified) {
    head = (
      <div className="kyc-status tone-done" data-testid="kyc-status" data-status={status}>
        <CheckCircleFill className="kyc-status-icon" />
        <div>
          <strong>{t('kyc.verified')}</strong>
          <p>{t('kycForm.verifiedBody')}</p>
        </div>
      </div>
    );
  } else if (status === KycStatus.Unsuccessful) {
    head = (
      <div className="kyc-status tone-failed" data-testid="kyc-status" data-status={status}>
        <CloseCircleFill className="kyc-status-icon" />
        <div>
          <strong>{t('kyc.unsuccessful')}</strong>
          <p>{t('kycForm.failedBody')}</p>
          {!retry && (
            <Button size="small" shape="rounded" color="primary" data-testid="kyc-retry" onClick={() => setRetry(true)}>
              {t('kycForm.retry')}
            </Button>
          )}
        </div>
      </div>
    );
    showForm = retry;
  }

  return (
    <Page title={t('titles.kyc')} className="money-page">
      {user.data === undefined ? (
        <div className="empty-state compact">
          <DotLoading color="primary" />
        </div>
      ) : (
        <>
          <div className="form-page kyc-head">{head}</div>
          {showForm && (
            <KycForm
              onDone={() => {
                setRetry(false);
                void user.refetch();
              }}
            />
          )}
          {status === KycStatus.UnderReview && (
            <div className="form-page">
              <Button block shape="rounded" fill="outline" color="primary" data-testid="kyc-notices" onClick={() => void navigate(paths.notices.index())}>
                {t('profile.notices')}
              </Button>
            </div>
          )}
        </>
      )}
    </Page>
  );
}
