import { fillParams, type Locale, type MessageKey, type MessageLookup, type MessageParams, type Messages } from '@tradeapp/contract';
import { wireLocale } from './locale';

/**
 * Server and validation messages come from the contract (one source for server and client).
 * `key` may be a message key (translated in the current UI language) or already a sentence
 * (a server `msg`), which is shown as is.
 *
 * They are fetched with the first page that may show one (every page but the guide, see
 * app/router.tsx) and with a change of language: English (every language's fallback and the key
 * set) and the reader's language only, so the guide loads none and no one loads three copies.
 */
const loaded: Partial<Record<Locale, Messages>> = {};

const LOADERS: Record<Locale, () => Promise<Messages>> = {
  en: () => import('@tradeapp/contract/messages/en').then((m) => m.en),
  nl: () => import('@tradeapp/contract/messages/nl').then((m) => m.nl),
  zh_Hans_CN: () => import('@tradeapp/contract/messages/zh_Hans_CN').then((m) => m.zh_Hans_CN),
};

/** Fetch English and a locale's messages (once) before a page or a language shows them. */
export async function loadMessages(locale: Locale): Promise<void> {
  await Promise.all(
    [...new Set<Locale>(['en', locale])].map(async (l) => {
      loaded[l] ??= await LOADERS[l]();
    }),
  );
}

/** A key of the contract's messages (false until they are loaded: nothing shows one before). */
export function isMessageKey(key: string): key is MessageKey {
  return loaded.en !== undefined && Object.prototype.hasOwnProperty.call(loaded.en, key);
}

/** The locale's own messages have been fetched (not only English). */
export const localeLoaded = (locale: Locale): boolean => loaded[locale] !== undefined;

/** A message of the loaded locales by key, English standing in; undefined before they are loaded or for an unknown key. */
export function lookupMessage(locale: Locale, key: string): string | undefined {
  if (!isMessageKey(key)) return undefined;
  return loaded[locale]?.[key] ?? loaded.en?.[key];
}

/** The contract's `translate`, on the loaded locales: `{name}` placeholders filled (dates and zones in the reader's form), English fallback. */
export function translate(locale: Locale, key: MessageKey, params?: MessageParams): string {
  const text = lookupMessage(locale, key) ?? key;
  if (!params) return text;
  const lookup: MessageLookup = (k) => lookupMessage(locale, k);
  return fillParams(locale, text, params, lookup);
}

export function msg(key: string | undefined | null, params?: MessageParams): string {
  if (!key) return '';
  return isMessageKey(key) ? translate(wireLocale(), key, params) : key;
}
