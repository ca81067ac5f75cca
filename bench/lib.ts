import { execSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/**
 * The server's bundle (apps/server/dist/main.mjs), built if its sources changed exactly as `npm start`
 * builds it, and the web apps too: what a node runs in production, measured as such.
 */
export const SERVER_BUNDLE = 'apps/server/dist/main.mjs';
export function buildServerBundle(): void {
  const built = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('scripts/start.mjs --build-only failed');
}

/**
 * Spawn a server script (TypeScript through tsx, or a built `.mjs` as is) and resolve with the milliseconds until `url` answers 200.
 * `BENCH_FLAGS` adds Node flags to it, to look inside a bench's server (`BENCH_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`).
 * `BENCH_STDOUT=1` lets its standard output through (`BENCH_STDOUT=1 BENCH_FLAGS=--trace-gc`).
 */
export async function timeToReady(script: string, env: Record<string, string>, url: string): Promise<{ ms: number; child: ChildProcess }> {
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_FLAGS ? process.env.BENCH_FLAGS.split(' ') : []), ...(script.endsWith('.mjs') ? [script] : ['--import', 'tsx', script])],
    {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', process.env.BENCH_STDOUT ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return { ms: performance.now() - started, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * The page benches' reference: a hello-world React 19 app built by the same Vite in the same run, so
 * that it is minified as the app is, in bench/.tmp/`name` from the page `html`. Answers its dist folder.
 */
export async function buildHelloWorld(name: string, html: string): Promise<string> {
  const dir = join(ROOT, 'bench', '.tmp', name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(
    join(dir, 'main.tsx'),
    "import { createRoot } from 'react-dom/client';\ncreateRoot(document.getElementById('root')!).render(<h1>Hello</h1>);\n",
  );
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  await build({ root: dir, logLevel: 'silent', plugins: [react()], build: { outDir: join(dir, 'dist') } });
  return join(dir, 'dist');
}

/** The operator the benches' servers are started with. */
export const BENCH_OPERATOR = { email: 'bench@example.com', password: 'bench-password' };

/**
 * The environment of a server under load, on `port` with a new data directory: the rate limits out
 * of the load's way, and AGENCIES=0: a new server's backfill of the agencies' and pools' history runs
 * through its first minutes and holds the event loop for long stretches, which no figure is about.
 */
export const loadServerEnv = (port: number, dataPrefix: string): Record<string, string> => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: tempDir(dataPrefix),
  OPERATOR_EMAIL: BENCH_OPERATOR.email,
  OPERATOR_PASSWORD: BENCH_OPERATOR.password,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_FACTOR: '10000',
  AGENCIES: '0',
});

/**
 * A POST to the API under `base` (`.../web`) as `token`, answering the envelope's `data` and throwing
 * on any other code than 200. `send` makes the request: fetch, or one that retries.
 */
export function apiPoster(base: string, send: (url: string, init: RequestInit) => Promise<Response> = fetch) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read by name
  return async (path: string, body: unknown, token?: string, headers: Record<string, string> = {}): Promise<any> => {
    const res = await send(base + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; msg: string; data: unknown };
    if (json.code !== 200) throw new Error(`${path}: ${json.msg}`);
    return json.data;
  };
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
export const fmt = (n: number, digits = 0) => n.toFixed(digits);

/** One figure of the bench, with its reference measured in the same run and the goal it is held to. */
export interface BenchRow {
  /** The figure, as the table names it ("quote list, 50 connections"). */
  figure: string;
  /** What was measured, in `unit`. */
  value: number;
  unit: string;
  /** The reference's name and its figure in the same unit. */
  reference: string;
  referenceValue: number;
  /** value ÷ referenceValue. */
  ratio: number;
  /** The goal in words ("ratio >= 0.3, p99 <= 20 ms") and whether this run met it. */
  goal: string;
  met: boolean;
  /** Anything else worth keeping: p50, p99, steps. */
  detail?: Record<string, number | string>;
}

/**
 * Add rows to the run's JSON file (BENCH_OUT, default bench/results/latest.json), so that two
 * commits' runs can be compared. Each bench script appends its rows; the file is reset by
 * `npm run bench` before the first script runs.
 */
export function record(...rows: BenchRow[]) {
  const file = process.env.BENCH_OUT ?? join(ROOT, 'bench', 'results', 'latest.json');
  mkdirSync(dirname(file), { recursive: true });
  let previous: { commit?: string; at?: string; rows: BenchRow[] } = { rows: [] };
  try {
    previous = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // a new run
  }
  const commit = (() => {
    try {
      return execSync('git rev-parse --short HEAD', { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
    } catch {
      return 'unknown';
    }
  })();
  const kept = previous.rows.filter((r) => !rows.some((n) => n.figure === r.figure));
  writeFileSync(file, JSON.stringify({ commit, at: new Date().toISOString(), rows: [...kept, ...rows] }, null, 2) + '\n');
}
