// The portfolio answer (issue 32) for an investor with 200 lines, on PGlite: autocannon against
// POST /web/portfolio, and in the same run against POST /web/wallet/getWalletBalance for the same
// investor (the same sign-in and envelope, one query of the ledger): the reference that says what
// the valuation itself costs. Goal: p99 <= 20 ms.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { apiPoster, BENCH_OPERATOR, fmt, loadServerEnv, record, stop, timeToReady } from './lib';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// One investor's answer, one at a time: the figure is the wait of the investor who opens the screen.
const CONNECTIONS = Number(process.env.BENCH_PORTFOLIO_CONNECTIONS ?? 1);
const LINES = Number(process.env.BENCH_PORTFOLIO_LINES ?? 200);
const PORT = 8395;
const base = `http://127.0.0.1:${PORT}/web`;

const api = apiPoster(base);
const once = () => ({ 'idempotency-key': randomUUID() });

/** A verified investor with cash, `LINES - 8` open positions and entrusted orders, and deposit terms. */
async function investor(op: string): Promise<string> {
  const { token } = await api('/register', { username: `bench_pf_${Date.now().toString(36)}`, password: 'bench-pass1', agreement: true });
  const form = new FormData();
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR4nGOsr69nQAJMDKgAAFqgAYtrPDdQAAAAAElFTkSuQmCC', 'base64');
  form.append('file', new Blob([png], { type: 'image/png' }), 'id.png');
  const upload = (await (await fetch(`${base}/file/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form })).json()) as {
    data: { url: string };
  };
  await api('/updateReal', { firstName: 'Bench', lastName: 'Holder', country: 'NL', idType: 'passport', idNumber: 'BP1', frontUrl: upload.data.url }, token);
  const queue = (await (await fetch(`${base}/operator/kyc?status=1&size=100`, { headers: { authorization: `Bearer ${op}` } })).json()) as {
    data: { list: { id: number }[] };
  };
  for (const k of queue.data.list) await api(`/operator/kyc/${k.id}/approve`, {}, op);
  const d = await api('/recharge/create', { method: 'fiat', currency: 'EUR', amount: '500000', proofUrl: upload.data.url }, token, once());
  await api(`/operator/deposits/${d.id}/approve`, {}, op);
  await api('/wallet/transfer', { from: 'BALANCE', to: 'FOREX', amount: '200000' }, token, once());
  await api('/wallet/transfer', { from: 'BALANCE', to: 'FINANCIAL', amount: '100000' }, token, once());
  const products = (await api('/user_fund_orders/productPageList', { size: 100 }, token)).list as Array<{ id: number; kind: string }>;
  const terms = products.filter((p) => p.kind === 'regular' || p.kind === 'current');
  for (const [n, p] of terms.slice(0, 4).entries())
    await api('/user_fund_orders/create', { productId: p.id, side: 'buy', amount: String(1000 + n) }, token, once());
  const symbols = ['BTCUSDT'];
  // Cash lines (funding, FOREX, FINANCIAL) and the terms make the rest of the lines.
  const orders = LINES - 3 - Math.min(terms.length, 4);
  for (let n = 0; n < orders; n++) {
    const symbol = symbols[n % symbols.length]!;
    // Every fifth an entrusted order far below the market, the rest positions that fill.
    const limit = n % 5 === 4;
    await api(
      '/gold/create',
      {
        stockCode: symbol,
        direction: 0,
        source: 100,
        type: limit ? 1 : 0,
        ...(limit ? { price: '10000.00' } : {}),
        quantity: '0.001',
        leverage: 1,
        goldCode: symbol,
      },
      token,
      once(),
    );
  }
  const p = await api('/portfolio', { currency: 'EUR' }, token);
  if (p.lines.length < LINES) throw new Error(`the investor has ${p.lines.length} lines, not ${LINES}`);
  return token;
}

async function load(path: string, token: string) {
  const result = await autocannon({
    url: `${base}${path}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ currency: 'EUR' }),
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const server = await timeToReady('apps/server/src/main.ts', loadServerEnv(PORT, 'bench-portfolio-'), `${base}/health`);
let portfolio: Awaited<ReturnType<typeof load>>;
let wallets: Awaited<ReturnType<typeof load>>;
try {
  const op = (await api('/operator/login', BENCH_OPERATOR)).token as string;
  const token = await investor(op);
  // Warm both paths, then measure the reference on either side of the portfolio.
  await load('/portfolio', token);
  const before = await load('/wallet/getWalletBalance', token);
  portfolio = await load('/portfolio', token);
  const after = await load('/wallet/getWalletBalance', token);
  wallets = { rps: (before.rps + after.rps) / 2, p50: Math.max(before.p50, after.p50), p99: Math.max(before.p99, after.p99) };
} finally {
  await stop(server.child);
}

const ratio = portfolio.p99 / Math.max(wallets.p99, 1);
console.log(`portfolio answer, ${LINES} lines, PGlite (${CONNECTIONS} connections, ${SECONDS} s)`);
console.log(`  /web/wallet/getWalletBalance  ${fmt(wallets.rps)} req/s   p50 ${wallets.p50} ms   p99 ${wallets.p99} ms   1.00x`);
console.log(`  /web/portfolio                ${fmt(portfolio.rps)} req/s   p50 ${portfolio.p50} ms   p99 ${portfolio.p99} ms   ${fmt(ratio, 2)}x p99`);
record({
  figure: `portfolio answer, ${LINES} lines, PGlite`,
  value: portfolio.p99,
  unit: 'ms p99',
  reference: 'wallet balances, same investor',
  referenceValue: wallets.p99,
  ratio,
  goal: 'p99 <= 20 ms',
  met: portfolio.p99 <= 20,
  detail: { p50: portfolio.p50, rps: Math.round(portfolio.rps), referenceRps: Math.round(wallets.rps), connections: CONNECTIONS, seconds: SECONDS },
});
