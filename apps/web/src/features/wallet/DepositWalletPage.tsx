import './money.css';
import { DEPOSIT_CONFIRMATIONS, routes } from '@tradeapp/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { depositMethodsQuery, type CryptoMethod } from './api';
import { useReportDeposit } from './useReportDeposit';

const cryptoSchema = routes.depositCreate.request.options[0].pick({ amount: true, txHash: true });

/** Crypto deposit: pick currency and network, send to the shown address, report the transaction. */
export default function DepositWalletPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const methods = useQuery(depositMethodsQuery());
  const crypto = (methods.data?.filter((m) => m.method === 'crypto') ?? []) as CryptoMethod[];
  const [picked, setPicked] = useState<string | null>(null);
  const method = crypto.find((m) => `${m.currency}-${m.network}` === picked) ?? crypto[0];

  const schema = cryptoSchema.superRefine((value, ctx) => {
    if (method && compareDecimal(value.amount, method.minAmount) === -1) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: msg('e.belowMinimum', { n: method.minAmount }) });
    }
  });
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { amount: '', txHash: '' } });
  const { errors, isSubmitting } = form.formState;

  const report = useReportDeposit((error) => applyServerFieldErrors(error, form.setError, ['amount', 'txHash']));
  const onSubmit = form.handleSubmit(async (values) => {
    if (!method) return;
    await report({ method: 'crypto' as const, currency: method.currency, network: method.network, amount: values.amount, txHash: values.txHash });
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
        <div className="chip-row" role="radiogroup" aria-label={t('deposit.network')}>
          {crypto.map((m) => {
            const id = `${m.currency}-${m.network}`;
            const active = m === method;
            return (
              <button
                key={id}
                type="button"
                role="radio"
                aria-checked={active}
                className={active ? 'chip active' : 'chip'}
                data-testid={`deposit-network-${id}`}
                onClick={() => setPicked(id)}
              >
                {m.currency} · {m.network}
              </button>
            );
          })}
        </div>

        <section className="card address-card">
          <div className="simulated-banner" data-testid="deposit-simulated">
            {t('deposit.simulatedNote')}
          </div>
          <div className="qr-box" data-testid="deposit-qr">
            <QRCodeSVG value={method.address} size={168} marginSize={0} />
          </div>
          <div className="qr-caption">{t('deposit.scan', { currency: method.currency, network: method.network })}</div>
          <CopyRow label={t('deposit.address')} value={method.address} testId="deposit-address" />
        </section>

        <section className="form-section">
          <ul className="note-list">
            <li>{t('deposit.onlyNetwork', { currency: method.currency, network: method.network })}</li>
            <li data-testid="deposit-min-note">{t('deposit.minNote', { min: formatAmount(method.minAmount), currency: method.currency })}</li>
            <li>{t('deposit.confirmNote', { n: method.confirmations || DEPOSIT_CONFIRMATIONS })}</li>
          </ul>
        </section>

        <section className="form-section">
          <div className="form-section-title">{t('deposit.report')}</div>
          <TextField
            label={`${t('money.amount')} (${method.currency})`}
            testId="deposit-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('money.amountPlaceholder')}
            registration={form.register('amount', { setValueAs: decimalInput })}
            error={errors.amount?.message}
          />
          <TextField
            label={t('deposit.txHash')}
            testId="deposit-txhash"
            autoComplete="off"
            placeholder={t('deposit.txHashPlaceholder')}
            registration={form.register('txHash')}
            error={errors.txHash?.message}
          />
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
      title={t('titles.depositWallet')}
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
