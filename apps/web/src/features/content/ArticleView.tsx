import './content.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { isAppPath, paths } from '../../app/paths';
import { formatDate } from '../../lib/format';
import { fetchFileSrc } from '../../ui/AuthImage';
import { showToast } from '../../ui/toast';
import { allowedWebviewUrl } from './allowlist';
import { appConfigQuery, type Article } from './api';

const FILE_SRC = /(<img\b[^>]*?\s)src="(\/web\/file\/[^"]+)"/g;

/** Uploaded images need the bearer token: they are loaded by script instead of by the <img> itself. */
function deferProtectedImages(html: string): string {
  return html.replace(FILE_SRC, '$1data-file-src="$2"');
}

/** The web view address of a link, or the in-app route of an app link; null when it is refused. */
export function useLinkTarget() {
  const { i18n } = useTranslation();
  const config = useQuery(appConfigQuery(i18n.language));
  const allowlist = config.data?.webviewAllowlist;
  return (href: string, title: string): string | null => {
    if (href.startsWith('#') && isAppPath(href.slice(1))) return href.slice(1);
    if (!allowlist || !allowedWebviewUrl(href, allowlist, window.location.origin)) return null;
    const query = new URLSearchParams({ url: href, ...(title ? { title } : {}) });
    return paths.content.webview(query);
  };
}

interface ArticleViewProps {
  article: Article;
  /** data-testid of the title, the body and the fallback note. */
  testIds: { title: string; body: string; fallback: string };
  /** Under the title instead of the publication date; false for none (a legal document dates itself). */
  dateLine?: ReactNode | false;
}

/** An article: title, date, the English-fallback note and its sanitised body with readable typography. */
export function ArticleView({ article, testIds, dateLine }: ArticleViewProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const linkTarget = useLinkTarget();
  const body = useRef<HTMLDivElement>(null);
  const html = useMemo(() => deferProtectedImages(article.bodyHtml), [article.bodyHtml]);

  useEffect(() => {
    const root = body.current;
    if (!root) return undefined;
    const controller = new AbortController();
    const made: string[] = [];
    for (const img of root.querySelectorAll<HTMLImageElement>('img[data-file-src]')) {
      const url = img.dataset.fileSrc ?? '';
      fetchFileSrc(url, controller.signal)
        .then((src) => {
          made.push(src);
          img.src = src;
        })
        .catch(() => img.classList.add('article-img-missing'));
    }
    return () => {
      controller.abort();
      for (const src of made) URL.revokeObjectURL(src);
    };
  }, [html]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as Element).closest('a');
    if (!anchor || !event.currentTarget.contains(anchor)) return;
    event.preventDefault();
    const href = anchor.getAttribute('href') ?? '';
    if (!href || (href.startsWith('#') && !isAppPath(href.slice(1)))) return;
    const target = linkTarget(href, anchor.textContent?.trim() ?? '');
    if (target) void navigate(target);
    else showToast(t('webview.refused'), 'fail');
  };

  return (
    <article className="article" data-category={article.category} data-language={article.language}>
      <h1 className="article-title" data-testid={testIds.title}>
        {article.title}
      </h1>
      {dateLine !== false && <div className="article-date">{dateLine ?? formatDate(article.publishTimestamp)}</div>}
      {article.fallback && (
        <div className="article-fallback" data-testid={testIds.fallback}>
          {t('news.fallback')}
        </div>
      )}
      <div
        ref={body}
        className="article-body"
        data-testid={testIds.body}
        lang={article.language === 'zh_Hans_CN' ? 'zh-Hans' : article.language}
        onClick={onClick}
        // The server sanitises every body before it is stored (only formatting, links, lists,
        // tables and images; no scripts, styles or handlers), which is what makes this safe.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </article>
  );
}
