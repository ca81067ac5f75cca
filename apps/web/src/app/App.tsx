import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import nlNL from 'antd-mobile/es/locales/nl-NL';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/queryClient';
import { router } from './router';

const ANTD_LOCALES = { en: enUS, nl: nlNL, 'zh-Hans': zhCN } as const;

export function App() {
  const { i18n, t } = useTranslation();
  const language = (i18n.language in ANTD_LOCALES ? i18n.language : 'en') as keyof typeof ANTD_LOCALES;
  useEffect(() => {
    document.title = t('app.name');
  }, [t]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[language]}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </QueryClientProvider>
  );
}
