import '../../ui/money.css';
import { decimalInput, routes } from '@tradeapp/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/format';
import { CopyRow } from '../../ui/CopyRow';
import { EmptyState } from '../../ui/EmptyState';
import { applyServerFieldErrors } from '../../ui/forms';
import { uploadImage } from '../../ui/uploadImage';
import { ImageField } from '../../ui/ImageField';
import { depositMethodsQuery, type FiatMethod } from './api';
import { AmountField, checkMinimum, DepositPage, DepositSubmit, MethodsState } from './DepositPage';
import { useReportDeposit } from './useReportDeposit';

const fiatSchema = routes.depositCreate.request.options[1].pick({ amount: true, proofUrl: true });

/**
 * Fiat deposit: pick the currency, pay to the shown account with the reference, then report it
 * with the proof. The currencies are the site's fiat methods (`/recharge/currency/selectList`, from
 * the contract's DEPOSIT_FIAT_CURRENCIES), the same list the deposit index promises.
 */
export default function DepositFiatPage() {
  const { t } = useTranslation();
  const methods = useQuery(depositMethodsQuery());
  const fiat = methods.data?.filter((m): m is FiatMethod => m.method === 'fiat') ?? [];
  const [picked, setPicked] = useState<string | null>(null);
  const method = fiat.find((m) => m.currency === picked) ?? fiat[0];

  const schema = fiatSchema.superRefine((value, ctx) => checkMinimum(method, value.amount, ctx));
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { amount: '', proofUrl: '' } });
  const { errors, isSubmitting } = form.formState;

  const report = useReportDeposit((error) => applyServerFieldErrors(error, form.setError, ['amount', 'proofUrl']));
  const onSubmit = form.handleSubmit(async (values) => {
    if (!method) return;
    await report({ method: 'fiat' as const, currency: method.currency, amount: values.amount, proofUrl: values.proofUrl });
  });

  let body;
  if (methods.isPending || methods.isError) body = <MethodsState methods={methods} />;
  else if (!method) body = <EmptyState kind="records" title={t('deposits.noMethods')} />;
  else
    body = (
      <form className="form-page" onSubmit={onSubmit} noValidate>
        {fiat.length > 1 && (
          <div className="chip-row" role="radiogroup" aria-label={t('deposits.currency')}>
            {fiat.map((m) => {
              const active = m === method;
              return (
                <button
                  key={m.currency}
                  type="button"
                  role="radio"
                  aria-checked={active}
                  className={active ? 'chip active' : 'chip'}
                  data-testid={`deposit-currency-${m.currency}`}
                  onClick={() => setPicked(m.currency)}
                >
                  {m.currency}
                </button>
              );
            })}
          </div>
        )}
        <div className="form-section-title step-title">{t('deposits.step1')}</div>
        <section className="card bank-details" data-testid="deposit-bank">
          <CopyRow label={t('deposits.bankName')} value={method.bankName} testId="deposit-bank-name" />
          <CopyRow label={t('deposits.accountName')} value={method.accountName} testId="deposit-account-name" />
          <CopyRow label="IBAN" value={method.iban} testId="deposit-iban" />
          <CopyRow label="BIC" value={method.bic} testId="deposit-bic" />
          <CopyRow label={t('deposits.reference')} value={method.reference} testId="deposit-reference" />
        </section>
        <p className="form-note pad-note">{t('deposits.referenceNote', { currency: method.currency })}</p>
        {method.currency !== 'EUR' && (
          <p className="form-note pad-note" data-testid="deposit-conversion-note">
            {t('deposits.usdNote')}
          </p>
        )}

        <div className="form-section-title step-title">{t('deposits.step2')}</div>
        <section className="form-section">
          <AmountField
            currency={method.currency}
            registration={form.register('amount', { setValueAs: decimalInput })}
            error={errors.amount?.message}
            hint={t('deposits.minNote', { min: formatAmount(method.minAmount), currency: method.currency })}
          />
          <Controller
            control={form.control}
            name="proofUrl"
            render={({ field }) => (
              <ImageField
                label={t('deposits.proof')}
                testId="deposit-proof"
                value={field.value}
                error={errors.proofUrl?.message}
                onUpload={uploadImage}
                onChange={(url) => {
                  field.onChange(url);
                  form.clearErrors('proofUrl');
                }}
              />
            )}
          />
          <p className="form-note">{t('deposits.reviewNote')}</p>
        </section>
        <DepositSubmit loading={isSubmitting} />
      </form>
    );

  return <DepositPage title={t('titles.depositFiat')}>{body}</DepositPage>;
}
