import '../../ui/quotes.css';
import './market.css';
import type { QuoteRow as QuoteRowDto } from '@tradeapp/contract';
import { CloseCircleFill, SearchOutline, StarFill, StarOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { QuoteRow, QuoteRowSkeleton } from '../../ui/QuoteRow';
import { searchQuery, useWatchToggle } from './api';
import { useLiveQuote } from '../../api/liveQuote';
import { clearRecent, readRecent, rememberSearch } from './recent';
import { listCurrency, rowData } from './rows';

const DEBOUNCE_MS = 300;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function Star({ quote, onToggle, pending }: { quote: QuoteRowDto; onToggle: (q: QuoteRowDto) => void; pending: boolean }) {
  const { t } = useTranslation();
  const on = quote.selfSelectStatus === 1;
  return (
    <button
      type="button"
      className={on ? 'row-star on' : 'row-star'}
      aria-pressed={on}
      aria-label={on ? t('quote.removeWatch') : t('quote.addWatch')}
      data-testid="search-star"
      data-starred={on ? 'true' : 'false'}
      disabled={pending}
      onClick={() => onToggle(quote)}
    >
      {on ? <StarFill /> : <StarOutline />}
    </button>
  );
}

/** Search every market by code or name; recent searches stay on this device. */
export default function SearchPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [recent, setRecent] = useState(readRecent);
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const results = useQuery(searchQuery(q));
  const rows = q ? (results.data ?? []) : [];
  useLiveQuote(rows.map((row) => row.symbol));
  const star = useWatchToggle();
  // Results of several markets name each row's currency.
  const mixed = listCurrency(rows) === null;

  const open = (href: string) => {
    setRecent(rememberSearch(text));
    void navigate(href);
  };

  let body;
  if (!q)
    body = (
      <section className="recent" data-testid="search-recent">
        {recent.length > 0 ? (
          <>
            <div className="recent-head">
              <span className="section-title flat">{t('search.recent')}</span>
              <button
                type="button"
                className="link"
                data-testid="search-recent-clear"
                onClick={() => {
                  clearRecent();
                  setRecent([]);
                }}
              >
                {t('search.clear')}
              </button>
            </div>
            <div className="recent-chips">
              {recent.map((term) => (
                <button key={term} type="button" className="chip" data-testid="search-recent-item" onClick={() => setText(term)}>
                  {term}
                </button>
              ))}
            </div>
          </>
        ) : (
          <EmptyState compact kind="market" title={t('search.hintTitle')} body={t('search.hintBody')} />
        )}
      </section>
    );
  else if (results.isPending) body = <QuoteRowSkeleton count={5} />;
  else if (results.isError && rows.length === 0)
    body = <EmptyState kind="market" title={t('market.loadFailed')} body={t('market.loadFailedBody')} onRetry={() => void results.refetch()} />;
  else if (rows.length === 0) body = <EmptyState kind="notFound" title={t('search.noResults', { q })} body={t('search.noResultsBody')} />;
  else
    body = (
      <div className="quote-list" data-testid="search-results">
        {rows.map((row) => (
          <QuoteRow
            key={row.symbol}
            row={rowData(row)}
            testId="search-result"
            showCurrency={mixed}
            onOpen={open}
            extra={<Star quote={row} pending={star.pending} onToggle={star.toggle} />}
          />
        ))}
      </div>
    );

  return (
    <Page title={t('titles.search')} tone="dark">
      <form
        className="search-box"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setRecent(rememberSearch(text));
        }}
      >
        <span className="search-field">
          <SearchOutline className="search-icon" />
          <input
            type="search"
            enterKeyHint="search"
            autoFocus
            autoComplete="off"
            maxLength={50}
            value={text}
            placeholder={t('search.placeholder')}
            aria-label={t('search.placeholder')}
            data-testid="search-input"
            onChange={(event) => setText(event.target.value)}
          />
          {text && (
            <button type="button" className="search-clear" aria-label={t('search.clear')} onClick={() => setText('')}>
              <CloseCircleFill />
            </button>
          )}
        </span>
      </form>
      {body}
    </Page>
  );
}
