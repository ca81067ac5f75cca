import '../../ui/quotes.css';
import './market.css';
import type { WatchlistRow } from '@tradeapp/contract';
import { Button, Dialog } from 'antd-mobile';
import { DeleteOutline, DownOutline, UpOutline, UploadOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { QuoteRowSkeleton } from '../../ui/QuoteRow';
import { useWatchlistEdit, watchlistQuery } from './api';

function moved(rows: WatchlistRow[], from: number, to: number): WatchlistRow[] {
  const next = [...rows];
  const [row] = next.splice(from, 1);
  if (row) next.splice(to, 0, row);
  return next;
}

/** Remove instruments (after a confirm) and put the watchlist in order. */
export default function WatchlistManagePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useQuery(watchlistQuery(true));
  const rows = list.data ?? [];
  const { remove, reorder } = useWatchlistEdit();
  const busy = reorder.isPending || remove.isPending;

  const confirmRemove = async (row: WatchlistRow) => {
    const confirmed = await Dialog.confirm({
      content: t('watchlist.removeConfirm', { name: row.f14 }),
      confirmText: <span data-testid="manage-remove-confirm">{t('watchlist.remove')}</span>,
      cancelText: <span data-testid="manage-remove-cancel">{t('common.cancel')}</span>,
    });
    if (confirmed) remove.mutate(row);
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= rows.length || from === to) return;
    reorder.mutate(moved(rows, from, to));
  };

  let body;
  if (list.isPending) body = <QuoteRowSkeleton count={6} />;
  else if (rows.length === 0)
    body = (
      <EmptyState kind="market" title={t('watchlist.emptyTitle')} body={t('watchlist.emptyBody')}>
        <Button color="primary" shape="rounded" onClick={() => void navigate(paths.search())}>
          {t('watchlist.searchButton')}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <>
        <p className="manage-hint">{t('watchlist.manageHint')}</p>
        <ul className="manage-list" data-testid="manage-list">
          {rows.map((row, index) => (
            <li key={row.id} className="manage-row" data-testid="manage-row" data-symbol={row.symbol}>
              <span className="manage-name">
                <span className="quote-row-title">{row.f14}</span>
                <span className="quote-row-code">{row.f12}</span>
              </span>
              <span className="manage-actions">
                <button
                  type="button"
                  className="manage-btn"
                  aria-label={t('watchlist.moveTop')}
                  data-testid="manage-top"
                  disabled={busy || index === 0}
                  onClick={() => move(index, 0)}
                >
                  <UploadOutline />
                </button>
                <button
                  type="button"
                  className="manage-btn"
                  aria-label={t('watchlist.moveUp')}
                  data-testid="manage-up"
                  disabled={busy || index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <UpOutline />
                </button>
                <button
                  type="button"
                  className="manage-btn"
                  aria-label={t('watchlist.moveDown')}
                  data-testid="manage-down"
                  disabled={busy || index === rows.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <DownOutline />
                </button>
                <button
                  type="button"
                  className="manage-btn danger"
                  aria-label={t('watchlist.remove')}
                  data-testid="manage-remove"
                  disabled={busy}
                  onClick={() => void confirmRemove(row)}
                >
                  <DeleteOutline />
                </button>
              </span>
            </li>
          ))}
        </ul>
      </>
    );

  return (
    <Page title={t('titles.watchlistManage')} tone="dark">
      {body}
    </Page>
  );
}
