import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

// sanitize-html (and the HTML parser under it) loads with the first text cleaned, not at every start: a start
// on a seeded database cleans nothing (decision 0024, Start-up). It is CommonJS, so it is required synchronously.
const requireHere = createRequire(import.meta.url);
let loaded: typeof SanitizeHtml | undefined;
const sanitizeHtml = (html: string, options: SanitizeHtml.IOptions) => (loaded ??= requireHere('sanitize-html') as typeof SanitizeHtml)(html, options);

// Article bodies are shown as HTML in the app and on the help pages, so what an operator writes is
// cut down to an allowlist before it is stored: formatting, lists, tables, links and images only.

/** Images from our own uploads, any https address, or an inline raster image. */
const IMAGE_SRC = /^(?:https:\/\/\S+|\/web\/file\/[\w-]+|data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+)$/i;
const ABSOLUTE_LINK = /^https?:/i;

const BODY_OPTIONS: SanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'strong',
    'em',
    'b',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'code',
    'pre',
    'hr',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'data'] },
  // `//host/path` would leave the site while looking relative.
  allowProtocolRelative: false,
  // Their text is code or a foreign document, not article text: drop it with the tag.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template', 'title', 'head'],
  transformTags: {
    // A pasted document keeps its outline: the page has the title as its only h1.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (_tag, attribs): SanitizeHtml.Tag => {
      const href = attribs.href?.trim();
      if (!href) return { tagName: 'a', attribs: {} };
      // Whatever rel/target the author wrote is replaced: only links leaving the site open a new tab.
      return ABSOLUTE_LINK.test(href) ? { tagName: 'a', attribs: { href, rel: 'noopener noreferrer', target: '_blank' } } : { tagName: 'a', attribs: { href } };
    },
    img: (_tag, attribs): SanitizeHtml.Tag => {
      const src = attribs.src?.trim() ?? '';
      const kept: Record<string, string> = IMAGE_SRC.test(src) ? { src } : {};
      for (const name of ['alt', 'width', 'height'] as const) if (attribs[name] !== undefined) kept[name] = attribs[name];
      return { tagName: 'img', attribs: kept };
    },
  },
  // An image whose source was refused is removed rather than left as a broken box.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** An article body as it is stored and served. Applying it twice changes nothing. */
export function sanitizeBody(html: string): string {
  return sanitizeHtml(html, BODY_OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** Titles and summaries are text: tags removed, whitespace collapsed, stored unescaped. */
export function plainText(text: string): string {
  const stripped = sanitizeHtml(text, { allowedTags: [], allowedAttributes: {}, nonTextTags: BODY_OPTIONS.nonTextTags! });
  return stripped
    .replace(/&(?:amp|lt|gt|quot);/g, (e) => ENTITIES[e]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a sanitised body says anything (text or an image), so an all-script body is refused. */
export function hasContent(html: string): boolean {
  return /<img\s/i.test(html) || plainText(html).length > 0;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
