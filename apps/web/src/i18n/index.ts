import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { getUiLanguage, storeUiLanguage, type UiLanguage } from './locale';
import { nl } from './nl';
import { zhHans } from './zh-Hans';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export const resources = {
  en: { translation: en },
  nl: { translation: nl },
  'zh-Hans': { translation: zhHans },
} as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: getUiLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'nl', 'zh-Hans'],
  load: 'currentOnly',
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const HTML_LANG: Record<UiLanguage, string> = { en: 'en', nl: 'nl', 'zh-Hans': 'zh-Hans' };
if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[getUiLanguage()];

/** Switch the UI language: persisted, used by the next request's `languages` header, re-renders. */
export function setLanguage(language: UiLanguage): void {
  storeUiLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = HTML_LANG[language];
  void i18n.changeLanguage(language);
}

export { i18n };
