import type { Locale } from '@tradeapp/contract';
import { readStorage, StorageKey, writeStorage } from '../lib/storage';

/** UI language codes (i18next) and their wire locale (the `languages` header). */
export const UI_LANGUAGES = ['en', 'nl', 'zh-Hans'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** The page's `lang` in each language (its fonts and hyphenation follow it). */
export const HTML_LANG: Record<UiLanguage, string> = { en: 'en', nl: 'nl', 'zh-Hans': 'zh-Hans' };

/** Each language's name in the compact switch, in that language. */
export const LANGUAGE_SHORT: Record<UiLanguage, string> = { en: 'EN', nl: 'NL', 'zh-Hans': '中文' };

const WIRE: Record<UiLanguage, Locale> = { en: 'en', nl: 'nl', 'zh-Hans': 'zh_Hans_CN' };
const ACCEPT: Record<UiLanguage, string> = { en: 'en', nl: 'nl', 'zh-Hans': 'zh-Hans-CN,zh;q=0.9' };

/**
 * Default UI language: English. The specification says both "default UI language is English" and
 * "the locale storage default is nl"; we read the second as the default of the legacy device-prompt
 * store and follow the first for the app, so a fresh install shows English until the user picks a
 * language (which is then persisted in localStorage). The lead records this in docs/decisions/.
 */
export const DEFAULT_LANGUAGE: UiLanguage = 'en';

function isUiLanguage(value: string | null): value is UiLanguage {
  return value !== null && (UI_LANGUAGES as readonly string[]).includes(value);
}

let current: UiLanguage = (() => {
  const stored = readStorage(StorageKey.language);
  return isUiLanguage(stored) ? stored : DEFAULT_LANGUAGE;
})();

export function getUiLanguage(): UiLanguage {
  return current;
}

/** Persist the language; callers that render (i18next) listen through `setLanguage` in i18n/index. */
export function storeUiLanguage(language: UiLanguage): void {
  current = language;
  writeStorage(StorageKey.language, language);
}

export function wireLocale(language: UiLanguage = current): Locale {
  return WIRE[language] ?? 'en';
}

export function acceptLanguage(language: UiLanguage = current): string {
  return ACCEPT[language];
}
