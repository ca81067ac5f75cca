import '../../ui/money.css';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatDateTime } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { RowsSkeleton } from '../../ui/records';
import { Refreshable } from '../../ui/Refreshable';
import { noticeKeys, markAllRead, noticesQuery } from './api';

/** The notices, newest first, unread ones marked, all marked read with one tap. */
export default function NoticesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery(noticesQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);
  const unread = query.data?.pages[0]?.unread ?? 0;
  const [marking, setMarking] = useState(false);

  let body;
  if (query.isPending) body = <RowsSkeleton count={3} lines={1} />;
  else if (query.isError && rows.length === 0) body = <EmptyState kind="records" title={t('money.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (rows.length === 0) body = <EmptyState kind="records" title={t('notices.empty')} body={t('notices.emptyBody')} />;
  else
    body = (
      <section className="card notice-list">
        {rows.map((row) => (
          <button
            key={row.id}
            type="button"
            className={row.read ? 'notice-row' : 'notice-row unread'}
            data-testid="notice-row"
            data-kind={row.kind}
            data-read={row.read}
            onClick={() => void navigate(paths.notices.detail(row.id))}
          >
            <span className="notice-dot-slot">{!row.read && <span className="notice-dot" data-testid="notice-unread" aria-label={t('notices.unread')} />}</span>
            <span className="notice-text">
              <span className="notice-title">{row.title}</span>
              <span className="notice-body">{row.body}</span>
              <span className="notice-date">{formatDateTime(row.createTimestamp)}</span>
            </span>
          </button>
        ))}
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </section>
    );

  return (
    <Page
      title={t('titles.notices')}
      className="money-page"
      right={
        unread > 0 ? (
          <button
            type="button"
            className="nav-text"
            data-testid="notice-read-all"
            disabled={marking}
            onClick={() => {
              setMarking(true);
              void markAllRead().finally(() => setMarking(false));
            }}
          >
            {t('notices.readAll')}
          </button>
        ) : null
      }
    >
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: noticeKeys.all, type: 'active' })}>{body}</Refreshable>
    </Page>
  );
}
