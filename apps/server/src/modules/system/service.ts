import type { Db } from '../../db/db';
import type { PushHub } from '../../push/hub';

const VERSION = process.env.npm_package_version ?? '0.1.0';

/** The node's health: whether its database and push hub answer, and how fast the database does. */
export function createHealth(db: Db, hub: PushHub) {
  const started = Date.now();
  return async () => {
    const t0 = performance.now();
    const dbOk = await db.query('select 1').then(
      () => true,
      () => false,
    );
    const latencyMs = Math.round((performance.now() - t0) * 100) / 100;
    const pushOk = await hub.healthy().catch(() => false);
    return {
      status: dbOk && pushOk ? ('ok' as const) : ('degraded' as const),
      database: { driver: db.driver, ok: dbOk, latencyMs },
      push: { driver: hub.driver, ok: pushOk },
      version: VERSION,
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
    };
  };
}
