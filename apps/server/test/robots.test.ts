import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { call, drivers, operatorToken, registerUser, startServer, uploadImage, type Harness } from './harness';
import { scriptedMarket } from './scripted';

// AI robots (decision 0021) through HTTP: a grid robot on a scripted price path makes exactly the trades
// its grid implies, spends one unit of energy per fill, goes through its statuses in order and says so
// in its messages; redeem returns exactly its money; the figures on the wire are recomputed from its
// positions and journals. The server's clock is the test's: the robot looks at one quote per second.

/** Tuesday 10 March 2026, 15:00 UTC; crypto always trades. */
const NOW = Date.parse('2026-03-10T15:00:00Z');
const idem = () => ({ 'idempotency-key': randomUUID() });
const DAY = 86_400_000;

interface OrderWire {
  id: number;
  status: number;
  redeemed: boolean;
  amount: string;
  rent: string;
  energyLeft: number;
  cash: string;
  held: string;
  margin: string;
  floating: string;
  realised: string;
  completed: number;
  fees: string;
  total: string;
  totalPercent: string;
  yearlyPercent: string | null;
  returned: string | null;
  lower: string | null;
  upper: string | null;
  fills: number;
  messages: Array<{ kind: string; status: number; values: Record<string, string | number> }>;
  positions: Array<{
    id: number;
    quantity: string;
    openPrice: string;
    closePrice: string | null;
    margin: string;
    handlingFee: string;
    closeFee: string | null;
    grossProfit: string | null;
    robotOrderId: number | null;
    status: number;
  }>;
  cells: Array<{ buy: string; sell: string; quantity: string; state: string }>;
  [k: string]: unknown;
}

describe.each(await drivers())('robots on %s', (driver) => {
  let h: Harness;
  let op: string;
  let clock = NOW;
  const now = () => clock;
  const market = scriptedMarket('robots', undefined, now);
  beforeAll(async () => {
    h = await startServer(driver, { TEST_CLOCKS: '1', TRANSFER_SETTLE_SECONDS: '1' }, { provider: market.provider, now });
    op = await operatorToken(h);
    market.set('BTCUSDT', '50000.00');
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  /** The price path: each step sets the price, then the clock moves a second and the robots look at it. */
  /** Every fill spends a unit of energy: the units spent by every robot order so far. */
  const spent = async () => Number((await h.db.query<{ n: string }>('select coalesce(sum(energy - energy_left), 0) as n from robot_orders'))[0]!.n);
  /**
   * The fills made in the next second at `price`. The job itself may run that second before the
   * test's run does (it runs every 2 s on the same pinned clock), so the fills are counted from the
   * energy spent across the second, not from what the test's run made.
   */
  async function at(price: string) {
    const before = await spent();
    market.set('BTCUSDT', price);
    clock += 1000;
    const r = await call(h, 'POST', '/web/test/robots/run', { token: op, body: {} });
    expect(r.code, r.msg).toBe(200);
    return (await spent()) - before;
  }
  const create = (token: string, body: object, lang?: string) =>
    call(h, 'POST', '/web/robotOrder/create', { token, headers: idem(), body, ...(lang ? { lang } : {}) });
  const detail = async (token: string, id: number) => (await call(h, 'POST', '/web/robotOrder/detail', { token, body: { id } })).data as OrderWire;
  const financial = async (token: string) => {
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} });
    return r.data.find((w: { code: string }) => w.code === 'FINANCIAL') as { balance: string; usedBalance: string; currency: string };
  };
  const newRobot = async (body: object) => {
    const r = await call(h, 'POST', '/web/operator/robots', {
      token: op,
      body: { cycleDays: 1, rent: '1.00', price: '5.00', energy: 5, minAmount: '100', maxAmount: '10000', reason: 'test', ...body },
    });
    expect(r.code, r.msg).toBe(200);
    return r.data as { id: number };
  };
  /** A 4-cell arithmetic grid ± 4 % around the price: at 50,000 its levels are 48,000 to 52,000, 1,000 apart. */
  const grid = (extra: object = {}) => newRobot({ symbol: 'BTCUSDT', params: { kind: 'grid', rangePercent: '4', cells: 4, mode: 'arithmetic' }, ...extra });

  /** A verified investor with `eur` euros in the financial wallet. */
  async function investor(eur: string) {
    const u = await registerUser(h);
    const frontUrl = await uploadImage(h, u.token);
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Roos', lastName: 'Robot', country: 'NL', idType: 'passport', idNumber: 'NX5566778', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    expect((await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} })).code).toBe(200);
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: idem(),
      body: { method: 'fiat', currency: 'EUR', amount: eur, proofUrl: frontUrl },
    });
    await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    const t = await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: idem(), body: { from: 'BALANCE', to: 'FINANCIAL', amount: eur } });
    expect(t.code, t.msg).toBe(200);
    for (let n = 0; n < 100 && (await financial(u.token)).balance === '0.00'; n += 1) await new Promise((r) => setTimeout(r, 100));
    return u;
  }

  async function stateOf(userId: number) {
    const [row] = await h.db.query<{ journals: number; orders: number; positions: number }>(
      `select (select count(*)::int from ledger_journals where user_id = $1) as journals, (select count(*)::int from robot_orders where user_id = $1) as orders,
              (select count(*)::int from positions where user_id = $1) as positions`,
      [userId],
    );
    return row;
  }

  /** The order's money recomputed from the ledger: its journals on the financial wallet's held side. */
  async function cashOf(orderId: number) {
    const [row] = await h.db.query<{ cash: string }>(
      `select coalesce(sum(e.amount), 0)::text as cash from ledger_journals j join ledger_entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id
        where j.ref_type = 'robot' and j.ref_id = $1 and a.code = 'FINANCIAL' and a.part = 'held'`,
      [orderId],
    );
    return new Dec(row!.cash);
  }

  it('lists the seeded robots publicly, with their parameters, rent, price and energy', async () => {
    const r = await call(h, 'POST', '/web/robot/pageList', { body: {} });
    expect(r.code).toBe(200);
    const btc = r.data.list.find((x: { symbol: string; kind: string }) => x.symbol === 'BTCUSDT' && x.kind === 'grid');
    expect(btc).toMatchObject({
      params: { kind: 'grid', rangePercent: '5', cells: 20, mode: 'arithmetic' },
      cycleDays: 7,
      rent: '9.90',
      price: '49.00',
      energy: 300,
      owned: false,
      running: 0,
    });
    expect(r.data.list.some((x: { kind: string }) => x.kind === 'dca')).toBe(true);
  });

  it('trades a grid exactly as its levels imply: statuses 1 to 5 in order, one unit of energy per fill, then redeem returns its money to the cent', async () => {
    const robot = await grid({ energy: 7 });
    const u = await investor('1200');
    const quota = await call(h, 'POST', '/web/robot/getMiningQuota', { token: u.token, body: { robotId: robot.id } });
    expect(quota.data).toEqual({ robotId: robot.id, energy: 7, cycleDays: 1, owned: false, cost: '1.00', available: '1200.00' });

    market.set('BTCUSDT', '50000.00');
    const started = await create(u.token, { robotId: robot.id, amount: '1000', mode: 'rent' });
    expect(started.code, started.msg).toBe(200);
    const id = started.data.id as number;
    expect(started.data).toMatchObject({ status: 1, amount: '1000.00', rent: '1.00', energyLeft: 7, cash: '1000.00', lower: null, fills: 0 });
    // The amount is set aside (held) and the rent paid to the house.
    expect(await financial(u.token)).toMatchObject({ balance: '199.00', usedBalance: '1000.00' });

    // Second 1: the grid chosen around 50,000 (status 2): the two cells under it wait to buy, the two at and
    // over it are bought at the ask of 50,000.01 (statuses 3 and 4, two fills).
    expect(await at('50000.00')).toBe(2);
    let o = await detail(u.token, id);
    expect(o).toMatchObject({ status: 4, lower: '48000', upper: '52000', energyLeft: 5 });
    // 1000 EUR = 1250 USD, less the 0.1 % buy fee set aside, over four cells: 312.18... at each level, floored to 0.00001 BTC.
    expect(o.cells).toEqual([
      { buy: '48000', sell: '49000', quantity: '0.0065', state: 'buying' },
      { buy: '49000', sell: '50000', quantity: '0.00637', state: 'buying' },
      { buy: '50000', sell: '51000', quantity: '0.00624', state: 'holding' },
      { buy: '51000', sell: '52000', quantity: '0.00612', state: 'holding' },
    ]);

    // The ask reaches 49,000: the cell buys at its level; then 48,000.
    expect(await at('48999.99')).toBe(1);
    expect(await at('47999.99')).toBe(1);
    // Back up: the bid at 49,000 sells the 48,000 cell; at 50,000 the 49,000 cell; at 51,000 the cell bought at the start.
    expect(await at('49000.01')).toBe(1);
    expect(await at('50000.01')).toBe(1);
    expect(await at('49999.99')).toBe(0);
    // The seventh fill is the last the energy allows: status 5, nothing more is bought.
    expect(await at('51000.01')).toBe(1);
    expect(await at('47000.00')).toBe(0);
    o = await detail(u.token, id);
    expect(o).toMatchObject({ status: 5, energyLeft: 0, fills: 7, completed: 3, held: '0.00612' });
    expect(o.cells.map((c) => c.state)).toEqual(['buying', 'buying', 'buying', 'holding']);
    expect(o.messages.map((m) => `${m.kind}@${m.status}${m.values.price ? ` ${m.values.quantity ?? ''}@${m.values.price}` : ''}`).reverse()).toEqual([
      'levels@1 @50000.00',
      'placed@2',
      'bought@3 0.00624@50000.01',
      'bought@4 0.00612@50000.01',
      'bought@4 0.00637@49000',
      'bought@4 0.0065@48000',
      'sold@4 0.0065@49000',
      'sold@4 0.00637@50000',
      'sold@4 0.00624@51000',
      'energyOut@5',
    ]);
    // A pair's profit is from what the cell paid: (51,000 − 50,000.01) × 0.00624 for the cell bought at the start.
    expect(o.messages.filter((m) => m.kind === 'sold').map((m) => [m.values.buy, m.values.profit])).toEqual([
      ['50000.01', '6.2399376'],
      ['49000', '6.37'],
      ['48000', '6.5'],
    ]);

    // Each position at its price; margin = quantity × price × 0.8 (EUR per USD), fee 0.1 % of it, each to the cent.
    const byOpen = [...o.positions].sort((a, b) => a.id - b.id);
    expect(byOpen.map((p) => [p.quantity, p.openPrice, p.closePrice, p.margin, p.handlingFee, p.robotOrderId])).toEqual([
      ['0.00624', '50000.01', '51000.00', '249.60', '0.25', id],
      ['0.00612', '50000.01', null, '244.80', '0.24', id],
      ['0.00637', '49000.00', '50000.00', '249.70', '0.25', id],
      ['0.0065', '48000.00', '49000.00', '249.60', '0.25', id],
    ]);
    // The pairs: 1,000 USD × 0.0065 = 6.50 USD = 5.20 EUR; 1,000 × 0.00637 = 6.37 USD = 5.096 → 5.10 EUR;
    // 999.99 × 0.00624 = 6.2399376 USD = 4.99195... → 4.99 EUR; three closing fees of 0.25.
    expect(o.realised).toBe('15.29');
    expect(o.fees).toBe('1.74');
    // The cash, recomputed from the ledger: 1000 − four openings (249.85, 245.04, 249.95, 249.85) + three payouts
    // (249.60 + 5.20 − 0.25, 249.70 + 5.10 − 0.25, 249.60 + 4.99 − 0.25).
    expect(o.cash).toBe('768.75');
    expect((await cashOf(id)).toFixed(2)).toBe('768.75');
    // At 47,000 the held cell floats (46,999.99 − 50,000.01) × 0.00612 × 0.8 = −14.688... → −14.69; the total is each line, net of fees and rent.
    expect(o.floating).toBe('-14.69');
    expect(new Dec(o.realised).add(o.floating).sub(o.fees).sub(o.rent).toFixed(2)).toBe(o.total);
    expect(o.total).toBe('-2.14');
    // The same from what it is worth: cash + margin + floating − amount − rent.
    expect(new Dec(o.cash).add(o.margin).add(o.floating).sub(o.amount).sub(o.rent).toFixed(2)).toBe('-2.14');
    expect(o.totalPercent).toBe('-0.214');
    expect(o.yearlyPercent).toBeNull();

    // A robot's position is not the owner's to sell.
    const sell = await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: idem(), body: { id: byOpen[1]!.id } });
    expect(sell.msg).toBe('This position belongs to a robot: redeem the robot to close it');

    // Redeem at the bid of 50,099.99: the held cell sells, and the order's money returns in one journal.
    market.set('BTCUSDT', '50100.00');
    const redeemed = await call(h, 'POST', '/web/robotOrder/redeem', { token: u.token, headers: idem(), body: { id } });
    expect(redeemed.code, redeemed.msg).toBe(200);
    o = redeemed.data as OrderWire;
    // The last sale: 99.98 × 0.00612 = 0.6118776 USD = 0.4895... → 0.49 EUR gross; its fee 0.1 % of 0.00612 × 50,099.99 × 0.8 = 0.2453 → 0.25.
    expect(o).toMatchObject({
      redeemed: true,
      status: 5,
      held: '0',
      margin: '0.00',
      floating: '0.00',
      realised: '15.78',
      fees: '1.99',
      cash: '0.00',
      returned: '1013.79',
      total: '12.79',
    });
    expect(await cashOf(id)).toEqual(new Dec(0));
    expect(await financial(u.token)).toMatchObject({ balance: '1212.79', usedBalance: '0.00' });
    expect(o.messages[0]).toMatchObject({ kind: 'redeemed', values: { returned: '1013.79' } });
    const again = await call(h, 'POST', '/web/robotOrder/redeem', { token: u.token, headers: idem(), body: { id } });
    expect(again.msg).toBe('This robot order has already been redeemed');

    const notices = (await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token })).data.list as Array<{ kind: string; body: string }>;
    expect(notices[0]).toMatchObject({ kind: 'robot.energyOut' });
    expect(notices[0]!.body).toContain(`Bitcoin robot (order ${id}) has used its 7 fills`);
    const kinds = (await h.db.query<{ kind: string }>('select kind from ledger_journals where ref_type = $1 and ref_id = $2 order by id', ['robot', id])).map(
      (r) => r.kind,
    );
    expect(kinds).toEqual([
      'robot.start',
      'robot.rent',
      'robot.fund',
      'robot.fund',
      'robot.fund',
      'robot.fund',
      'robot.return',
      'robot.return',
      'robot.return',
      'robot.return',
      'robot.stop',
    ]);
  });

  it('gives two orders started in the same second on the same path the same fills and messages', async () => {
    const robot = await grid({ energy: 20 });
    const a = await investor('600');
    const b = await investor('600');
    market.set('BTCUSDT', '50000.00');
    const oa = (await create(a.token, { robotId: robot.id, amount: '500' })).data.id as number;
    const ob = (await create(b.token, { robotId: robot.id, amount: '500' })).data.id as number;
    for (const price of ['50000.00', '48999.99', '49000.01', '50000.01', '48500.00', '51000.01', '47999.99']) await at(price);
    const da = await detail(a.token, oa);
    const db = await detail(b.token, ob);
    const record = (o: OrderWire) => ({
      messages: o.messages.map((m) => [m.kind, m.status, m.values]),
      positions: o.positions.map((p) => [p.quantity, p.openPrice, p.closePrice, p.margin, p.handlingFee, p.closeFee]),
      figures: [o.status, o.energyLeft, o.cash, o.realised, o.fees, o.total],
    });
    expect(record(da)).toEqual(record(db));
    expect(da.fills).toBeGreaterThan(3);
    // The K-line's marks are its fills: a buy per position, a sell per closed one.
    const k = await call(h, 'GET', `/web/crypto/robotKline?orderId=${oa}&range=1d`, { token: a.token });
    expect(k.code, k.msg).toBe(200);
    expect(k.data.marks).toHaveLength(da.fills);
    expect(k.data.levels).toEqual(['48000', '49000', '50000', '51000', '52000']);
    // Someone else's order is not found, on every call.
    expect((await call(h, 'POST', '/web/robotOrder/detail', { token: b.token, body: { id: oa } })).code).toBe(404);
    expect((await call(h, 'GET', `/web/robotMessage/${oa}`, { token: b.token })).code).toBe(404);
    expect((await call(h, 'GET', `/web/crypto/robotKline?orderId=${oa}`, { token: b.token })).code).toBe(404);
    expect((await call(h, 'POST', '/web/robotOrder/redeem', { token: b.token, headers: idem(), body: { id: oa } })).code).toBe(404);
    const mine = await call(h, 'GET', `/web/robotMessage/${oa}`, { token: a.token });
    expect(mine.data.map((m: { kind: string }) => m.kind)).toEqual(da.messages.map((m) => m.kind));
    for (const [u, id] of [
      [a, oa],
      [b, ob],
    ] as const)
      expect((await call(h, 'POST', '/web/robotOrder/redeem', { token: u.token, headers: idem(), body: { id } })).code).toBe(200);
  });

  it('runs a DCA deal: first order at the ask, a safety order a deviation lower, the take-profit on the cost sells all', async () => {
    const robot = await newRobot({
      symbol: 'BTCUSDT',
      params: { kind: 'dca', firstOrderPercent: '20', safetyOrderPercent: '20', safetyOrders: 2, deviationPercent: '2', takeProfitPercent: '1' },
      energy: 10,
    });
    const u = await investor('600');
    market.set('BTCUSDT', '50000.00');
    const id = (await create(u.token, { robotId: robot.id, amount: '500' })).data.id as number;
    expect(await at('50000.00')).toBe(0); // status 2: its first order is placed
    // 500 EUR = 625 USD ÷ 1.001; 20 % is 124.87 USD: 0.00249 BTC at the ask of 50,000.01.
    expect(await at('50000.00')).toBe(1);
    // The safety order's price: 50,000.01 × 0.98 = 49,000.0098, floored to 49,000.00; the ask reaches it at 48,999.99.
    expect(await at('49200.00')).toBe(0);
    expect(await at('48999.99')).toBe(1);
    let o = await detail(u.token, id);
    // Cost 0.00249 × 50,000.01 + 0.00254 × 49,000 = 248.9600249; the take-profit: cost × 1.01 ÷ 0.00503 = 49,989.985..., up to the cent.
    // The next safety order: 50,000.01 × (1 − 2 × 0.02), floored to the cent.
    expect(o).toMatchObject({ status: 4, held: '0.00503', takeProfit: '49989.99', nextBuy: '48000' });
    expect(await at('49989.99')).toBe(0); // the bid is a tick under
    expect(await at('49990.00')).toBe(1);
    o = await detail(u.token, id);
    expect(o).toMatchObject({ completed: 1, held: '0', takeProfit: null });
    expect(o.messages[0]).toMatchObject({ kind: 'sold', values: { price: '49989.99', quantity: '0.00503' } });
    expect(o.positions.every((p) => p.closePrice === '49989.99')).toBe(true);
    expect(new Dec(o.realised).sub(o.fees).sub(o.rent).toFixed(2)).toBe(o.total);
    expect((await call(h, 'POST', '/web/robotOrder/redeem', { token: u.token, headers: idem(), body: { id } })).data.returned).toBe(
      new Dec(500).add(o.realised).sub(o.fees).toFixed(2),
    );
  });

  it('stops at the end of its cycle with status 6, and a bought robot starts again without rent', async () => {
    const robot = await grid({ energy: 50 });
    const u = await investor('700');
    market.set('BTCUSDT', '50000.00');
    const bought = await create(u.token, { robotId: robot.id, amount: '300', mode: 'buy' });
    expect(bought.code, bought.msg).toBe(200);
    expect(bought.data).toMatchObject({ mode: 'buy', rent: '0.00' });
    // The price (5.00) paid once.
    expect(await financial(u.token)).toMatchObject({ balance: '395.00', usedBalance: '300.00' });
    expect(await at('50000.00')).toBe(2);
    // A day later, the robot has looked at every second of it and stops: status 6.
    market.set('BTCUSDT', '50000.00');
    clock += DAY;
    for (let n = 0; n < 30 && (await detail(u.token, bought.data.id)).status !== 6; n += 1)
      await call(h, 'POST', '/web/test/robots/run', { token: op, body: {} });
    const o = await detail(u.token, bought.data.id);
    expect(o).toMatchObject({ status: 6, redeemed: false });
    expect(o.messages[0]).toMatchObject({ kind: 'expired', values: { days: 1 } });
    expect(((await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token })).data.list[0] as { kind: string }).kind).toBe('robot.expired');
    // Redeemed at the bid of 49,999.99: the cells bought at the start (0.00187 and 0.00183 at 50,000.01) pay their
    // opening and closing fees, 0.07 each (0.1 % of 74.80 and of 73.20), and lose 0.02 × quantity × 0.8, under a cent each.
    expect((await call(h, 'POST', '/web/robotOrder/redeem', { token: u.token, headers: idem(), body: { id: o.id } })).data.returned).toBe('299.72');

    const quota = await call(h, 'POST', '/web/robot/getMiningQuota', { token: u.token, body: { robotId: robot.id } });
    expect(quota.data).toMatchObject({ owned: true, cost: '0.00' });
    const next = await create(u.token, { robotId: robot.id, amount: '300', mode: 'rent' });
    expect(next.data).toMatchObject({ mode: 'buy', rent: '0.00', status: 1 });
    expect(await financial(u.token)).toMatchObject({ balance: '394.72', usedBalance: '300.00' });
    await call(h, 'POST', '/web/robotOrder/redeem', { token: u.token, headers: idem(), body: { id: next.data.id } });
  });

  it('neither sells nor spends energy for a cell whose position the trigger engine liquidated', async () => {
    const robot = await grid({ energy: 20 });
    const u = await investor('300');
    market.set('BTCUSDT', '50000.00');
    const id = (await create(u.token, { robotId: robot.id, amount: '200' })).data.id as number;
    await at('50000.00');
    expect(await at('48999.99')).toBe(1);
    // At 1x the position's equity reaches the maintenance level (half its margin) near half its price: the tick liquidates it.
    // The trigger engine learns of a new position's symbol within two seconds; each poll is a new tick.
    await expect
      .poll(
        async () => {
          market.set('BTCUSDT', '20000.00');
          return (await detail(u.token, id)).positions[0]?.status;
        },
        { timeout: 8000, interval: 250 },
      )
      .toBe(3);
    // The ask under every level: the cell at 48,000, the only one still waiting to buy, buys at its level.
    expect(await at('20000.00')).toBe(1);
    const before = await detail(u.token, id);
    // Back over 50,000: the liquidated cell has nothing to sell; only the cells that bought at 20,000 do.
    await at('50000.01');
    const o = await detail(u.token, id);
    const sold = o.messages.filter((m) => m.kind === 'sold');
    expect(sold.every((m) => m.values.buy !== '49000')).toBe(true);
    expect(o.energyLeft).toBe(before.energyLeft - sold.length);
    expect(o.positions.find((p) => p.openPrice === '49000.00')).toMatchObject({ status: 3 });
    await call(h, 'POST', '/web/robotOrder/redeem', { token: u.token, headers: idem(), body: { id } });
    market.set('BTCUSDT', '50000.00');
  });

  it('refuses an amount outside the robot’s bounds, more than the wallet holds, and a paused robot, with their messages, and writes nothing', async () => {
    const robot = await grid();
    const u = await investor('300');
    const before = await stateOf(u.id);
    for (const amount of ['99.99', '10000.01']) {
      const r = await create(u.token, { robotId: robot.id, amount });
      expect(r.code).toBe(400);
      expect(r.msg).toBe('The amount for this robot is between 100.00 and 10000.00 EUR');
    }
    expect((await create(u.token, { robotId: robot.id, amount: '150' }, 'nl')).code).toBe(200);
    expect((await create(u.token, { robotId: robot.id, amount: '99' }, 'zh')).msg).toBe('该机器人的金额在 100.00 至 10000.00 EUR 之间');
    const after = await stateOf(u.id);
    expect((await create(u.token, { robotId: robot.id, amount: '149.01' })).msg).toBe('Insufficient balance');
    expect(await stateOf(u.id)).toEqual(after);
    expect(after!.orders).toBe(before!.orders + 1);

    const paused = await call(h, 'POST', `/web/operator/robots/${robot.id}/pause`, { token: op, body: { reason: 'grid under review' } });
    expect(paused.data).toMatchObject({ paused: true, pausedReason: 'grid under review', orders: 1, runningOrders: 1 });
    expect((await create(u.token, { robotId: robot.id, amount: '100' })).msg).toBe('This robot is paused and cannot be started now');
    expect((await call(h, 'POST', `/web/operator/robots/${robot.id}/resume`, { token: op, body: { reason: 'reviewed' } })).data.paused).toBe(false);
    const audit = (await call(h, 'GET', `/web/operator/audit?targetType=robot&targetId=${robot.id}`, { token: op })).data.list as Array<{
      action: string;
      reason: string;
    }>;
    expect(audit.map((a) => [a.action, a.reason])).toEqual([
      ['robot.resume', 'reviewed'],
      ['robot.pause', 'grid under review'],
      ['robot.create', 'test'],
    ]);
    const mine = await call(h, 'POST', '/web/robotOrder/pageList', { token: u.token, body: {} });
    expect(mine.data.total).toBe(1);
    await call(h, 'POST', '/web/robotOrder/redeem', { token: u.token, headers: idem(), body: { id: mine.data.list[0].id } });
  });

  it('refuses an operator’s robot that is not a crypto pair, whose grid falls on one tick, or whose DCA orders exceed the capital', async () => {
    const base = { cycleDays: 7, rent: '1.00', price: '5.00', energy: 10, minAmount: '100', maxAmount: '1000', reason: 'new' };
    const post = (body: object) => call(h, 'POST', '/web/operator/robots', { token: op, body: { ...base, ...body } });
    for (const symbol of ['AAPL', 'FOOUSDT'])
      expect((await post({ symbol, params: { kind: 'grid', rangePercent: '4', cells: 4, mode: 'arithmetic' } })).msg).toBe('Robots trade crypto pairs only');
    expect((await post({ symbol: 'BTCUSDT', params: { kind: 'grid', rangePercent: '0.00001', cells: 50, mode: 'arithmetic' } })).msg).toBe(
      'Two levels of this grid would fall on the same price: use fewer cells or a wider range',
    );
    expect(
      (
        await post({
          symbol: 'BTCUSDT',
          params: { kind: 'dca', firstOrderPercent: '40', safetyOrderPercent: '20', safetyOrders: 4, deviationPercent: '1', takeProfitPercent: '1' },
        })
      ).msg,
    ).toBe('Check the parameters: percentages above 0 and below 100, the safety orders within the capital');
    expect(
      (await post({ symbol: 'BTCUSDT', params: { kind: 'grid', rangePercent: '4', cells: 4, mode: 'arithmetic' }, minAmount: '500', maxAmount: '100' })).msg,
    ).toBe('The minimum amount must be positive and not above the maximum');
    const user = await registerUser(h);
    expect((await call(h, 'POST', '/web/operator/robots', { token: user.token, body: { ...base, symbol: 'BTCUSDT' } })).code).toBe(403);
  });
});
