import '../../ui/quotes.css';
import './market.css';
import { SearchOutline } from 'antd-mobile-icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { paths } from '../../app/paths';
import { Page } from '../../ui/Page';
import { ListCurrency, QuoteListHead } from '../../ui/QuoteRow';
import { Refreshable } from '../../ui/Refreshable';
import { segmentListQuery } from './api';
import { LiveQuoteList } from './components/LiveQuoteList';
import { SimulatedNotice } from './components/SimulatedNotice';
import type { ListSort, SortOrder } from './keys';
import { listCurrency, pagedRows } from './rows';
import { isSegmentId, SEGMENT_IDS, type SegmentId } from './segments';

function readSort(value: string | null): ListSort | null {
  return value === 'price_nominal' || value === 'change_ratio' || value === 'volume' ? value : null;
}

/** A sideways-scrolling row of segments; the active one is kept in view. */
function SegmentTabs({ active, onChange }: { active: SegmentId; onChange: (id: SegmentId) => void }) {
  const { t } = useTranslation();
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const button = bar.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    button?.scrollIntoView?.({ block: 'nearest', inline: 'center', behavior: 'smooth' });
  }, [active]);
  return (
    <div ref={bar} className="segment-tabs" role="tablist" aria-label={t('titles.market')}>
      {SEGMENT_IDS.map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={id === active}
          className={id === active ? 'segment-tab active' : 'segment-tab'}
          data-testid={`market-segment-${id}`}
          onClick={() => onChange(id)}
        >
          {t(`market.segments.${id}`)}
        </button>
      ))}
    </div>
  );
}

/** The market tab: one segment per market and asset class, sorted and paged by the server. */
export default function MarketPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const seg = params.get('seg');
  const segment: SegmentId = isSegmentId(seg) ? seg : 'US';
  const sort = readSort(params.get('sort'));
  const order: SortOrder = params.get('order') === 'asc' ? 'asc' : 'desc';

  const list = useInfiniteQuery(segmentListQuery(segment, sort, order));
  const currency = useMemo(() => listCurrency(pagedRows(list.data)), [list.data]);

  const setView = (next: { segment?: SegmentId; sort?: ListSort | null; order?: SortOrder }) => {
    const nextSort = next.sort === undefined ? sort : next.sort;
    const query = new URLSearchParams({ seg: next.segment ?? segment });
    if (nextSort) {
      query.set('sort', nextSort);
      query.set('order', next.order ?? order);
    }
    setParams(query, { replace: true });
    // Another segment or order: its list from the top.
    window.scrollTo(0, 0);
  };

  // Tap cycles: high to low, low to high, server order.
  const toggleSort = (key: ListSort) => {
    if (sort !== key) setView({ sort: key, order: 'desc' });
    else if (order === 'desc') setView({ sort: key, order: 'asc' });
    else setView({ sort: null });
  };

  /** A column header that sorts its column; `title` spells out a short label (Vol). */
  const sortButton = (key: ListSort, label: ReactNode, title?: string) => {
    const active = sort === key;
    return (
      <button
        type="button"
        className={active ? 'sort-button active' : 'sort-button'}
        aria-pressed={active}
        title={title}
        data-testid={`market-sort-${key}`}
        data-order={active ? order : undefined}
        onClick={() => toggleSort(key)}
      >
        {label}
        <span className="sort-arrows" aria-hidden="true">
          <i className={active && order === 'asc' ? 'on' : undefined}>▲</i>
          <i className={active && order === 'desc' ? 'on' : undefined}>▼</i>
        </span>
      </button>
    );
  };

  return (
    <Page
      title={t('titles.market')}
      back={false}
      tone="dark"
      className="market-page"
      right={
        <button type="button" className="nav-icon" aria-label={t('titles.search')} data-testid="market-search" onClick={() => void navigate(paths.search())}>
          <SearchOutline />
        </button>
      }
    >
      <div className="segment-bar">
        <SegmentTabs active={segment} onChange={(id) => setView({ segment: id, sort: null })} />
        <QuoteListHead
          role="toolbar"
          aria-label={t('market.sortBy')}
          name={t('market.colName')}
          mid={sortButton('volume', t('market.vol'), t('market.colVolume'))}
          price={sortButton(
            'price_nominal',
            <>
              {t('market.colPrice')}
              <ListCurrency code={currency} />
            </>,
          )}
          change={sortButton('change_ratio', t('market.colChange'))}
        />
      </div>
      <Refreshable onRefresh={() => list.refetch()}>
        <LiveQuoteList list={list} testId="market-list" rowTestId="market-row" segment={segment} />
        <SimulatedNotice />
      </Refreshable>
    </Page>
  );
}
