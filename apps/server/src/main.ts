// The steps of a start, each with its milliseconds, are logged with `ready` (and printed as one JSON line on
// stdout with STARTUP_PROFILE=1, which the start-up bench reads); `readyMs` counts from the process's start.
// `boot` is Node and the module loader before this file runs, `import and config` reading the configuration
// and loading the server's modules; the database opens meanwhile (decision 0024, Start-up).
import { join } from 'node:path';

const bootMs = performance.now();
const { loadConfig } = await import('./config');

let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const { openPglite, openPostgres } = await import('./db/db');
const opening = config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPglite(join(config.dataDir, 'pglite'));
// buildApp awaits it (and reports a failure); until then a failure must not count as unhandled.
opening.catch(() => undefined);
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
