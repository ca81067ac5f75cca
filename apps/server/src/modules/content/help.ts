import { LOCALES, SLUG_PATTERN, type Locale } from '@tradeapp/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import type { Articles } from './articles';
import { escapeHtml } from './sanitize';

// `/help/:slug`: a published article as a small page of its own, for the app's web view (an iframe
// of the same origin) and for links shared outside the app. The body was sanitised when it was
// written; the page itself allows no script at all, so even a sanitiser bug could not run one.

const CSP = "default-src 'none'; img-src 'self' data: https:; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

const WORDS: Record<Locale, { notFoundTitle: string; notFoundBody: string; simulated: string; published: string }> = {
  en: {
    notFoundTitle: 'Page not found',
    notFoundBody: 'This page does not exist or is no longer published.',
    simulated: 'All market prices in Meridian Markets are simulated.',
    published: 'Published',
  },
  nl: {
    notFoundTitle: 'Pagina niet gevonden',
    notFoundBody: 'Deze pagina bestaat niet of is niet meer gepubliceerd.',
    simulated: 'Alle marktkoersen in Meridian Markets zijn gesimuleerd.',
    published: 'Gepubliceerd',
  },
  zh_Hans_CN: {
    notFoundTitle: '页面不存在',
    notFoundBody: '该页面不存在或已下架。',
    simulated: 'Meridian Markets 中的所有市场价格均为模拟价格。',
    published: '发布于',
  },
};

const HTML_LANG: Record<Locale, string> = { en: 'en', nl: 'nl', zh_Hans_CN: 'zh-Hans' };
const DATE_LOCALE: Record<Locale, string> = { en: 'en-GB', nl: 'nl-NL', zh_Hans_CN: 'zh-Hans-CN' };

const STYLE = `
  :root { color-scheme: light; }
  body { margin: 0; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "PingFang SC", "Microsoft YaHei", sans-serif; color: #1f2329; background: #fff; }
  main { max-width: 720px; margin: 0 auto; padding: 16px 16px 32px; }
  h1 { font-size: 1.5em; line-height: 1.3; margin: 0.2em 0 0.3em; }
  h2 { font-size: 1.2em; margin: 1.4em 0 0.4em; }
  h3, h4 { font-size: 1.05em; margin: 1.2em 0 0.4em; }
  .meta, .note { color: #6b7280; font-size: 0.875em; }
  .note { border-top: 1px solid #e5e7eb; margin-top: 2em; padding-top: 0.8em; }
  img { max-width: 100%; height: auto; }
  table { border-collapse: collapse; width: 100%; font-size: 0.9em; display: block; overflow-x: auto; }
  th, td { border: 1px solid #e5e7eb; padding: 6px 8px; text-align: left; vertical-align: top; }
  th { background: #f3f4f6; }
  blockquote { margin: 1em 0; padding: 0 1em; border-left: 3px solid #d1d5db; color: #4b5563; }
  pre { background: #f3f4f6; padding: 12px; overflow-x: auto; }
  a { color: #1677ff; }
`;

function page(locale: Locale, title: string, content: string) {
  return `<!doctype html>
<html lang="${HTML_LANG[locale]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>
${content}
</main></body>
</html>
`;
}

const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

export function registerHelpPages(app: FastifyInstance, articles: Articles) {
  app.get<{ Params: { slug: string }; Querystring: { lang?: string } }>('/help/:slug', async (req, reply) => {
    const wanted = isLocale(req.query.lang) ? req.query.lang : req.locale;
    reply.header('content-security-policy', CSP).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache');
    const slug = req.params.slug;
    const article =
      SLUG_PATTERN.test(slug) && slug.length <= 80
        ? await articles.get(wanted, slug).catch((err: unknown) => {
            if (err instanceof AppError && err.code === 404) return null;
            throw err;
          })
        : null;
    if (!article) {
      const w = WORDS[wanted];
      return reply.code(404).send(page(wanted, w.notFoundTitle, `<h1>${escapeHtml(w.notFoundTitle)}</h1>\n<p>${escapeHtml(w.notFoundBody)}</p>`));
    }
    const locale = article.language;
    const w = WORDS[locale];
    const published = new Date(article.publishTimestamp);
    const date = new Intl.DateTimeFormat(DATE_LOCALE[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(published);
    const note = article.category === 'news' ? '' : `\n<p class="note">${escapeHtml(w.simulated)}</p>`;
    const content = `<article>
<h1>${escapeHtml(article.title)}</h1>
<p class="meta">${escapeHtml(w.published)} <time datetime="${published.toISOString()}">${escapeHtml(date)}</time></p>
${article.bodyHtml}${note}
</article>`;
    return reply.send(page(locale, article.title, content));
  });
}
