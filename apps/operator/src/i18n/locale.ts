import type { Locale } from '@tradeapp/contract';

// The back office's languages: the investor app's three (issue 35), so operators in the Netherlands and
// China read it in their own. English unless the operator picks another; the choice is kept on the browser.

export const UI_LANGUAGES = ['en', 'nl', 'zh-Hans'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** Each language's name, in that language (the switch in the header). */
export const LANGUAGE_NAMES: Record<UiLanguage, string> = { en: 'English', nl: 'Nederlands', 'zh-Hans': '简体中文' };

/** The `languages` header each sends, so the server's messages come in it too. */
const WIRE: Record<UiLanguage, Locale> = { en: 'en', nl: 'nl', 'zh-Hans': 'zh_Hans_CN' };

const KEY = 'operator.language';

const isUiLanguage = (value: string | null): value is UiLanguage => value !== null && (UI_LANGUAGES as readonly string[]).includes(value);

export function storedLanguage(): UiLanguage {
  try {
    const stored = localStorage.getItem(KEY);
    return isUiLanguage(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

export function storeLanguage(language: UiLanguage): void {
  try {
    localStorage.setItem(KEY, language);
  } catch {
    // a browser that keeps nothing: the choice lasts this page
  }
}

export const wireLocale = (language: UiLanguage): Locale => WIRE[language];

/** A language file's shape: the English file's keys, any text. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
