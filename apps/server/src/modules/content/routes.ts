import type { HandlersOf } from '../../http/register';
import { dictionary } from './dict';
import type { ContentService } from './service';

type ContentRoutes =
  | 'articleList'
  | 'article'
  | 'dictData'
  | 'areaList'
  | 'appVersion'
  | 'operatorArticles'
  | 'operatorArticle'
  | 'operatorArticleCreate'
  | 'operatorArticleUpdate'
  | 'operatorArticleDelete'
  | 'operatorArticlePreview'
  | 'operatorAppVersions'
  | 'operatorAppVersionPublish';

export function contentHandlers({ articles, versions }: ContentService): HandlersOf<ContentRoutes> {
  const operator = (caller: { id: number } | null, ip: string) => ({ id: caller!.id, ip });
  return {
    articleList: ({ input, req }) => articles.list(req.locale, input.page, input.size, input.category),
    article: ({ params, req }) => articles.get(req.locale, params.id),
    dictData: async ({ input, req }) => dictionary(req.locale, input.type),
    // The country names and calling codes are loaded on the first call, not at start-up.
    areaList: async ({ req }) => (await import('./areas')).areaList(req.locale),
    appVersion: ({ req }) => versions.config(req.locale),
    operatorArticles: ({ input }) => articles.operatorList(input.page, input.size, input.category, input.status),
    operatorArticle: ({ params }) => articles.operatorGet(params.id),
    operatorArticleCreate: ({ input, caller, req }) => articles.create(operator(caller, req.ip), input),
    operatorArticleUpdate: ({ input, params, caller, req }) => articles.update(operator(caller, req.ip), params.id, input),
    operatorArticleDelete: ({ params, caller, req }) => articles.remove(operator(caller, req.ip), params.id),
    operatorArticlePreview: async ({ input }) => articles.preview(input.body),
    operatorAppVersions: ({ input }) => versions.list(input.page, input.size),
    operatorAppVersionPublish: ({ input, caller, req }) => versions.publish(operator(caller, req.ip), input, req.locale),
  };
}
