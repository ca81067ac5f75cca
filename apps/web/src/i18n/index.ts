import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { getUiLanguage, storeUiLanguage, type UiLanguage } from './locale';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

// English ships in the first bundle (it is every language's fallback); Dutch and Chinese are
// fetched when chosen, so a first visit does not download three copies of every string.
const LOADERS: Record<Exclude<UiLanguage, 'en'>, () => Promise<object>> = {
  nl: () => import('./nl').then((m) => m.nl),
  'zh-Hans': () => import('./zh-Hans').then((m) => m.zhHans),
};

async function ensureLoaded(language: UiLanguage): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await LOADERS[language]());
}

void i18n.use(initReactI18next).init({
  resources: { en: { translation: en } },
  partialBundledLanguages: true,
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'nl', 'zh-Hans'],
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const HTML_LANG: Record<UiLanguage, string> = { en: 'en', nl: 'nl', 'zh-Hans': 'zh-Hans' };

async function apply(language: UiLanguage): Promise<void> {
  await ensureLoaded(language);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
  await i18n.changeLanguage(language);
}

/** The stored language, loaded: the app renders once this resolves. English on a failed load. */
export function initLanguage(): Promise<void> {
  return apply(getUiLanguage()).catch(() => undefined);
}

/** Switch the UI language: persisted, used by the next request's `languages` header, re-renders once loaded. */
export function setLanguage(language: UiLanguage): Promise<void> {
  storeUiLanguage(language);
  return apply(language);
}

export { i18n };
