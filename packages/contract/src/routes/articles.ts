import { z } from 'zod';
import { pageOf, requiredText, zPage } from '../fields';
import { route } from '../route';
import { zId } from './common';
import { zLocale } from './content';

// Articles (`/article/*`): news, guides and legal documents per language, sanitised, with
// English as every language's fallback; operators write them.

export const ARTICLE_CATEGORIES = ['news', 'guide', 'legal'] as const;

export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

export const zArticleCategory = z.enum(ARTICLE_CATEGORIES, { error: 'v.invalidValue' });

/** The three legal documents, by the slug of the article that holds each. */
export const LEGAL_SLUGS = { agreement: 'user-agreement', privacy: 'privacy-policy', risk: 'risk-disclosure' } as const;

export type LegalDocType = keyof typeof LEGAL_SLUGS;

/** Lower-case words joined by dashes: `how-margin-works`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An article is addressed by its number or its slug. */
const zArticleRef = z.object({
  id: z
    .string()
    .trim()
    .min(1)
    .max(80)
    .regex(/^(\d+|[a-z0-9]+(?:-[a-z0-9]+)*)$/, { error: 'v.invalidValue' }),
});

export const zArticleSummary = z.object({
  id: z.number().int(),
  slug: z.string().nullable(),
  category: zArticleCategory,
  title: z.string(),
  summary: z.string(),
  coverUrl: z.string().nullable(),
  /** The language this text is in: the caller's, or English when the article has no translation. */
  language: zLocale,
  /** True when the caller's language was missing and English is shown instead. */
  fallback: z.boolean(),
  publishTimestamp: z.number().int(),
});

export const zArticle = zArticleSummary.extend({
  /** Sanitised HTML: only formatting, links, lists, tables and images; no scripts, styles or handlers. */
  bodyHtml: z.string(),
  updateTimestamp: z.number().int(),
});

/** One language of an article as an operator writes it. */
export const zArticleText = z.object({
  title: requiredText('v.fillRequired').max(200, { error: 'v.textTooLong' }),
  summary: z.string().trim().max(500, { error: 'v.textTooLong' }).default(''),
  /** HTML; the server keeps only what the sanitiser allows. */
  body: requiredText('v.fillRequired').max(200_000, { error: 'v.textTooLong' }),
});

const zArticleTextOptional = zArticleText.optional();

export const zArticleInput = z.object({
  slug: z
    .string()
    .trim()
    .max(80, { error: 'v.textTooLong' })
    .regex(SLUG_PATTERN, { error: 'v.invalidValue' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  category: zArticleCategory,
  coverUrl: z.string().trim().max(200).nullable().optional(),
  status: z.enum(['draft', 'published']),
  /** English is required: it is the fallback of every other language. */
  texts: z.object({ en: zArticleText, nl: zArticleTextOptional, zh_Hans_CN: zArticleTextOptional }),
});

export const zAdminArticle = z.object({
  id: z.number().int(),
  slug: z.string().nullable(),
  category: zArticleCategory,
  coverUrl: z.string().nullable(),
  status: z.enum(['draft', 'published']),
  texts: z.object({
    en: z.object({ title: z.string(), summary: z.string(), body: z.string() }),
    nl: z.object({ title: z.string(), summary: z.string(), body: z.string() }).nullable(),
    zh_Hans_CN: z.object({ title: z.string(), summary: z.string(), body: z.string() }).nullable(),
  }),
  /** Shipped with the app (how-to guides, legal documents); operators may edit but not delete them. */
  builtIn: z.boolean(),
  publishTimestamp: z.number().int().nullable(),
  updateTimestamp: z.number().int(),
  updatedBy: z.string().nullable(),
});

export const articleRoutes = {
  articleList: route({
    method: 'POST',
    path: '/article/pageList',
    auth: 'public',
    tag: 'content',
    summary: 'Published articles, newest first, in the caller’s language with English as the fallback',
    request: zPage.extend({ category: zArticleCategory.optional() }),
    response: pageOf(zArticleSummary),
  }),
  article: route({
    method: 'GET',
    path: '/article/:id',
    auth: 'public',
    tag: 'content',
    summary: 'One published article by number or slug, body as sanitised HTML',
    params: zArticleRef,
    request: z.object({}),
    response: zArticle,
  }),
};

export const articleOperatorRoutes = {
  operatorArticles: route({
    method: 'GET',
    path: '/operator/articles',
    auth: 'operator',
    tag: 'admin',
    summary: 'Every article, drafts included, newest first',
    request: zPage.extend({ category: zArticleCategory.optional(), status: z.enum(['draft', 'published']).optional() }),
    response: pageOf(zAdminArticle),
  }),
  operatorArticle: route({
    method: 'GET',
    path: '/operator/articles/:id',
    auth: 'operator',
    tag: 'admin',
    summary: 'One article with every language',
    params: zId,
    request: z.object({}),
    response: zAdminArticle,
  }),
  operatorArticleCreate: route({
    method: 'POST',
    path: '/operator/articles',
    auth: 'operator',
    tag: 'admin',
    summary: 'Write a new article; bodies are sanitised before they are stored',
    request: zArticleInput,
    response: zAdminArticle,
  }),
  operatorArticleUpdate: route({
    method: 'POST',
    path: '/operator/articles/:id',
    auth: 'operator',
    tag: 'admin',
    summary: 'Replace an article’s fields and languages',
    params: zId,
    request: zArticleInput,
    response: zAdminArticle,
  }),
  operatorArticleDelete: route({
    method: 'POST',
    path: '/operator/articles/:id/delete',
    auth: 'operator',
    tag: 'admin',
    summary: 'Delete an article written by an operator (shipped ones can only be unpublished)',
    params: zId,
    request: z.object({}),
    response: z.object({ removed: z.number().int() }),
  }),
  operatorArticlePreview: route({
    method: 'POST',
    path: '/operator/articles/preview',
    auth: 'operator',
    tag: 'admin',
    summary: 'The sanitised HTML a body would be stored as',
    request: z.object({ body: z.string().max(200_000, { error: 'v.textTooLong' }) }),
    response: z.object({ html: z.string() }),
  }),
};
