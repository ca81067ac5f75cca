// Push fan-out: BENCH_CLIENTS (default 10,000) WebSocket clients subscribed to one busy symbol; the
// server publishes a timestamped quote every BENCH_INTERVAL_MS (default 250, the conflation window,
// so every quote is delivered) for BENCH_SECONDS (default 8). The clients run in BENCH_CLIENT_PROCS
// (default 4) child processes, each opening its share of the sockets, and record publish-to-receipt
// latency. The same run measures a bare `ws` broadcast server on the same schedule and payload as the
// reference. Every child is started through `bash -c 'ulimit -n N && exec node ...'` with N the hard
// limit (at most 65,536), so the descriptors are raised whatever the calling shell's soft limit is.
// Loopback only; stops by itself.
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FromClients, FromServer, ToClients, ToServer } from './fixtures/push-quote';
import { fmt, record } from './lib';

const HERE = dirname(fileURLToPath(import.meta.url));
const requested = Number(process.env.BENCH_CLIENTS ?? 10_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const intervalMs = Number(process.env.BENCH_INTERVAL_MS ?? 250);
const clientProcs = Math.max(1, Number(process.env.BENCH_CLIENT_PROCS ?? 4));
// Rounds alternate the order (ours, bare / bare, ours) so neither always runs on a warmer machine;
// samples are pooled across rounds.
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 2));
const PHASE_TIMEOUT_MS = 90_000 + seconds * 1000;

// Every client is one descriptor in its client process and one in the server process, plus a few
// dozen for node itself. The children raise their soft limit up to the hard one (`ulimit -Hn`).
function hardFdLimit(): number {
  const out = execSync('ulimit -Hn', { shell: '/bin/bash' }).toString().trim();
  return out === 'unlimited' ? 65_536 : Math.min(65_536, Number(out));
}
// And each needs a loopback ephemeral port.
function ephemeralPorts(): number {
  try {
    const [lo, hi] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    return hi! - lo! + 1;
  } catch {
    return Infinity;
  }
}
const limit = hardFdLimit();
// Both phases' client ports may linger in TIME_WAIT, so leave room for two sets.
const clients = Math.max(1, Math.min(requested, limit - 200, Math.floor(ephemeralPorts() / 2) - 500));
if (clients < requested) {
  console.log(`! lowering clients from ${requested} to ${clients}: hard fd limit ${limit} (ulimit -Hn), ` + `${ephemeralPorts()} ephemeral ports.`);
}
/** The sockets of client process `i`: an even share, the first ones taking the remainder. */
const shareOf = (i: number) => Math.floor(clients / clientProcs) + (i < clients % clientProcs ? 1 : 0);

interface Child<In, Out> {
  proc: ChildProcess;
  next(type: string): Promise<Out>;
  send(m: In): void;
  exited: Promise<void>;
}

function child<In, Out extends { type: string }>(script: string, env: Record<string, string>): Child<In, Out> {
  // bash raises the soft descriptor limit, then becomes node (exec), so the pid and IPC are node's.
  const proc = spawn('/bin/bash', ['-c', `ulimit -n ${limit} && exec "$0" "$@"`, process.execPath, '--import', 'tsx', join(HERE, script)], {
    cwd: HERE,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: Out[] = [];
  const waiting: Array<() => void> = [];
  proc.on('message', (m: Out) => {
    inbox.push(m);
    for (const w of waiting.splice(0)) w();
  });
  // 'close' comes after the IPC channel has delivered everything; 'exit' may come before.
  const exited = new Promise<void>((resolve) => proc.once('close', () => resolve()));
  return {
    proc,
    exited,
    send: (m) => void proc.send(m as object),
    async next(type) {
      for (;;) {
        const i = inbox.findIndex((m) => m.type === type);
        if (i >= 0) return inbox.splice(i, 1)[0]!;
        if (proc.exitCode !== null && !proc.connected) throw new Error(`${script} exited with ${proc.exitCode} before '${type}'`);
        await Promise.race([new Promise<void>((r) => waiting.push(r)), exited]);
      }
    },
  };
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

interface Raw {
  connectMs: number;
  connected: number;
  published: number;
  received: number;
  minPerClient: number;
  maxPerClient: number;
  closedEarly: number;
  latencies: number[];
  fanOutMs: number[];
  serverCpuMs: number;
  clientCpuMs: number;
}

interface Result {
  connectMs: number;
  connected: number;
  expected: number;
  published: number;
  received: number;
  minPerClient: number;
  maxPerClient: number;
  closedEarly: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  serverCpuMs: number;
  clientCpuMs: number;
  fanOutP50: number;
  fanOutMax: number;
}

async function phase(name: string, serverScript: string): Promise<Raw> {
  const guard = setTimeout(() => {
    console.error(`${name}: no result within ${PHASE_TIMEOUT_MS} ms; stopping`);
    process.exit(1);
  }, PHASE_TIMEOUT_MS);
  const server = child<ToServer, FromServer>(serverScript, { BENCH_CLIENTS: String(clients) });
  const procs: Array<Child<ToClients, FromClients>> = [];
  try {
    const listening = await server.next('listening');
    if (listening.type !== 'listening') throw new Error('unexpected');
    const started = performance.now();
    for (let i = 0; i < clientProcs; i++) {
      procs.push(
        child<ToClients, FromClients>('fixtures/push-clients.ts', {
          PUSH_URL: `ws://127.0.0.1:${listening.port}/web/push`,
          BENCH_CLIENTS: String(shareOf(i)),
          // Connects in flight over all processes stay ~100, below the server's accept backlog.
          BENCH_CONNECT_CONCURRENCY: String(Math.ceil(100 / clientProcs)),
        }),
      );
    }
    let connected = 0;
    for (const p of procs) {
      const ready = await p.next('ready');
      if (ready.type !== 'ready') throw new Error('unexpected');
      if (ready.failed > 0) console.log(`! ${name}: ${ready.failed} clients failed to connect`);
      connected += ready.connected;
    }
    const connectMs = performance.now() - started;
    await new Promise((r) => setTimeout(r, 500)); // let the connect burst settle on both sides
    server.send({ cmd: 'publish', durationMs: seconds * 1000, intervalMs });
    const published = await server.next('published');
    if (published.type !== 'published') throw new Error('unexpected');
    await new Promise((r) => setTimeout(r, 1000)); // stragglers of the last tick
    for (const p of procs) p.send({ cmd: 'report' });
    const raw: Raw = {
      connectMs,
      connected,
      published: published.count,
      received: 0,
      minPerClient: Infinity,
      maxPerClient: -Infinity,
      closedEarly: 0,
      latencies: [],
      fanOutMs: published.fanOutMs,
      serverCpuMs: published.cpuMs,
      clientCpuMs: 0,
    };
    for (const p of procs) {
      const report = await p.next('report');
      if (report.type !== 'report') throw new Error('unexpected');
      raw.received += report.received;
      raw.minPerClient = Math.min(raw.minPerClient, report.minPerClient);
      raw.maxPerClient = Math.max(raw.maxPerClient, report.maxPerClient);
      raw.closedEarly += report.closedEarly;
      for (const l of report.latencies) raw.latencies.push(l);
      raw.clientCpuMs += report.cpuMs;
    }
    return raw;
  } finally {
    server.send({ cmd: 'exit' });
    await Promise.race([Promise.all([server.exited, ...procs.map((p) => p.exited)]), new Promise((r) => setTimeout(r, 5000))]);
    server.proc.kill();
    for (const p of procs) p.proc.kill();
    clearTimeout(guard);
  }
}

console.log(
  `push fan-out: ${clients} clients on one symbol, a quote every ${intervalMs} ms for ${seconds} s, ` +
    `${rounds} round(s) of each server, clients in ${clientProcs} separate processes (fd limit raised to ${limit})`,
);
/** Pools the rounds of one server: sums of counts, percentiles over every sample, mean CPU. */
function pool(runs: Raw[]): Result {
  const sum = (f: (r: Raw) => number) => runs.reduce((n, r) => n + f(r), 0);
  const lat = [...Float64Array.from(runs.flatMap((r) => r.latencies)).sort()];
  const fan = [...Float64Array.from(runs.flatMap((r) => r.fanOutMs)).sort()];
  return {
    connectMs: sum((r) => r.connectMs) / runs.length,
    connected: sum((r) => r.connected),
    expected: sum((r) => r.published * r.connected),
    published: sum((r) => r.published),
    received: sum((r) => r.received),
    minPerClient: Math.min(...runs.map((r) => r.minPerClient)),
    maxPerClient: Math.max(...runs.map((r) => r.maxPerClient)),
    closedEarly: sum((r) => r.closedEarly),
    p50: pct(lat, 50),
    p95: pct(lat, 95),
    p99: pct(lat, 99),
    max: lat[lat.length - 1] ?? NaN,
    serverCpuMs: sum((r) => r.serverCpuMs) / runs.length,
    clientCpuMs: sum((r) => r.clientCpuMs) / runs.length,
    fanOutP50: pct(fan, 50),
    fanOutMax: fan[fan.length - 1] ?? NaN,
  };
}

const oursRuns: Raw[] = [];
const bareRuns: Raw[] = [];
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? (['ours', 'bare'] as const) : (['bare', 'ours'] as const);
  for (const which of order) {
    if (which === 'ours') oursRuns.push(await phase('ours', 'fixtures/push-server-ours.ts'));
    else bareRuns.push(await phase('bare ws', 'fixtures/push-server-bare.ts'));
  }
  console.log(`  round ${round + 1}/${rounds} done`);
}
const ours = pool(oursRuns);
const bare = pool(bareRuns);

const rows: Array<[string, (r: Result) => string, ((r: Result) => number) | undefined]> = [
  ['connect + subscribe all (mean), s', (r) => fmt(r.connectMs / 1000, 2), (r) => r.connectMs],
  ['quotes published', (r) => String(r.published), undefined],
  ['messages received', (r) => String(r.received), (r) => r.received],
  ['  expected (published x clients)', (r) => String(r.expected), undefined],
  ['  per client min / max', (r) => `${r.minPerClient} / ${r.maxPerClient}`, undefined],
  ['  sockets closed early', (r) => String(r.closedEarly), undefined],
  ['latency p50, ms', (r) => fmt(r.p50, 2), (r) => r.p50],
  ['latency p95, ms', (r) => fmt(r.p95, 2), (r) => r.p95],
  ['latency p99, ms', (r) => fmt(r.p99, 2), (r) => r.p99],
  ['latency max, ms', (r) => fmt(r.max, 2), (r) => r.max],
  ['server: fan-out per tick p50, ms', (r) => fmt(r.fanOutP50, 2), (r) => r.fanOutP50],
  ['server: fan-out per tick max, ms', (r) => fmt(r.fanOutMax, 2), (r) => r.fanOutMax],
  ['server CPU while publishing (mean), ms', (r) => fmt(r.serverCpuMs), (r) => r.serverCpuMs],
  ['client processes CPU (sum, mean), ms', (r) => fmt(r.clientCpuMs), (r) => r.clientCpuMs],
];
const w = 36;
console.log(`\n${''.padEnd(w)}${'ours'.padStart(12)}${'bare ws'.padStart(12)}${'ours/bare'.padStart(12)}`);
for (const [label, show, num] of rows) {
  const ratio = num ? fmt(num(ours) / num(bare), 2) : '';
  console.log(`${label.padEnd(w)}${show(ours).padStart(12)}${show(bare).padStart(12)}${ratio.padStart(12)}`);
}
console.log(
  '\nours = Fastify 5 + @fastify/websocket + push hub (memory driver); latency = server publish to client receipt, same machine clock;\n' +
    'counts are summed over the rounds, percentiles are over every sample of every round.',
);

const allDelivered = (r: Result) => r.connected === clients * rounds && r.received === r.expected && r.closedEarly === 0;
const ratio = ours.p95 / bare.p95;
record({
  figure: `push fan-out, ${clients.toLocaleString('en-US')} sockets`,
  value: Math.round(ours.p95 * 100) / 100,
  unit: 'ms',
  reference: 'bare ws p95',
  referenceValue: Math.round(bare.p95 * 100) / 100,
  ratio: Math.round(ratio * 100) / 100,
  goal: 'all delivered, ratio <= 1.0',
  met: allDelivered(ours) && ratio <= 1.0,
  detail: {
    clients,
    clientProcesses: clientProcs,
    rounds,
    seconds,
    intervalMs,
    delivered: `${ours.received}/${ours.expected}`,
    bareDelivered: `${bare.received}/${bare.expected}`,
    p50: fmt(ours.p50, 2),
    bareP50: fmt(bare.p50, 2),
    p99: fmt(ours.p99, 2),
    bareP99: fmt(bare.p99, 2),
    fanOutPerTickP50: fmt(ours.fanOutP50, 2),
    bareFanOutPerTickP50: fmt(bare.fanOutP50, 2),
    serverCpuMs: fmt(ours.serverCpuMs),
    bareServerCpuMs: fmt(bare.serverCpuMs),
  },
});
