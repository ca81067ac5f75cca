// The seeded bank-style simulation of issue 16. Investors move money between wallets, open and
// close positions, place and cancel limit orders, deposit and withdraw; an operator approves and
// refuses; the price moves (liquidations happen); requests are sent twice under one key, two at
// once, and the database fails a query now and then. After every operation:
// - no investor's account is negative;
// - every currency's accounts add up to zero (each journal balances, and nothing else moves money);
// - no idempotency key has effects from two transactions;
// - a request answered 500 left its key free: sent again, it is answered, never "in flight";
// and every `checkEvery` operations (and at the end) the ledger check is clean.
// A failing seed replays: `SEED=<seed> OPS=<n> npm run simulate -w @tradeapp/server`.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openPglite, openPostgres, type Db, type Sql } from '../src/db/db';
import { checkLedger } from '../src/ledger/ledger';
import { Dec } from '../src/lib/decimal';
import { pngBytes } from './fixtures';
import { OPERATOR, tempDataDir, testConfig } from './harness';
import { scriptedMarket } from './scripted';
import { createPostgresDatabase } from './services';

export interface SimulationResult {
  seed: number;
  ops: number;
  answered: Record<string, number>;
  injectedFailures: number;
  duplicates: number;
  concurrent: number;
}

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, below: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]! };
}

class InjectedFailure extends Error {
  constructor() {
    super('injected database failure');
  }
}

/** A database that fails a query with probability `rate` while armed, before it runs. */
function faulty(db: Db, rate: () => number, onFail: () => void): Db {
  const maybeFail = () => {
    if (Math.random() < rate()) {
      onFail();
      throw new InjectedFailure();
    }
  };
  const wrap = (sql: Sql): Sql => ({
    query: async (text, params) => {
      maybeFail();
      return sql.query(text, params);
    },
    exec: async (script) => {
      maybeFail();
      return sql.exec(script);
    },
  });
  return { ...db, ...wrap(db), driver: db.driver, tx: (fn) => db.tx((sql) => fn(wrap(sql))), tryHoldLock: (k) => db.tryHoldLock(k), close: () => db.close() };
}

interface Reply {
  status: number;
  body: { code: number; msg: string; data: any };
  text: string;
}

export async function simulate(opts: {
  seed: number;
  ops: number;
  driver: 'pglite' | 'postgres';
  users?: number;
  failureRate?: number;
  checkEvery?: number;
}): Promise<SimulationResult> {
  const r = rng(opts.seed);
  const USERS = opts.users ?? 8;
  const failureRate = opts.failureRate ?? 0.002;
  const checkEvery = opts.checkEvery ?? 250;
  const dataDir = tempDataDir();
  let raw: Db;
  let drop = async () => {};
  if (opts.driver === 'postgres') {
    const database = await createPostgresDatabase();
    raw = await openPostgres(database.url, 5);
    drop = database.drop;
  } else {
    raw = await openPglite();
  }
  let armed = false;
  let injectedFailures = 0;
  const db = faulty(
    raw,
    () => (armed ? failureRate : 0),
    () => (injectedFailures += 1),
  );
  const market = scriptedMarket(`sim-${opts.seed}`);
  market.set('BTCUSDT', '50000.00');
  const app: FastifyInstance = await buildApp(testConfig(dataDir, { RATE_LIMIT_FACTOR: '100000', TRANSFER_SETTLE_SECONDS: '1' }), {
    db,
    logger: false,
    provider: market.provider,
  });
  await app.ready();
  const answered: Record<string, number> = {};
  let duplicates = 0;
  let concurrent = 0;

  const send = async (path: string, body: unknown, token?: string, key?: string): Promise<Reply> => {
    const res = await app.inject({
      method: 'POST',
      url: `/web${path}`,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(key ? { 'idempotency-key': key } : {}), 'content-type': 'application/json' },
      payload: JSON.stringify(body ?? {}),
    });
    return { status: res.statusCode, body: res.json(), text: res.body };
  };
  const ok = async (path: string, body: unknown, token?: string, key?: string) => {
    const a = await send(path, body, token, key);
    if (a.body.code !== 200) throw new Error(`setup ${path}: ${a.body.msg}`);
    return a.body.data;
  };

  try {
    const op = (await ok('/operator/login', OPERATOR)).token as string;
    const png = pngBytes();
    const users: Array<{ token: string; id: number; card: number; proof: string }> = [];
    for (let i = 0; i < USERS; i++) {
      const reg = await ok('/register', { username: `sim${opts.seed}_${i}_${Date.now().toString(36)}`, password: 'sim-pass-1', agreement: true });
      const token = reg.token as string;
      const boundary = `----sim${randomUUID()}`;
      const upload = await app.inject({
        method: 'POST',
        url: '/web/file/upload',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="id.png"\r\nContent-Type: image/png\r\n\r\n`),
          Buffer.from(png),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      const url = upload.json().data.url as string;
      await ok(
        '/updateReal',
        { firstName: 'Sim', lastName: `User${i}`, country: 'NL', idType: 'passport', idNumber: `SIM${opts.seed}X${i}`, frontUrl: url },
        token,
      );
      const [kyc] = await raw.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [reg.userInfo.id]);
      await ok(`/operator/kyc/${kyc!.id}/approve`, {}, op);
      await ok('/settingPayPassword', { payPassword: '246810' }, token);
      const card = await ok(
        '/UserAccount/addCardNo',
        { bankName: 'ING', accountName: `Sim User${i}`, cardNumber: `NL69INGB0${String(123456789 + i).padStart(9, '0')}`, swiftCode: 'INGBNL2A' },
        token,
      );
      const d = await ok('/recharge/create', { method: 'fiat', currency: 'EUR', amount: '20000', proofUrl: url }, token, randomUUID());
      await ok(`/operator/deposits/${d.id}/approve`, {}, op);
      users.push({ token, id: reg.userInfo.id as number, card: card.id as number, proof: url });
    }

    const amount = (max: number) => new Dec(r.next() * max).toDecimalPlaces(2, Dec.ROUND_DOWN).add('0.01').toFixed(2);
    type Op = { name: string; run: () => Promise<Reply>; key?: string; token?: string; path?: string; body?: unknown };
    const keyed = (name: string, path: string, body: unknown, token: string): Op => {
      const key = randomUUID();
      return { name, key, token, path, body, run: () => send(path, body, token, key) };
    };
    const openOf = async (userId: number, status: number) =>
      raw
        .query<{ id: number }>('select id from positions where user_id = $1 and status = $2 order by id', [userId, status])
        .catch(() => [] as Array<{ id: number }>);

    const nextOp = async (): Promise<Op> => {
      const u = r.pick(users);
      const roll = r.next();
      if (roll < 0.28) {
        const [from, to] = r.next() < 0.5 ? ['BALANCE', 'FOREX'] : ['FOREX', 'BALANCE'];
        return keyed('transfer', '/wallet/transfer', { from, to, amount: amount(3000) }, u.token);
      }
      if (roll < 0.5) {
        const qty = new Dec(r.below(20) + 1).div(1000).toFixed(3);
        return keyed(
          'order',
          '/gold/create',
          {
            stockCode: 'BTCUSDT',
            stockName: 'Bitcoin',
            direction: r.below(2),
            source: 100,
            type: 0,
            quantity: qty,
            leverage: 1 + r.below(2),
            goldCode: 'BTCUSDT',
          },
          u.token,
        );
      }
      if (roll < 0.62) {
        const open = await openOf(u.id, 1);
        const id = open.length ? r.pick(open).id : 1 + r.below(1000);
        return keyed('close', '/position/flatPosition', { id }, u.token);
      }
      if (roll < 0.68) {
        const price = new Dec(50000)
          .mul(0.5 + r.next() * 0.3)
          .toDecimalPlaces(2)
          .toFixed(2);
        return keyed(
          'limit',
          '/gold/create',
          { stockCode: 'BTCUSDT', stockName: 'Bitcoin', direction: 0, source: 100, type: 1, price, quantity: '0.001', leverage: 1, goldCode: 'BTCUSDT' },
          u.token,
        );
      }
      if (roll < 0.73) {
        const waiting = await openOf(u.id, 0);
        const id = waiting.length ? r.pick(waiting).id : 1 + r.below(1000);
        return keyed('cancel', '/position/cancelConsign', { id }, u.token);
      }
      if (roll < 0.8)
        return keyed('withdraw', '/withdrawal/withdrawal-apply', { amount: amount(2000), target: 'bank', cardId: u.card, payPassword: '246810' }, u.token);
      if (roll < 0.88) {
        const [w] = await raw.query<{ id: number }>('select id from withdrawals where status = 1 order by id limit 1').catch(() => [] as Array<{ id: number }>);
        const id = w?.id ?? 1 + r.below(1000);
        const approve = r.next() < 0.6;
        return {
          name: approve ? 'approveWithdrawal' : 'refuseWithdrawal',
          run: () => send(`/operator/withdrawals/${id}/${approve ? 'approve' : 'reject'}`, approve ? {} : { reason: 'Simulated refusal' }, op),
        };
      }
      if (roll < 0.93) return keyed('deposit', '/recharge/create', { method: 'fiat', currency: 'EUR', amount: amount(5000), proofUrl: u.proof }, u.token);
      const last = new Dec(market.provider.snapshot('BTCUSDT', Date.now()).last);
      const moved = last
        .mul(1 + (r.next() - 0.5) * 0.08)
        .toDecimalPlaces(2)
        .clamp(20000, 120000)
        .toFixed(2);
      return { name: 'price', run: async () => (market.set('BTCUSDT', moved), { status: 200, body: { code: 200, msg: '', data: null }, text: '' }) };
    };

    const invariants = async (at: number, what: string) => {
      const fail = (m: string) => {
        throw new Error(`seed ${opts.seed}, operation ${at} (${what}): ${m}`);
      };
      const negative = await raw.query('select id from ledger_accounts where user_id is not null and balance < 0');
      if (negative.length) fail(`negative investor accounts ${JSON.stringify(negative)}`);
      const sums = await raw.query('select currency, sum(balance)::text as sum from ledger_accounts group by currency having sum(balance) <> 0');
      if (sums.length) fail(`currencies that do not add up to zero ${JSON.stringify(sums)}`);
      const twice = await raw.query(
        `select user_id, idempotency_key from ledger_journals where idempotency_key is not null
          group by user_id, idempotency_key having count(distinct xmin::text) > 1`,
      );
      if (twice.length) fail(`keys with effects from two transactions ${JSON.stringify(twice)}`);
    };

    const tally = (name: string, a: Reply) => {
      const k = `${name} ${a.status}`;
      answered[k] = (answered[k] ?? 0) + 1;
    };

    for (let i = 1; i <= opts.ops; i++) {
      const first = await nextOp();
      const together = r.next() < 0.05 ? await nextOp() : null;
      armed = true;
      const replies = together ? await Promise.all([first.run(), together.run()]) : [await first.run()];
      armed = false;
      if (together) concurrent += 1;
      const done = together ? [first, together] : [first];
      for (let j = 0; j < done.length; j++) {
        const o = done[j]!;
        const a = replies[j]!;
        tally(o.name, a);
        if (a.status >= 500 && a.status !== 503) {
          // A failure of ours leaves the key free: the retry is answered.
          if (o.key) {
            const again = await send(o.path!, o.body, o.token, o.key);
            if (again.status >= 500 || again.status === 409)
              throw new Error(`seed ${opts.seed}, operation ${i} (${o.name}): after a 500 the key answers ${again.status} ${again.text}`);
            tally(`${o.name} retried`, again);
          }
        } else if (o.key && r.next() < 0.1) {
          // The same request again under its key: the same answer.
          duplicates += 1;
          const again = await send(o.path!, o.body, o.token, o.key);
          // Stored as jsonb, the replay's keys may come in another order: the same answer, compared as JSON.
          if (again.status !== a.status || !isDeepStrictEqual(again.body, a.body))
            throw new Error(
              `seed ${opts.seed}, operation ${i} (${o.name}): a duplicate answered ${again.status} ${again.text}, the first ${a.status} ${a.text}`,
            );
        }
      }
      await invariants(i, done.map((o) => o.name).join(' + '));
      if (i % checkEvery === 0 || i === opts.ops) {
        const check = await checkLedger(raw);
        if (!check.ok) throw new Error(`seed ${opts.seed}, operation ${i}: the ledger check fails ${JSON.stringify(check)}`);
      }
    }
    return { seed: opts.seed, ops: opts.ops, answered, injectedFailures, duplicates, concurrent };
  } finally {
    armed = false;
    await app.close();
    await raw.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
