import '../../ui/money.css';
import { decimalInput, DEPOSIT_CONFIRMATIONS, routes } from '@tradeapp/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/format';
import { CopyRow } from '../../ui/CopyRow';
import { EmptyState } from '../../ui/EmptyState';
import { applyServerFieldErrors } from '../../ui/forms';
import { TextField } from '../../ui/TextField';
import { depositMethodsQuery, type CryptoMethod } from './api';
import { AmountField, checkMinimum, DepositPage, DepositSubmit, MethodsState } from './DepositPage';
import { useReportDeposit } from './useReportDeposit';

const cryptoSchema = routes.depositCreate.request.options[0].pick({ amount: true, txHash: true });

/** Crypto deposit: pick currency and network, send to the shown address, report the transaction. */
export default function DepositWalletPage() {
  const { t } = useTranslation();
  const methods = useQuery(depositMethodsQuery());
  const crypto = (methods.data?.filter((m) => m.method === 'crypto') ?? []) as CryptoMethod[];
  const [picked, setPicked] = useState<string | null>(null);
  const method = crypto.find((m) => `${m.currency}-${m.network}` === picked) ?? crypto[0];

  const schema = cryptoSchema.superRefine((value, ctx) => checkMinimum(method, value.amount, ctx));
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { amount: '', txHash: '' } });
  const { errors, isSubmitting } = form.formState;

  const report = useReportDeposit((error) => applyServerFieldErrors(error, form.setError, ['amount', 'txHash']));
  const onSubmit = form.handleSubmit(async (values) => {
    if (!method) return;
    await report({ method: 'crypto' as const, currency: method.currency, network: method.network, amount: values.amount, txHash: values.txHash });
  });

  let body;
  if (methods.isPending || methods.isError) body = <MethodsState methods={methods} />;
  else if (!method) body = <EmptyState kind="records" title={t('deposits.noMethods')} />;
  else
    body = (
      <form className="form-page" onSubmit={onSubmit} noValidate>
        <div className="chip-row" role="radiogroup" aria-label={t('deposits.network')}>
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
            {t('deposits.simulatedNote')}
          </div>
          <div className="qr-box" data-testid="deposit-qr">
            <QRCodeSVG value={method.address} size={168} marginSize={0} title={t('deposits.scan', { currency: method.currency, network: method.network })} />
          </div>
          <div className="qr-caption">{t('deposits.scan', { currency: method.currency, network: method.network })}</div>
          <CopyRow label={t('deposits.address')} value={method.address} testId="deposit-address" />
        </section>

        <section className="form-section">
          <ul className="note-list">
            <li>{t('deposits.onlyNetwork', { currency: method.currency, network: method.network })}</li>
            <li data-testid="deposit-min-note">{t('deposits.minNote', { min: formatAmount(method.minAmount), currency: method.currency })}</li>
            <li>{t('deposits.confirmNote', { n: method.confirmations || DEPOSIT_CONFIRMATIONS })}</li>
          </ul>
        </section>

        <section className="form-section">
          <div className="form-section-title">{t('deposits.report')}</div>
          <AmountField currency={method.currency} registration={form.register('amount', { setValueAs: decimalInput })} error={errors.amount?.message} />
          <TextField
            label={t('deposits.txHash')}
            testId="deposit-txhash"
            autoComplete="off"
            placeholder={t('deposits.txHashPlaceholder')}
            registration={form.register('txHash')}
            error={errors.txHash?.message}
          />
        </section>
        <DepositSubmit loading={isSubmitting} />
      </form>
    );

  return <DepositPage title={t('titles.depositWallet')}>{body}</DepositPage>;
}
