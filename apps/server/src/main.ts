import { buildApp } from './app';
import { loadConfig } from './config';

const startedAt = performance.now();
let config;
try {
  config = loadConfig();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}

const app = await buildApp(config);

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

await app.listen({ port: config.PORT, host: config.HOST });
const readyMs = Math.round(performance.now() - startedAt);
app.log.info({ readyMs, url: `http://localhost:${config.PORT}/` }, 'ready');
