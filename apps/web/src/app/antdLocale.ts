import enUS from 'antd-mobile/es/locales/en-US';
import type { UiLanguage } from '../i18n/locale';

// antd-mobile's own texts (its dialogs' buttons, pickers) in the reader's language: English ships
// with the first screen, Dutch and Chinese are fetched when they are the reader's.

type AntdLocale = typeof enUS;

const loaded: Partial<Record<UiLanguage, AntdLocale>> = { en: enUS };

const LOADERS: Record<Exclude<UiLanguage, 'en'>, () => Promise<AntdLocale>> = {
  nl: () => import('antd-mobile/es/locales/nl-NL').then((m) => m.default),
  'zh-Hans': () => import('antd-mobile/es/locales/zh-CN').then((m) => m.default),
};

export async function loadAntdLocale(language: UiLanguage): Promise<void> {
  if (language === 'en' || loaded[language]) return;
  loaded[language] = await LOADERS[language]();
}

/** The language's texts if loaded, else English. */
export function antdLocale(language: UiLanguage): AntdLocale {
  return loaded[language] ?? enUS;
}
