import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ArticleCategory, Locale, RequestOf, ResponseOf, Routes } from '@tradeapp/contract';
import { call } from '../../api';

// The server's `content` module as operators see it: articles in every language, drafts included
// (bodies are HTML that the server sanitises; the editor previews exactly what it would keep), and
// the published app version.

export type OperatorArticle = ResponseOf<Routes['operatorArticle']>;
export type ArticleInput = RequestOf<Routes['operatorArticleCreate']>;
export type ArticleStatus = OperatorArticle['status'];

export const ARTICLES_PAGE_SIZE = 20;

export const CATEGORY_LABELS: Record<ArticleCategory, string> = { news: 'News', guide: 'Guide', legal: 'Legal' };

/** The editor's tabs, English first: it is every other language's fallback. */
export const ARTICLE_LOCALES: readonly { locale: Locale; label: string; short: string }[] = [
  { locale: 'en', label: 'English', short: 'EN' },
  { locale: 'nl', label: 'Dutch', short: 'NL' },
  { locale: 'zh_Hans_CN', label: 'Chinese', short: 'ZH' },
];

export interface ArticlesQuery {
  category: ArticleCategory | undefined;
  status: ArticleStatus | undefined;
  page: number;
}

export const articleKeys = {
  all: ['operator', 'articles'] as const,
  list: (query: ArticlesQuery) => [...articleKeys.all, 'list', query] as const,
  detail: (id: number) => [...articleKeys.all, 'detail', id] as const,
  preview: (body: string) => [...articleKeys.all, 'preview', body] as const,
};

export function articlesQueryOptions(query: ArticlesQuery) {
  return queryOptions({
    queryKey: articleKeys.list(query),
    queryFn: ({ signal }) =>
      call(
        'operatorArticles',
        { page: query.page, size: ARTICLES_PAGE_SIZE, category: query.category, status: query.status },
        {
          signal,
        },
      ),
    placeholderData: keepPreviousData,
  });
}

export function articleQueryOptions(id: number) {
  return queryOptions({
    queryKey: articleKeys.detail(id),
    queryFn: ({ signal }) => call('operatorArticle', {}, { params: { id }, signal }),
    // The editor holds its own copy while open: a background refetch must not reset it.
    staleTime: Infinity,
  });
}

export function previewQueryOptions(body: string) {
  return queryOptions({
    queryKey: articleKeys.preview(body),
    queryFn: ({ signal }) => call('operatorArticlePreview', { body }, { signal }),
    staleTime: Infinity,
    gcTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function saveArticle(id: number | null, input: ArticleInput): Promise<OperatorArticle> {
  return id === null ? call('operatorArticleCreate', input) : call('operatorArticleUpdate', input, { params: { id } });
}

export function deleteArticle(id: number) {
  return call('operatorArticleDelete', {}, { params: { id } });
}

// The app version the investors' app checks at start (`/appVersion/getPublishAppVersion`): a new
// one is published here and must be higher than the current one.

export type PublishInput = RequestOf<Routes['operatorAppVersionPublish']>;

export const VERSIONS_PAGE_SIZE = 10;

export const appVersionKeys = {
  all: ['operator', 'app-version'] as const,
  current: ['operator', 'app-version', 'current'] as const,
  history: (page: number) => ['operator', 'app-version', 'history', page] as const,
};

export function currentVersionQueryOptions() {
  return queryOptions({
    queryKey: appVersionKeys.current,
    queryFn: ({ signal }) => call('appVersion', {}, { signal }),
  });
}

export function versionHistoryQueryOptions(page: number) {
  return queryOptions({
    queryKey: appVersionKeys.history(page),
    queryFn: ({ signal }) => call('operatorAppVersions', { page, size: VERSIONS_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function publishVersion(input: PublishInput) {
  return call('operatorAppVersionPublish', input);
}

/** The next patch version after `version` (1.4.2 → 1.4.3), as a suggestion. */
export function nextPatch(version: string | undefined): string {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version ?? '');
  if (!match) return '1.0.0';
  return `${match[1]}.${match[2]}.${String(Number(match[3]) + 1)}`;
}
