import '../../ui/money.css';
import './follow.css';
import {
  compareDecimal,
  COPY_STOP_LOSS,
  decimalInput,
  FOLLOW_MAX_AMOUNT,
  FOLLOW_MIN_AMOUNT,
  WalletCode,
  walletCurrency,
  zFollowInput,
  type AgencyDetail,
} from '@tradeapp/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { useIntentKey } from '../../api/intent';
import { paths } from '../../app/paths';
import { formatInCurrency } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { reportFormError } from '../../ui/forms';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { balancesQuery, WALLET_LABEL } from '../wallet';
import { agencyQuery, startFollow } from './api';
import { formatFraction, NO_VALUE, stopLossLevel } from './calc';
import { Figure, Return, useAgencyName } from './components';

// The specification's follow order (/pages/payment/follow?agencyId=): an amount of 100 to 1,000,000
// dollars from the follow wallet, the copy stop-loss (5-95 %, 40 % by default) with the equity it
// stands for, "copy open trades", and the terms stated before the confirmation: ordinary fees, no
// profit share, copies that cannot be sold. The contract's zFollowInput checks the fields, so its
// messages are the server's.

const CURRENCY = walletCurrency(WalletCode.Follow);

/** The terms of following, stated before the follow starts and again in the confirmation. */
function Statement({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <ul className="follow-statement" data-testid={testId}>
      <li>{t('follow.order.statementFees')}</li>
      <li>{t('follow.order.statementLocked')}</li>
      <li>{t('follow.order.statementSizes')}</li>
    </ul>
  );
}

function FollowForm({ a }: { a: AgencyDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useAgencyName();
  const intent = useIntentKey();
  const switchId = useId();
  const balances = useQuery(balancesQuery());
  const wallet = balances.data?.find((w) => w.code === WalletCode.Follow);
  const form = useForm({
    resolver: zodResolver(zFollowInput),
    defaultValues: { agencyId: a.id, amount: '', stopLossPercent: String(COPY_STOP_LOSS.default), copyOpen: false },
  });
  const { errors, isSubmitting } = form.formState;
  const amount = useWatch({ control: form.control, name: 'amount' });
  const percent = useWatch({ control: form.control, name: 'stopLossPercent' });
  const level = stopLossLevel(amount, percent);
  const name = nameOf(a.strategy);
  const money = (v: string | null | undefined) => formatInCurrency(v, CURRENCY);
  // Short: less in the wallet than typed, or than the smallest follow.
  const short = wallet !== undefined && (compareDecimal(wallet.balance, FOLLOW_MIN_AMOUNT) === -1 || compareDecimal(amount, wallet.balance) === 1);

  const onSubmit = form.handleSubmit(async (values) => {
    if (wallet && compareDecimal(values.amount, wallet.balance) === 1) {
      form.setError('amount', { type: 'balance', message: 'e.insufficientFunds' });
      return;
    }
    const stopsAt = stopLossLevel(values.amount, values.stopLossPercent);
    const ok = await Dialog.confirm({
      title: t('follow.order.confirmTitle'),
      // antd's dialog is named only when told: its title is not tied to it.
      'aria-label': t('follow.order.confirmTitle'),
      content: (
        <div data-testid="follow-confirm-summary">
          <dl className="follow-lines">
            <Figure label={t('follow.order.agency')}>{name}</Figure>
            <Figure label={t('follow.putIn')} testId="follow-confirm-amount">
              <strong>{money(values.amount)}</strong>
            </Figure>
            <Figure label={t('follow.detail.stopLoss')} testId="follow-confirm-stop-loss">
              {t('follow.detail.stopLossValue', { percent: String(values.stopLossPercent), level: stopsAt ? money(stopsAt) : NO_VALUE })}
            </Figure>
            <Figure label={t('follow.order.copyOpen')} testId="follow-confirm-copy-open">
              {t(values.copyOpen ? 'follow.order.yes' : 'follow.order.no')}
            </Figure>
            <Figure label={t('trading.detail.wallet')}>{t(WALLET_LABEL[WalletCode.Follow])}</Figure>
          </dl>
          <Statement testId="follow-confirm-statement" />
        </div>
      ),
      confirmText: <span data-testid="follow-confirm">{t('follow.order.confirmYes')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    const input = { agencyId: a.id, amount: values.amount, stopLossPercent: values.stopLossPercent, copyOpen: values.copyOpen };
    const key = intent.take(JSON.stringify(input));
    try {
      const follow = await startFollow(input, key);
      intent.settle();
      showToast(t('follow.order.done', { name }), 'success');
      void navigate(paths.follow.detail(follow.id), { replace: true });
    } catch (error) {
      intent.settle(error);
      // The server's sentence under its field (amount, stop-loss), anything else as a toast.
      reportFormError(error, form.setError, ['amount', 'stopLossPercent']);
    }
  });

  return (
    <form className="form-page follow-form" onSubmit={onSubmit} noValidate aria-labelledby="follow-order-title">
      <section className="form-section follow-order-agency" data-testid="follow-order-agency" data-id={a.id}>
        <h1 className="form-section-title" id="follow-order-title">
          {name}
        </h1>
        <p className="follow-sub">{t(`follow.strategies.${a.strategy}.style`)}</p>
        <dl className="figures follow-figures three">
          <Figure label={t('follow.returnDays', { n: 90 })}>
            <Return value={a.record.returns.d90} />
          </Figure>
          <Figure label={t('follow.drawdownDays', { n: 90 })}>{formatFraction(a.record.maxDrawdown90)}</Figure>
          <Figure label={t('follow.riskScore')}>{t('follow.riskValue', { n: a.record.riskScore })}</Figure>
        </dl>
        <button type="button" className="link follow-link" data-testid="follow-order-agency-link" onClick={() => void navigate(paths.follow.agency(a.id))}>
          {t('follow.detail.agencyPage')}
        </button>
      </section>

      <section className="form-section">
        <TextField
          label={t('follow.order.amount')}
          testId="follow-amount"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('money.amountPlaceholder')}
          registration={form.register('amount', { setValueAs: decimalInput })}
          error={errors.amount?.message}
          hint={t('follow.order.amountHint', { min: money(FOLLOW_MIN_AMOUNT), max: money(FOLLOW_MAX_AMOUNT) })}
        />
        <div className="follow-available" data-testid="follow-available">
          <span>{t('follow.order.available')}</span>
          <strong data-testid="follow-available-amount">{wallet ? money(wallet.balance) : NO_VALUE}</strong>
        </div>
        {short && (
          <p className="follow-note warn" role="status" data-testid="follow-short">
            {t('follow.order.short')}{' '}
            <button
              type="button"
              className="link"
              data-testid="follow-transfer"
              onClick={() => void navigate(paths.wallet.transfer({ from: WalletCode.Funding, to: WalletCode.Follow }))}
            >
              {t('follow.order.transfer')}
            </button>
          </p>
        )}
      </section>

      <section className="form-section">
        <TextField
          label={t('follow.order.stopLoss')}
          testId="follow-stop-loss"
          inputMode="numeric"
          autoComplete="off"
          registration={form.register('stopLossPercent')}
          error={errors.stopLossPercent?.message}
          hint={t('follow.order.stopLossHint', { min: `${COPY_STOP_LOSS.min}%`, max: `${COPY_STOP_LOSS.max}%` })}
          suffix={
            <span className="follow-suffix" aria-hidden="true">
              %
            </span>
          }
        />
        <p className="follow-level" aria-live="polite" data-testid="follow-stop-level" data-level={level ?? ''}>
          {level ? t('follow.order.stopLossLevel', { level: money(level) }) : t('follow.order.stopLossPending')}
        </p>
        <div className="follow-switch">
          <span className="follow-switch-text">
            <label htmlFor={switchId}>{t('follow.order.copyOpen')}</label>
            <small id={`${switchId}-hint`}>{t('follow.order.copyOpenHint')}</small>
          </span>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            aria-describedby={`${switchId}-hint`}
            data-testid="follow-copy-open"
            {...form.register('copyOpen')}
          />
        </div>
      </section>

      <section className="form-section follow-terms" aria-labelledby="follow-terms-title">
        <h2 className="form-section-title" id="follow-terms-title">
          {t('follow.order.statementTitle')}
        </h2>
        <Statement testId="follow-statement" />
      </section>

      <div className="form-actions">
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          loading={isSubmitting}
          loadingText={t('follow.order.submit')}
          data-testid="follow-submit"
        >
          {t('follow.order.submit')}
        </Button>
      </div>
    </form>
  );
}

export default function FollowOrderPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = Number(params.get('agencyId') ?? 0);
  const agencyId = Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
  const query = useQuery({ ...agencyQuery(agencyId), refetchInterval: false });
  const balances = useQuery(balancesQuery());
  const a = query.data;
  const browse = (
    <Button
      size="small"
      shape="rounded"
      color="primary"
      fill="outline"
      data-testid="follow-order-browse"
      onClick={() => void navigate(paths.follow.agencies())}
    >
      {t('follow.order.chooseAgency')}
    </Button>
  );

  let body;
  if (agencyId === 0)
    body = (
      <EmptyState kind="notFound" title={t('follow.order.missingAgency')}>
        {browse}
      </EmptyState>
    );
  else if (!a && query.isPending)
    body = (
      <div className="card card-pad" aria-busy="true" data-testid="follow-order-loading">
        <span className="sk sk-line" />
        <span className="sk sk-short" />
      </div>
    );
  else if (!a)
    body = (
      <EmptyState
        kind="notFound"
        title={t('follow.agency.loadFailed')}
        body={query.error?.message}
        onRetry={() => void query.refetch()}
        retryTestId="follow-order-retry"
      />
    );
  else if (a.followId !== null)
    body = (
      <EmptyState kind="records" title={t('follow.order.alreadyTitle')} body={t('follow.order.alreadyBody')}>
        <Button
          size="small"
          shape="rounded"
          color="primary"
          data-testid="follow-order-existing"
          onClick={() => void navigate(paths.follow.detail(a.followId!), { replace: true })}
        >
          {t('follow.agency.viewFollow')}
        </Button>
      </EmptyState>
    );
  else if (a.paused)
    body = (
      <EmptyState kind="feature" title={t('follow.order.pausedTitle')} body={t('follow.agency.pausedNote')}>
        {browse}
      </EmptyState>
    );
  else body = <FollowForm a={a} />;

  return (
    <Page title={t('titles.paymentFollow')} className="money-page follow-page">
      <Refreshable onRefresh={() => Promise.all([query.refetch(), balances.refetch()])}>{body}</Refreshable>
    </Page>
  );
}
