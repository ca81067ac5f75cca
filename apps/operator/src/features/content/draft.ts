import type { ArticleCategory, Locale } from '@tradeapp/contract';
import type { ArticleInput, ArticleStatus, OperatorArticle } from './api';

// The article editor's form state: every language's texts, English always present.

export interface TextDraft {
  title: string;
  summary: string;
  body: string;
}

export interface Draft {
  slug: string;
  category: ArticleCategory;
  coverUrl: string | null;
  status: ArticleStatus;
  texts: Record<Locale, TextDraft | null> & { en: TextDraft };
}

export const EMPTY_TEXT: TextDraft = { title: '', summary: '', body: '' };

export function draftOf(article: OperatorArticle | null): Draft {
  if (!article) {
    return { slug: '', category: 'news', coverUrl: null, status: 'draft', texts: { en: EMPTY_TEXT, nl: null, zh_Hans_CN: null } };
  }
  return {
    slug: article.slug ?? '',
    category: article.category,
    coverUrl: article.coverUrl,
    status: article.status,
    texts: { en: article.texts.en, nl: article.texts.nl, zh_Hans_CN: article.texts.zh_Hans_CN },
  };
}

export function inputOf(draft: Draft): ArticleInput {
  const { en, nl, zh_Hans_CN } = draft.texts;
  return {
    slug: draft.slug.trim(),
    category: draft.category,
    coverUrl: draft.coverUrl,
    status: draft.status,
    texts: { en, ...(nl ? { nl } : {}), ...(zh_Hans_CN ? { zh_Hans_CN } : {}) },
  };
}

export const same = (a: Draft, b: Draft) => JSON.stringify(a) === JSON.stringify(b);
