import '../../ui/quotes.css';
import './market.css';
import { SearchOutline } from 'antd-mobile-icons';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { segmentListQuery } from './api';
import { LiveQuoteList } from './components/LiveQuoteList';
import { SimulatedNotice } from './components/SimulatedNotice';
import type { ListSort, SortOrder } from './keys';
import { isSegmentId, SEGMENT_IDS, type SegmentId } from './segments';

const SORTS: Array<{ key: ListSort; label: 'market.colPrice' | 'market.colChange' | 'market.colVolume' }> = [
  { key: 'price_nominal', label: 'market.colPrice' },
  { key: 'change_ratio', label: 'market.colChange' },
  { key: 'volume', label: 'market.colVolume' },
];

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

  const setView = (next: { segment?: SegmentId; sort?: ListSort | null; order?: SortOrder }) => {
    const nextSort = next.sort === undefined ? sort : next.sort;
    const query = new URLSearchParams({ seg: next.segment ?? segment });
    if (nextSort) {
      query.set('sort', nextSort);
      query.set('order', next.order ?? order);
    }
    setParams(query, { replace: true });
  };

  // Tap cycles: high to low, low to high, server order.
  const toggleSort = (key: ListSort) => {
    if (sort !== key) setView({ sort: key, order: 'desc' });
    else if (order === 'desc') setView({ sort: key, order: 'asc' });
    else setView({ sort: null });
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
        <div className="list-head" role="toolbar" aria-label={t('market.sortBy')}>
          <span className="list-head-name">{t('market.colName')}</span>
          {SORTS.map((item) => {
            const active = sort === item.key;
            return (
              <button
                key={item.key}
                type="button"
                className={active ? 'sort-button active' : 'sort-button'}
                aria-pressed={active}
                data-testid={`market-sort-${item.key}`}
                data-order={active ? order : undefined}
                onClick={() => toggleSort(item.key)}
              >
                {t(item.label)}
                <span className="sort-arrows" aria-hidden="true">
                  <i className={active && order === 'asc' ? 'on' : undefined}>▲</i>
                  <i className={active && order === 'desc' ? 'on' : undefined}>▼</i>
                </span>
              </button>
            );
          })}
        </div>
      </div>
      <Refreshable onRefresh={() => list.refetch()}>
        <LiveQuoteList list={list} testId="market-list" rowTestId="market-row" segment={segment} />
        <SimulatedNotice />
      </Refreshable>
    </Page>
  );
}
