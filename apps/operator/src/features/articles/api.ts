import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ArticleCategory, Locale, RequestOf, ResponseOf, Routes } from '@tradeapp/contract';
import { call } from '../../api';

// Articles as operators write them: every language, drafts included. Bodies are HTML that the
// server sanitises; the editor previews exactly what it would keep.

export type AdminArticle = ResponseOf<Routes['operatorArticle']>;
export type ArticleInput = RequestOf<Routes['operatorArticleCreate']>;
export type ArticleStatus = AdminArticle['status'];

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
  all: ['admin', 'articles'] as const,
  list: (query: ArticlesQuery) => [...articleKeys.all, 'list', query] as const,
  detail: (id: number) => [...articleKeys.all, 'detail', id] as const,
  preview: (body: string) => [...articleKeys.all, 'preview', body] as const,
};

export function articlesQueryOptions(query: ArticlesQuery) {
  return queryOptions({
    queryKey: articleKeys.list(query),
    queryFn: ({ signal }) =>
      call('operatorArticles', { page: query.page, size: ARTICLES_PAGE_SIZE, category: query.category, status: query.status }, undefined, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function articleQueryOptions(id: number) {
  return queryOptions({
    queryKey: articleKeys.detail(id),
    queryFn: ({ signal }) => call('operatorArticle', {}, { id }, { signal }),
    // The editor holds its own copy while open: a background refetch must not reset it.
    staleTime: Infinity,
  });
}

export function previewQueryOptions(body: string) {
  return queryOptions({
    queryKey: articleKeys.preview(body),
    queryFn: ({ signal }) => call('operatorArticlePreview', { body }, undefined, { signal }),
    staleTime: Infinity,
    gcTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function saveArticle(id: number | null, input: ArticleInput): Promise<AdminArticle> {
  return id === null ? call('operatorArticleCreate', input) : call('operatorArticleUpdate', input, { id });
}

export function deleteArticle(id: number) {
  return call('operatorArticleDelete', {}, { id });
}
