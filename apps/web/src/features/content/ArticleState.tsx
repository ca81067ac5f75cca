import '../../ui/money.css';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { EmptyState } from '../../ui/EmptyState';

/** The placeholder of an article while it loads: lines in the shape of a title and paragraphs. */
export function ArticleSkeleton() {
  return (
    <div className="article" aria-busy="true" data-testid="article-skeleton">
      <span className="sk sk-title" />
      <span className="sk sk-date" />
      {[0, 1, 2, 3, 4].map((i) => (
        <span key={i} className="sk sk-para" />
      ))}
    </div>
  );
}

/** A missing article (404 or a malformed reference) or a failed load with a retry. */
export function ArticleError({ error, onRetry, failedTitle }: { error: unknown; onRetry: () => void; failedTitle: string }) {
  const { t } = useTranslation();
  const missing = error === null || (error instanceof ApiError && error.code === 404);
  if (missing) return <EmptyState kind="notFound" title={t('news.notFound')} body={t('news.notFoundBody')} />;
  return (
    <EmptyState kind="news" title={failedTitle} body={error instanceof ApiError && error.message ? error.message : t('news.loadFailedBody')}>
      <Button size="small" shape="rounded" color="primary" fill="outline" data-testid="article-retry" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </EmptyState>
  );
}
