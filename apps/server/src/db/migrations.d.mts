interface MigrationSql {
  query(text: string, params?: unknown[]): Promise<Array<Record<string, unknown>>>;
  exec(script: string): Promise<void>;
}
/** Apply the numbered SQL files of `dir` not yet applied (migrations.mjs); answers the files applied. */
export function applyMigrations(db: { query: MigrationSql['query']; tx<T>(fn: (sql: MigrationSql) => Promise<T>): Promise<T> }, dir: string): Promise<string[]>;
