import type { Db } from '../../db/db';
import type { PushHub } from '../../push/hub';

const VERSION = process.env.npm_package_version ?? '0.1.0';

const MiB = 1024 * 1024;
const mib = (bytes: number) => Math.round((bytes / MiB) * 10) / 10;

/**
 * The node's health: whether its database and push hub answer, and how fast the database does; the
 * jobs still making a first start's history; and its memory, as an operator's dashboard reads it.
 */
export function createHealth(db: Db, hub: PushHub, warming: () => string[]) {
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
      warming: warming(),
      memory: memoryOf(process.memoryUsage()),
    };
  };
}

/** Resident memory and its parts in MiB: V8's heap, and outside it PGlite's WebAssembly memory among the rest. */
function memoryOf(m: NodeJS.MemoryUsage) {
  return { rss: mib(m.rss), heapUsed: mib(m.heapUsed), heapTotal: mib(m.heapTotal), external: mib(m.external), arrayBuffers: mib(m.arrayBuffers) };
}
