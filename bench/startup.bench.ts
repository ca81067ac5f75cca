// Start-up: process spawn to a 200 from /web/health, for our server on a fresh data directory
// (PGlite created and migrated), on an existing one, and for a bare Fastify reference, same run.
import { fmt, median, ROOT, stop, tempDir, timeToReady } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = 8391;
const health = `http://127.0.0.1:${PORT}/web/health`;
const server = 'apps/server/src/main.ts';
const env = (dataDir: string) => ({ PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, OPERATOR_EMAIL: 'bench@example.com', OPERATOR_PASSWORD: 'bench-password' });

const reference: number[] = [];
const cold: number[] = [];
const warm: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const ref = await timeToReady('bench/fixtures/bare-fastify.ts', { PORT: String(PORT) }, health);
  reference.push(ref.ms);
  await stop(ref.child);

  const dir = tempDir('bench-start-');
  const first = await timeToReady(server, env(dir), health);
  cold.push(first.ms);
  await stop(first.child);
  const second = await timeToReady(server, env(dir), health);
  warm.push(second.ms);
  await stop(second.child);
}

// What a person sees: `npm start` (which builds both web apps first) to ready, on a new data directory.
const npmStart = await (async () => {
  const { spawn } = await import('node:child_process');
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, ...env(tempDir('bench-npm-start-')), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  for (;;) {
    try {
      if ((await fetch(health)).ok) break;
    } catch {
      // building or starting
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  process.kill(-child.pid!, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return ms;
})();

const ref = median(reference);
console.log(`start-up to ready (median of ${RUNS}, ${ROOT})`);
console.log(`  bare Fastify reference        ${fmt(ref)} ms   1.00x`);
console.log(`  server, new data directory    ${fmt(median(cold))} ms   ${fmt(median(cold) / ref, 2)}x`);
console.log(`  server, existing data dir     ${fmt(median(warm))} ms   ${fmt(median(warm) / ref, 2)}x`);
console.log(`  npm start (build + new dir)   ${fmt(npmStart)} ms   ${fmt(npmStart / ref, 2)}x   (one run)`);
