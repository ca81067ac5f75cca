import '../../ui/money.css';
import './placing.css';
import {
  compareDecimal,
  isMultipleOf,
  KycStatus,
  mulDecimal,
  PlacementState,
  placementCosts,
  zPlacementKeyInput,
  zQuantity,
  type Placement,
} from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { ApiError } from '../../api/client';
import { isRetryable, useIntentKey } from '../../api/intent';
import { useUserInfo } from '../../api/user';
import { paths } from '../../app/paths';
import { msg } from '../../i18n/messages';
import { formatDate, formatDateMinute, formatInCurrency, formatNumber, formatPrice, formatQuantity } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { Field } from '../../ui/Field';
import { KeyForm } from '../../ui/KeyForm';
import { Page } from '../../ui/Page';
import { StatusBadge } from '../../ui/records';
import { Refreshable } from '../../ui/Refreshable';
import { showToast } from '../../ui/toast';
import { balancesQuery, WALLET_LABEL } from '../wallet';
import { buyPlacement, enterKey, unlockedQuery } from './api';

// The specification's placing page: the key from an invitation notice unlocks a placement for the
// investor; each unlocked placement shows its terms (price, discount, floor, quantity, lock-up,
// window) and, while open, buys with an estimate from the contract's formula and a confirmation.

const DAY = 86_400_000;

const STATE_TONE: Record<PlacementState, string> = { upcoming: 'progress', open: 'done', soldOut: 'muted', ended: 'muted', closed: 'failed' };

const SIGN: Record<string, string> = { EUR: '€', USD: '$' };

/** A price in the instrument's currency with the places it has (a QIP floor is exact, finer than the tick). */
function priceIn(value: string, p: Placement, exact = false): string {
  const text = exact ? formatNumber(value, { grouping: true }) : formatPrice(value, p.tickSize);
  const sign = SIGN[p.currency];
  return sign ? `${sign}${text}` : `${text} ${p.currency}`;
}

/** When a purchase made now would end its lock-up (the server counts from the purchase's moment). */
const lockupEndFromNow = (days: number) => formatDate(Date.now() + days * DAY);

/** The fee rate in percent as the rule has it: "0.05%". */
const feeRateText = (p: Placement) => `${formatNumber(mulDecimal(p.feeRate, '100', 6)!.replace(/\.?0+$/, ''))}%`;

function Line({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="placing-line">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** "3.50%" below, or above for a premium, of the last close. */
function Discount({ p }: { p: Placement }) {
  const { t } = useTranslation();
  const premium = p.discountPercent.startsWith('-');
  return (
    <Line label={t(premium ? 'placing.premium' : 'placing.discount')} testId="placing-discount">
      {formatNumber(premium ? p.discountPercent.slice(1) : p.discountPercent)}%
    </Line>
  );
}

/** What a purchase of `quantity` costs, from the same formula the server books with. */
function estimateOf(p: Placement, quantity: string) {
  if (!zQuantity.safeParse(quantity).success) return null;
  return placementCosts({ price: p.price, quantity, rate: p.rate, feeRate: p.feeRate });
}

/** The quantity's problem in the investor's language, before anything is sent; null when it may be bought. */
function quantityProblem(p: Placement, quantity: string, offLot: string): string | null {
  if (!zQuantity.safeParse(quantity).success) return msg('v.addQuantity');
  if (!isMultipleOf(quantity, p.lotSize)) return offLot;
  if (compareDecimal(quantity, p.minQuantity) === -1) return msg('e.placementBelowMin', { min: formatQuantity(p.minQuantity) });
  if (compareDecimal(quantity, p.quantityRemaining) === 1) return msg('e.placementRemaining', { remaining: formatQuantity(p.quantityRemaining) });
  return null;
}

function BuyForm({ p }: { p: Placement }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const intent = useIntentKey();
  const balances = useQuery(balancesQuery());
  const [quantity, setQuantity] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const q = quantity.trim();
  const estimate = estimateOf(p, q);
  const wallet = balances.data?.find((w) => w.code === p.walletCode);
  const walletName = t(WALLET_LABEL[p.walletCode]);
  const short = estimate !== null && wallet !== undefined && compareDecimal(estimate.total, wallet.balance) === 1;
  const inWallet = (v: string) => formatInCurrency(v, p.walletCurrency);
  const submit = async () => {
    const problem = quantityProblem(p, q, t('placing.quantityInvalid', { lot: formatQuantity(p.lotSize) }));
    if (problem) {
      setError(problem);
      return;
    }
    const costs = estimateOf(p, q)!;
    const ok = await Dialog.confirm({
      title: t('placing.confirmTitle'),
      // antd's dialog is named only when told: its title is not tied to it.
      'aria-label': t('placing.confirmTitle'),
      content: (
        <div data-testid="placing-confirm-summary">
          <dl className="placing-lines">
            <Line label={p.name}>{`${p.symbol} · ${p.kind}`}</Line>
            <Line label={t('placing.quantityLabel')}>{formatQuantity(q)}</Line>
            <Line label={t('placing.price')}>{priceIn(p.price, p)}</Line>
            <Line label={t('placing.amount')}>{inWallet(costs.amount)}</Line>
            <Line label={t('placing.fee', { rate: feeRateText(p) })}>{inWallet(costs.fee)}</Line>
            <Line label={t('placing.total')} testId="placing-confirm-total">
              <strong>{inWallet(costs.total)}</strong>
            </Line>
            <Line label={t('placing.paidFrom')}>{walletName}</Line>
          </dl>
          <p className="placing-note">{t('placing.lockedUntilAbout', { date: lockupEndFromNow(p.lockupDays) })}</p>
        </div>
      ),
      confirmText: <span data-testid="placing-confirm">{t('placing.confirmYes')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    const input = { placementId: p.id, quantity: q };
    const key = intent.take(JSON.stringify(input));
    setBusy(true);
    try {
      await buyPlacement(input, key);
      intent.settle();
      showToast(t('placing.bought'), 'success');
      void navigate(paths.placing.record());
    } catch (err) {
      intent.settle(err);
      // The server's sentence (with its figures) under the field, or else as a toast.
      if (err instanceof ApiError && err.fields?.quantity) setError(err.message);
      else if (err instanceof ApiError && !err.aborted && !isRetryable(err)) showToast(err.message, 'fail');
      else showToast(msg('e.network'), 'fail');
    } finally {
      setBusy(false);
    }
  };

  const fieldId = `placing-quantity-${String(p.id)}`;
  return (
    <form
      className="placing-buy"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field
        id={fieldId}
        label={t('placing.quantityLabel')}
        error={error}
        testId="placing-quantity"
        hint={t('placing.quantityHint', { min: formatQuantity(p.minQuantity), max: formatQuantity(p.quantityRemaining) })}
      >
        <div className="field-control">
          <input
            id={fieldId}
            inputMode="decimal"
            autoComplete="off"
            value={quantity}
            data-testid="placing-quantity"
            {...(error ? { 'aria-invalid': true as const, 'aria-describedby': `${fieldId}-error` } : {})}
            onChange={(event) => {
              setQuantity(event.target.value);
              setError(undefined);
            }}
          />
        </div>
      </Field>
      <dl className="placing-lines placing-estimate" data-testid="placing-estimate">
        <Line label={t('placing.amount')} testId="placing-amount">
          {estimate ? inWallet(estimate.amount) : '--'}
        </Line>
        <Line label={t('placing.fee', { rate: feeRateText(p) })} testId="placing-fee">
          {estimate ? inWallet(estimate.fee) : '--'}
        </Line>
        <Line label={t('placing.total')} testId="placing-total">
          <strong>{estimate ? inWallet(estimate.total) : '--'}</strong>
        </Line>
        <Line label={t('placing.available', { wallet: walletName })} testId="placing-available">
          {wallet ? inWallet(wallet.balance) : '--'}
        </Line>
      </dl>
      {short && (
        <p className="placing-warn" role="status">
          {t('placing.short', { wallet: walletName })}{' '}
          <button type="button" className="link" onClick={() => void navigate(paths.wallet.transfer({ to: p.walletCode }))}>
            {t('placing.transfer')}
          </button>
        </p>
      )}
      <Button block type="submit" color="primary" size="large" shape="rounded" loading={busy} data-testid="placing-buy">
        {t('placing.buy')}
      </Button>
    </form>
  );
}

/** What can be done now: buy while open, verify the identity first, or why not. */
function Action({ p }: { p: Placement }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  if (p.state === PlacementState.Upcoming) return <p className="placing-note">{t('placing.opensOn', { date: formatDateMinute(p.opensAtTimestamp) })}</p>;
  if (p.state !== PlacementState.Open) return <p className="placing-note">{t('placing.over')}</p>;
  if (user.data && user.data.kycStatus !== KycStatus.Verified) {
    return (
      <div className="placing-kyc">
        <p className="placing-note">{t('placing.verify')}</p>
        <Button size="small" shape="rounded" color="primary" onClick={() => void navigate(paths.kyc())} data-testid="placing-kyc">
          {t('placing.verifyButton')}
        </Button>
      </div>
    );
  }
  return <BuyForm p={p} />;
}

function PlacementCard({ p, highlight }: { p: Placement; highlight: boolean }) {
  const { t } = useTranslation();
  return (
    <section
      className={`card placing-card${highlight ? ' placing-highlight' : ''}`}
      data-testid="placing-card"
      data-id={p.id}
      data-state={p.state}
      aria-labelledby={`placing-title-${String(p.id)}`}
    >
      <header className="placing-head">
        <div>
          <h3 className="placing-name" id={`placing-title-${String(p.id)}`}>
            {p.name}
          </h3>
          <div className="placing-sub">
            {p.stockCode} · {t(`placing.kind.${p.kind}`)}
          </div>
        </div>
        <StatusBadge tone={STATE_TONE[p.state]} testId="placing-state">
          {t(`placing.state.${p.state}`)}
        </StatusBadge>
      </header>
      <dl className="placing-lines">
        <Line label={t('placing.price')} testId="placing-price">
          <strong>{priceIn(p.price, p)}</strong>
        </Line>
        <Line label={t('placing.lastClose')}>{priceIn(p.lastClose, p)}</Line>
        <Discount p={p} />
        {p.floorPrice !== null && (
          <Line label={t('placing.floor')} testId="placing-floor">
            {priceIn(p.floorPrice, p, true)}
          </Line>
        )}
        <Line label={t('placing.remaining')} testId="placing-remaining">
          {t('placing.remainingValue', { left: formatQuantity(p.quantityRemaining), offered: formatQuantity(p.quantityOffered) })}
        </Line>
        <Line label={t('placing.minQuantity')}>{t('placing.shares', { n: formatQuantity(p.minQuantity) })}</Line>
        <Line label={t('placing.lockup')} testId="placing-lockup">
          {t('placing.lockupDays', { n: String(p.lockupDays) })}
        </Line>
        <Line label={t('placing.window')}>
          {t('placing.windowValue', { from: formatDateMinute(p.opensAtTimestamp), to: formatDateMinute(p.closesAtTimestamp) })}
        </Line>
      </dl>
      <Action p={p} />
    </section>
  );
}

export default function PlacingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unlocked = useQuery(unlockedQuery());
  const [latest, setLatest] = useState<number | null>(null);

  let body;
  if (unlocked.isPending) body = <div className="card sk-card" aria-busy="true" data-testid="placing-loading" />;
  else if (unlocked.isError)
    body = <EmptyState kind="feature" title={t('placing.loadFailed')} onRetry={() => void unlocked.refetch()} retryTestId="placing-retry" />;
  else if (unlocked.data.length === 0)
    body = (
      <EmptyState kind="feature" title={t('placing.empty')} body={t('placing.emptyBody')}>
        <Button size="small" shape="rounded" fill="outline" color="primary" data-testid="placing-notices" onClick={() => void navigate(paths.notices.index())}>
          {t('placing.openNotices')}
        </Button>
      </EmptyState>
    );
  else body = unlocked.data.map((p) => <PlacementCard key={p.id} p={p} highlight={p.id === latest} />);

  return (
    <Page
      title={t('titles.placingIndex')}
      className="money-page"
      right={
        <button type="button" className="placing-nav-link" data-testid="placing-record-link" onClick={() => void navigate(paths.placing.record())}>
          {t('placing.records')}
        </button>
      }
    >
      <Refreshable onRefresh={() => unlocked.refetch()}>
        <div className="form-page placing-page">
          <p className="placing-intro">{t('placing.intro')}</p>
          <KeyForm
            schema={zPlacementKeyInput}
            send={enterKey}
            clearOnEntered
            onEntered={(p) => {
              showToast(t('placing.unlocked'), 'success');
              setLatest(p.id);
            }}
            className="placing-key"
            label={t('placing.keyLabel')}
            placeholder={t('placing.keyPlaceholder')}
            testId="placing-key"
            submitTestId="placing-unlock"
            submitLabel={t('placing.unlock')}
          >
            <h2 className="form-section-title">{t('placing.keyTitle')}</h2>
            <p className="placing-note">{t('placing.keyBody')}</p>
          </KeyForm>
          <h2 className="placing-section-title">{t('placing.yours')}</h2>
          <div
            data-testid="placing-list"
            data-state={unlocked.isPending ? 'loading' : unlocked.isError ? 'error' : unlocked.data.length === 0 ? 'empty' : 'list'}
          >
            {body}
          </div>
        </div>
      </Refreshable>
    </Page>
  );
}
