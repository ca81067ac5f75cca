import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { createArticles } from './articles';
import { SEED_DIGEST, seedArticles } from './seed/seed';
import { createVersions, VERSION_LOCK } from './versions';

/** Articles (public, operators, help pages) and the app's published versions. */
export function createContentService(db: Db, config: Pick<Config, 'APP_TITLE' | 'WEBVIEW_ALLOWLIST'>) {
  const articles = createArticles(db);
  const versions = createVersions(db, { appTitle: config.APP_TITLE, webviewAllowlist: config.WEBVIEW_ALLOWLIST });
  return {
    articles,
    versions,
    /** At start: the shipped articles and the first app version, once, whichever node starts first. */
    async seed() {
      // Most starts ship the texts already in the database: one read instead of a locked pass over every article.
      const [done] = await db.query<{ digest: string }>('select digest from content_seed');
      if (done?.digest === SEED_DIGEST) return { added: 0, refreshed: 0 };
      return db.tx(async (sql) => {
        await sql.query('select pg_advisory_xact_lock($1)', [VERSION_LOCK]);
        const result = await seedArticles(sql);
        await versions.seed(sql);
        await sql.query('insert into content_seed (id, digest) values (1, $1) on conflict (id) do update set digest = excluded.digest', [SEED_DIGEST]);
        return result;
      });
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
