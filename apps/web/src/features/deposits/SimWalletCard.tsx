import { decimalInput, routes } from '@tradeapp/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useId } from 'react';
import { useForm, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { useIntentKey } from '../../api/intent';
import { formatAmount, formatNumber, formatTime } from '../../lib/format';
import { queryClient } from '../../lib/queryClient';
import { reportFormError } from '../../ui/forms';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { simFaucet, simWalletKey, simWalletQuery, type CryptoMethod } from './api';

// The investor's simulated external wallet on the deposit page: its balance in the chosen coin and
// the demo faucet with what is left of today's limit. Everything here is simulated and says so.

const faucetSchema = routes.depositSimFaucet.request.pick({ amount: true });

/**
 * A refusal of a simulated-wallet call: under the field it names, in the server's words with their
 * figures (the balance held, the limit left), else toasted.
 */
export function placeSimError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, field: Path<T>): void {
  if (error instanceof ApiError && error.fields && field in error.fields) {
    setError(field, { type: 'server', message: error.message });
    return;
  }
  reportFormError(error, setError, []);
}

export function SimWalletCard({ method }: { method: CryptoMethod }) {
  const { t } = useTranslation();
  const titleId = useId();
  const wallet = useQuery(simWalletQuery());
  const coin = wallet.data?.wallets.find((w) => w.currency === method.currency && w.network === method.network);
  const form = useForm({ resolver: zodResolver(faucetSchema), defaultValues: { amount: '' } });
  const intent = useIntentKey();

  const onFaucet = form.handleSubmit(async ({ amount }) => {
    const input = { currency: method.currency, network: method.network, amount };
    const key = intent.take(JSON.stringify(input));
    try {
      const next = await simFaucet(input, key);
      intent.settle();
      queryClient.setQueryData(simWalletKey, next);
      form.reset({ amount: '' });
      showToast(t('deposits.sim.faucetDone', { amount: formatNumber(amount, { grouping: true }), currency: method.currency }), 'success');
    } catch (error) {
      intent.settle(error);
      placeSimError(error, form.setError, 'amount');
    }
  });

  const faucet = wallet.data?.faucet;
  return (
    <section className="card sim-wallet" aria-labelledby={titleId} data-testid="sim-wallet">
      <div className="form-section-title" id={titleId}>
        {t('deposits.sim.title')}
      </div>
      <div className="simulated-banner" data-testid="sim-wallet-note">
        {t('deposits.sim.note')}
      </div>
      {wallet.isError ? (
        <p className="sim-line">{t('money.loadFailed')}</p>
      ) : (
        <dl className="sim-figures" aria-busy={wallet.isPending}>
          <div className="sim-line">
            <dt>{t('deposits.sim.balance')}</dt>
            <dd className="mono" data-testid="sim-balance">
              {coin ? `${formatNumber(coin.balance, { grouping: true })} ${method.currency}` : '—'}
            </dd>
          </div>
          <div className="sim-line">
            <dt>{t('deposits.sim.leftToday')}</dt>
            <dd className="mono" data-testid="sim-faucet-left">
              {faucet
                ? t('deposits.sim.leftOf', {
                    left: formatAmount(faucet.leftToday, { grouping: true }),
                    limit: formatAmount(faucet.dailyLimit, { grouping: true }),
                  })
                : '—'}
            </dd>
          </div>
        </dl>
      )}
      {faucet && (
        <p className="sim-hint" data-testid="sim-faucet-reset">
          {t('deposits.sim.resets', { time: formatTime(faucet.resetTimestamp) })}
        </p>
      )}
      <form className="sim-faucet" onSubmit={onFaucet} noValidate data-testid="sim-faucet-form">
        <TextField
          label={t('deposits.sim.faucetAmount', { currency: method.currency })}
          testId="sim-faucet-amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('money.amountPlaceholder')}
          registration={form.register('amount', { setValueAs: decimalInput })}
          error={form.formState.errors.amount?.message}
          hint={coin ? t('deposits.sim.faucetMax', { max: formatNumber(coin.faucetMax, { grouping: true }), currency: method.currency }) : undefined}
        />
        <Button block type="submit" fill="outline" color="primary" shape="rounded" loading={form.formState.isSubmitting} data-testid="sim-faucet">
          {t('deposits.sim.faucet')}
        </Button>
      </form>
    </section>
  );
}
