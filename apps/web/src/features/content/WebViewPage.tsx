import './content.css';
import { Button, DotLoading } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { paths } from '../../app/paths';
import { wireLocale, type UiLanguage } from '../../i18n/locale';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { allowedWebviewUrl } from './allowlist';
import { appConfigQuery } from './api';

/** The app's own pages (help) follow the UI language, which a frame's request would not carry. */
function inLanguage(href: string, language: UiLanguage): string {
  const url = new URL(href);
  if (url.origin !== window.location.origin || url.searchParams.has('lang')) return href;
  url.searchParams.set('lang', wireLocale(language));
  return url.href;
}

/**
 * /pages/webview/index?url=&title=: a page of the server's allowlist in a frame. Anything else is
 * refused and never requested. The frame may not run scripts (the help pages need none).
 */
export default function WebViewPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get('url') ?? '';
  const title = params.get('title')?.trim() || t('titles.webview');
  const config = useQuery(appConfigQuery(i18n.language));
  const allowed = config.data ? allowedWebviewUrl(raw, config.data.webviewAllowlist, window.location.origin) : null;
  const target = allowed ? inLanguage(allowed, i18n.language as UiLanguage) : null;
  const [loaded, setLoaded] = useState<string | null>(null);

  let body;
  if (config.isPending)
    body = (
      <div className="empty-state compact" aria-busy="true">
        <DotLoading color="primary" />
      </div>
    );
  else if (config.isError)
    body = <EmptyState kind="feature" title={t('webview.checkFailed')} body={t('news.loadFailedBody')} onRetry={() => void config.refetch()} />;
  else if (!target)
    body = (
      <div data-testid="webview-refused">
        <EmptyState kind="notFound" title={t('webview.refused')} body={t('webview.refusedBody')}>
          <Button size="small" shape="rounded" color="primary" fill="outline" onClick={() => void navigate(paths.home(), { replace: true })}>
            {t('notFound.goHome')}
          </Button>
        </EmptyState>
      </div>
    );
  else
    body = (
      <div className="webview">
        {loaded !== target && (
          <div className="webview-loading" data-testid="webview-loading">
            <DotLoading color="primary" />
            <span>{t('webview.loading')}</span>
          </div>
        )}
        <iframe
          key={target}
          className="webview-frame"
          src={target}
          title={title}
          sandbox="allow-same-origin allow-popups"
          referrerPolicy="strict-origin-when-cross-origin"
          data-testid="webview-frame"
          onLoad={() => setLoaded(target)}
        />
      </div>
    );

  return (
    <Page title={<span className="nav-title-clip">{title}</span>} className="webview-page">
      {body}
    </Page>
  );
}
