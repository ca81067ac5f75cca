// The quote list under load: autocannon against GET /web/m_ft/stock_list (20 rows with mini
// charts, US market, sorted by change) and against a Fastify hello-world route, same run, same
// connections and duration. The server runs in its own process, as in production.
import autocannon from 'autocannon';
import { fmt, stop, tempDir, timeToReady } from './lib';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = 8393;
const base = `http://127.0.0.1:${PORT}`;

async function load(url: string) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const ref = await timeToReady('bench/fixtures/hello-route.ts', { PORT: String(PORT) }, `${base}/web/health`);
const hello = await load(`${base}/hello`);
await stop(ref.child);

const server = await timeToReady(
  'apps/server/src/main.ts',
  { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: tempDir('bench-list-'), OPERATOR_EMAIL: 'bench@example.com', OPERATOR_PASSWORD: 'bench-password', LOG_LEVEL: 'warn' },
  `${base}/web/health`,
);
const list = await load(`${base}/web/m_ft/stock_list?market=US&sort=change_ratio&order=desc&size=20&spark=true`);
await stop(server.child);

console.log(`quote list under load (${CONNECTIONS} connections, ${SECONDS} s each)`);
console.log(`  Fastify hello-world   ${fmt(hello.rps)} req/s   p50 ${hello.p50} ms   p99 ${hello.p99} ms   1.00x`);
console.log(
  `  /web/m_ft/stock_list  ${fmt(list.rps)} req/s   p50 ${list.p50} ms   p99 ${list.p99} ms   ${fmt(list.rps / hello.rps, 3)}x throughput, ${fmt(list.p99 / Math.max(hello.p99, 1), 1)}x p99`,
);
