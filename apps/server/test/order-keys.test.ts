// An order call's idempotency key is written once, after the order, with its answer (decision 0024,
// "Orders"): a request whose key turns out taken undoes its order unseen and is answered from the key.
// What a client sees must be what it saw when the key was taken first: one effect, the first answer.
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useGroupLanes } from '../src/db/db';
import { pngBytes } from './fixtures';
import { call, drivers, OPERATOR, registerUser, startServer, type Harness } from './harness';
import { scriptedMarket } from './scripted';

const BTC = 'BTCUSDT';
const btc = (quantity: string) => ({ stockCode: BTC, direction: 0, source: 100, type: 0, quantity, leverage: 1, goldCode: BTC });

describe.each(await drivers())('order calls under one idempotency key on %s', (driver) => {
  let h: Harness;
  let op: string;
  const market = scriptedMarket();
  beforeAll(async () => {
    h = await startServer(driver, {}, { provider: market.provider });
    op = (await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
    market.set(BTC, '100000.00');
  });
  afterEach(() => useGroupLanes(h.db, undefined));
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  async function trader(euros: string) {
    const u = await registerUser(h);
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
    const frontUrl = (await call(h, 'POST', '/web/file/upload', { form, token: u.token })).data.url;
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Kay', lastName: 'Key', country: 'NL', idType: 'passport', idNumber: 'KK1', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
    await fund(u.token, frontUrl, euros);
    return { ...u, frontUrl };
  }
  async function fund(token: string, proofUrl: string, euros: string) {
    const d = await call(h, 'POST', '/web/recharge/create', {
      token,
      headers: { 'idempotency-key': randomUUID() },
      body: { method: 'fiat', currency: 'EUR', amount: euros, proofUrl },
    });
    await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    await call(h, 'POST', '/web/wallet/transfer', {
      token,
      headers: { 'idempotency-key': randomUUID() },
      body: { from: 'BALANCE', to: 'FOREX', amount: euros },
    });
  }
  const order = (token: string, key: string, quantity: string) =>
    call(h, 'POST', '/web/gold/create', { token, headers: { 'idempotency-key': key }, body: btc(quantity) });
  const forex = async (token: string) =>
    (await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} })).data.find((w: { code: string }) => w.code === 'FOREX');
  /** What an order leaves behind, counted per investor: its rows, its journals, its notices. */
  const effects = async (userId: number) => {
    const [row] = await h.db.query<{ positions: number; journals: number; notices: number; keys: number }>(
      `select (select count(*)::int from positions where user_id = $1) as positions,
              (select count(*)::int from ledger_journals where user_id = $1 and ref_type = 'position') as journals,
              (select count(*)::int from notices where user_id = $1 and kind = 'order.filled') as notices,
              (select count(*)::int from idempotency_keys where user_id = $1 and route = 'orderGold') as keys`,
      [userId],
    );
    return row!;
  };
  /** Hold the group pump so that what comes meanwhile forms one group (order-path.test.ts). */
  function holdPump() {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    useGroupLanes(h.db, 1);
    const held = h.db.grouped(() => gate);
    return { release, held };
  }

  it('answers an order sent again under its key as the first time, the order placed and paid once', async () => {
    const u = await trader('1000');
    const key = randomUUID();
    const first = await order(u.token, key, '0.001');
    expect(first.code, first.msg).toBe(200);
    const paid = await forex(u.token);
    const again = await order(u.token, key, '0.001');
    expect(again).toEqual(first);
    expect(await effects(u.id)).toEqual({ positions: 1, journals: 1, notices: 1, keys: 1 });
    expect(await forex(u.token)).toEqual(paid);
  });

  it('places one order for simultaneous requests under one key, in one group or several, each answered alike', async () => {
    const u = await trader('1000');
    const apart = randomUUID();
    const spread = await Promise.all(Array.from({ length: 6 }, () => order(u.token, apart, '0.001')));
    for (const a of spread) expect(a).toEqual(spread[0]);
    expect(spread[0]!.code).toBe(200);

    // One group: the retries run after the first in the same transaction and find its key there.
    const together = randomUUID();
    const pump = holdPump();
    const grouped = Array.from({ length: 4 }, () => order(u.token, together, '0.001'));
    await new Promise((r) => setTimeout(r, 300));
    pump.release();
    await pump.held;
    const answers = await Promise.all(grouped);
    for (const a of answers) expect(a).toEqual(answers[0]);
    expect(answers[0]!.code).toBe(200);
    expect(answers[0]!.data.id).not.toBe(spread[0]!.data.id);
    expect(await effects(u.id)).toEqual({ positions: 2, journals: 2, notices: 2, keys: 2 });
  });

  it('refuses another order under a used key with 409 and leaves nothing of it', async () => {
    const u = await trader('1000');
    const key = randomUUID();
    expect((await order(u.token, key, '0.001')).code).toBe(200);
    const wallet = await forex(u.token);
    const other = await order(u.token, key, '0.002');
    expect(other.status).toBe(409);
    expect(await effects(u.id)).toEqual({ positions: 1, journals: 1, notices: 1, keys: 1 });
    expect(await forex(u.token)).toEqual(wallet);
  });

  it('keeps a refused order under its key: sent again once the money is there, it is still the refusal, and nothing moves', async () => {
    const u = await trader('5');
    const key = randomUUID();
    const refused = await order(u.token, key, '0.01');
    expect([refused.status, refused.msg]).toEqual([422, 'Insufficient balance']);
    await fund(u.token, u.frontUrl, '5000');
    const wallet = await forex(u.token);
    expect(await order(u.token, key, '0.01')).toEqual(refused);
    expect(await effects(u.id)).toEqual({ positions: 0, journals: 0, notices: 0, keys: 1 });
    expect(await forex(u.token)).toEqual(wallet);
    // A new key places it.
    expect((await order(u.token, randomUUID(), '0.01')).code).toBe(200);
  });
});
