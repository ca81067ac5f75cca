import { LEGAL_SLUGS, type ArticleCategory } from '@tradeapp/contract';

/**
 * The articles shipped with the app, oldest first: at the first start they are published in this
 * order, so the last one of a category heads its list.
 */
export const SEED_ARTICLES = [
  { slug: LEGAL_SLUGS.agreement, category: 'legal' },
  { slug: LEGAL_SLUGS.privacy, category: 'legal' },
  { slug: LEGAL_SLUGS.risk, category: 'legal' },
  { slug: 'withdrawals-and-kyc', category: 'guide' },
  { slug: 'leverage-risk', category: 'guide' },
  { slug: 'margin-and-leverage', category: 'guide' },
  { slug: 'how-to-deposit', category: 'guide' },
  { slug: 'trading-hours', category: 'news' },
  { slug: 'simulated-market', category: 'news' },
  { slug: 'welcome', category: 'news' },
] as const satisfies ReadonlyArray<{ slug: string; category: ArticleCategory }>;

export type SeedSlug = (typeof SEED_ARTICLES)[number]['slug'];

/** One language of a shipped article. `body` is HTML that the sanitiser leaves unchanged. */
export interface SeedText {
  title: string;
  summary: string;
  body: string;
}

export type SeedTexts = Record<SeedSlug, SeedText>;
