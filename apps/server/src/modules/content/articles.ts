import { LOCALES, type ArticleCategory, type Locale, type zAdminArticle, type zArticle, type zArticleInput } from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db, Sql } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { uploadIdOf } from '../files';
import { hasContent, plainText, sanitizeBody } from './sanitize';

export type ArticleInput = z.output<typeof zArticleInput>;
type AdminArticle = z.input<typeof zAdminArticle>;
type Article = z.input<typeof zArticle>;
type Status = 'draft' | 'published';

interface ArticleRow {
  id: number;
  slug: string | null;
  category: ArticleCategory;
  cover_url: string | null;
  status: Status;
  built_in: boolean;
  published_at: Date | null;
  updated_at: Date;
  updated_by_name: string | null;
}

interface TextRow {
  article_id: number;
  locale: Locale;
  title: string;
  summary: string;
  body_html: string;
}

/** One language of a published article as the public sees it. */
interface LocalisedRow {
  id: number;
  slug: string | null;
  category: ArticleCategory;
  cover_url: string | null;
  published_at: Date;
  updated_at: Date;
  locale: Locale;
  title: string;
  summary: string;
  body_html?: string;
}

export interface Operator {
  id: number;
  ip: string;
}

const ADMIN_SELECT = `select a.*, coalesce(u.email, u.username) as updated_by_name from articles a left join users u on u.id = a.updated_by`;

/**
 * The caller's language when the article has it, else English (every article has English).
 * `$1` is the caller's locale.
 */
const LOCALISED_SELECT = (withBody: boolean) => `
  select a.id, a.slug, a.category, a.cover_url, a.published_at, a.updated_at, t.locale, t.title, t.summary${withBody ? ', t.body_html' : ''}
  from articles a
  join lateral (
    select * from article_texts t where t.article_id = a.id and t.locale in ($1, 'en') order by (t.locale = $1) desc limit 1
  ) t on true`;

const toSummary = (r: LocalisedRow, locale: Locale) => ({
  id: r.id,
  slug: r.slug,
  category: r.category,
  title: r.title,
  summary: r.summary,
  coverUrl: r.cover_url,
  language: r.locale,
  fallback: r.locale !== locale,
  publishTimestamp: r.published_at.getTime(),
});

/** Digits address an article by number; anything else is a slug (slugs are never all digits). */
const refOf = (ref: string) => (/^\d{1,15}$/.test(ref) ? { id: Number(ref), slug: null } : { id: null, slug: ref });

const COVER_URL = /^https:\/\/[^\s"'<>]+$/;

/** What an operator's input becomes before it is stored: plain-text titles, sanitised bodies. */
function cleanInput(input: ArticleInput) {
  const fields: Record<string, 'v.fillRequired' | 'v.invalidValue'> = {};
  if (input.slug && /^\d+$/.test(input.slug)) fields.slug = 'v.invalidValue';
  const coverUrl = input.coverUrl?.trim() || null;
  if (coverUrl && !COVER_URL.test(coverUrl) && !uploadIdOf(coverUrl)) fields.coverUrl = 'v.invalidValue';
  const texts: Array<{ locale: Locale; title: string; summary: string; body: string }> = [];
  for (const locale of LOCALES) {
    const t = input.texts[locale];
    if (!t) continue;
    const title = plainText(t.title);
    const body = sanitizeBody(t.body);
    if (!title) fields[`texts.${locale}.title`] = 'v.fillRequired';
    // A body that was nothing but scripts or frames is empty once cleaned.
    if (!hasContent(body)) fields[`texts.${locale}.body`] = 'v.fillRequired';
    texts.push({ locale, title, summary: plainText(t.summary), body });
  }
  const first = Object.values(fields)[0];
  if (first) throw new AppError(first, fields);
  return { slug: input.slug ?? null, category: input.category, coverUrl, status: input.status, texts };
}

type Clean = ReturnType<typeof cleanInput>;

/** What the audit log keeps of an article: enough to see what changed, never the whole bodies. */
const auditView = (a: { slug: string | null; category: string; status: string; texts: Array<{ locale: string; title: string }> }) => ({
  slug: a.slug,
  category: a.category,
  status: a.status,
  languages: a.texts.map((t) => t.locale),
  titles: Object.fromEntries(a.texts.map((t) => [t.locale, t.title])),
});

export function createArticles(db: Db) {
  async function textsOf(sql: Sql, ids: number[]) {
    if (!ids.length) return new Map<number, TextRow[]>();
    const rows = await sql.query<TextRow>('select * from article_texts where article_id = any($1::bigint[]) order by article_id, locale', [ids]);
    const byId = new Map<number, TextRow[]>();
    for (const r of rows) byId.set(r.article_id, [...(byId.get(r.article_id) ?? []), r]);
    return byId;
  }

  function toAdmin(a: ArticleRow, texts: TextRow[]): AdminArticle {
    const text = (locale: Locale) => {
      const t = texts.find((x) => x.locale === locale);
      return t ? { title: t.title, summary: t.summary, body: t.body_html } : null;
    };
    return {
      id: a.id,
      slug: a.slug,
      category: a.category,
      coverUrl: a.cover_url,
      status: a.status,
      // Every article has English: writes require it and the seed ships it.
      texts: { en: text('en') ?? { title: '', summary: '', body: '' }, nl: text('nl'), zh_Hans_CN: text('zh_Hans_CN') },
      builtIn: a.built_in,
      publishTimestamp: a.published_at?.getTime() ?? null,
      updateTimestamp: a.updated_at.getTime(),
      updatedBy: a.updated_by_name,
    };
  }

  async function operatorArticle(sql: Sql, id: number): Promise<AdminArticle> {
    const [a] = await sql.query<ArticleRow>(`${ADMIN_SELECT} where a.id = $1`, [id]);
    if (!a) throw notFound();
    return toAdmin(a, (await textsOf(sql, [id])).get(id) ?? []);
  }

  async function writeTexts(sql: Sql, id: number, texts: Clean['texts']) {
    await sql.query('delete from article_texts where article_id = $1', [id]);
    for (const t of texts) {
      await sql.query('insert into article_texts (article_id, locale, title, summary, body_html) values ($1, $2, $3, $4, $5)', [
        id,
        t.locale,
        t.title,
        t.summary,
        t.body,
      ]);
    }
  }

  const slugTaken = (err: unknown) => {
    if (isUniqueViolation(err, 'articles_slug_key')) throw new AppError('e.slugTaken', { slug: 'e.slugTaken' });
    throw err;
  };

  return {
    /** Published articles, newest first, each in the caller's language or English. */
    async list(locale: Locale, page: number, size: number, category: ArticleCategory | undefined) {
      const [count] = await db.query<{ n: number }>(
        `select count(*)::int as n from articles where status = 'published' and ($1::text is null or category = $1)`,
        [category ?? null],
      );
      const rows = await db.query<LocalisedRow>(
        `${LOCALISED_SELECT(false)} where a.status = 'published' and ($2::text is null or a.category = $2)
         order by a.published_at desc, a.id desc limit $3 offset $4`,
        [locale, category ?? null, size, (page - 1) * size],
      );
      return { list: rows.map((r) => toSummary(r, locale)), total: count?.n ?? 0, page, size };
    },

    /** One published article by number or slug; a draft does not exist for the public. */
    async get(locale: Locale, ref: string): Promise<Article> {
      const { id, slug } = refOf(ref);
      const [r] = await db.query<LocalisedRow>(`${LOCALISED_SELECT(true)} where a.status = 'published' and (a.id = $2 or a.slug = $3)`, [locale, id, slug]);
      if (!r) throw notFound();
      return { ...toSummary(r, locale), bodyHtml: r.body_html ?? '', updateTimestamp: r.updated_at.getTime() };
    },

    async operatorList(page: number, size: number, category: ArticleCategory | undefined, status: Status | undefined) {
      const where = 'where ($1::text is null or a.category = $1) and ($2::text is null or a.status = $2)';
      const [count] = await db.query<{ n: number }>(`select count(*)::int as n from articles a ${where}`, [category ?? null, status ?? null]);
      const rows = await db.query<ArticleRow>(`${ADMIN_SELECT} ${where} order by a.id desc limit $3 offset $4`, [
        category ?? null,
        status ?? null,
        size,
        (page - 1) * size,
      ]);
      const texts = await textsOf(
        db,
        rows.map((r) => r.id),
      );
      return { list: rows.map((r) => toAdmin(r, texts.get(r.id) ?? [])), total: count?.n ?? 0, page, size };
    },

    operatorGet: (id: number) => operatorArticle(db, id),

    async create(by: Operator, input: ArticleInput): Promise<AdminArticle> {
      const a = cleanInput(input);
      return db
        .tx(async (sql) => {
          const [row] = await sql.query<{ id: number }>(
            `insert into articles (slug, category, cover_url, status, published_at, updated_by)
             values ($1, $2, $3, $4, case when $4 = 'published' then now() end, $5) returning id`,
            [a.slug, a.category, a.coverUrl, a.status, by.id],
          );
          const id = row!.id;
          await writeTexts(sql, id, a.texts);
          await writeAudit(sql, { actorId: by.id, action: 'article.create', targetType: 'article', targetId: id, after: auditView(a), ip: by.ip });
          return operatorArticle(sql, id);
        })
        .catch(slugTaken);
    },

    /** Replaces the article's fields and languages: a language left out is removed. */
    async update(by: Operator, id: number, input: ArticleInput): Promise<AdminArticle> {
      const a = cleanInput(input);
      return db
        .tx(async (sql) => {
          const [current] = await sql.query<ArticleRow>('select * from articles where id = $1 for update', [id]);
          if (!current) throw notFound();
          // The app finds the legal documents and guides by slug, and a legal text must stay legal.
          if (current.built_in && (a.slug !== current.slug || a.category !== current.category)) {
            const fields: Record<string, 'e.builtInLocked'> = {};
            if (a.slug !== current.slug) fields.slug = 'e.builtInLocked';
            if (a.category !== current.category) fields.category = 'e.builtInLocked';
            throw new AppError('e.builtInLocked', fields);
          }
          const before = auditView({ ...current, texts: (await textsOf(sql, [id])).get(id) ?? [] });
          await sql.query(
            `update articles set slug = $2, category = $3, cover_url = $4, status = $5,
               published_at = coalesce(published_at, case when $5 = 'published' then now() end),
               updated_at = now(), updated_by = $6
             where id = $1`,
            [id, a.slug, a.category, a.coverUrl, a.status, by.id],
          );
          await writeTexts(sql, id, a.texts);
          await writeAudit(sql, { actorId: by.id, action: 'article.update', targetType: 'article', targetId: id, before, after: auditView(a), ip: by.ip });
          return operatorArticle(sql, id);
        })
        .catch(slugTaken);
    },

    async remove(by: Operator, id: number) {
      return db.tx(async (sql) => {
        const [current] = await sql.query<ArticleRow>('select * from articles where id = $1 for update', [id]);
        if (!current) throw notFound();
        if (current.built_in) throw new AppError('e.builtInArticle');
        const before = auditView({ ...current, texts: (await textsOf(sql, [id])).get(id) ?? [] });
        await sql.query('delete from articles where id = $1', [id]);
        await writeAudit(sql, { actorId: by.id, action: 'article.delete', targetType: 'article', targetId: id, before, ip: by.ip });
        return { removed: 1 };
      });
    },

    preview: (body: string) => ({ html: sanitizeBody(body) }),
  };
}

export type Articles = ReturnType<typeof createArticles>;
