import '../../ui/money.css';
import './deals.css';
import { DealStatus, SubscriptionStatus, type Subscription } from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { EMPTY_VALUE, formatDate, formatDateText, formatInCurrency, formatNumber, formatQuantity } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { RowsSkeleton } from '../../ui/records';
import { newStockQuery, subscriptionsQuery } from './api';
import { refundedOf } from './calc';
import { MarketTag, SubscriptionBadge, useLotsText } from './components';

/** What was refunded needs the deal's fee rate, which the subscription does not carry: asked for once per deal (cached with its page). */
function useRefunded(s: Subscription): string | null {
  const decided = s.status !== SubscriptionStatus.Subscribed;
  const deal = useQuery({ ...newStockQuery(decided ? s.symbol : null), refetchInterval: false });
  return deal.data ? refundedOf(s, deal.data.feeRate) : null;
}

function SubscriptionRow({ subscription: s }: { subscription: Subscription }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refunded = useRefunded(s);
  const count = useLotsText();
  const eur = (v: string) => formatInCurrency(v, 'EUR');
  const decided = s.status !== SubscriptionStatus.Subscribed;
  const reconfirm = s.reconfirmRequired && s.status === SubscriptionStatus.Subscribed && s.dealStatus === DealStatus.Priced;
  return (
    <div className="deal-sub-row" data-testid="subscription-row" data-id={s.id} data-symbol={s.symbol} data-status={s.status} data-state={s.state}>
      <button type="button" className="deal-sub-main" onClick={() => void navigate(paths.deals.subscribe(s))}>
        <div className="deal-row-head">
          <div className="deal-row-name">
            <strong>{s.name}</strong>
            <span>
              <MarketTag market={s.market} /> {s.code} · {t('deals.appliedOn', { date: formatDate(s.createTimeTimestamp) })}
            </span>
          </div>
          <SubscriptionBadge subscription={s} testId="subscription-row-state" />
        </div>
        <div className="deal-row-grid three">
          <div>
            <span>{t('deals.lots')}</span>
            <strong data-testid="subscription-row-lots">
              {formatQuantity(s.lots)} <small>({count.shares(s.quantity)})</small>
            </strong>
          </div>
          <div>
            <span>{s.price === s.priceHeld ? t('deals.fields.price') : t('deals.finalPrice')}</span>
            <strong>{`${formatNumber(s.price, { grouping: true })} ${s.currency}`}</strong>
          </div>
          <div>
            <span>{decided ? t('deals.allotted') : t('deals.steps.allotment')}</span>
            <strong data-testid="subscription-row-allotted">
              {decided ? (s.allottedQuantity === null ? '0' : formatQuantity(s.allottedQuantity)) : formatDateText(s.allotmentDate)}
            </strong>
          </div>
          <div>
            <span>{t('deals.held')}</span>
            <strong data-testid="subscription-row-held">{eur(s.pendingPayment)}</strong>
          </div>
          <div>
            <span>{t('deals.paid')}</span>
            <strong data-testid="subscription-row-paid">{eur(s.actualPayment)}</strong>
          </div>
          <div>
            <span>{t('deals.refunded')}</span>
            <strong data-testid="subscription-row-refunded">{refunded === null ? (decided ? EMPTY_VALUE : t('deals.notYet')) : eur(refunded)}</strong>
          </div>
        </div>
      </button>
      {(reconfirm || s.positionId !== null) && (
        <div className="deal-sub-actions">
          {reconfirm && (
            <Button
              size="mini"
              shape="rounded"
              color="warning"
              fill="outline"
              data-testid="subscription-reconfirm"
              onClick={() => void navigate(paths.deals.subscribe(s))}
            >
              {t('deals.action.reconfirm')}
            </Button>
          )}
          {s.positionId !== null && (
            <button type="button" className="link" data-testid="subscription-row-position" onClick={() => void navigate(paths.trading.detail(s.positionId!))}>
              {s.dealStatus === DealStatus.Listed ? t('deals.viewPosition') : t('deals.viewPositionUnlisted', { date: formatDateText(s.listingDate) })}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/**
 * The trade tab's "subscriptions": the investor's IPO applications, newest first, with their state,
 * lots, what is held, paid and refunded, what was allotted and the position it became.
 */
export default function SubscriptionList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useInfiniteQuery(subscriptionsQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);
  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError && rows.length === 0)
    body = <EmptyState compact kind="records" title={t('deals.subscriptionsFailed')} onRetry={() => void query.refetch()} />;
  else if (rows.length === 0)
    body = (
      <EmptyState compact kind="records" title={t('deals.noSubscriptions')} body={t('deals.noSubscriptionsBody')}>
        <Button
          size="small"
          shape="rounded"
          color="primary"
          fill="outline"
          data-testid="subscriptions-browse"
          onClick={() => void navigate(paths.deals.list())}
        >
          {t('deals.browse')}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <>
        {rows.map((s) => (
          <SubscriptionRow key={s.id} subscription={s} />
        ))}
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );
  return (
    <>
      <section className="card record-list" data-testid="subscription-list" aria-busy={query.isPending || undefined}>
        {body}
      </section>
      {rows.length > 0 && (
        <div className="deal-links">
          <button type="button" className="link" data-testid="subscriptions-new-stocks" onClick={() => void navigate(paths.deals.list())}>
            {t('deals.browse')}
          </button>
        </div>
      )}
    </>
  );
}
