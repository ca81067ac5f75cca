import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { Page } from '../../ui/Page';
import { articleQuery } from './api';
import { ArticleError, ArticleSkeleton } from './ArticleState';
import { ArticleView } from './ArticleView';

/** The contract's article reference: a number or a slug. */
const REF = /^(\d+|[a-z0-9]+(?:-[a-z0-9]+)*)$/;

/** /pages/news/detail?id=<number or slug>: one news item or guide in the UI language. */
export default function NewsDetailPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const raw = (params.get('id') ?? '').trim();
  const ref = raw.length <= 80 && REF.test(raw) ? raw : '';
  const article = useQuery(articleQuery(ref, i18n.language));

  let body;
  if (!ref) body = <ArticleError error={null} onRetry={() => undefined} failedTitle={t('news.loadFailed')} />;
  else if (article.isPending) body = <ArticleSkeleton />;
  else if (article.isError) body = <ArticleError error={article.error} onRetry={() => void article.refetch()} failedTitle={t('news.loadFailed')} />;
  else body = <ArticleView article={article.data} testIds={{ title: 'news-title', body: 'news-body', fallback: 'news-fallback' }} />;

  const title = article.data?.category === 'guide' ? t('news.guide') : article.data?.category === 'legal' ? t('legal.documents') : t('titles.newsDetail');
  return (
    <Page title={title} className="article-page">
      {body}
    </Page>
  );
}
