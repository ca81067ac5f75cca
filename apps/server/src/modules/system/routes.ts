import type { Db } from '../../db/db';
import type { HandlersOf } from '../../http/register';
import type { PushHub } from '../../push/hub';

const VERSION = process.env.npm_package_version ?? '0.1.0';

export function systemHandlers(db: Db, hub: PushHub): HandlersOf<'health'> {
  const started = Date.now();
  return {
    health: async () => {
      const t0 = performance.now();
      const dbOk = await db.query('select 1').then(
        () => true,
        () => false,
      );
      const latencyMs = Math.round((performance.now() - t0) * 100) / 100;
      const pushOk = await hub.healthy().catch(() => false);
      return {
        status: dbOk && pushOk ? 'ok' : 'degraded',
        database: { driver: db.driver, ok: dbOk, latencyMs },
        push: { driver: hub.driver, ok: pushOk },
        version: VERSION,
        uptimeSeconds: Math.round((Date.now() - started) / 1000),
      };
    },
  };
}
