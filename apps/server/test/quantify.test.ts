import { randomUUID } from 'node:crypto';
import { floatingProfit, OrderDirection } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { call, drivers, operatorToken, registerUser, startServer, uploadImage, type Harness } from './harness';
import { scriptedMarket } from './scripted';

// AI quantify (decision 0021) through HTTP: the seeded pools are backtested from their start, one NAV a
// day; each NAV is recomputed here from the pool's journals and positions; a form-encoded subscription
// is held and priced at its day's NAV, its units exact; the daily profit and the statistics are
// recomputed from the NAVs and the units; redemption, withdrawal, private pools behind keys, pausing,
// the ranking, and a second pool on the same rule agreeing to the digit.

/** Tuesday 10 March 2026, 15:00 UTC; the pools start on 20 January, 49 whole days before. */
const NOW = Date.parse('2026-03-10T15:00:00Z');
const START = '2026-01-20';
const DAY = 86_400_000;
const TODAY = Date.parse('2026-03-10T00:00:00Z');
const KEY_IN_TEXT = /[A-HJ-NP-Z2-9]{4}(?:-[A-HJ-NP-Z2-9]{4}){3}/;
const idem = () => ({ 'idempotency-key': randomUUID() });

interface DayWire {
  day: number;
  nav: string;
  benchmark: string;
  fee: string;
  backtested: boolean;
}

describe.each(await drivers())('AI quantify on %s', (driver) => {
  let h: Harness;
  let op: string;
  let clock = NOW;
  const now = () => clock;
  const market = scriptedMarket('quantify', undefined, now);
  beforeAll(async () => {
    h = await startServer(driver, { TEST_CLOCKS: '1', TRANSFER_SETTLE_SECONDS: '1', AGENCY_START: START }, { provider: market.provider, now });
    op = await operatorToken(h);
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const run = async () => {
    const r = await call(h, 'POST', '/web/test/quantify/run', { token: op, body: {} });
    expect(r.code, r.msg).toBe(200);
    return r.data as { trades: number; days: number };
  };
  const pools = async (token?: string) =>
    (await call(h, 'GET', '/web/quantization/list?size=100', token ? { token } : {})).data.list as Array<Record<string, any>>;
  const detail = async (id: number, token?: string) =>
    (await call(h, 'GET', `/web/quantization/detail?id=${id}`, token ? { token } : {})).data as Record<string, any> & { days: DayWire[] };
  const save = (token: string, fields: Record<string, string>, lang?: string) =>
    call(h, 'POST', '/web/quantization/order/save', { token, headers: idem(), form: new URLSearchParams(fields), ...(lang ? { lang } : {}) });
  const financial = async (token: string) => {
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} });
    return r.data.find((w: { code: string }) => w.code === 'FINANCIAL') as { balance: string; usedBalance: string };
  };
  const poolRow = async (id: number) =>
    (await h.db.query<{ user_id: number; seed_units: string }>('select user_id, seed_units::text from pools where id = $1', [id]))[0]!;

  /** A verified investor with `eur` euros in the financial wallet. */
  async function investor(eur: string) {
    const u = await registerUser(h);
    const frontUrl = await uploadImage(h, u.token);
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Quinn', lastName: 'Quant', country: 'NL', idType: 'passport', idNumber: 'NX7788990', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    expect((await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} })).code).toBe(200);
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: idem(),
      body: { method: 'fiat', currency: 'EUR', amount: eur, proofUrl: frontUrl },
    });
    await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    expect(
      (await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: idem(), body: { from: 'BALANCE', to: 'FINANCIAL', amount: eur } })).code,
    ).toBe(200);
    for (let n = 0; n < 100 && (await financial(u.token)).balance === '0.00'; n += 1) await new Promise((r) => setTimeout(r, 100));
    return u;
  }

  /**
   * A pool's value at the end of `day`, recomputed from the ledger and its positions: every journal of
   * its financial account before that moment and that day's fee, plus the floating P&L at that moment
   * of each position open then (its exit side of the quote, at the rate it was opened at: the rates are pinned).
   */
  async function equityAt(poolId: number, day: number): Promise<Dec> {
    const end = new Date(day + DAY);
    const { user_id } = await poolRow(poolId);
    const [cash] = await h.db.query<{ total: string }>(
      `select coalesce(sum(e.amount), 0)::text as total from ledger_entries e join ledger_journals j on j.id = e.journal_id join ledger_accounts a on a.id = e.account_id
        where a.user_id = $1 and a.code = 'FINANCIAL' and a.currency = 'EUR' and (j.created_at < $2 or (j.created_at = $2 and j.kind = 'pool.fee'))`,
      [user_id, end],
    );
    let equity = new Dec(cash!.total);
    const open = await h.db.query<{ symbol: string; direction: number; open_price: string; quantity: string; open_rate: string }>(
      `select symbol, direction, open_price::text, quantity::text, open_rate::text from positions
        where user_id = $1 and coalesce(filled_at, created_at) < $2 and (closed_at is null or closed_at > $2)`,
      [user_id, end],
    );
    for (const p of open) {
      const s = market.provider.snapshot(p.symbol, end.getTime());
      const exitPrice = p.direction === OrderDirection.Buy ? s.bid : s.ask;
      equity = equity.add(floatingProfit({ direction: p.direction, openPrice: p.open_price, exitPrice, quantity: p.quantity, rate: p.open_rate }));
    }
    return equity;
  }

  // Seven weeks of three pools, day by day: up to a minute on a loaded machine.
  it(
    'backtests each seeded pool from its start: one NAV a day, each its value from journals and positions ÷ its units, the fee a 365th of 1 %',
    { timeout: 120_000 },
    async () => {
      const first = await run();
      expect(first.days).toBe(3 * 49);
      expect(first.trades).toBeGreaterThan(0);
      // Nothing is due again: a second run changes nothing.
      expect(await run()).toEqual({ trades: 0, days: 0 });
      const list = await pools();
      expect(list.map((p) => p.rule)).toEqual(['pairs', 'momentum', 'volTarget']);
      for (const p of list) {
        const d = await detail(p.id);
        expect(d.days).toHaveLength(49);
        expect(d.days[0]!.day).toBe(Date.parse(`${START}T00:00:00Z`));
        expect(d.days.at(-1)!.day).toBe(TODAY - DAY);
        expect(d.days.every((x) => x.backtested)).toBe(true);
        expect(p).toMatchObject({ nav: d.days.at(-1)!.nav, navDay: TODAY - DAY, feePercent: '1.00', private: false, units: '0.000000', value: '0.00' });
        const { seed_units } = await poolRow(p.id);
        const navs = d.days.map((x) => new Dec(x.nav));
        // The returns and the deepest fall, from the NAVs (1 at the start).
        expect(p.totalReturn).toBe(navs.at(-1)!.sub(1).mul(100).toFixed(2));
        expect(p.rankingReturn).toBe(navs.at(-1)!.div(navs.at(-31)!).sub(1).mul(100).toFixed(2));
        let peak = new Dec(1);
        let fall = new Dec(0);
        for (const v of navs) {
          peak = Dec.max(peak, v);
          fall = Dec.max(fall, new Dec(1).sub(v.div(peak)));
        }
        expect(p.maxDrawdown).toBe(fall.mul(100).toFixed(2));
        let fees = new Dec(0);
        for (const x of [d.days[0]!, d.days[20]!, d.days.at(-1)!]) {
          const equity = await equityAt(p.id, x.day);
          expect(x.nav, `${p.rule} on ${new Date(x.day).toISOString()}`).toBe(equity.div(seed_units).toDecimalPlaces(6, Dec.ROUND_HALF_EVEN).toFixed(6));
          // The fee is taken on the value before it.
          expect(x.fee).toBe(equity.add(x.fee).mul('0.01').div(365).toDecimalPlaces(2, Dec.ROUND_DOWN).toFixed(2));
        }
        for (const x of d.days) fees = fees.add(x.fee);
        expect(d.fees).toBe(fees.toFixed(2));
        // The benchmark holds the basket in equal parts from the start.
        const last = d.days.at(-1)!;
        const ratio = p.symbols
          .map((s: string) => new Dec(market.provider.snapshot(s, last.day + DAY).last).div(market.provider.snapshot(s, Date.parse(`${START}T00:00:00Z`)).last))
          .reduce((a: Dec, b: Dec) => a.add(b), new Dec(0))
          .div(p.symbols.length);
        expect(last.benchmark).toBe(ratio.toDecimalPlaces(6, Dec.ROUND_HALF_EVEN).toFixed(6));
      }
    },
  );

  it('ranks the pools by their 30-day NAV return, best first', async () => {
    const r = (await call(h, 'GET', '/web/quantization/getRanking')).data as {
      days: number;
      list: Array<{ rank: number; poolId: number; rankingReturn: string }>;
    };
    expect(r.days).toBe(30);
    const list = await pools();
    const expected = [...list].sort((a, b) => new Dec(b.rankingReturn).cmp(a.rankingReturn) || a.id - b.id).map((p) => p.id);
    expect(r.list.map((x) => x.poolId)).toEqual(expected);
    expect(r.list.map((x) => x.rank)).toEqual([1, 2, 3]);
  });

  it('refuses bad orders with their messages and changes nothing', async () => {
    const u = await investor('1000.00');
    const id = (await pools())[2]!.id;
    const before = await financial(u.token);
    expect(await save(u.token, { poolId: String(id), kind: 'subscribe' })).toMatchObject({ code: 400, msg: 'Please enter purchase amount' });
    expect(await save(u.token, { poolId: String(id), kind: 'subscribe', amount: '12.345' })).toMatchObject({ code: 400 });
    expect(await save(u.token, { poolId: String(id), kind: 'subscribe', amount: '99.99' })).toMatchObject({
      code: 422,
      msg: 'The least subscription to this pool is 100.00 EUR',
    });
    expect(await save(u.token, { poolId: String(id), kind: 'subscribe', amount: '1000.01' })).toMatchObject({ code: 422 });
    expect(await save(u.token, { poolId: String(id), kind: 'redeem', units: '1.1234567' })).toMatchObject({
      code: 400,
      msg: 'Enter a number of units above 0 with at most 6 decimals',
    });
    expect(await save(u.token, { poolId: String(id), kind: 'redeem', units: '1' })).toMatchObject({
      code: 422,
      msg: 'You hold 0.000000 units of this pool that are not already being redeemed',
    });
    expect(await save(u.token, { poolId: '999', kind: 'subscribe', amount: '100' })).toMatchObject({ code: 404 });
    expect(await financial(u.token)).toEqual(before);
    expect((await call(h, 'POST', '/web/quantization/order/pageList', { token: u.token, body: {} })).data.total).toBe(0);
  });

  it('holds a form-encoded subscription, prices it at its day’s NAV (units rounded down), and reports the daily profit and statistics from the NAVs', async () => {
    const u = await investor('1000.00');
    const pool = (await pools())[2]!;
    const placed = await save(u.token, { poolId: String(pool.id), kind: 'subscribe', amount: '600.00' });
    expect(placed.code, placed.msg).toBe(200);
    expect(placed.data).toMatchObject({ kind: 'subscribe', status: 'pending', amount: '600.00', units: null, nav: null, navDay: TODAY });
    expect(await financial(u.token)).toMatchObject({ balance: '400.00', usedBalance: '600.00' });
    // Until the day ends nothing is priced.
    expect((await run()).days).toBe(0);
    clock = TODAY + DAY + 60_000;
    expect((await run()).days).toBe(3);
    const d = await detail(pool.id, u.token);
    const day = d.days.at(-1)!;
    expect(day.day).toBe(TODAY);
    expect(day.backtested).toBe(false);
    const units = new Dec('600').div(day.nav).toDecimalPlaces(6, Dec.ROUND_DOWN);
    const order = (await call(h, 'POST', '/web/quantization/order/pageList', { token: u.token, body: {} })).data.list[0];
    expect(order).toMatchObject({ status: 'done', amount: '600.00', nav: day.nav, units: units.toFixed(6), navDay: TODAY, doneTimestamp: TODAY + DAY });
    expect(await financial(u.token)).toMatchObject({ balance: '400.00', usedBalance: '0.00' });
    expect(d.units).toBe(units.toFixed(6));
    // Its day's NAV is still the pool's value before the subscription ÷ the units before it.
    const { seed_units } = await poolRow(pool.id);
    expect(day.nav).toBe((await equityAt(pool.id, TODAY)).div(seed_units).toDecimalPlaces(6, Dec.ROUND_HALF_EVEN).toFixed(6));

    // Two more days: each day's profit is the units × the change of NAV.
    clock += 2 * DAY;
    expect((await run()).days).toBe(6);
    const after = await detail(pool.id, u.token);
    const [d1, d2] = after.days.slice(-2) as [DayWire, DayWire];
    const profits = (await call(h, 'GET', '/web/quantization/profit/list', { token: u.token })).data;
    expect(profits.total).toBe(2);
    expect(profits.list).toEqual([
      {
        day: d2.day,
        poolId: pool.id,
        rule: 'volTarget',
        units: units.toFixed(6),
        nav: d2.nav,
        previousNav: d1.nav,
        profit: units.mul(new Dec(d2.nav).sub(d1.nav)).toFixed(2),
        backtested: false,
      },
      {
        day: d1.day,
        poolId: pool.id,
        rule: 'volTarget',
        units: units.toFixed(6),
        nav: d1.nav,
        previousNav: day.nav,
        profit: units.mul(new Dec(d1.nav).sub(day.nav)).toFixed(2),
        backtested: false,
      },
    ]);
    const value = units.mul(d2.nav);
    const stat = (await call(h, 'GET', '/web/quantization/getProfitStat', { token: u.token })).data;
    expect(stat).toEqual({ total: value.toFixed(2), today: profits.list[0].profit, earnings: value.sub(600).toFixed(2), pending: '0.00', navDay: d2.day });

    // Redeem all of it: paid at the next NAV, rounded down to the cent.
    const redeem = await call(h, 'POST', '/web/quantization/order/save', {
      token: u.token,
      headers: idem(),
      body: { poolId: pool.id, kind: 'redeem', units: 'all' },
    });
    expect(redeem.data).toMatchObject({ kind: 'redeem', status: 'pending', units: units.toFixed(6), amount: null });
    expect(await save(u.token, { poolId: String(pool.id), kind: 'redeem', units: '0.000001' })).toMatchObject({ code: 422 });
    clock += DAY;
    await run();
    const last = (await detail(pool.id, u.token)).days.at(-1)!;
    const payout = units.mul(last.nav).toDecimalPlaces(2, Dec.ROUND_DOWN);
    const done = (await call(h, 'POST', '/web/quantization/order/pageList', { token: u.token, body: {} })).data.list[0];
    expect(done).toMatchObject({ id: redeem.data.id, status: 'done', amount: payout.toFixed(2), nav: last.nav });
    expect(await financial(u.token)).toMatchObject({ balance: new Dec('400').add(payout).toFixed(2) });
    const finalStat = (await call(h, 'GET', '/web/quantization/getProfitStat', { token: u.token })).data;
    expect(finalStat).toMatchObject({ total: '0.00', earnings: payout.sub(600).toFixed(2) });
  });

  it('withdraws a pending subscription: the hold returns; a priced one cannot be withdrawn', async () => {
    const u = await investor('500.00');
    const id = (await pools())[0]!.id;
    const o = (await save(u.token, { poolId: String(id), kind: 'subscribe', amount: '200.00' })).data;
    expect(await financial(u.token)).toMatchObject({ usedBalance: '200.00' });
    const c = await call(h, 'POST', '/web/quantization/order/cancel', { token: u.token, headers: idem(), body: { id: o.id } });
    expect(c.data).toMatchObject({ status: 'cancelled' });
    expect(await financial(u.token)).toMatchObject({ balance: '500.00', usedBalance: '0.00' });
    expect((await call(h, 'POST', '/web/quantization/order/cancel', { token: u.token, headers: idem(), body: { id: o.id } })).code).toBe(409);
    // Another investor's order is not found.
    const other = await registerUser(h);
    expect((await call(h, 'POST', '/web/quantization/order/cancel', { token: other.token, headers: idem(), body: { id: o.id } })).code).toBe(404);
  });

  it('opens a private pool on a rule, backtested like the seeded one to the digit; only a key an operator issued unlocks it; revoking stops new subscriptions', async () => {
    const created = await call(h, 'POST', '/web/operator/pools', {
      token: op,
      body: { rule: 'pairs', private: true, feePercent: '1.00', minAmount: '100.00', reason: 'pilot' },
    });
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id as number;
    expect(
      (await call(h, 'POST', '/web/operator/pools', { token: op, body: { rule: 'pairs', private: true, feePercent: '5.01', minAmount: '100', reason: 'x' } }))
        .code,
    ).toBe(400);
    await run();
    const seeded = await detail((await pools())[0]!.id);
    const mine = (
      await h.db.query<{ day: Date; nav: string; benchmark: string }>('select day, nav::text, benchmark::text from pool_days where pool_id = $1 order by day', [
        id,
      ])
    ).map((d) => ({
      day: d.day.getTime(),
      nav: new Dec(d.nav).toFixed(6),
      benchmark: new Dec(d.benchmark).toFixed(6),
    }));
    // The same rule, fee and capital from the same start make the same NAVs to the digit.
    expect(mine).toEqual(seeded.days.map((d) => ({ day: d.day, nav: d.nav, benchmark: d.benchmark })));

    const u = await investor('300.00');
    expect((await pools(u.token)).map((p) => p.id)).not.toContain(id);
    expect((await pools()).map((p) => p.id)).not.toContain(id);
    expect((await call(h, 'GET', `/web/quantization/detail?id=${id}`, { token: u.token })).code).toBe(404);
    expect((await save(u.token, { poolId: String(id), kind: 'subscribe', amount: '100' })).code).toBe(404);
    expect((await call(h, 'POST', `/web/operator/pools/${(await pools())[0]!.id}/keys`, { token: op, body: { investor: u.username } })).msg).toBe(
      'This pool is public: it needs no key',
    );
    expect((await call(h, 'POST', `/web/operator/pools/${id}/keys`, { token: op, body: { investor: u.username } })).code).toBe(200);
    expect((await call(h, 'POST', `/web/operator/pools/${id}/keys`, { token: op, body: { investor: u.username } })).code).toBe(409);
    const notice = (await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token })).data.list.find((n: { kind: string }) => n.kind === 'pool.key');
    expect(notice.body).toContain('Market-neutral pairs: Coca-Cola and PepsiCo');
    const key = (notice.body as string).match(KEY_IN_TEXT)![0];
    expect((await call(h, 'POST', '/web/quantization/checkSecret', { token: u.token, body: { key: 'AAAA-BBBB-CCCC-DDDD' } })).msg).toBe(
      'This key is not valid',
    );
    const unlocked = await call(h, 'POST', '/web/quantization/checkSecret', { token: u.token, body: { key: key.toLowerCase() } });
    expect(unlocked.data).toMatchObject({ id, private: true, rule: 'pairs' });
    expect((await pools(u.token)).map((p) => p.id)).toContain(id);
    expect((await save(u.token, { poolId: String(id), kind: 'subscribe', amount: '100.00' })).code).toBe(200);

    const admin = (await call(h, 'GET', '/web/operator/pools', { token: op })).data.find((p: { id: number }) => p.id === id);
    expect(admin).toMatchObject({ private: true, pendingOrders: 1, keys: [{ userName: u.username, status: 'used' }] });
    const revoked = await call(h, 'POST', `/web/operator/poolKeys/${admin.keys[0].id}/revoke`, { token: op, body: { reason: 'pilot over' } });
    expect(revoked.data.keys[0].status).toBe('revoked');
    expect((await save(u.token, { poolId: String(id), kind: 'subscribe', amount: '100.00' })).msg).toBe(
      'This pool is private: enter the key an operator sent you first',
    );
    // What they already asked for is still theirs to see.
    expect((await pools(u.token)).map((p) => p.id)).toContain(id);
    const audit = (await call(h, 'GET', `/web/operator/audit?targetType=pool&targetId=${id}&size=100`, { token: op })).data.list.map(
      (a: { action: string }) => a.action,
    );
    expect(audit).toEqual(expect.arrayContaining(['pool.create', 'pool.issueKey', 'pool.revokeKey']));
    // The audit log never holds the key.
    expect(JSON.stringify((await call(h, 'GET', `/web/operator/audit?targetType=pool&targetId=${id}&size=100`, { token: op })).data)).not.toContain(key);
  });

  it('pauses a pool with a reason: no subscriptions, redemptions go on; resumes it', async () => {
    const id = (await pools())[1]!.id;
    expect((await call(h, 'POST', `/web/operator/pools/${id}/pause`, { token: op, body: {} })).code).toBe(400);
    const paused = await call(h, 'POST', `/web/operator/pools/${id}/pause`, { token: op, body: { reason: 'review' } });
    expect(paused.data).toMatchObject({ paused: true, pausedReason: 'review' });
    const u = await investor('200.00');
    expect((await save(u.token, { poolId: String(id), kind: 'subscribe', amount: '100.00' }, 'nl')).msg).toBe(
      'Deze pool is gepauzeerd en neemt nu geen nieuwe inschrijvingen aan',
    );
    expect((await call(h, 'POST', `/web/operator/pools/${id}/resume`, { token: op, body: { reason: 'done' } })).data).toMatchObject({
      paused: false,
      pausedReason: null,
    });
    expect((await save(u.token, { poolId: String(id), kind: 'subscribe', amount: '100.00' })).code).toBe(200);
    const audit = (await call(h, 'GET', `/web/operator/audit?targetType=pool&targetId=${id}&size=100`, { token: op })).data.list.map(
      (a: { action: string }) => a.action,
    );
    expect(audit).toEqual(expect.arrayContaining(['pool.pause', 'pool.resume']));
  });

  it('pays a redemption larger than the pool’s cash in full by selling its largest positions at the prices its NAV was struck at', async () => {
    const u = await investor('2000000.00');
    const pool = (await pools())[2]!;
    const { user_id } = await poolRow(pool.id);
    expect((await save(u.token, { poolId: String(pool.id), kind: 'subscribe', amount: '2000000.00' })).code).toBe(200);
    clock += DAY;
    await run();
    // A week on, the rule has rebalanced with the new money: part of it is margin of open positions.
    clock += 8 * DAY;
    await run();
    const openCount = async () =>
      (await h.db.query<{ n: number }>('select count(*)::int as n from positions where user_id = $1 and status = 1', [user_id]))[0]!.n;
    expect(await openCount()).toBeGreaterThan(0);
    const redeem = await call(h, 'POST', '/web/quantization/order/save', {
      token: u.token,
      headers: idem(),
      body: { poolId: pool.id, kind: 'redeem', units: 'all' },
    });
    expect(redeem.code, redeem.msg).toBe(200);
    const units = new Dec(redeem.data.units);
    const day = Math.floor(clock / DAY) * DAY;
    clock = day + DAY + 60_000;
    await run();
    const priced = (await detail(pool.id)).days.find((d) => d.day === day)!;
    const payout = units.mul(priced.nav).toDecimalPlaces(2, Dec.ROUND_DOWN);
    const done = (await call(h, 'POST', '/web/quantization/order/pageList', { token: u.token, body: {} })).data.list[0];
    expect(done).toMatchObject({ id: redeem.data.id, status: 'done', amount: payout.toFixed(2), nav: priced.nav, navDay: day });
    expect((await financial(u.token)).balance).toBe(payout.toFixed(2));
    // Sold at the day's end, at the exit side of that moment's quote (only a payout above the cash sells: the rule trades minutes after a day's start).
    const sold = await h.db.query<{ symbol: string; direction: number; close_price: string }>(
      "select symbol, direction, close_price::text from positions where user_id = $1 and close_reason = 'pool' and closed_at = $2",
      [user_id, new Date(day + DAY)],
    );
    expect(sold.length).toBeGreaterThan(0);
    for (const p of sold) {
      const q = market.provider.snapshot(p.symbol, day + DAY);
      expect(new Dec(p.close_price).toFixed()).toBe(new Dec(p.direction === OrderDirection.Buy ? q.bid : q.ask).toFixed());
    }
  });
});
