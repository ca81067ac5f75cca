import type { HandlersOf } from '../../http/register';
import { dictionary } from './dict';
import type { ContentService } from './service';

type ContentRoutes =
  | 'articleList'
  | 'article'
  | 'dictData'
  | 'areaList'
  | 'appVersion'
  | 'adminArticles'
  | 'adminArticle'
  | 'adminArticleCreate'
  | 'adminArticleUpdate'
  | 'adminArticleDelete'
  | 'adminArticlePreview'
  | 'adminAppVersions'
  | 'adminAppVersionPublish';

export function contentHandlers({ articles, versions }: ContentService): HandlersOf<ContentRoutes> {
  const operator = (caller: { id: number } | null, ip: string) => ({ id: caller!.id, ip });
  return {
    articleList: ({ input, req }) => articles.list(req.locale, input.page, input.size, input.category),
    article: ({ params, req }) => articles.get(req.locale, params.id),
    dictData: async ({ input, req }) => dictionary(req.locale, input.type),
    // The country names and calling codes are loaded on the first call, not at start-up.
    areaList: async ({ req }) => (await import('./areas')).areaList(req.locale),
    appVersion: ({ req }) => versions.config(req.locale),
    adminArticles: ({ input }) => articles.adminList(input.page, input.size, input.category, input.status),
    adminArticle: ({ params }) => articles.adminGet(params.id),
    adminArticleCreate: ({ input, caller, req }) => articles.create(operator(caller, req.ip), input),
    adminArticleUpdate: ({ input, params, caller, req }) => articles.update(operator(caller, req.ip), params.id, input),
    adminArticleDelete: ({ params, caller, req }) => articles.remove(operator(caller, req.ip), params.id),
    adminArticlePreview: async ({ input }) => articles.preview(input.body),
    adminAppVersions: ({ input }) => versions.list(input.page, input.size),
    adminAppVersionPublish: ({ input, caller, req }) => versions.publish(operator(caller, req.ip), input, req.locale),
  };
}
