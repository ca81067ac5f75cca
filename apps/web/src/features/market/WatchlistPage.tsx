import '../../ui/quotes.css';
import './market.css';
import { Button } from 'antd-mobile';
import { SearchOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { isSignedIn, subscribeSession } from '../../lib/session';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { ListCurrency, QuoteListHead, QuoteRow, QuoteRowSkeleton } from '../../ui/QuoteRow';
import { Refreshable } from '../../ui/Refreshable';
import { watchlistQuery } from './api';
import { SimulatedNotice } from './components/SimulatedNotice';
import { useLiveQuote } from '../../api/liveQuote';
import { listCurrency, watchRowData } from './rows';

/** The watchlist tab: the caller's instruments with live prices. */
export default function WatchlistPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  const list = useQuery(watchlistQuery(signedIn));
  const rows = useMemo(() => (signedIn ? (list.data ?? []) : []), [signedIn, list.data]);
  useLiveQuote(rows.map((row) => row.symbol));
  // The columns: a mini chart when the rows have one; the currency in the header, or per row when they differ.
  const mid = rows.some((row) => row.quote.spark !== undefined);
  const currency = useMemo(() => listCurrency(rows.map((row) => row.quote)), [rows]);
  const open = useCallback((href: string) => void navigate(href), [navigate]);
  const toSearch = () => void navigate(paths.search());

  let body;
  if (!signedIn)
    body = (
      <EmptyState kind="market" title={t('watchlist.signedOutTitle')} body={t('watchlist.signedOutBody')}>
        <Button color="primary" shape="rounded" data-testid="watchlist-signin" onClick={() => void navigate(paths.login(paths.watchlist.index()))}>
          {t('common.signIn')}
        </Button>
      </EmptyState>
    );
  else if (list.isPending) body = <QuoteRowSkeleton count={6} />;
  else if (list.isError && rows.length === 0)
    body = <EmptyState kind="market" title={t('market.loadFailed')} body={t('market.loadFailedBody')} onRetry={() => void list.refetch()} />;
  else if (rows.length === 0)
    body = (
      <EmptyState kind="market" title={t('watchlist.emptyTitle')} body={t('watchlist.emptyBody')}>
        <Button color="primary" shape="rounded" data-testid="watchlist-search" onClick={toSearch}>
          {t('watchlist.searchButton')}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <>
        <QuoteListHead
          name={t('market.colName')}
          mid={mid ? '' : undefined}
          price={
            <>
              {t('market.colPrice')}
              <ListCurrency code={currency} />
            </>
          }
          change={t('market.colChange')}
        />
        <div className="quote-list" data-testid="watchlist-list">
          {rows.map((row) => (
            <QuoteRow key={row.id} row={watchRowData(row)} testId="watchlist-row" mid={mid} showCurrency={currency === null} onOpen={open} />
          ))}
        </div>
        <SimulatedNotice />
      </>
    );

  return (
    <Page
      title={t('titles.watchlist')}
      back={false}
      tone="dark"
      right={
        <span className="nav-actions">
          {signedIn && rows.length > 0 && (
            <button type="button" className="nav-text" data-testid="watchlist-manage" onClick={() => void navigate(paths.watchlist.manage())}>
              {t('watchlist.manage')}
            </button>
          )}
          <button type="button" className="nav-icon" aria-label={t('titles.search')} data-testid="watchlist-search-icon" onClick={toSearch}>
            <SearchOutline />
          </button>
        </span>
      }
    >
      {signedIn ? <Refreshable onRefresh={() => list.refetch()}>{body}</Refreshable> : body}
    </Page>
  );
}
