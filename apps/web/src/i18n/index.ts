import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enCore } from './core-en';
import type { en } from './en';
import { getUiLanguage, HTML_LANG, storeUiLanguage, wireLocale, type UiLanguage } from './locale';
import { loadMessages } from './messages';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

// English's core ships in the first bundle (it is every language's fallback); the feature screens'
// English strings come with the first page that needs them (loadPageStrings), Dutch and Chinese
// when chosen, so a first visit does not download three copies of every string.
const LOADERS: Record<Exclude<UiLanguage, 'en'>, () => Promise<object>> = {
  nl: () => import('./nl').then((m) => m.nl),
  'zh-Hans': () => import('./zh-Hans').then((m) => m.zhHans),
};

async function ensureLoaded(language: UiLanguage): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await LOADERS[language]());
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: enCore } },
  partialBundledLanguages: true,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'nl', 'zh-Hans'],
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

async function apply(language: UiLanguage, messages: boolean): Promise<void> {
  await Promise.all([ensureLoaded(language), messages ? loadMessages(wireLocale(language)) : undefined]);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
  await i18n.changeLanguage(language);
}

/** The stored language, loaded: the app renders once this resolves. English on a failed load. */
export function initLanguage(): Promise<void> {
  return apply(getUiLanguage(), false).catch(() => undefined);
}

/** Switch the UI language: persisted, used by the next request's `languages` header, re-renders once loaded. */
export function setLanguage(language: UiLanguage): Promise<void> {
  storeUiLanguage(language);
  return apply(language, true);
}

let features: Promise<void> | null = null;

/**
 * What a page needs beyond the first screen's strings: the contract's messages (validation and
 * server messages) in the reader's language and the feature screens' English strings. The router
 * awaits it with a page's code (the guide and the sign-in page do without, app/routes.ts `light`).
 */
export function loadPageStrings(): Promise<void> {
  features ??= import('./features-en').then(
    ({ enFeatures }) => void i18n.addResourceBundle('en', 'translation', enFeatures, true, true),
    (error: unknown) => {
      features = null; // asked again by the next page
      throw error;
    },
  );
  return Promise.all([loadMessages(wireLocale()), features]).then(() => undefined);
}

export { i18n };
