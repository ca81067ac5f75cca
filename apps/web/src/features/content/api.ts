import type { ArticleCategory, ResponseOf, Routes } from '@tradeapp/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';

// Articles and the app's configuration (server module: content). Keys live under ['content'] and
// carry the UI language: the server answers in the caller's language, so a switch asks again.

export type ArticleSummary = ResponseOf<Routes['articleList']>['list'][number];
export type Article = ResponseOf<Routes['article']>;
export type AppConfig = ResponseOf<Routes['appVersion']>;

export const contentKeys = {
  all: ['content'] as const,
  articles: (category: ArticleCategory, language: string) => ['content', 'articles', category, language] as const,
  article: (ref: string, language: string) => ['content', 'article', ref, language] as const,
  appConfig: (language: string) => ['content', 'appConfig', language] as const,
};

export function articlesQuery(category: ArticleCategory, language: string, size: number) {
  return infiniteQueryOptions({
    queryKey: contentKeys.articles(category, language),
    queryFn: ({ pageParam, signal }) => call('articleList', { page: pageParam, size, category }, { signal, silent: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.size < last.total && last.list.length > 0 ? last.page + 1 : undefined),
    staleTime: 5 * 60_000,
  });
}

/** One published article by its number or slug. */
export function articleQuery(ref: string, language: string) {
  return queryOptions({
    queryKey: contentKeys.article(ref, language),
    queryFn: ({ signal }) => call('article', {}, { signal, silent: true, params: { id: ref } }),
    enabled: ref.length > 0,
    staleTime: 5 * 60_000,
  });
}

/** The app's title, published version and web view allowlist; changes rarely. */
export function appConfigQuery(language: string) {
  return queryOptions({
    queryKey: contentKeys.appConfig(language),
    queryFn: ({ signal }) => call('appVersion', {}, { signal, silent: true }),
    staleTime: 10 * 60_000,
  });
}
