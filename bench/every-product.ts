// Over 400 lines: one investor's walk through every product in order, each step reading the headline figures the last one changed; split, the steps would lose the state they share.
// One new investor buys one of every product, through HTTP only, and the headline figures are read
// after each purchase: getFundingOverview's `total` (with `liabilities` and `netAssets` where the
// server has them) and /web/portfolio's `netAssets` (where the server has that route). Issue 32's
// "Done when" asks for these before/after figures; the script starts the server of any checkout
// (EVERY_PRODUCT_ROOT, default this one), so the same walk runs against the commit before the issue.
//
//   node --import tsx bench/every-product.ts
//   EVERY_PRODUCT_ROOT=/tmp/old-6ce3912 node --import tsx bench/every-product.ts
//   EVERY_PRODUCT_BUNDLE=1 node --import tsx bench/every-product.ts   (the server's production bundle)
//
// Besides the figures read, the table shows the money the investor put in less the fees the calls
// reported (opening fee, bond markup, robot rent, IPO fees): what net assets would be with no spread
// and no market move. Nothing here touches a database: a product that cannot be bought through the
// API on a fresh server is skipped and says why.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const ROOT = resolve(process.env.EVERY_PRODUCT_ROOT ?? join(dirname(fileURLToPath(import.meta.url)), '..'));
const OPERATOR = { email: 'every-product@example.com', password: 'every-product-secret-1' };
const DEPOSIT = '20000';
const DAY = 86_400_000;
const VERBOSE = process.env.EVERY_PRODUCT_VERBOSE === '1';

// ---------- the server ----------

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => res(port));
    });
  });
}

async function startServer(): Promise<{ child: ChildProcess; base: string; dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'every-product-'));
  const env: Record<string, string> = { ...(process.env as Record<string, string>) };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '10000',
    TEST_CLOCKS: '1',
    AGENCIES: '1',
    // The agencies backfill from their first day: two weeks, not the default's year.
    AGENCY_START: new Date(Date.now() - 14 * DAY).toISOString().slice(0, 10),
    TRANSFER_SETTLE_SECONDS: '1',
    WEB_DIST: join(dataDir, 'no-web'),
    OPERATOR_DIST: join(dataDir, 'no-operator'),
  });
  // EVERY_PRODUCT_BUNDLE=1: the production bundle (`node scripts/start.mjs --build-only` first), whose
  // packages are bundled in: the walk shows that every product still works there.
  const entry = process.env.EVERY_PRODUCT_BUNDLE === '1' ? ['apps/server/dist/main.mjs'] : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(process.execPath, entry, { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${port}/web`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server of ${ROOT} exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not answer /web/health within 5 minutes');
    try {
      if ((await fetch(`${base}/health`)).ok) return { child, base, dataDir };
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------- HTTP ----------

let BASE = '';

interface Answer {
  status: number;
  code: number;
  msg: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many shapes, read by name
  data: any;
}

async function send(method: 'GET' | 'POST', path: string, opts: { body?: unknown; token?: string; idem?: boolean; form?: FormData } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.idem) headers['idempotency-key'] = randomUUID();
  let body: string | FormData | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(BASE + path, { method, headers, body });
  } catch (err) {
    // A kept-alive connection closed as the request went out: it was never read; sent again once.
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw err;
    res = await fetch(BASE + path, { method, headers, body });
  }
  const text = await res.text();
  let json: { code?: number; msg?: string; data?: unknown };
  try {
    json = JSON.parse(text);
  } catch {
    json = { code: res.status, msg: text.slice(0, 200) };
  }
  const a = { status: res.status, code: json.code ?? res.status, msg: json.msg ?? '', data: json.data };
  if (VERBOSE) console.log(`  ${method} ${path} -> ${a.code} ${a.msg} ${JSON.stringify(a.data)?.slice(0, 600)}`);
  return a;
}

/** A call that must succeed. */
async function must(method: 'GET' | 'POST', path: string, opts: Parameters<typeof send>[2] = {}) {
  const a = await send(method, path, opts);
  if (a.code !== 200) throw new Error(`${method} ${path}: ${a.code} ${a.msg} ${JSON.stringify(a.data)?.slice(0, 300)}`);
  return a.data;
}

// ---------- money ----------

/** Decimal strings to cents and back: no float touches money here. */
const cents = (s: string | number): bigint => {
  const str = String(s).trim();
  const neg = str.startsWith('-');
  const [i, f = ''] = str.replace(/^[-+]/, '').split('.');
  const c = BigInt(i || '0') * 100n + BigInt((f + '00').slice(0, 2)) + (Number((f + '000')[2]) >= 5 ? 1n : 0n);
  return neg ? -c : c;
};
const fmt = (c: bigint | null) => {
  if (c === null) return '-';
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

// ---------- the investor ----------

function png(): Uint8Array<ArrayBuffer> {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, c]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(4, 0);
  header.writeUInt32BE(4, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((4 * 3 + 1) * 4, 0x7f);
  for (let y = 0; y < 4; y++) raw[y * 13] = 0;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(raw)),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

interface Row {
  step: string;
  total: bigint | null;
  liabilities: bigint | null;
  netAssets: bigint | null;
  portfolioNet: bigint | null;
  expected: bigint;
  note: string;
}

async function main() {
  const commit = await new Promise<string>((res) => {
    const p = spawn('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('close', () => res(out.trim() || 'unknown'));
  });
  console.log(`every product: the server of ${ROOT} (${commit})`);
  const started = performance.now();
  const server = await startServer();
  BASE = server.base;
  console.log(`server ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const rows: Row[] = [];
  const bought: string[] = [];
  const skipped: string[] = [];
  try {
    const op = (await must('POST', '/operator/login', { body: OPERATOR })).token as string;

    // Register, KYC, deposit.
    const username = `every_${Date.now().toString(36)}`;
    const reg = await must('POST', '/register', { body: { username, password: 'every-pass1', agreement: true } });
    const token = reg.token as string;
    const form = new FormData();
    form.append('file', new Blob([png()], { type: 'image/png' }), 'id.png');
    const frontUrl = (await must('POST', '/file/upload', { token, form })).url as string;
    await must('POST', '/updateReal', {
      token,
      body: { firstName: 'Eve', lastName: 'Everything', country: 'NL', idType: 'passport', idNumber: 'NE1234567', frontUrl },
    });
    const queue = await must('GET', '/operator/kyc?status=1&size=100', { token: op });
    for (const k of queue.list as Array<{ id: number }>) await must('POST', `/operator/kyc/${k.id}/approve`, { token: op, body: {} });
    const dep = await must('POST', '/recharge/create', { token, idem: true, body: { method: 'fiat', currency: 'EUR', amount: DEPOSIT, proofUrl: frontUrl } });
    await must('POST', `/operator/deposits/${dep.id}/approve`, { token: op, body: {} });

    const moneyIn = cents(DEPOSIT);
    /** Fees the purchases reported (opening fee, markup, rent, IPO fees), in euros. */
    let fees = 0n;
    /** The robot's and the follow's, read again at every step: their fills and copies pay fees as the market moves. */
    let robotOrderId: number | null = null;
    let followId: number | null = null;
    /** Euros per dollar of the follow wallet's transfer, to count the follow's fees (in dollars) in euros. */
    let eurPerUsd = '';
    const runningFees = async (): Promise<{ eur: bigint; note: string }> => {
      let eur = 0n;
      const notes: string[] = [];
      if (robotOrderId !== null) {
        const r = await send('POST', '/robotOrder/detail', { token, body: { id: robotOrderId } });
        if (r.code === 200 && r.data.fees) {
          eur += cents(r.data.fees);
          if (cents(r.data.fees) !== 0n) notes.push(`robot fill fees ${r.data.fees}`);
        }
      }
      if (followId !== null) {
        const f = await send('POST', '/userFollowInvest/detail', { token, body: { id: followId } });
        if (f.code === 200 && f.data.fees && cents(f.data.fees) !== 0n) {
          const usd = cents(f.data.fees);
          eur += eurPerUsd ? cents((Number(fmt(usd)) * Number(eurPerUsd)).toFixed(2)) : usd;
          notes.push(`follow copy fees ${f.data.fees} USD`);
        }
      }
      return { eur, note: notes.join(', ') };
    };
    const hasPortfolio = (await send('POST', '/portfolio', { token, body: { currency: 'EUR' } })).code === 200;

    async function read(step: string, what = '') {
      const o = await must('POST', '/userCenter/getFundingOverview', { token, body: { currency: 'EUR' } });
      const p = hasPortfolio ? await must('POST', '/portfolio', { token, body: { currency: 'EUR' } }) : null;
      const running = await runningFees();
      const note = [what, running.note].filter(Boolean).join('; ');
      const row: Row = {
        step,
        total: cents(o.total),
        liabilities: o.liabilities !== undefined ? cents(o.liabilities) : null,
        netAssets: o.netAssets !== undefined ? cents(o.netAssets) : null,
        portfolioNet: p ? cents(p.netAssets) : null,
        expected: moneyIn - fees - running.eur,
        note,
      };
      rows.push(row);
      const parts = [`overview total ${fmt(row.total)}`];
      if (row.netAssets !== null) parts.push(`netAssets ${fmt(row.netAssets)}`, `liabilities ${fmt(row.liabilities)}`);
      if (row.portfolioNet !== null) parts.push(`portfolio netAssets ${fmt(row.portfolioNet)}`);
      if (p && Array.isArray(p.stale) && p.stale.length) parts.push(`stale ${p.stale.join(',')}`);
      if (p && Array.isArray(p.lines)) {
        const held = p.lines.filter((l: { product: string }) => l.product === 'held');
        if (held.length) parts.push(`unclaimed held ${held.map((l: { key: string; value: string }) => `${l.key}=${l.value}`).join(',')}`);
      }
      parts.push(`in − fees ${fmt(row.expected)}`);
      console.log(`${step.padEnd(28)} ${parts.join('  ')}${note ? `  (${note})` : ''}`);
      if (VERBOSE && p) for (const l of p.lines) console.log(`    ${l.key} ${l.side} ${l.currency} ${l.value} -> ${l.reportingValue}`);
    }

    /** Move euros from the funding wallet, waiting until a transfer across currencies has settled. */
    async function transfer(to: string, amount: string) {
      const t = await must('POST', '/wallet/transfer', { token, idem: true, body: { from: 'BALANCE', to, amount } });
      const inFlight = t.status !== 1 && t.status !== undefined;
      if (inFlight) await read(`transfer ${to} (in flight)`, `${amount} EUR -> ${t.toAmount} ${t.toCurrency} at ${t.rate}`);
      for (let n = 0; n < 300; n++) {
        const list = (await must('POST', '/wallet/transferList', { token, body: {} })).list as Array<{ id: number; status: number }>;
        if (list.find((x) => x.id === t.id)?.status === 1) break;
        await sleep(200);
      }
      if (t.toCurrency === 'USD' && t.amount && t.toAmount) eurPerUsd = (Number(t.amount) / Number(t.toAmount)).toFixed(8);
      await read(`transfer ${to}`, t.toCurrency && t.toCurrency !== 'EUR' ? `${amount} EUR -> ${t.toAmount} ${t.toCurrency}` : `${amount} EUR`);
      return t;
    }

    /** One product: bought, or skipped with the reason. */
    async function product(name: string, buy: () => Promise<string | void>) {
      try {
        const note = await buy();
        bought.push(name);
        await read(name, note ?? '');
      } catch (err) {
        const why = (err as Error).message;
        skipped.push(`${name}: ${why}`);
        console.log(`${name.padEnd(28)} SKIPPED: ${why}`);
      }
    }

    await read('deposit approved', `${DEPOSIT} EUR`);

    // Money where each product takes it from.
    await transfer('FOREX', '3000');
    await transfer('FINANCIAL', '6000');
    await transfer('STOCK', '2000');
    await transfer('FOLLOW', '1000');
    await transfer('SUBSCRIPTION', '1500');

    // 1. A leveraged BTC position (FOREX, EUR margin).
    let btcPrice = '';
    await product('BTC 2x position', async () => {
      const risk = await send('GET', '/trading/leverageRisk', { token });
      if (risk.code === 200 && risk.data?.version !== undefined)
        await send('POST', '/trading/leverageRisk/acknowledge', { token, body: { version: risk.data.version } });
      const p = await must('POST', '/gold/create', {
        token,
        idem: true,
        body: { stockCode: 'BTCUSDT', stockName: 'Bitcoin', direction: 0, source: 100, type: 0, quantity: '0.01', leverage: 2, goldCode: 'BTCUSDT' },
      });
      btcPrice = String(p.openPrice ?? p.price ?? '');
      fees += cents(p.handlingFee ?? '0');
      return `0.01 BTC at ${btcPrice}, margin ${p.margin}, fee ${p.handlingFee}`;
    });

    // 2. An entrusted limit order well below the market: it waits, holding its margin and fee.
    await product('BTC limit order', async () => {
      const price = btcPrice ? (Number(btcPrice) * 0.8).toFixed(2) : '40000.00';
      const p = await must('POST', '/gold/create', {
        token,
        idem: true,
        body: { stockCode: 'BTCUSDT', stockName: 'Bitcoin', direction: 0, source: 100, type: 1, price, quantity: '0.01', leverage: 1, goldCode: 'BTCUSDT' },
      });
      return `0.01 BTC at ${price}, held margin ${p.margin}, fee ${p.handlingFee} (not charged until filled)`;
    });

    // 3-5. Deposit terms and a fund, from the financial wallet.
    const products = (await must('POST', '/user_fund_orders/productPageList', { body: { size: 100 } })).list as Array<{
      id: number;
      kind: string;
      code: string;
      paused: boolean;
      minAmount: string;
    }>;
    const fundBuy = async (kind: string, amount: string) => {
      const p = products.find((x) => x.kind === kind && !x.paused);
      if (!p) throw new Error(`no ${kind} product on offer`);
      const o = await must('POST', '/user_fund_orders/create', { token, idem: true, body: { productId: p.id, side: 'buy', amount } });
      return `${p.code} ${amount} EUR, status ${o.status}`;
    };
    await product('Regular deposit term', () => fundBuy('regular', '1000'));
    await product('Current deposit term', () => fundBuy('current', '500'));
    await product('fund', () => fundBuy('fund', '1000'));

    // 6. A bond. The bond market is closed at weekends and nights: the bonds' own clock (TEST_CLOCKS) is
    // set to the last weekday's 15:00 New York for the purchase, then back to the server's.
    await product('bond', async () => {
      const quotes = (await must('GET', '/treasuryBond/quotes', {})) as Array<{ symbol: string; currency?: string; faceIncrement?: string }>;
      const q = quotes.find((x) => x.symbol === 'DE10Y') ?? quotes.find((x) => x.currency === 'EUR') ?? quotes[0];
      if (!q) throw new Error('no bonds listed');
      const face = q.faceIncrement && Number(q.faceIncrement) > 1000 ? q.faceIncrement : '1000';
      const tryBuy = () => send('POST', '/treasuryBond/create', { token, idem: true, body: { stockCode: q.symbol, face } });
      let r = await tryBuy();
      let note = '';
      if (r.code !== 200 && /closed|opens/i.test(r.msg)) {
        let d = Date.now();
        for (;;) {
          d -= DAY;
          const wd = new Date(d).getUTCDay();
          if (wd >= 1 && wd <= 5) break;
        }
        const at = Date.parse(`${new Date(d).toISOString().slice(0, 10)}T20:00:00Z`);
        const set = await send('POST', '/test/bonds/clock', { token: op, body: { at } });
        if (set.code !== 200) throw new Error(`market closed (${r.msg}); the bonds' clock cannot be set: ${set.msg}`);
        r = await tryBuy();
        await send('POST', '/test/bonds/clock', { token: op, body: { at: null } });
        note = `bought on the bonds' test clock at ${new Date(at).toISOString()}; `;
      }
      if (r.code !== 200) throw new Error(`${r.code} ${r.msg}`);
      fees += cents(r.data.fee ?? '0');
      return `${note}${q.symbol} face ${face}, cost ${r.data.cost}, markup ${r.data.fee}`;
    });

    // 7. A pool subscription (quantify), from the financial wallet.
    await product('pool subscription', async () => {
      const pools = (await must('GET', '/quantization/list?size=100', { token })).list as Array<{
        id: number;
        rule: string;
        private: boolean;
        paused: boolean;
        minAmount: string;
      }>;
      const pool = pools.find((x) => !x.private && !x.paused);
      if (!pool) throw new Error('no public pool open');
      const amount = Number(pool.minAmount) > 600 ? pool.minAmount : '600';
      const s = await must('POST', '/quantization/order/save', { token, idem: true, body: { poolId: pool.id, kind: 'subscribe', amount } });
      if (s.fee) fees += cents(s.fee);
      return `${pool.rule} ${amount} EUR, status ${s.status}`;
    });

    // 8. A robot, rented, from the financial wallet.
    await product('robot (rent)', async () => {
      const robots = (await must('POST', '/robot/pageList', { token, body: { size: 100 } })).list as Array<{
        id: number;
        symbol: string;
        kind: string;
        paused: boolean;
        rent: string;
        minAmount: string;
        maxAmount: string;
      }>;
      const robot = robots.find((x) => !x.paused);
      if (!robot) throw new Error('no robot on offer');
      const amount = Math.min(Math.max(Number(robot.minAmount), 500), Number(robot.maxAmount)).toFixed(2);
      const o = await must('POST', '/robotOrder/create', { token, idem: true, body: { robotId: robot.id, amount, mode: 'rent' } });
      fees += cents(o.rent ?? robot.rent);
      robotOrderId = o.id;
      return `${robot.kind} ${robot.symbol} ${amount} EUR, rent ${o.rent ?? robot.rent}`;
    });

    // 9. A follow of an agency, from the follow wallet (dollars).
    await product('follow', async () => {
      let list = (await must('GET', '/userFollowInvest/getInvestAgencyList', {})).list as Array<{
        id: number;
        strategy: string;
        paused: boolean;
        minAmount?: string;
      }>;
      if (list.length === 0) {
        await send('POST', '/test/agencies/run', { token: op, body: {} });
        list = (await must('GET', '/userFollowInvest/getInvestAgencyList', {})).list;
      }
      const agency = list.find((x) => !x.paused);
      if (!agency) throw new Error('no agency open to follow (AGENCIES=1 needed)');
      const amount = agency.minAmount && Number(agency.minAmount) > 500 ? agency.minAmount : '500.00';
      const f = await must('POST', '/userFollowInvest/add', { token, idem: true, body: { agencyId: agency.id, amount } });
      followId = f.id;
      return `${agency.strategy} ${amount} USD, follow ${f.id}`;
    });

    // 10. An IPO subscription, when a deal is open (the seed opens one at a new installation's first start).
    await product('IPO subscription', async () => {
      const deals = (await must('GET', '/m_ft/webull/new/stock?size=100', { token })).list as Array<{
        code: string;
        name: string;
        status: string;
        market: string;
        lotSize: number;
        priceHigh: string;
      }>;
      const deal = deals.find((d) => d.status === 'subscribing');
      if (!deal) throw new Error(`no deal open (${deals.map((d) => `${d.code} ${d.status}`).join(', ')})`);
      const s = await must('POST', '/NewShares/create', { token, idem: true, body: { stockCode: deal.code, lots: 1 } });
      fees += cents(s.actualPayment ?? s.handlingFee ?? '0');
      return `${deal.code} (${deal.market}) 1 lot of ${deal.lotSize} at ${deal.priceHigh}, held ${s.pendingPayment} EUR, paid ${s.actualPayment} EUR (handling fee)`;
    });

    // 11. A loan, approved by the operator, at the rate the score is offered.
    await product('loan', async () => {
      const profile = await must('GET', '/loan/profile', { token });
      if (profile.aprPercent === null || profile.aprPercent === undefined) throw new Error(`score ${profile.score}: no band (a new account's age counts 0)`);
      const limit = Number(profile.limit ?? profile.maxAmount ?? 1000);
      const amount = String(Math.min(1000, limit));
      const applied = await must('POST', '/loan/apply', { token, idem: true, body: { amount, months: 3, aprPercent: profile.aprPercent, accepted: true } });
      await must('POST', `/operator/loans/${applied.id}/approve`, { token: op, body: { reason: 'every product' } });
      return `${amount} EUR for 3 months at ${profile.aprPercent} % (score ${profile.score}), disbursed to BALANCE`;
    });

    // A last look, a few seconds on: robots, follows and positions move with the market.
    await sleep(3000);
    await read('end (3 s later)');
    const ledger = await send('GET', '/operator/ledger/check', { token: op });
    if (ledger.code === 200 && !ledger.data.ok) console.log(`LEDGER CHECK NOT OK: ${JSON.stringify(ledger.data).slice(0, 400)}`);
  } finally {
    await stopServer(server.child);
    rmSync(server.dataDir, { recursive: true, force: true });
  }

  // The table.
  const hasNew = rows.some((r) => r.netAssets !== null);
  const hasPortfolio = rows.some((r) => r.portfolioNet !== null);
  const head = [
    'step',
    'overview total',
    ...(hasNew ? ['liabilities', 'netAssets'] : []),
    ...(hasPortfolio ? ['portfolio net'] : []),
    'in − fees',
    'Δ vs in − fees',
  ];
  const body = rows.map((r) => {
    const shown = r.netAssets ?? r.total;
    return [
      r.step,
      fmt(r.total),
      ...(hasNew ? [fmt(r.liabilities), fmt(r.netAssets)] : []),
      ...(hasPortfolio ? [fmt(r.portfolioNet)] : []),
      fmt(r.expected),
      shown === null ? '-' : fmt(shown - r.expected),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log('');
  console.log(`commit ${commit}${hasNew ? '' : ' (overview without liabilities/netAssets; no /web/portfolio)'}`);
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? ':' : '') + '-'.repeat(w + 1) + (i === 0 ? '' : ':')).join('|')}|`);
  for (const b of body) console.log(line(b));
  console.log('');
  console.log(`bought (${bought.length}): ${bought.join(', ')}`);
  if (skipped.length) console.log(`skipped (${skipped.length}):\n  ${skipped.join('\n  ')}`);
}

await main();
