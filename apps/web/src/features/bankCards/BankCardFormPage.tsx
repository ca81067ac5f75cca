import '../../ui/money.css';
import { zBankCardInput, type RequestOf, type Routes } from '@tradeapp/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, DotLoading } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { AreaField } from '../../ui/AreaPicker';
import { EmptyState } from '../../ui/EmptyState';
import { reportFormError } from '../../ui/forms';
import { Page } from '../../ui/Page';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { uploadImage } from '../../ui/uploadImage';
import { ImageField } from '../../ui/ImageField';
import { cardsQuery, saveCard, type BankCard } from './api';

type CardForm = RequestOf<Routes['cardAdd']>;
const TEXT_FIELDS = [
  'bankName',
  'accountName',
  'cardNumber',
  'swiftCode',
  'branchCode',
  'abaRouting',
  'bankAddress',
  'personalAddress',
  'city',
  'region',
  'postalCode',
] as const;
const FIELDS: readonly string[] = [...TEXT_FIELDS, 'country', 'frontImage', 'backImage'];

function defaults(card: BankCard | undefined): CardForm {
  const values: CardForm = { bankName: '', accountName: '', cardNumber: '', swiftCode: '' };
  for (const name of TEXT_FIELDS) values[name] = card?.[name] ?? '';
  if (card?.country) values.country = card.country;
  if (card?.frontImage) values.frontImage = card.frontImage;
  if (card?.backImage) values.backImage = card.backImage;
  return values;
}

/** Empty optional fields are left out rather than sent as "". */
function clean(values: CardForm): CardForm {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) if (value !== '' && value !== undefined) out[name] = value;
  return out as CardForm;
}

function CardFormBody({ card }: { card: BankCard | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<CardForm, unknown, CardForm>({ resolver: zodResolver(zBankCardInput), defaultValues: defaults(card) });
  const { errors, isSubmitting } = form.formState;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await saveCard(clean(values), card?.id ?? null);
      showToast(t('bankCards.saved'), 'success');
      void navigate(-1);
    } catch (error) {
      reportFormError(error, form.setError, FIELDS);
    }
  });

  const text = (name: (typeof TEXT_FIELDS)[number], opts: { optional?: boolean; placeholder?: string; upper?: boolean } = {}) => (
    <TextField
      label={t(`bankCards.fields.${name}`)}
      testId={`bcard-${name}`}
      optional={opts.optional}
      placeholder={opts.placeholder}
      autoCapitalize={opts.upper ? 'characters' : 'off'}
      registration={form.register(name)}
      error={errors[name]?.message}
    />
  );

  return (
    <form className="form-page" onSubmit={onSubmit} noValidate>
      <section className="form-section">
        <div className="form-section-title">{t('bankCards.sectionAccount')}</div>
        {text('bankName')}
        {text('accountName')}
        {text('cardNumber', { placeholder: t('bankCards.cardNumberPlaceholder'), upper: true })}
        {text('swiftCode', { placeholder: t('bankCards.bicPlaceholder'), upper: true })}
        {text('branchCode', { optional: true })}
        {text('abaRouting', { optional: true, placeholder: t('bankCards.abaPlaceholder') })}
        {text('bankAddress', { optional: true })}
        <Controller
          control={form.control}
          name="country"
          render={({ field }) => (
            <AreaField
              label={`${t('bankCards.fields.country')} (${t('common.optional')})`}
              testId="bcard-country"
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
        <div className="form-section-title">{t('bankCards.sectionHolder')}</div>
        {text('personalAddress', { optional: true })}
        {text('city', { optional: true })}
        {text('region', { optional: true })}
        {text('postalCode', { optional: true })}
      </section>
      <section className="form-section">
        <div className="form-section-title">{t('bankCards.sectionImages')}</div>
        {(['frontImage', 'backImage'] as const).map((name) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <ImageField
                label={`${t(`bankCards.fields.${name}`)} (${t('common.optional')})`}
                testId={name === 'frontImage' ? 'bcard-front' : 'bcard-back'}
                value={field.value}
                error={errors[name]?.message}
                onUpload={uploadImage}
                onChange={field.onChange}
              />
            )}
          />
        ))}
      </section>
      <div className="form-actions">
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={isSubmitting} data-testid="bcard-submit">
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

/** Add a bank card, or change one (?id=). */
export default function BankCardFormPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? '');
  const editing = Number.isInteger(id) && id > 0;
  const cards = useQuery({ ...cardsQuery(), enabled: editing });
  const card = editing ? cards.data?.find((c) => c.id === id) : undefined;
  let body;
  if (!editing) body = <CardFormBody card={undefined} />;
  else if (cards.isPending)
    body = (
      <div className="empty-state compact">
        <DotLoading color="primary" />
      </div>
    );
  else if (!card) body = <EmptyState kind="notFound" title={t('bankCards.notFound')} />;
  else body = <CardFormBody key={card.id} card={card} />;
  return (
    <Page title={t(editing ? 'bankCards.editTitle' : 'bankCards.addTitle')} className="money-page">
      {body}
    </Page>
  );
}
