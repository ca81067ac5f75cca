// The steps of a start, each with its milliseconds, are logged with `ready` (and printed as one JSON line on
// stdout with STARTUP_PROFILE=1, which the start-up bench reads); `readyMs` counts from the process's start.
// `boot` is Node and the module loader before this file runs, `import and config` reading the configuration
// and loading the server's modules; the database opens meanwhile (decision 0024, Start-up).
import { join, resolve } from 'node:path';

const bootMs = performance.now();
// The database starts opening first, before the configuration's and the server's modules load: PGlite's
// WebAssembly compiles on other threads meanwhile. Which database, and where, is read from the environment
// as loadConfig reads it (an empty value is no value); a configuration that does not parse exits below.
const { openPglite, openPostgres } = await import('./db/db');
const databaseUrl = process.env.DATABASE_URL || undefined;
const pgliteDir = join(resolve(process.env.DATA_DIR || './data'), 'pglite');
const opening = databaseUrl ? openPostgres(databaseUrl) : openPglite(pgliteDir);
// buildApp awaits it (and reports a failure); until then a failure must not count as unhandled.
opening.catch(() => undefined);
const { loadConfig } = await import('./config');

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  // Not in the middle of PGlite writing a new data directory: it is closed whole first.
  await opening.then((db) => db.close()).catch(() => undefined);
  process.exit(1);
}
if (config.DATABASE_URL !== databaseUrl || join(config.dataDir, 'pglite') !== pgliteDir) {
  throw new Error('main.ts opened another database than the configuration names');
}

const { buildApp, startupSteps } = await import('./app');
const steps = startupSteps();
steps.record('boot', bootMs);
steps.record('import and config', performance.now() - bootMs);

const app = await buildApp(config, { opening, steps });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; anything still open after 10 s is cut.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

await app.ready();
steps.mark('plugins ready');
await app.listen({ port: config.PORT, host: config.HOST });
steps.mark('listen');
const readyMs = Math.round(performance.now());
const cpu = process.cpuUsage();
const startup = { readyMs, cpuMs: Math.round((cpu.user + cpu.system) / 1000), steps: steps.all() };
app.log.info({ ...startup, url: `http://localhost:${config.PORT}/` }, 'ready');
if (process.env.STARTUP_PROFILE) console.log(JSON.stringify({ startup }));
