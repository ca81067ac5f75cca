// Start-up: process spawn to a 200 from /web/health, for our server on a fresh data directory
// (PGlite created and migrated), on an existing one, and `npm start` on a built checkout, each against a
// bare Fastify reference measured in the same run. The server runs as `npm start` runs it: precompiled
// (scripts/start.mjs bundles apps/server into apps/server/dist/main.mjs), so the reference is
// precompiled the same way (esbuild, plain node). Both are also started through tsx, as before, for
// comparison. The server prints its start steps (STARTUP_PROFILE=1) and the bench prints their medians.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { buildServerBundle, fmt, median, record, ROOT, SERVER_BUNDLE, stop, tempDir } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.STARTUP_BENCH_PORT ?? 8391);
const health = `http://127.0.0.1:${PORT}/web/health`;
const firstRoute = `http://127.0.0.1:${PORT}/web/m_ft/stock_list`;
const env = (dataDir: string) => ({
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  OPERATOR_EMAIL: 'bench@example.com',
  OPERATOR_PASSWORD: 'bench-password',
  STARTUP_PROFILE: '1',
});

// The server's bundle, built (if its sources changed) exactly as `npm start` builds it; the web apps too,
// so that the `npm start` runs below find a built checkout.
buildServerBundle();
const serverBundle = SERVER_BUNDLE;
// Inside node_modules, so that its `import 'fastify'` resolves as the fixture's does.
const referenceBundle = join(ROOT, 'node_modules/.cache/bench/bare-fastify.mjs');
// Both references are bundled with their packages, as the server's bundle is (scripts/start.mjs);
// PGlite stays an import there too (its WebAssembly and data files sit beside its code).
const floorBundle = join(ROOT, 'node_modules/.cache/bench/fastify-pglite.mjs');
for (const [entry, outfile] of [
  ['bench/fixtures/bare-fastify.ts', referenceBundle],
  ['bench/fixtures/fastify-pglite.ts', floorBundle],
] as const) {
  await build({
    entryPoints: [join(ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    external: ['@electric-sql/pglite'],
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
}
const referenceArgs = [referenceBundle];

interface Run {
  ms: number;
  /** CPU time the process had used when it answered (Linux; NaN elsewhere): steadier than `ms` on a shared machine. */
  cpuMs: number;
  child: ChildProcess;
  steps: Record<string, number> | undefined;
}

/** User and system CPU milliseconds of a live process, from /proc (clock ticks of 10 ms). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** Spawn `args` and resolve with the milliseconds until `/web/health` answers 200, and the steps it printed. */
async function timeToReady(command: string, args: string[], extraEnv: Record<string, string>, detached = false): Promise<Run> {
  await portFree();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...extraEnv },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached,
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => void (out += chunk.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      if ((await fetch(health)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const ms = performance.now() - started;
  const cpuMs = cpuMsOf(child.pid);
  // The steps line is written just after `listen`, before the first answer can be read.
  for (let i = 0; i < 50 && !out.includes('"startup"'); i++) await new Promise((r) => setTimeout(r, 10));
  const line = out.split('\n').find((l) => l.includes('"startup"'));
  const steps = line ? (JSON.parse(line) as { startup: { steps: Record<string, number> } }).startup.steps : undefined;
  return { ms, cpuMs, child, steps };
}

/** The first answer of the quote list (its serializer compiled on first use), then a second for comparison. */
async function firstAnswers(): Promise<[number, number]> {
  const times: number[] = [];
  for (let i = 0; i < 2; i++) {
    const started = performance.now();
    const res = await fetch(firstRoute);
    await res.text();
    if (!res.ok) throw new Error(`stock_list answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return [times[0]!, times[1]!];
}

/** Until nothing answers on the port: the last run's server may still be closing (npm exits before its child). */
async function portFree() {
  for (let i = 0; i < 2000; i++) {
    try {
      await fetch(health);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`port ${PORT} stays taken`);
}

async function stopGroup(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

const referenceCpu: number[] = [];
const warmCpu: number[] = [];
const reference: number[] = [];
const floor: number[] = [];
const referenceTsx: number[] = [];
const cold: number[] = [];
const warm: number[] = [];
const warmTsx: number[] = [];
const firstAnswer: number[] = [];
const secondAnswer: number[] = [];
const stepRuns: Record<string, number>[] = [];
const npmStart: number[] = [];
const scriptStart: number[] = [];
const node = process.execPath;
for (let i = 0; i < RUNS; i++) {
  const ref = await timeToReady(node, referenceArgs, { PORT: String(PORT) });
  reference.push(ref.ms);
  referenceCpu.push(ref.cpuMs);
  await stop(ref.child);
  const refTsx = await timeToReady(node, ['--import', 'tsx', 'bench/fixtures/bare-fastify.ts'], { PORT: String(PORT) });
  referenceTsx.push(refTsx.ms);
  await stop(refTsx.child);

  const dir = tempDir('bench-start-');
  const first = await timeToReady(node, [serverBundle], env(dir));
  cold.push(first.ms);
  await stop(first.child);
  // The floor on the directory the first start left, just before the server's own second start.
  const floorRun = await timeToReady(node, [floorBundle], env(dir));
  floor.push(floorRun.ms);
  await stop(floorRun.child);
  const second = await timeToReady(node, [serverBundle], env(dir));
  warm.push(second.ms);
  warmCpu.push(second.cpuMs);
  if (second.steps) stepRuns.push(second.steps);
  const [a, b] = await firstAnswers();
  firstAnswer.push(a);
  secondAnswer.push(b);
  await stop(second.child);
  const tsx = await timeToReady(node, ['--import', 'tsx', 'apps/server/src/main.ts'], env(dir));
  warmTsx.push(tsx.ms);
  await stop(tsx.child);

  // What a person sees: `npm start` on a checkout built by an earlier `npm start` (nothing changed, so
  // nothing is built), to ready on an existing data directory. Built again just before, untimed, in case a
  // source changed during the run.
  buildServerBundle();
  const npm = await timeToReady('npm', ['start'], env(dir), true);
  npmStart.push(npm.ms);
  await stopGroup(npm.child);
  // The same without npm: what `npm start` adds (npm's own start and the shell it runs the script in).
  const script = await timeToReady(node, ['scripts/start.mjs'], env(dir));
  scriptStart.push(script.ms);
  await stop(script.child);
}

const ref = median(reference);
const refTsx = median(referenceTsx);
const steps: Record<string, number> = {};
for (const name of Object.keys(stepRuns[0] ?? {})) steps[name] = median(stepRuns.map((s) => s[name] ?? 0));
const stepText = Object.entries(steps)
  .map(([name, ms]) => `${name} ${ms}`)
  .join(', ');

console.log(`start-up to ready (median of ${RUNS}, ${ROOT})`);
console.log(`  bare Fastify reference (precompiled, node)   ${fmt(ref)} ms   1.00x`);
console.log(`  bare Fastify reference (tsx)                 ${fmt(refTsx)} ms   ${fmt(refTsx / ref, 2)}x`);
console.log(`  server, new data directory                   ${fmt(median(cold))} ms   ${fmt(median(cold) / ref, 2)}x`);
console.log(`  floor: bare Fastify + PGlite opening the dir  ${fmt(median(floor))} ms   ${fmt(median(floor) / ref, 2)}x`);
console.log(
  `  server, existing data dir                    ${fmt(median(warm))} ms   ${fmt(median(warm) / ref, 2)}x, ${fmt(median(warm) / median(floor), 2)}x the floor`,
);
console.log(`  server from sources through tsx, existing    ${fmt(median(warmTsx))} ms   ${fmt(median(warmTsx) / refTsx, 2)}x the tsx reference`);
console.log(`  npm start on a built checkout                ${fmt(median(npmStart))} ms   ${fmt(median(npmStart) / ref, 2)}x`);
console.log(`  node scripts/start.mjs (npm start without npm) ${fmt(median(scriptStart))} ms   ${fmt(median(scriptStart) / ref, 2)}x`);
console.log(
  `  CPU to ready: reference ${fmt(median(referenceCpu))} ms, server (existing) ${fmt(median(warmCpu))} ms   ${fmt(median(warmCpu) / median(referenceCpu), 2)}x`,
);
console.log(`  first /web/m_ft/stock_list after ready       ${fmt(median(firstAnswer))} ms   (second ${fmt(median(secondAnswer))} ms)`);
console.log(`  start steps, existing data dir (ms, median): ${stepText}`);
if (process.env.BENCH_VERBOSE)
  console.log({ reference, floor, referenceTsx, cold, warm, warmTsx, npmStart, scriptStart, firstAnswer, secondAnswer, referenceCpu, warmCpu });

const warmRatio = median(warm) / ref;
const floorRatio = median(warm) / median(floor);
const npmRatio = median(npmStart) / ref;
record(
  {
    figure: 'server ready, existing data dir',
    value: Math.round(median(warm)),
    unit: 'ms',
    reference: 'bare Fastify',
    referenceValue: Math.round(ref),
    ratio: Number(warmRatio.toFixed(2)),
    goal: 'ratio <= 2.5',
    met: warmRatio <= 2.5,
    detail: {
      runs: RUNS,
      started: 'precompiled (apps/server/dist/main.mjs), reference precompiled the same way',
      'from sources through tsx, ms': Math.round(median(warmTsx)),
      'bare Fastify through tsx, ms': Math.round(refTsx),
      'CPU to ready, ms': median(warmCpu),
      'reference CPU to ready, ms': median(referenceCpu),
      'first stock_list after ready, ms': Math.round(median(firstAnswer)),
      'second stock_list, ms': Math.round(median(secondAnswer)),
      steps: stepText,
    },
  },
  {
    figure: 'server ready, existing data dir, against the floor',
    value: Math.round(median(warm)),
    unit: 'ms',
    reference: 'bare Fastify + PGlite opening the same data dir',
    referenceValue: Math.round(median(floor)),
    ratio: Number(floorRatio.toFixed(2)),
    goal: 'ratio <= 1.5',
    met: floorRatio <= 1.5,
    detail: { runs: RUNS },
  },
  {
    figure: 'npm start on a built checkout',
    value: Math.round(median(npmStart)),
    unit: 'ms',
    reference: 'bare Fastify',
    referenceValue: Math.round(ref),
    ratio: Number(npmRatio.toFixed(2)),
    goal: 'ratio <= 3',
    met: npmRatio <= 3,
    detail: {
      runs: RUNS,
      'existing data dir': 'yes',
      built: 'nothing (sources unchanged since the last build)',
      'node scripts/start.mjs, ms': Math.round(median(scriptStart)),
    },
  },
  {
    figure: 'server ready, new data dir',
    value: Math.round(median(cold)),
    unit: 'ms',
    reference: 'bare Fastify',
    referenceValue: Math.round(ref),
    ratio: Number((median(cold) / ref).toFixed(2)),
    goal: 'printed',
    met: true,
    detail: { runs: RUNS },
  },
);
