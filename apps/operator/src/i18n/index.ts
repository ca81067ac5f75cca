import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { storedLanguage, storeLanguage, type UiLanguage } from './locale';
import { nl } from './nl';
import { zhHans } from './zh-Hans';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

// The back office loads its three languages with its code: it is opened on a desk, not on a phone's
// first visit, so one bundle is simpler than the investor app's loading by page.
void i18n.use(initReactI18next).init({
  resources: { en: { translation: en }, nl: { translation: nl }, 'zh-Hans': { translation: zhHans } },
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: ['en', 'nl', 'zh-Hans'],
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});
if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

export function currentLanguage(): UiLanguage {
  return i18n.language as UiLanguage;
}

/** Switches the back office's language, kept for the next visit; the server's messages follow it. */
export async function setLanguage(language: UiLanguage): Promise<void> {
  storeLanguage(language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

export { i18n };
