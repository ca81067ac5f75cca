import { DealStatus, type NewStock } from '@tradeapp/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatDateText, formatPercent, formatQuantity, riseFallColor } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { RowsSkeleton } from '../../ui/records';
import { newStocksQuery, type NewStockPage } from './api';
import { DealBadge, dealPriceText, MarketTag, Meta, sharePercent, useTimes } from './components';

/** The list's filters: every deal, or one phase of the lifecycle the list call can ask for. */
const FILTERS = ['all', DealStatus.Open, DealStatus.Announced, DealStatus.Listed] as const;
type Filter = (typeof FILTERS)[number];
const isFilter = (v: string | null): v is Filter => v !== null && (FILTERS as readonly string[]).includes(v);

/** The break rate of past deals in one sentence, or why there is none yet. */
function BreakRate({ page }: { page: NewStockPage | undefined }) {
  const { t } = useTranslation();
  let text: string;
  if (!page) text = '';
  else if (page.breakRate === null) text = t('deals.breakRateNone');
  else text = t('deals.breakRate', { broken: page.broken, closed: page.firstDayCloses, percent: sharePercent(page.breakRate) });
  return (
    <section className="card card-pad deal-break" data-testid="deal-break-rate" data-rate={page?.breakRate ?? ''} aria-busy={!page || undefined}>
      <strong>{t('deals.breakRateTitle')}</strong>
      {page ? <p>{text}</p> : <span className="sk sk-line" />}
      <p className="deal-break-note">{t('deals.breakRateNote')}</p>
    </section>
  );
}

/** The figure a row ends on: how the first day went once listed, else the demand so far. */
function Outcome({ deal }: { deal: NewStock }) {
  const { t } = useTranslation();
  const times = useTimes();
  if (deal.dealStatus === DealStatus.Listed)
    return (
      <div>
        <span>{t('deals.firstDay')}</span>
        {deal.firstDayChangePercent === null ? (
          <strong data-testid="deal-row-first-day">{t('deals.firstDayPending')}</strong>
        ) : (
          <strong data-testid="deal-row-first-day" style={{ color: riseFallColor(deal.firstDayChangePercent) }}>
            {formatPercent(deal.firstDayChangePercent)}
          </strong>
        )}
      </div>
    );
  return (
    <div>
      <span>{t('deals.oversubscribed')}</span>
      <strong data-testid="deal-row-oversubscription">{deal.dealStatus === DealStatus.Announced ? t('deals.notOpenYet') : times(deal.oversubscription)}</strong>
    </div>
  );
}

export function DealRow({ deal }: { deal: NewStock }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="deal-row"
      data-testid="deal-row"
      data-symbol={deal.symbol}
      data-market={deal.market}
      onClick={() => void navigate(paths.deals.detail(deal))}
    >
      <div className="deal-row-head">
        <div className="deal-row-name">
          <strong>{deal.name}</strong>
          <span>
            <MarketTag market={deal.market} /> <Meta parts={[deal.code, deal.exchange, t('deals.lotOf', { n: formatQuantity(deal.lotSize) })]} />
          </span>
        </div>
        <DealBadge deal={deal} testId="deal-row-state" />
      </div>
      <div className="deal-row-grid">
        <div>
          <span>{deal.finalPrice ? t('deals.finalPrice') : t('deals.priceRange')}</span>
          <strong data-testid="deal-row-price">{dealPriceText(deal)}</strong>
        </div>
        <div>
          <span>{t('deals.deadline')}</span>
          <strong>{formatDateText(deal.subscriptionDeadline)}</strong>
        </div>
        <div>
          <span>{t('deals.listingDate')}</span>
          <strong>{formatDateText(deal.listedOn ?? deal.listingDate)}</strong>
        </div>
        <Outcome deal={deal} />
      </div>
    </button>
  );
}

/**
 * /pages/product/newstock: IPO deals of both markets, open ones first, with their state, price or
 * range, lot, deadline, listing date and the demand so far, or for listed deals how their first
 * day went; above them the break rate of past deals. Paged on scroll, refreshed by pulling.
 */
export function DealList() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filterParam = params.get('status');
  const filter: Filter = isFilter(filterParam) ? filterParam : 'all';
  const list = useInfiniteQuery(newStocksQuery(filter === 'all' ? null : filter));
  const rows = useMemo(() => list.data?.pages.flatMap((p) => p.list) ?? [], [list.data]);

  let body;
  if (list.isPending) body = <RowsSkeleton count={4} />;
  else if (list.isError && rows.length === 0)
    body = <EmptyState compact kind="market" title={t('deals.loadFailed')} onRetry={() => void list.refetch()} retryTestId="deal-list-retry" />;
  else if (rows.length === 0) body = <EmptyState compact kind="market" title={t('deals.empty')} body={t(`deals.emptyBody.${filter}`)} />;
  else
    body = (
      <>
        {rows.map((d) => (
          <DealRow key={d.id} deal={d} />
        ))}
        <LoadMore hasMore={list.hasNextPage} onMore={() => list.fetchNextPage({ cancelRefetch: false })} />
      </>
    );

  return (
    <>
      <p className="page-intro">{t('deals.intro')}</p>
      <BreakRate page={list.data?.pages[0]} />
      <div className="chip-row deal-filters" role="tablist" aria-label={t('deals.filterLabel')}>
        {FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            role="tab"
            aria-selected={filter === f}
            className={filter === f ? 'chip active' : 'chip'}
            data-testid={`deal-filter-${f}`}
            onClick={() => setParams(f === 'all' ? {} : { status: f }, { replace: true })}
          >
            {t(`deals.filter.${f}`)}
          </button>
        ))}
      </div>
      <section className="card record-list" data-testid="deal-list" data-filter={filter} aria-busy={list.isPending || undefined}>
        {body}
      </section>
    </>
  );
}
