import type { Config } from '../../config';
import type { Db } from '../../db/db';
import { createArticles } from './articles';
import { seedArticles } from './seed/seed';
import { createVersions, VERSION_LOCK } from './versions';

/** Articles (public, operators, help pages) and the app's published versions. */
export function createContentService(db: Db, config: Pick<Config, 'APP_TITLE' | 'WEBVIEW_ALLOWLIST'>) {
  const articles = createArticles(db);
  const versions = createVersions(db, { appTitle: config.APP_TITLE, webviewAllowlist: config.WEBVIEW_ALLOWLIST });
  return {
    articles,
    versions,
    /** At start: the shipped articles and the first app version, once, whichever node starts first. */
    seed: () =>
      db.tx(async (sql) => {
        await sql.query('select pg_advisory_xact_lock($1)', [VERSION_LOCK]);
        const result = await seedArticles(sql);
        await versions.seed(sql);
        return result;
      }),
  };
}

export type ContentService = ReturnType<typeof createContentService>;
