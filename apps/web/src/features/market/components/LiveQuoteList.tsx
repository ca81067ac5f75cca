import type { QuoteRow as QuoteRowType } from '@tradeapp/contract';
import { Button, InfiniteScroll } from 'antd-mobile';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../../lib/router';
import { useLiveQuote } from '../../../api/liveQuote';
import { EmptyState } from '../../../ui/EmptyState';
import { QuoteRow, QuoteRowSkeleton } from '../../../ui/QuoteRow';
import { listCurrency, pagedRows, rowData } from '../rows';

type Paged = { list: QuoteRowType[]; total: number; page: number; size: number };

/**
 * A live, paged quote list: rows with their mini chart and volume, the next page on scroll, prices
 * from the push socket, loading, failed and empty states. The market tab and the product lists show
 * it under a `QuoteListHead` with a middle column; a list of several currencies names each row's.
 */
export function LiveQuoteList({
  list,
  testId,
  rowTestId,
  segment,
}: {
  list: UseInfiniteQueryResult<InfiniteData<Paged>>;
  testId: string;
  rowTestId: string;
  segment?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rows = useMemo(() => pagedRows(list.data), [list.data]);
  // One currency: the header names it; several: each row names its own.
  const mixed = useMemo(() => listCurrency(rows) === null, [rows]);
  // One market (a tab of the Market page): its tab names it; several: each row's tag does.
  const mixedMarkets = useMemo(() => new Set(rows.map((row) => row.marketType)).size > 1, [rows]);
  useLiveQuote(rows.map((row) => row.symbol));
  const open = useCallback((href: string) => void navigate(href), [navigate]);

  if (list.isPending) return <QuoteRowSkeleton />;
  if (list.isError && rows.length === 0)
    return (
      <EmptyState kind="market" title={t('market.loadFailed')} body={t('market.loadFailedBody')}>
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={() => void list.refetch()} data-testid={`${testId}-retry`}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  if (rows.length === 0) return <EmptyState kind="market" title={t('market.empty')} body={t('market.emptyBody')} />;
  return (
    <>
      <div className="quote-list" data-testid={testId} data-segment={segment}>
        {rows.map((row) => (
          <QuoteRow
            key={row.symbol}
            row={rowData(row)}
            testId={rowTestId}
            showVolume
            volumeLabel={t('market.colVolume')}
            showCurrency={mixed}
            showTag={mixedMarkets}
            onOpen={open}
          />
        ))}
      </div>
      {/* The next page when the end of the list is 100 px below the screen: a first page of dense rows
          ends some 150 px below it, so it is asked for on scrolling, not on opening the list. */}
      <InfiniteScroll
        threshold={100}
        hasMore={list.hasNextPage}
        loadMore={async () => {
          await list.fetchNextPage({ cancelRefetch: false });
        }}
      >
        {(hasMore, failed, retry) =>
          failed ? (
            <button type="button" className="link" onClick={retry}>
              {t('common.retry')}
            </button>
          ) : hasMore ? (
            t('common.loading')
          ) : (
            <span className="list-end">{t('market.noMore')}</span>
          )
        }
      </InfiniteScroll>
    </>
  );
}
