import { createHash } from 'node:crypto';
import type { Locale } from '@tradeapp/contract';
import type { Sql } from '../../../db/db';
import { SEED_ARTICLES, type SeedTexts } from './catalogue';
import { en } from './en';
import { nl } from './nl';
import { zhHansCN } from './zh-Hans';

const TEXTS: Record<Locale, SeedTexts> = { en, nl, zh_Hans_CN: zhHansCN };

/** Changes whenever a shipped article's slug, category or text changes. */
export const SEED_DIGEST = createHash('sha256')
  .update(JSON.stringify([SEED_ARTICLES, TEXTS]))
  .digest('hex');

interface Existing {
  id: number;
  slug: string;
  built_in: boolean;
  updated_by: number | null;
}

/**
 * Publish the shipped articles that are missing, and bring the ones no operator has touched up to
 * this release's text. An article an operator edited (or unpublished) is left exactly as it is.
 * The caller holds a lock, and inserts skip existing slugs, so nodes starting together add each
 * article once.
 */
export async function seedArticles(sql: Sql): Promise<{ added: number; refreshed: number }> {
  let added = 0;
  let refreshed = 0;
  const slugs = SEED_ARTICLES.map((a) => a.slug);
  const existing = new Map(
    (await sql.query<Existing>('select id, slug, built_in, updated_by from articles where slug = any($1::text[])', [slugs])).map((r) => [r.slug, r]),
  );
  for (const article of SEED_ARTICLES) {
    const current = existing.get(article.slug);
    if (!current) {
      const [row] = await sql.query<{ id: number }>(
        `insert into articles (slug, category, status, built_in, published_at) values ($1, $2, 'published', true, now())
         on conflict (slug) do nothing returning id`,
        [article.slug, article.category],
      );
      if (!row) continue;
      for (const [locale, texts] of Object.entries(TEXTS) as [Locale, SeedTexts][]) {
        const t = texts[article.slug];
        await sql.query('insert into article_texts (article_id, locale, title, summary, body_html) values ($1, $2, $3, $4, $5)', [
          row.id,
          locale,
          t.title,
          t.summary,
          t.body,
        ]);
      }
      added++;
      continue;
    }
    // An operator's article that happens to use a shipped slug, or a shipped one an operator edited.
    if (!current.built_in || current.updated_by !== null) continue;
    let changed = false;
    for (const [locale, texts] of Object.entries(TEXTS) as [Locale, SeedTexts][]) {
      const t = texts[article.slug];
      const rows = await sql.query(
        `insert into article_texts (article_id, locale, title, summary, body_html) values ($1, $2, $3, $4, $5)
         on conflict (article_id, locale) do update set title = excluded.title, summary = excluded.summary, body_html = excluded.body_html
         where (article_texts.title, article_texts.summary, article_texts.body_html) is distinct from (excluded.title, excluded.summary, excluded.body_html)
         returning article_id`,
        [current.id, locale, t.title, t.summary, t.body],
      );
      if (rows.length) changed = true;
    }
    if (changed) {
      await sql.query('update articles set updated_at = now() where id = $1', [current.id]);
      refreshed++;
    }
  }
  return { added, refreshed };
}
