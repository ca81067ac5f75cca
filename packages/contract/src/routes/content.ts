import { z } from 'zod';
import { LOCALES } from '../constants';
import { pageOf, requiredText, zPage } from '../fields';
import { route } from '../route';

// Content and service: articles, dictionaries, areas, app config, the customer-service chat,
// referrals and operator broadcasts (issue 6).

export const ARTICLE_CATEGORIES = ['news', 'guide', 'legal'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];
export const zArticleCategory = z.enum(ARTICLE_CATEGORIES, { error: 'v.invalidValue' });

/** The three legal documents, by the slug of the article that holds each. */
export const LEGAL_SLUGS = { agreement: 'user-agreement', privacy: 'privacy-policy', risk: 'risk-disclosure' } as const;
export type LegalDocType = keyof typeof LEGAL_SLUGS;

export const zLocale = z.enum(LOCALES);
/** Lower-case words joined by dashes: `how-margin-works`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** An article is addressed by its number or its slug. */
const zArticleRef = z.object({ id: z.string().trim().min(1).max(80).regex(/^(\d+|[a-z0-9]+(?:-[a-z0-9]+)*)$/, { error: 'v.invalidValue' }) });

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

/** Dictionary types served by `/dict/data`. */
export const DICT_TYPES = [
  'accountType',
  'orderDirection',
  'orderType',
  'openClose',
  'orderStatus',
  'transactionStatus',
  'reviewStatus',
  'kycStatus',
  'fundsReviewStatus',
  'idType',
  'billType',
  'walletCode',
  'marketSource',
  'articleCategory',
] as const;
export type DictType = (typeof DICT_TYPES)[number];

export const zDictItem = z.object({
  type: z.enum(DICT_TYPES),
  /** The code as sent on the wire, as a string (`"1"`, `"passport"`, `"BALANCE"`). */
  value: z.string(),
  label: z.string(),
  sort: z.number().int(),
});

export const zArea = z.object({
  /** ISO 3166-1 alpha-2. */
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  /** International dialling code without the plus, e.g. "31". */
  dialCode: z.string().nullable(),
});

export const zAppVersion = z.object({
  id: z.number().int(),
  /** The app's title (the fixed market name of the spec). */
  title: z.string(),
  version: z.string(),
  /** Release notes in the caller's language, English when missing. */
  notes: z.string(),
  forceUpdate: z.boolean(),
  publishTimestamp: z.number().int(),
});

export const zAppConfig = z.object({
  title: z.string(),
  /** The published version, or null before any is published. */
  version: zAppVersion.nullable(),
  /** URL prefixes the in-app web view may open; anything else is refused. */
  webviewAllowlist: z.array(z.string()),
});

export const SEMVER_PATTERN = /^\d+\.\d+\.\d+$/;

export const zChatMessage = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  from: z.enum(['user', 'operator']),
  text: z.string().nullable(),
  imageUrl: z.string().nullable(),
  /** The operator's display name on operator messages. */
  operatorName: z.string().nullable(),
  /** Whether the other side has read it. */
  read: z.boolean(),
  /** The sender's own id for this message, so a resend after a reconnect is recognised. */
  clientId: z.string().nullable(),
  createTimestamp: z.number().int(),
});

export const zChatSend = z
  .object({
    text: z.string().trim().max(2000, { error: 'v.textTooLong' }).optional(),
    /** A file uploaded with `/file/upload` by the sender. */
    imageUrl: z.string().trim().max(200).optional(),
    clientId: z.string().trim().min(8).max(64).regex(/^[\w-]+$/).optional(),
  })
  .refine((v) => Boolean(v.text) || Boolean(v.imageUrl), { error: 'v.fillRequired', path: ['text'] });

const zChatPage = z.object({
  /** Messages older than this id; omit for the newest. */
  beforeId: z.coerce.number().int().positive().optional(),
  /** Messages newer than this id, oldest first (catching up after a reconnect). */
  afterId: z.coerce.number().int().min(0).optional(),
  size: z.coerce.number().int().min(1).max(100).default(30),
});
const zChatHistory = z.object({
  /** Oldest first. */
  list: z.array(zChatMessage),
  hasMore: z.boolean(),
  /** Messages from the other side not yet read by the caller's side. */
  unread: z.number().int(),
});

export const zConversation = z.object({
  userId: z.number().int(),
  userName: z.string(),
  email: z.string().nullable(),
  lastMessage: zChatMessage,
  /** User messages no operator has read yet. */
  unread: z.number().int(),
});

export const zInvitee = z.object({
  /** Masked: the first and last characters of the user ID. */
  userName: z.string(),
  registerTimestamp: z.number().int(),
  verified: z.boolean(),
});

const zLocalisedText = (max: number) =>
  z.object({
    en: requiredText('v.fillRequired').max(max, { error: 'v.textTooLong' }),
    nl: z.string().trim().max(max, { error: 'v.textTooLong' }).optional(),
    zh_Hans_CN: z.string().trim().max(max, { error: 'v.textTooLong' }).optional(),
  });

const zUserId = z.object({ userId: z.coerce.number().int().positive() });
const zId = z.object({ id: z.coerce.number().int().positive() });

export const contentRoutes = {
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
  dictData: route({
    method: 'GET',
    path: '/dict/data',
    auth: 'public',
    tag: 'content',
    summary: 'Labels of the codes (statuses, types, sides) in the caller’s language; `type` is one or more dictionary types, comma-separated',
    request: z.object({
      type: z
        .string()
        .max(400)
        .optional()
        .transform((v, ctx) => {
          if (!v) return undefined;
          const types = v.split(',').map((s) => s.trim()).filter(Boolean);
          for (const t of types) {
            if (!(DICT_TYPES as readonly string[]).includes(t)) {
              ctx.addIssue({ code: 'custom', message: 'v.invalidValue' });
              return z.NEVER;
            }
          }
          return types as DictType[];
        }),
    }),
    response: z.array(zDictItem),
  }),
  areaList: route({
    method: 'GET',
    path: '/areaInfo/list',
    auth: 'public',
    tag: 'content',
    summary: 'Countries and regions (ISO 3166-1) with names in the caller’s language, sorted by that name',
    request: z.object({}),
    response: z.array(zArea),
  }),
  appVersion: route({
    method: 'GET',
    path: '/appVersion/getPublishAppVersion',
    auth: 'public',
    tag: 'content',
    summary: 'The app’s title, its published version and the web view allowlist',
    request: z.object({}),
    response: zAppConfig,
  }),
  invitees: route({
    method: 'GET',
    path: '/userCenter/invitees',
    auth: 'user',
    tag: 'content',
    summary: 'Users who registered with the caller’s invitation code, newest first',
    request: zPage,
    response: pageOf(zInvitee).extend({ invitationCode: z.string() }),
  }),
  chatMessages: route({
    method: 'GET',
    path: '/chat/messages',
    auth: 'user',
    tag: 'chat',
    summary: 'The caller’s conversation with customer service, oldest first within the page',
    request: zChatPage,
    response: zChatHistory,
  }),
  chatSend: route({
    method: 'POST',
    path: '/chat/send',
    auth: 'user',
    tag: 'chat',
    summary: 'Write to customer service: text, an uploaded image, or both; pushed to operators as `chat.message`',
    request: zChatSend,
    response: zChatMessage,
    rateLimit: { max: 30, windowSeconds: 60 },
  }),
  chatRead: route({
    method: 'POST',
    path: '/chat/read',
    auth: 'user',
    tag: 'chat',
    summary: 'Mark operator messages up to an id (or all) as read',
    request: z.object({ upToId: z.number().int().positive().optional() }),
    response: z.object({ unread: z.number().int() }),
  }),
};

export const contentOperatorRoutes = {
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
  operatorNoticeSend: route({
    method: 'POST',
    path: '/operator/notices',
    auth: 'operator',
    tag: 'admin',
    summary: 'Send a notice to every investor or to one; English is required and is the fallback of the other languages',
    request: z
      .object({
        target: z.enum(['all', 'user']),
        userId: z.number().int().positive().optional(),
        title: zLocalisedText(120),
        body: zLocalisedText(2000),
      })
      .refine((v) => v.target === 'all' || v.userId !== undefined, { error: 'v.fillRequired', path: ['userId'] }),
    response: z.object({ sent: z.number().int() }),
    rateLimit: { max: 20, windowSeconds: 60 },
  }),
  operatorChats: route({
    method: 'GET',
    path: '/operator/chats',
    auth: 'operator',
    tag: 'admin',
    summary: 'Conversations, the most recent first, with unread counts',
    // Not z.coerce.boolean(): that reads the query string "false" as true.
    request: zPage.extend({ unreadOnly: z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')]).optional() }),
    response: pageOf(zConversation).extend({ unread: z.number().int() }),
  }),
  operatorChatMessages: route({
    method: 'GET',
    path: '/operator/chats/:userId/messages',
    auth: 'operator',
    tag: 'admin',
    summary: 'One user’s conversation, oldest first within the page',
    params: zUserId,
    request: zChatPage,
    response: zChatHistory,
  }),
  operatorChatSend: route({
    method: 'POST',
    path: '/operator/chats/:userId/send',
    auth: 'operator',
    tag: 'admin',
    summary: 'Answer a user; pushed to that user only as `chat.message`',
    params: zUserId,
    request: zChatSend,
    response: zChatMessage,
  }),
  operatorChatRead: route({
    method: 'POST',
    path: '/operator/chats/:userId/read',
    auth: 'operator',
    tag: 'admin',
    summary: 'Mark the user’s messages up to an id (or all) as read by customer service',
    params: zUserId,
    request: z.object({ upToId: z.number().int().positive().optional() }),
    response: z.object({ unread: z.number().int() }),
  }),
  operatorAppVersions: route({
    method: 'GET',
    path: '/operator/app-versions',
    auth: 'operator',
    tag: 'admin',
    summary: 'Published app versions, newest first',
    request: zPage,
    response: pageOf(
      zAppVersion.extend({ notesByLocale: z.object({ en: z.string(), nl: z.string().nullable(), zh_Hans_CN: z.string().nullable() }), publishedBy: z.string().nullable() }),
    ),
  }),
  operatorAppVersionPublish: route({
    method: 'POST',
    path: '/operator/app-versions',
    auth: 'operator',
    tag: 'admin',
    summary: 'Publish a new app version; it must be higher than the current one',
    request: z.object({
      title: requiredText('v.fillRequired').max(60, { error: 'v.textTooLong' }),
      version: requiredText('v.fillRequired').regex(SEMVER_PATTERN, { error: 'v.invalidValue' }),
      notes: zLocalisedText(2000),
      forceUpdate: z.boolean().default(false),
    }),
    response: zAppVersion,
  }),
};
