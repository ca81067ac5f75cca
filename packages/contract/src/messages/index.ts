import type { Locale } from '../constants';
import { en } from './en';
import { nl } from './nl';
import { zh_Hans_CN } from './zh_Hans_CN';

// Every message the server can put in an envelope's `msg`, and the client-side validation
// messages of the specification (section 5), in the three locales. English is the key set.

export type MessageKey = keyof typeof en;
/** A language's messages: every key of the English set, so a missing translation does not compile. */
export type Messages = Record<MessageKey, string>;

export const MESSAGES: Record<Locale, Messages> = { en, nl, zh_Hans_CN };

export function isMessageKey(key: string): key is MessageKey {
  return Object.prototype.hasOwnProperty.call(en, key);
}

/** A decimal string in the reader's separators, digits as they are (never through a float): Dutch 1.234,50, others 1,234.50. */
export function formatDecimal(value: string, locale: Locale): string {
  const negative = value.startsWith('-');
  const [int = '0', frac] = (negative ? value.slice(1) : value).split('.');
  const [group, decimal] = locale === 'nl' ? ['.', ','] : [',', '.'];
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  return `${negative && /[1-9]/.test(int + (frac ?? '')) ? '-' : ''}${grouped}${frac ? decimal + frac : ''}`;
}

/** Translate a message key, filling `{name}` placeholders. Unknown locales fall back to English. */
export function translate(locale: Locale, key: MessageKey, params?: Record<string, string | number>): string {
  const text = MESSAGES[locale]?.[key] ?? en[key];
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Pick the caller's locale from the `languages` header, then `accept-language`; fallback English. */
export function resolveLocale(languages?: string | null, acceptLanguage?: string | null): Locale {
  for (const raw of [languages, ...(acceptLanguage ?? '').split(',')]) {
    const tag = (raw ?? '').split(';')[0]!.trim().toLowerCase().replace('-', '_');
    if (!tag) continue;
    if (tag.startsWith('zh')) return 'zh_Hans_CN';
    if (tag.startsWith('nl')) return 'nl';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}
