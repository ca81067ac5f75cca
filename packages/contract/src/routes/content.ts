import { z } from 'zod';
import { LOCALES } from '../constants';
import { pageOf, requiredText, zLocalisedText, zPage } from '../fields';
import { route } from '../route';

// Dictionaries of codes, countries and regions, and the app's published versions.

export const zLocale = z.enum(LOCALES);

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

export const contentRoutes = {
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
          const types = v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
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
};

export const contentOperatorRoutes = {
  operatorAppVersions: route({
    method: 'GET',
    path: '/operator/app-versions',
    auth: 'operator',
    tag: 'admin',
    summary: 'Published app versions, newest first',
    request: zPage,
    response: pageOf(
      zAppVersion.extend({
        notesByLocale: z.object({ en: z.string(), nl: z.string().nullable(), zh_Hans_CN: z.string().nullable() }),
        publishedBy: z.string().nullable(),
      }),
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
