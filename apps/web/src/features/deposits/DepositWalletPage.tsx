import '../../ui/money.css';
import './deposits.css';
import { decimalInput, DEPOSIT_CONFIRMATIONS, routes } from '@tradeapp/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useIntentKey } from '../../api/intent';
import { formatAmount, formatNumber } from '../../lib/format';
import { queryClient } from '../../lib/queryClient';
import { CopyRow } from '../../ui/CopyRow';
import { EmptyState } from '../../ui/EmptyState';
import { applyServerFieldErrors } from '../../ui/forms';
import { TextField } from '../../ui/TextField';
import { depositMethodsQuery, simSend, simWalletKey, simWalletQuery, type CryptoMethod, type SimSend } from './api';
import { AmountField, checkMinimum, DepositPage, DepositSubmit, MethodsState } from './DepositPage';
import { placeSimError, SimWalletCard } from './SimWalletCard';
import { useReportDeposit } from './useReportDeposit';

const cryptoSchema = routes.depositCreate.request.options[0].pick({ amount: true, txHash: true });

/**
 * Crypto deposit on the simulated chain: pick currency and network, fill the simulated wallet from
 * the faucet, send from it to the shown address (the hash is filled in), report the transaction.
 */
export default function DepositWalletPage() {
  const { t } = useTranslation();
  const methods = useQuery(depositMethodsQuery());
  const crypto = (methods.data?.filter((m) => m.method === 'crypto') ?? []) as CryptoMethod[];
  const [picked, setPicked] = useState<string | null>(null);
  const method = crypto.find((m) => `${m.currency}-${m.network}` === picked) ?? crypto[0];

  const schema = cryptoSchema.superRefine((value, ctx) => checkMinimum(method, value.amount, ctx));
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { amount: '', txHash: '' } });
  const { errors, isSubmitting } = form.formState;
  const sendIntent = useIntentKey();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<SimSend | null>(null);

  const pick = (id: string) => {
    setPicked(id);
    // A transaction belongs to its network: a new pick starts over.
    setSent(null);
    form.setValue('txHash', '');
  };

  /** Send the amount typed from the simulated wallet to the deposit address, and fill in its hash. */
  const onSend = async () => {
    if (!method || !(await form.trigger('amount'))) return;
    const input = { currency: method.currency, network: method.network, amount: form.getValues('amount') };
    const key = sendIntent.take(JSON.stringify(input));
    setSending(true);
    try {
      const done = await simSend(input, key);
      sendIntent.settle();
      setSent(done);
      form.setValue('txHash', done.txHash, { shouldValidate: true });
      void queryClient.invalidateQueries({ queryKey: simWalletKey });
    } catch (error) {
      sendIntent.settle(error);
      placeSimError(error, form.setError, 'amount');
    } finally {
      setSending(false);
    }
  };

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
      <div className="form-page">
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
                onClick={() => pick(id)}
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
            <ReviewNote />
          </ul>
        </section>

        <SimWalletCard method={method} />

        <form onSubmit={onSubmit} noValidate data-testid="deposit-crypto-form">
          <section className="form-section">
            <div className="form-section-title">{t('deposits.report')}</div>
            <AmountField currency={method.currency} registration={form.register('amount', { setValueAs: decimalInput })} error={errors.amount?.message} />
            <div className="sim-send">
              <Button block type="button" fill="outline" color="primary" shape="rounded" loading={sending} onClick={() => void onSend()} data-testid="sim-send">
                {t('deposits.sim.send')}
              </Button>
              <p className="sim-hint">{t('deposits.sim.sendHint')}</p>
              {sent && (
                <p className="sim-sent" role="status" data-testid="sim-sent">
                  {t('deposits.sim.sent', { amount: formatNumber(sent.amount, { grouping: true }), currency: sent.currency })}
                </p>
              )}
            </div>
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
      </div>
    );

  return <DepositPage title={t('titles.depositWallet')}>{body}</DepositPage>;
}

/** Above the review threshold a deposit waits for an operator after its confirmations. */
function ReviewNote() {
  const { t } = useTranslation();
  const wallet = useQuery({ ...simWalletQuery(), select: (w) => w.reviewAboveEur });
  if (!wallet.data) return null;
  return <li data-testid="deposit-review-note">{t('deposits.sim.reviewNote', { limit: formatAmount(wallet.data, { grouping: true }) })}</li>;
}
