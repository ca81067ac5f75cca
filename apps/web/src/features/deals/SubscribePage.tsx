import '../../ui/money.css';
import './deals.css';
import { compareDecimal, DealStatus, KycStatus, SubscriptionStatus, subDecimal, WalletCode, zLots, type NewStock, type Subscription } from '@tradeapp/contract';
import { Button, Dialog } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from '../../lib/router';
import { ApiError } from '../../api/errors';
import { useIntentKey } from '../../api/intent';
import { useUserInfo } from '../../api/user';
import { paths, ROUTES } from '../../app/paths';
import { msg } from '../../i18n/messages';
import { EMPTY_VALUE, formatAmount, formatDateText, formatInCurrency, formatNumber, formatQuantity, signOf } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { showToast } from '../../ui/toast';
import { formatSignedInCurrency, WALLET_LABEL } from '../wallet';
import { changeOffer, fullLotsQuery, newStockQuery, reconfirmOffer, refreshDeals, subscribe, subscriptionQuery, type FullLots } from './api';
import { feeRatePercent, holdEstimate, poolOf, refundedOf, type HoldEstimate } from './calc';
import { DealBadge, dealPriceText, MarketTag, poolThresholdText, sharePercent, useExchangeTime, useLotsText } from './components';
import { dealKeys } from './keys';
import { SubscriptionFields } from './SubscriptionFields';

type Mode = 'subscribe' | 'change' | 'reconfirm';

/** What the investor can do on this page now: apply, change or reconfirm a United States offer, or only look. */
function modeOf(deal: NewStock, own: Subscription | null | undefined): Mode | null {
  if (!deal.mine) return deal.dealStatus === DealStatus.Open ? 'subscribe' : null;
  if (!own || own.status !== SubscriptionStatus.Subscribed || deal.market !== 'US') return null;
  if (deal.dealStatus === DealStatus.Open) return 'change';
  return deal.dealStatus === DealStatus.Priced && own.reconfirmRequired ? 'reconfirm' : null;
}

function Line({ label, children, testId, strong }: { label: ReactNode; children: ReactNode; testId?: string; strong?: boolean }) {
  return (
    <div className={strong ? 'deal-estimate-line strong' : 'deal-estimate-line'}>
      <span>{label}</span>
      <span data-testid={testId}>{children}</span>
    </div>
  );
}

function DealStrip({ deal }: { deal: NewStock }) {
  const { t } = useTranslation();
  const count = useLotsText();
  const at = useExchangeTime();
  return (
    <section className="card card-pad deal-strip" data-testid="subscribe-deal" data-symbol={deal.symbol}>
      <div className="deal-head-top">
        <div className="deal-head-name">
          <h2>{deal.name}</h2>
          <span>
            <MarketTag market={deal.market} /> {deal.code} · {deal.exchange}
          </span>
        </div>
        <DealBadge deal={deal} />
      </div>
      <div className="deal-strip-grid">
        <div>
          <span>{deal.finalPrice ? t('deals.finalPrice') : t('deals.priceRange')}</span>
          <strong>{dealPriceText(deal)}</strong>
        </div>
        <div>
          <span>{t('deals.fields.lotSize')}</span>
          <strong>{count.lotShares(deal.lotSize)}</strong>
        </div>
      </div>
      <p className="deal-note">
        {t(deal.dealStatus === DealStatus.Open || deal.dealStatus === DealStatus.Announced ? 'deals.form.closesAt' : 'deals.form.closedAt', {
          time: at(deal.subscriptionClosesTimestamp, deal.market),
        })}
      </p>
    </section>
  );
}

/** The hold, line by line, in the deal's currency and in euros, and what it leaves in the wallet. */
function Estimate({
  deal,
  estimate,
  full,
  mode,
  current,
}: {
  deal: NewStock;
  estimate: HoldEstimate | null;
  full: FullLots | undefined;
  mode: Mode;
  current: Subscription | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inDeal = (v: string | undefined) => (v ? formatInCurrency(v, deal.currency) : EMPTY_VALUE);
  const eur = (v: string | null | undefined) => (v ? formatInCurrency(v, 'EUR') : EMPTY_VALUE);
  const sub = (v: string | null | undefined) => (v ? <small className="deal-estimate-sub">{eur(v)}</small> : null);
  // A change or reconfirmation releases the hold it replaces: the wallet needs only the difference.
  const needed = estimate?.payNow ? (current ? subDecimal(estimate.payNow, current.pendingPayment) : estimate.payNow) : null;
  const short = Boolean(needed && full && compareDecimal(needed, full.available) === 1);
  const priced = deal.finalPrice !== null;
  // A deal without a fee rate or a handling fee (as US deals are seeded) shows no line for it.
  const charged = signOf(deal.feeRate) > 0;
  const handlingFee = signOf(deal.handlingFee) > 0;
  return (
    <section className="form-section deal-estimate" data-testid="subscribe-estimate">
      <div className="form-section-title">{t('deals.form.estimate')}</div>
      <Line label={t('deals.form.shares')} testId="subscribe-shares">
        {estimate ? formatQuantity(estimate.shares) : EMPTY_VALUE}
      </Line>
      <Line label={priced ? t('deals.finalPrice') : t('deals.form.heldPrice')}>{`${formatNumber(deal.price, { grouping: true })} ${deal.currency}`}</Line>
      <Line label={t('deals.form.amount')} testId="subscribe-amount">
        {inDeal(estimate?.inDeal.amount)}
        {sub(estimate?.inEuros?.amount)}
      </Line>
      {charged && (
        <Line label={t('deals.form.fee', { rate: `${formatNumber(feeRatePercent(deal.feeRate))}%` })} testId="subscribe-fee">
          {inDeal(estimate?.inDeal.fee)}
          {sub(estimate?.inEuros?.fee)}
        </Line>
      )}
      <Line label={t('deals.form.held')} testId="subscribe-held" strong>
        {inDeal(estimate?.inDeal.total)}
        <small className="deal-estimate-sub" data-testid="subscribe-held-eur">
          {estimate?.inEuros ? eur(estimate.inEuros.total) : t('deals.form.rateLoading')}
        </small>
      </Line>
      {mode === 'subscribe'
        ? handlingFee && (
            <Line label={t('deals.form.handlingFee')} testId="subscribe-handling-fee">
              {inDeal(deal.handlingFee)}
              {sub(estimate?.handlingFeeEuros)}
            </Line>
          )
        : current && (
            <Line label={t('deals.form.heldNow')} testId="subscribe-held-now">
              {eur(current.pendingPayment)}
            </Line>
          )}
      <Line label={mode === 'subscribe' ? t('deals.form.payNow') : t('deals.form.difference')} testId="subscribe-pay-now" strong>
        {mode === 'subscribe' ? eur(estimate?.payNow) : needed ? formatSignedInCurrency(needed, 'EUR') : EMPTY_VALUE}
      </Line>
      {full && (
        <p className="deal-estimate-rate" data-testid="subscribe-rate">
          {t('deals.form.rate', { currency: deal.currency, rate: formatAmount(full.rate, { decimals: 6 }) })}
        </p>
      )}
      <div className={short ? 'deal-estimate-line available short' : 'deal-estimate-line available'}>
        <span>
          {t('deals.form.available')} · {t(WALLET_LABEL[WalletCode.Subscription])}
        </span>
        <span className="deal-available">
          <strong data-testid="subscribe-available">{full ? eur(full.available) : EMPTY_VALUE}</strong>
          <button
            type="button"
            className="link"
            data-testid="subscribe-transfer"
            onClick={() => void navigate(paths.wallet.transfer({ from: WalletCode.Funding, to: WalletCode.Subscription }))}
          >
            {t('deals.form.transfer')}
          </button>
        </span>
      </div>
      {short && (
        <div className="field-error" role="alert" data-testid="subscribe-short">
          {t('deals.form.short')}
        </div>
      )}
      <ul className="deal-notes" data-testid="subscribe-notes">
        <li>
          {charged
            ? t('deals.form.feeNote', { rate: `${formatNumber(feeRatePercent(deal.feeRate))}%`, date: formatDateText(deal.allotmentDate) })
            : t('deals.form.refundNote', { date: formatDateText(deal.allotmentDate) })}
        </li>
        {mode === 'subscribe' && handlingFee && <li>{t('deals.form.handlingNote', { fee: inDeal(deal.handlingFee) })}</li>}
        {!priced && <li>{t('deals.form.rangeNote')}</li>}
        {deal.market === 'US' && mode === 'subscribe' && <li>{t('deals.form.usNote')}</li>}
        {mode === 'reconfirm' && <li>{t('deals.form.reconfirmNote', { date: formatDateText(deal.allotmentDate) })}</li>}
      </ul>
    </section>
  );
}

/** Lots, Full, the pool and its odds, the estimate and the steps of applying. */
function LotsForm({ deal, mode, current }: { deal: NewStock; mode: Mode; current: Subscription | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const intent = useIntentKey();
  const lotsText = useLotsText();
  const full = useQuery(fullLotsQuery(deal.id));
  const [lots, setLots] = useState(String(current?.lots ?? 1));
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [filling, setFilling] = useState(false);
  const verified = user.data?.kycStatus === KycStatus.Verified;

  const parsed = zLots.safeParse(lots);
  const n = parsed.success && parsed.data <= deal.publicLots ? parsed.data : null;
  const estimate = n === null ? null : holdEstimate(deal, n, full.data?.rate ?? null, mode !== 'subscribe');
  const pool = n === null ? null : poolOf(deal, n);
  const odds = pool && deal.pools ? deal.pools[pool] : null;

  const change = (next: string) => {
    setLots(next.trim());
    setError(undefined);
  };
  const step = (by: number) => change(String(Math.min(deal.publicLots, Math.max(1, (parsed.success ? parsed.data : 0) + by))));

  const fill = async () => {
    setFilling(true);
    try {
      const answer = await full.refetch();
      if (!answer.data) return;
      if (answer.data.lots < 1) setError(t('deals.form.fullNone'));
      else change(String(answer.data.lots));
    } finally {
      setFilling(false);
    }
  };

  const validate = (): number | null => {
    const p = zLots.safeParse(lots);
    if (!p.success) {
      setError(p.error.issues[0]?.message ?? 'v.lotsRule');
      return null;
    }
    if (p.data > deal.publicLots) {
      setError(msg('e.dealLotsTooMany', { max: formatQuantity(deal.publicLots) }));
      return null;
    }
    return p.data;
  };

  const submit = async () => {
    if (!verified) {
      void navigate(paths.kyc());
      return;
    }
    const count = validate();
    if (count === null) return;
    const e = holdEstimate(deal, count, full.data?.rate ?? null, mode !== 'subscribe');
    const eur = (v: string | null) => (v ? formatInCurrency(v, 'EUR') : EMPTY_VALUE);
    const ok = await Dialog.confirm({
      title: t(`deals.confirm.${mode}`),
      // antd-mobile names no dialog by its title: axe asks for a name on role="dialog".
      'aria-label': t(`deals.confirm.${mode}`),
      bodyClassName: 'deal-confirm-dialog',
      content: (
        <div className="deal-confirm" data-testid="subscribe-confirm-summary">
          <Line label={deal.name}>{deal.code}</Line>
          <Line label={t('deals.fields.quantity')}>{lotsText.both(count, e.shares)}</Line>
          <Line label={t('deals.form.held')}>
            {formatInCurrency(e.inDeal.total, deal.currency)}
            <small className="deal-estimate-sub">{eur(e.inEuros?.total ?? null)}</small>
          </Line>
          {mode === 'subscribe' && signOf(deal.handlingFee) > 0 && <Line label={t('deals.form.handlingFee')}>{eur(e.handlingFeeEuros)}</Line>}
          <Line label={mode === 'subscribe' ? t('deals.form.payNow') : t('deals.form.newHold')} strong>
            {eur(e.payNow)}
          </Line>
          <p className="deal-note">{t('deals.confirm.note', { date: formatDateText(deal.allotmentDate) })}</p>
        </div>
      ),
      confirmText: <span data-testid="subscribe-confirm">{t(`deals.confirm.${mode}Yes`)}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    const input = { dealId: deal.id, lots: count };
    const key = intent.take(JSON.stringify({ mode, ...input }));
    setPending(true);
    try {
      if (mode === 'subscribe') await subscribe(deal, count, key);
      else if (mode === 'change') await changeOffer(input, key);
      else await reconfirmOffer(input, key);
      intent.settle();
      showToast(t(`deals.done.${mode}`), 'success');
      void refreshDeals();
      void navigate(paths.trading.index('subscriptions'), { replace: true });
    } catch (err) {
      intent.settle(err);
      if (err instanceof ApiError && err.aborted) return;
      // The field names its message key only; the answer's own message carries the figures ({max}).
      if (err instanceof ApiError && err.fields?.lots) setError(err.key === err.fields.lots ? err.message : err.fields.lots);
      else showToast(err instanceof Error && err.message ? err.message : msg('e.network'), 'fail');
      void refreshDeals();
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className="form-page deal-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {!verified && user.data && (
        <section className="deal-kyc" data-testid="subscribe-kyc">
          <div>
            <strong>{t('deals.form.kycTitle')}</strong>
            <p>{user.data.kycStatus === KycStatus.UnderReview ? t('deals.form.kycReview') : t('deals.form.kycBody')}</p>
          </div>
          {user.data.kycStatus !== KycStatus.UnderReview && (
            <Button size="small" shape="rounded" color="primary" onClick={() => void navigate(paths.kyc())}>
              {t('deals.form.kycAction')}
            </Button>
          )}
        </section>
      )}
      <section className="form-section">
        {mode !== 'subscribe' && (
          <p className={mode === 'reconfirm' ? 'deal-note warn' : 'deal-note'} data-testid="subscribe-mode-note">
            {mode === 'change'
              ? t('deals.form.changeIntro', { lots: lotsText.lots(current?.lots ?? 0) })
              : t('deals.form.reconfirmIntro', { price: dealPriceText(deal) })}
          </p>
        )}
        <div className={error ? 'field has-error' : 'field'}>
          <label className="field-label" htmlFor="subscribe-lots">
            {t('deals.form.lots')}
          </label>
          <div className="field-control deal-lots">
            <button type="button" className="deal-step" aria-label={t('deals.form.fewer')} data-testid="subscribe-minus" onClick={() => step(-1)}>
              −
            </button>
            <input
              id="subscribe-lots"
              inputMode="numeric"
              autoComplete="off"
              data-testid="subscribe-lots"
              value={lots}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'subscribe-lots-error' : 'subscribe-lots-hint'}
              onChange={(event) => change(event.target.value)}
            />
            <button type="button" className="deal-step" aria-label={t('deals.form.more')} data-testid="subscribe-plus" onClick={() => step(1)}>
              +
            </button>
            <button type="button" className="code-button" data-testid="subscribe-full" disabled={filling} onClick={() => void fill()}>
              {t('deals.form.full')}
            </button>
          </div>
          {error ? (
            <div className="field-error" id="subscribe-lots-error" role="alert" data-testid="subscribe-lots-error">
              {msg(error)}
            </div>
          ) : (
            <div className="field-hint" id="subscribe-lots-hint" data-testid="subscribe-lots-hint">
              {t('deals.form.lotsHint', { lot: lotsText.lotShares(deal.lotSize), max: lotsText.lots(deal.publicLots) })}
            </div>
          )}
        </div>
        {pool && (
          <div className="deal-pool-line" data-testid="subscribe-pool" data-pool={pool}>
            <strong>{t('deals.poolName', { pool })}</strong>
            <span>
              {t(pool === 'A' ? 'deals.form.poolA' : 'deals.form.poolB', { amount: poolThresholdText() })}
              {odds && ` · ${t('deals.form.poolChance', { percent: sharePercent(odds.oneLotChance) })}`}
            </span>
          </div>
        )}
      </section>

      <Estimate deal={deal} estimate={estimate} full={full.data} mode={mode} current={current} />

      <div className="deal-bar">
        <Button
          block
          type="submit"
          size="large"
          shape="rounded"
          color="primary"
          className="deal-submit"
          loading={pending}
          // A change to the lots already applied for changes nothing.
          disabled={!user.data || !verified || (mode === 'change' && n === current?.lots)}
          data-testid="subscribe-submit"
        >
          {n === null ? t(`deals.action.${mode}`) : t(`deals.submit.${mode}`, { lots: lotsText.lots(n) })}
        </Button>
      </div>
    </form>
  );
}

/**
 * /pages/payment/newstock and /pages/hkstock/payipo (query: name, code, source, symbol): applying
 * for lots of a deal, changing or reconfirming a United States offer, and the application's
 * payments once made (the specification's actual and pending payment).
 */
export default function SubscribePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const symbol = params.get('symbol')?.trim() || params.get('code')?.trim() || null;
  const query = useQuery(newStockQuery(symbol));
  const deal = query.data;
  const own = useQuery(subscriptionQuery(deal?.mine?.subscriptionId ?? null));
  const current = own.data ?? null;
  const feeRate = deal?.feeRate;
  const title = params.get('name') || t(pathname === ROUTES.hkPayIpo ? 'titles.hkPayIpo' : 'titles.paymentNewStock');

  let body: ReactNode;
  if (!symbol)
    body = (
      <EmptyState kind="notFound" title={t('deals.notFound')} body={t('deals.pickDeal')}>
        <Button size="small" shape="rounded" color="primary" fill="outline" data-testid="subscribe-all-deals" onClick={() => void navigate(paths.deals.list())}>
          {t('deals.allDeals')}
        </Button>
      </EmptyState>
    );
  else if (query.isPending || (deal?.mine && own.isPending))
    body = (
      <div className="card card-pad" aria-busy="true" data-testid="subscribe-loading">
        <span className="sk sk-line" />
        <span className="sk sk-short" />
        <span className="sk sk-line" />
      </div>
    );
  else if (!deal) body = <EmptyState kind="notFound" title={t('deals.notFound')} body={t('deals.notFoundBody')} onRetry={() => void query.refetch()} />;
  else {
    const mode = modeOf(deal, current);
    body = (
      <>
        <DealStrip deal={deal} />
        {mode && <LotsForm key={`${deal.id}-${mode}`} deal={deal} mode={mode} current={current} />}
        {current && <SubscriptionFields subscription={current} refunded={feeRate ? refundedOf(current, feeRate) : null} />}
        {!mode && !current && (
          <section className="card">
            <EmptyState
              compact
              kind="records"
              title={t('deals.form.notOpenTitle')}
              body={t(deal.dealStatus === DealStatus.Announced ? 'deals.form.notOpenYet' : 'deals.form.notOpenAnymore')}
            />
          </section>
        )}
        {!mode && (
          <div className="deal-links">
            <button type="button" className="link" data-testid="subscribe-detail" onClick={() => void navigate(paths.deals.detail(deal))}>
              {t('deals.viewDeal')}
            </button>
          </div>
        )}
      </>
    );
  }

  return (
    <Page title={title} className="money-page deal-page with-bar">
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: dealKeys.all, type: 'active' })}>{body}</Refreshable>
    </Page>
  );
}
