import { execSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
