import { ConfigProvider } from 'antd-mobile';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_LANGUAGES, type UiLanguage } from '../i18n/locale';
import { RouterProvider } from '../lib/router';
import { antdLocale, loadAntdLocale } from './antdLocale';
import { router } from './router';

export function App() {
  const { i18n, t } = useTranslation();
  const language: UiLanguage = (UI_LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as UiLanguage) : 'en';
  const [, loaded] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    document.title = t('app.name');
  }, [t]);
  // A language chosen in the app: antd-mobile's texts follow once fetched.
  useEffect(() => {
    void loadAntdLocale(language).then(loaded, () => undefined);
  }, [language]);
  return (
    <ConfigProvider locale={antdLocale(language)}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
