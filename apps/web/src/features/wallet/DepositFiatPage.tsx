import './money.css';
import { routes } from '@tradeapp/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { msg } from '../../i18n/messages';
import { compareDecimal, decimalInput } from '../../lib/decimal';
import { formatAmount } from '../../lib/format';
import { CopyRow } from '../../ui/CopyRow';
import { EmptyState } from '../../ui/EmptyState';
import { applyServerFieldErrors } from '../../ui/forms';
import { Page } from '../../ui/Page';
import { TextField } from '../../ui/TextField';
import { uploadImage } from '../../ui/uploadImage';
import { ImageField } from '../auth/ImageField';
import { depositMethodsQuery, type FiatMethod } from './api';
import { useReportDeposit } from './useReportDeposit';

const fiatSchema = routes.depositCreate.request.options[1].pick({ amount: true, proofUrl: true });

/** Fiat deposit: pay to the shown account with the reference, then report it with the proof. */
export default function DepositFiatPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const methods = useQuery(depositMethodsQuery());
  const method = methods.data?.find((m): m is FiatMethod => m.method === 'fiat');

  const schema = fiatSchema.superRefine((value, ctx) => {
    if (method && compareDecimal(value.amount, method.minAmount) === -1) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: msg('e.belowMinimum', { n: method.minAmount }) });
    }
  });
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { amount: '', proofUrl: '' } });
  const { errors, isSubmitting } = form.formState;

  const report = useReportDeposit((error) => applyServerFieldErrors(error, form.setError, ['amount', 'proofUrl']));
  const onSubmit = form.handleSubmit(async (values) => {
    if (!method) return;
    await report({ method: 'fiat' as const, currency: method.currency, amount: values.amount, proofUrl: values.proofUrl });
  });

  let body;
  if (methods.isPending) body = <div className="card sk-card" aria-busy="true" />;
  else if (methods.isError)
    body = (
      <EmptyState kind="account" title={t('money.loadFailed')}>
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={() => void methods.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  else if (!method) body = <EmptyState kind="account" title={t('deposit.noMethods')} />;
  else
    body = (
      <form className="form-page" onSubmit={onSubmit} noValidate>
        <div className="form-section-title step-title">{t('deposit.step1')}</div>
        <section className="card bank-details" data-testid="deposit-bank">
          <CopyRow label={t('deposit.bankName')} value={method.bankName} testId="deposit-bank-name" />
          <CopyRow label={t('deposit.accountName')} value={method.accountName} testId="deposit-account-name" />
          <CopyRow label="IBAN" value={method.iban} testId="deposit-iban" />
          <CopyRow label="BIC" value={method.bic} testId="deposit-bic" />
          <CopyRow label={t('deposit.reference')} value={method.reference} testId="deposit-reference" />
        </section>
        <p className="form-note pad-note">{t('deposit.referenceNote', { currency: method.currency })}</p>

        <div className="form-section-title step-title">{t('deposit.step2')}</div>
        <section className="form-section">
          <TextField
            label={`${t('money.amount')} (${method.currency})`}
            testId="deposit-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('money.amountPlaceholder')}
            registration={form.register('amount', { setValueAs: decimalInput })}
            error={errors.amount?.message}
            hint={t('deposit.minNote', { min: formatAmount(method.minAmount), currency: method.currency })}
          />
          <Controller
            control={form.control}
            name="proofUrl"
            render={({ field }) => (
              <ImageField
                label={t('deposit.proof')}
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
          <p className="form-note">{t('deposit.reviewNote')}</p>
        </section>
        <div className="form-actions">
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={isSubmitting} data-testid="deposit-submit">
            {t('deposit.submit')}
          </Button>
        </div>
      </form>
    );

  return (
    <Page
      title={t('titles.depositFiat')}
      className="money-page"
      right={
        <button type="button" className="nav-text" data-testid="deposit-record-link" onClick={() => void navigate('/pages/deposit/record')}>
          {t('deposit.records')}
        </button>
      }
    >
      {body}
    </Page>
  );
}
