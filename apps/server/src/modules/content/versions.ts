import type { Locale } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { AppError } from '../../errors';
import { writeAudit } from '../../lib/audit';
import type { Operator } from './articles';
import { plainText } from './sanitize';

type Notes = { en: string; nl: string | null; zh_Hans_CN: string | null };

interface VersionRow {
  id: number;
  title: string;
  version: string;
  notes: Notes;
  force_update: boolean;
  published_at: Date;
  published_by_name: string | null;
}

export interface PublishInput {
  title: string;
  version: string;
  notes: { en: string; nl?: string | undefined; zh_Hans_CN?: string | undefined };
  forceUpdate: boolean;
}

/** Serialises publishing and the first-start seed across nodes. */
export const VERSION_LOCK = 72707006;

const SELECT = `select v.*, coalesce(u.email, u.username) as published_by_name from app_versions v left join users u on u.id = v.published_by`;

/** Numeric comparison of `major.minor.patch`: 1.10.0 is above 1.9.9. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

const FIRST_RELEASE: Notes = {
  en: 'First release: markets with simulated prices, wallets, deposits and withdrawals, identity verification, and trading with leverage.',
  nl: 'Eerste versie: markten met gesimuleerde koersen, rekeningen, stortingen en opnames, identiteitsverificatie en handelen met hefboom.',
  zh_Hans_CN: '首个版本：模拟行情市场、钱包、充值与提现、身份认证，以及杠杆交易。',
};

const notesIn = (notes: Notes, locale: Locale) => notes[locale] || notes.en;

export function createVersions(db: Db, opts: { appTitle: string; webviewAllowlist: string[] }) {
  const toVersion = (r: VersionRow, locale: Locale) => ({
    id: r.id,
    title: r.title,
    version: r.version,
    notes: notesIn(r.notes, locale),
    forceUpdate: r.force_update,
    publishTimestamp: r.published_at.getTime(),
  });

  const latest = async (sql: Sql) => (await sql.query<VersionRow>(`${SELECT} order by v.id desc limit 1`))[0];

  return {
    /** The first version, once, when none has been published; two nodes starting together add one. */
    async seed(sql: Sql) {
      await sql.query(`insert into app_versions (title, version, notes) select $1, '1.0.0', $2::jsonb where not exists (select 1 from app_versions)`, [
        opts.appTitle,
        JSON.stringify(FIRST_RELEASE),
      ]);
    },

    /** What the app needs at start: its title, the published version and where its web view may go. */
    async config(locale: Locale) {
      const row = await latest(db);
      return {
        title: row?.title ?? opts.appTitle,
        version: row ? toVersion(row, locale) : null,
        webviewAllowlist: ['/help/', ...opts.webviewAllowlist],
      };
    },

    async list(page: number, size: number) {
      const [count] = await db.query<{ n: number }>('select count(*)::int as n from app_versions');
      const rows = await db.query<VersionRow>(`${SELECT} order by v.id desc limit $1 offset $2`, [size, (page - 1) * size]);
      return {
        list: rows.map((r) => ({ ...toVersion(r, 'en'), notesByLocale: r.notes, publishedBy: r.published_by_name })),
        total: count?.n ?? 0,
        page,
        size,
      };
    },

    /** A new version, strictly above the current one (so two operators at once cannot both publish 1.2.0). */
    async publish(by: Operator, input: PublishInput, locale: Locale) {
      const notes: Notes = {
        en: plainText(input.notes.en),
        nl: plainText(input.notes.nl ?? '') || null,
        zh_Hans_CN: plainText(input.notes.zh_Hans_CN ?? '') || null,
      };
      const title = plainText(input.title);
      if (!title) throw new AppError('v.fillRequired', { title: 'v.fillRequired' });
      if (!notes.en) throw new AppError('v.fillRequired', { 'notes.en': 'v.fillRequired' });
      return db.tx(async (sql) => {
        await sql.query('select pg_advisory_xact_lock($1)', [VERSION_LOCK]);
        const current = await latest(sql);
        if (current && compareVersions(input.version, current.version) <= 0) {
          throw new AppError('e.versionNotHigher', { version: 'e.versionNotHigher' }, { current: current.version });
        }
        const [row] = await sql.query<{ id: number }>(
          'insert into app_versions (title, version, notes, force_update, published_by) values ($1, $2, $3::jsonb, $4, $5) returning id',
          [title, input.version, JSON.stringify(notes), input.forceUpdate, by.id],
        );
        await writeAudit(sql, {
          actorId: by.id,
          action: 'appVersion.publish',
          targetType: 'app_version',
          targetId: row!.id,
          before: current ? { version: current.version, title: current.title } : null,
          after: { version: input.version, title, forceUpdate: input.forceUpdate, languages: Object.keys(notes).filter((k) => notes[k as Locale]) },
          ip: by.ip,
        });
        const [created] = await sql.query<VersionRow>(`${SELECT} where v.id = $1`, [row!.id]);
        return toVersion(created!, locale);
      });
    },
  };
}

export type Versions = ReturnType<typeof createVersions>;
