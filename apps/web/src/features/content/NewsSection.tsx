import '../../ui/money.css';
import './content.css';
import type { ArticleCategory } from '@tradeapp/contract';
import { DotLoading } from 'antd-mobile';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatDate } from '../../lib/format';
import { AuthImage } from '../../ui/AuthImage';
import { EmptyState } from '../../ui/EmptyState';
import { articlesQuery, type ArticleSummary } from './api';

const NEWS_PAGE = 5;
const GUIDES_PAGE = 6;

function NewsItem({ item }: { item: ArticleSummary }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="news-item"
      data-testid="news-item"
      data-id={item.id}
      data-category={item.category}
      onClick={() => void navigate(paths.content.news(item.id))}
    >
      <span className="news-text">
        <span className="news-title">{item.title}</span>
        {item.summary && <span className="news-summary">{item.summary}</span>}
        <span className="news-date">
          {formatDate(item.publishTimestamp)}
          {item.fallback && (
            <span className="news-lang" data-testid="news-item-fallback">
              {t('news.inEnglish')}
            </span>
          )}
        </span>
      </span>
      {item.coverUrl && <AuthImage className="news-cover" url={item.coverUrl} loading="lazy" />}
    </button>
  );
}

function SkeletonRows() {
  return (
    <div aria-busy="true" data-testid="news-skeleton">
      {[0, 1, 2].map((i) => (
        <div key={i} className="news-item">
          <span className="news-text">
            <span className="sk sk-line" />
            <span className="sk sk-short" />
          </span>
        </div>
      ))}
    </div>
  );
}

function useArticles(category: ArticleCategory, size: number) {
  const { i18n } = useTranslation();
  const query = useInfiniteQuery(articlesQuery(category, i18n.language, size));
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);
  return { query, rows };
}

/** The home tab's news, newest first with "more" for older pages, then the guides. */
export function NewsSection() {
  const { t } = useTranslation();
  const news = useArticles('news', NEWS_PAGE);
  const guides = useArticles('guide', GUIDES_PAGE);

  let newsBody;
  if (news.query.isPending) newsBody = <SkeletonRows />;
  else if (news.query.isError && news.rows.length === 0)
    newsBody = <EmptyState compact kind="news" title={t('news.loadFailed')} body={t('news.loadFailedBody')} onRetry={() => void news.query.refetch()} />;
  else if (news.rows.length === 0) newsBody = <EmptyState compact kind="news" title={t('home.newsEmpty')} body={t('home.newsEmptyBody')} />;
  else
    newsBody = (
      <>
        {news.rows.map((item) => (
          <NewsItem key={item.id} item={item} />
        ))}
        {news.query.hasNextPage && (
          <button
            type="button"
            className="news-more"
            data-testid="news-more"
            disabled={news.query.isFetchingNextPage}
            onClick={() => void news.query.fetchNextPage({ cancelRefetch: false })}
          >
            {news.query.isFetchingNextPage ? <DotLoading color="primary" /> : t('news.more')}
          </button>
        )}
      </>
    );

  return (
    <div data-testid="home-news">
      <div className="section-title">{t('home.newsTitle')}</div>
      <section className="card news-card" data-testid="home-news-list">
        {newsBody}
      </section>
      {guides.rows.length > 0 && (
        <>
          <div className="section-title">{t('news.guidesTitle')}</div>
          <section className="card news-card" data-testid="home-guides">
            {guides.rows.map((item) => (
              <NewsItem key={item.id} item={item} />
            ))}
          </section>
        </>
      )}
    </div>
  );
}
