import '../../ui/money.css';
import { DotLoading } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { formatDateTime } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { noticeKeys, noticeQuery } from './api';

/** One notice; reading it marks it read, so the list and the badge are asked again. */
export default function NoticeDetailPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? '');
  const notice = useQuery(noticeQuery(Number.isInteger(id) ? id : 0));
  const loaded = notice.isSuccess;

  useEffect(() => {
    if (!loaded) return;
    void queryClient.invalidateQueries({ queryKey: noticeKeys.list() });
    void queryClient.invalidateQueries({ queryKey: noticeKeys.unread() });
  }, [loaded, queryClient]);

  let body;
  if (!(id > 0)) body = <EmptyState kind="notFound" title={t('notices.notFound')} />;
  else if (notice.isPending)
    body = (
      <div className="empty-state compact">
        <DotLoading color="primary" />
      </div>
    );
  else if (notice.isError) body = <EmptyState kind="notFound" title={t('notices.notFound')} onRetry={() => void notice.refetch()} />;
  else
    body = (
      <article className="card card-pad notice-detail" data-testid="notice-detail">
        <h1 data-testid="notice-title">{notice.data.title}</h1>
        <div className="notice-date">{formatDateTime(notice.data.createTimestamp)}</div>
        <p data-testid="notice-body">{notice.data.body}</p>
      </article>
    );
  return (
    <Page title={t('titles.noticeDetail')} className="money-page">
      {body}
    </Page>
  );
}
