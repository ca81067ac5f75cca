import { randomUUID } from 'node:crypto';
import { floatingProfit, OrderDirection } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { createQuantifyPortfolioSource } from '../src/modules/quantify/portfolio';
import type { PortfolioDeps } from '../src/modules/portfolio';
import { call, drivers, operatorToken, registerUser, startServer, uploadImage, type Harness } from './harness';
import { scriptedMarket } from './scripted';

// The strategy products in the one valuation (issue 32), through HTTP: robots, follows and pools.
// Starting a robot or a follow moves money to the held side of a wallet: the product claims it, so
// the portfolio has no unclaimed `held` line, and net assets fall by exactly the rent (a robot) or
// nothing (a follow); each fill or copy then costs its fee and the spread. Pool units are valued at
// the latest NAV, a subscription waiting for its NAV at cost. Every expected figure is worked out here
// by hand from the prices the test sets, the pinned rates (1 USD = 0.80 EUR) and the NAVs the pools
// publish, never read back from the portfolio itself. Then issue 32's corrections in these modules:
// a pool's equity after a subscription, and an agency's closed trades read in full, a page at a time.

/** Tuesday 10 March 2026, 15:00 UTC; crypto always trades. */
const NOW = Date.parse('2026-03-10T15:00:00Z');
const TODAY = Date.parse('2026-03-10T00:00:00Z');
const DAY = 86_400_000;
const idem = () => ({ 'idempotency-key': randomUUID() });
// Each test has more than the default 30 s: an agency's 102 round trips and the pools' daily runs take seconds on PGlite, more on a busy machine.

interface Line {
  key: string;
  product: string;
  side: string;
  instrument: string | null;
  wallet: string | null;
  quantity: string | null;
  price: string | null;
  priceSource: string;
  priceTimestamp: number | null;
  currency: string;
  value: string;
  reportingValue: string;
  cost: string | null;
  pnl: string | null;
  pnlGross: string | null;
  fees: string | null;
  dayChange: string;
  stale: boolean;
}
interface Answer {
  lines: Line[];
  total: string;
  liabilities: string;
  netAssets: string;
  dayChange: string;
  stale: string[];
}

describe.each(await drivers())('robots, follows and pools in the portfolio on %s', (driver) => {
  let h: Harness;
  let op: string;
  let clock = NOW;
  const now = () => clock;
  const market = scriptedMarket('portfolio-strategies', undefined, now);
  beforeAll(async () => {
    // The agencies and pools start today: an agency is worth its capital to the cent, so a copy's size is known.
    h = await startServer(driver, { TEST_CLOCKS: '1', TRANSFER_SETTLE_SECONDS: '1', AGENCY_START: '2026-03-10' }, { provider: market.provider, now });
    op = await operatorToken(h);
    market.set('BTCUSDT', '50000.00');
    expect((await call(h, 'POST', '/web/test/agencies/run', { token: op, body: {} })).code).toBe(200);
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const portfolio = async (token: string): Promise<Answer> => {
    const r = await call(h, 'POST', '/web/portfolio', { token, body: { currency: 'EUR' } });
    expect(r.code, r.msg).toBe(200);
    return r.data as Answer;
  };
  const of = (p: Answer, product: string) => p.lines.filter((l) => l.product === product);
  const line = (p: Answer, key: string) => {
    const found = p.lines.find((l) => l.key === key);
    if (!found) throw new Error(`no line ${key} in ${p.lines.map((l) => l.key).join(', ')}`);
    return found;
  };
  /** The sum of the lines as the answer counts them (the totals are this, to the cent). */
  const sum = (lines: readonly Line[], field: 'value' | 'reportingValue' | 'dayChange' = 'reportingValue') =>
    lines.reduce((s, l) => s.add(l[field]), new Dec(0));
  const balances = async (token: string) =>
    (await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} })).data as Array<{ code: string; balance: string; usedBalance: string }>;

  /** A verified investor with `eur` euros moved from the funding account to `wallet`. */
  async function investor(eur: string, wallet: 'FINANCIAL' | 'FOLLOW') {
    const u = await registerUser(h);
    const frontUrl = await uploadImage(h, u.token);
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Pia', lastName: 'Portfolio', country: 'NL', idType: 'passport', idNumber: 'NX3344556', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    expect((await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} })).code).toBe(200);
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: idem(),
      body: { method: 'fiat', currency: 'EUR', amount: eur, proofUrl: frontUrl },
    });
    await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    const t = await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: idem(), body: { from: 'BALANCE', to: wallet, amount: eur } });
    expect(t.code, t.msg).toBe(200);
    for (let n = 0; n < 100 && (await balances(u.token)).find((w) => w.code === wallet)!.balance === '0.00'; n += 1)
      await new Promise((r) => setTimeout(r, 100));
    return u;
  }

  describe('a robot', () => {
    /** Robot fills counted across a second, as robots.test.ts does (the job may run that second first). */
    const spent = async () => Number((await h.db.query<{ n: string }>('select coalesce(sum(energy - energy_left), 0) as n from robot_orders'))[0]!.n);
    async function at(price: string) {
      const before = await spent();
      market.set('BTCUSDT', price);
      clock += 1000;
      expect((await call(h, 'POST', '/web/test/robots/run', { token: op, body: {} })).code).toBe(200);
      return (await spent()) - before;
    }

    it('claims the money it holds: no unclaimed held line, net assets fall by the rent, then by each fill’s fee and spread', async () => {
      // robots.test.ts's grid: 4 cells ±4 % around 50,000 (48,000 to 52,000), 7 fills, rent 1.00.
      const robot = await call(h, 'POST', '/web/operator/robots', {
        token: op,
        body: {
          symbol: 'BTCUSDT',
          params: { kind: 'grid', rangePercent: '4', cells: 4, mode: 'arithmetic' },
          cycleDays: 1,
          rent: '1.00',
          price: '5.00',
          energy: 7,
          minAmount: '100',
          maxAmount: '10000',
          reason: 'test',
        },
      });
      expect(robot.code, robot.msg).toBe(200);
      const u = await investor('1200', 'FINANCIAL');
      const before = await portfolio(u.token);
      expect(before.netAssets).toBe('1200.00');

      market.set('BTCUSDT', '50000.00');
      const started = await call(h, 'POST', '/web/robotOrder/create', {
        token: u.token,
        headers: idem(),
        body: { robotId: robot.data.id, amount: '1000', mode: 'rent' },
      });
      expect(started.code, started.msg).toBe(200);
      const id = started.data.id as number;

      // Started, nothing bought: 1,000 set aside on the held side is the robot's; 199 is cash; the rent of 1.00 is gone.
      let p = await portfolio(u.token);
      expect(of(p, 'held')).toEqual([]);
      expect(line(p, 'cash:FINANCIAL').value).toBe('199.00');
      expect(line(p, `robot:cash:${id}`)).toMatchObject({
        wallet: 'FINANCIAL',
        currency: 'EUR',
        value: '1000.00',
        cost: '1001.00',
        pnl: '-1.00',
        fees: '1.00',
        priceSource: 'ledger',
      });
      expect(p.netAssets).toBe('1199.00');
      expect(new Dec(before.netAssets).sub(p.netAssets).toFixed(2)).toBe('1.00');

      // Second 1 at 50,000.00: the two cells at and over it buy at the ask of 50,000.01: 0.00624 and 0.00612 BTC,
      // margins 0.00624 × 50,000.01 × 0.8 = 249.60 and 244.80, fees 0.1 % of them, 0.25 and 0.24.
      expect(await at('50000.00')).toBe(2);
      p = await portfolio(u.token);
      expect(of(p, 'held')).toEqual([]);
      const fills = of(p, 'robot').filter((l) => l.key !== `robot:cash:${id}`);
      expect(fills.map((l) => [l.quantity, l.value]).sort()).toEqual([
        // Each at its margin plus its floating profit at the bid of 49,999.99: −0.02 × 0.00612 × 0.8 = −0.0001 → 0.00.
        ['0.00612', '244.80'],
        ['0.00624', '249.60'],
      ]);
      // Its money not in a fill: 1,000 − (249.60 + 0.25) − (244.80 + 0.24) = 505.11.
      expect(line(p, `robot:cash:${id}`).value).toBe('505.11');
      // Net assets: 1,200 − the rent 1.00 − the fees 0.49.
      expect(p.netAssets).toBe('1198.51');
      expect(sum(of(p, 'robot')).toFixed(2)).toBe('999.51');

      // On along robots.test.ts's path to 47,000: three pairs bought and sold, the seventh fill the last.
      for (const price of ['48999.99', '47999.99', '49000.01', '50000.01', '49999.99', '51000.01', '47000.00']) await at(price);
      p = await portfolio(u.token);
      expect(of(p, 'held')).toEqual([]);
      // Cash 1,000 − four openings (249.85, 245.04, 249.95, 249.85) + three payouts (254.55, 254.55, 254.34) = 768.75.
      const cash = line(p, `robot:cash:${id}`);
      // Its cost is what the order cost (1,000 + rent) less what the open fill's line shows as its cost (244.80 + 0.24);
      // its fees the rent and the closed pairs' opening and closing fees (0.25 each); its gross the pairs' 15.29.
      expect(cash).toMatchObject({ value: '768.75', cost: '755.96', pnl: '12.79', fees: '2.50', pnlGross: '15.29' });
      // The held cell: 244.80 of margin floating (46,999.99 − 50,000.01) × 0.00612 × 0.8 = −14.688… → −14.69.
      const open = of(p, 'robot').filter((l) => l.key !== `robot:cash:${id}`);
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({ quantity: '0.00612', value: '230.11', cost: '245.04', pnl: '-14.93' });
      // The robot's lines together: its result, realised 15.29 + floating −14.69 − fees 1.74 − rent 1.00 = −2.14.
      expect(sum([cash, open[0]!], 'value').toFixed(2)).toBe('998.86');
      expect([cash, open[0]!].reduce((s, l) => s.add(l.pnl!), new Dec(0)).toFixed(2)).toBe('-2.14');
      expect([cash, open[0]!].reduce((s, l) => s.add(l.cost!), new Dec(0)).toFixed(2)).toBe('1001.00');
      expect(p.netAssets).toBe('1197.86');

      // Redeemed at the bid of 50,099.99: the money is back in the wallet, 199 + 1,013.79, and the robot has no line.
      market.set('BTCUSDT', '50100.00');
      const redeemed = await call(h, 'POST', '/web/robotOrder/redeem', { token: u.token, headers: idem(), body: { id } });
      expect(redeemed.code, redeemed.msg).toBe(200);
      p = await portfolio(u.token);
      expect(of(p, 'robot')).toEqual([]);
      expect(of(p, 'held')).toEqual([]);
      expect(line(p, 'cash:FINANCIAL').value).toBe('1212.79');
      expect(p.netAssets).toBe('1212.79');
    }, 90_000);
  });

  describe('a follow', () => {
    const agencyId = async (strategy: string) =>
      ((await call(h, 'GET', '/web/userFollowInvest/getInvestAgencyList')).data.list as Array<{ id: number; strategy: string }>).find(
        (a) => a.strategy === strategy,
      )!.id;

    it('claims the follow’s money and shows each investor only their own: starting changes nothing, a copy costs its fee and spread', async () => {
      // 400 EUR is 500 USD at the pinned 1.25.
      market.set('BTCUSDT', '50000.00');
      const a = await investor('400', 'FOLLOW');
      const b = await investor('400', 'FOLLOW');
      const id = await agencyId('breakout');
      const before = await portfolio(a.token);
      expect(before.netAssets).toBe('400.00');

      const fa = await call(h, 'POST', '/web/userFollowInvest/add', { token: a.token, headers: idem(), body: { agencyId: id, amount: '500.00' } });
      expect(fa.code, fa.msg).toBe(200);
      const fb = await call(h, 'POST', '/web/userFollowInvest/add', { token: b.token, headers: idem(), body: { agencyId: id, amount: '200.00' } });
      expect(fb.code, fb.msg).toBe(200);

      let p = await portfolio(a.token);
      expect(of(p, 'held')).toEqual([]);
      // A's follow only: 500 USD = 400.00 EUR; the wallet's free cash is nothing.
      expect(of(p, 'follow').map((l) => l.key)).toEqual([`follow:cash:${fa.data.id}`]);
      expect(line(p, `follow:cash:${fa.data.id}`)).toMatchObject({
        wallet: 'FOLLOW',
        currency: 'USD',
        value: '500.00',
        reportingValue: '400.00',
        cost: '500.00',
        pnl: '0.00',
      });
      expect(p.lines.some((l) => l.key === 'cash:FOLLOW')).toBe(false);
      expect(p.netAssets).toBe('400.00');
      // B: their 200 in the follow, 300 free: 160.00 + 240.00 EUR.
      const pb = await portfolio(b.token);
      expect(of(pb, 'follow').map((l) => [l.key, l.value])).toEqual([[`follow:cash:${fb.data.id}`, '200.00']]);
      expect(line(pb, 'cash:FOLLOW').value).toBe('300.00');
      expect(pb.netAssets).toBe('400.00');
      expect(of(pb, 'held')).toEqual([]);

      // The agency (100,000 USD) buys 1 BTC at the ask of 50,000.01: A's 500 copies 0.005 BTC, margin 125.00
      // at 2x, fee 0.25; B's 200 copies 0.002, margin 0.002 × 50,000.01 ÷ 2 = 50.00, fee 0.10.
      const bought = await call(h, 'POST', `/web/test/agencies/${id}/trade`, {
        token: op,
        body: { open: { symbol: 'BTCUSDT', direction: OrderDirection.Buy, quantity: '1' } },
      });
      expect(bought.code, bought.msg).toBe(200);
      p = await portfolio(a.token);
      expect(of(p, 'held')).toEqual([]);
      const copies = of(p, 'follow').filter((l) => l.key !== `follow:cash:${fa.data.id}`);
      // The copy at its margin plus its floating at the bid of 49,999.99: −0.02 × 0.005 = −0.0001 → 0.00.
      expect(copies.map((l) => [l.instrument, l.quantity, l.value, l.currency])).toEqual([['BTCUSDT', '0.005', '125.00', 'USD']]);
      // The follow's money not in the copy: 500 − 125.00 − 0.25; its cost what was put in less the copy's 125.25.
      expect(line(p, `follow:cash:${fa.data.id}`)).toMatchObject({ value: '374.75', cost: '374.75', pnl: '0.00' });
      // Net assets fall by the fee: 0.25 USD = 0.20 EUR.
      expect(p.netAssets).toBe('399.80');
      expect(sum(of(p, 'follow'), 'value').toFixed(2)).toBe('499.75');
      const pb2 = await portfolio(b.token);
      expect(
        of(pb2, 'follow')
          .map((l) => l.value)
          .sort(),
      ).toEqual(['149.90', '50.00']);
      expect(pb2.netAssets).toBe('399.92');

      // Stopped: the copy closes at the bid, 49,999.99: (−0.02 × 0.005) = −0.0001 → 0.00 gross, close fee 0.1 % of
      // 249.99995 = 0.25; back to the wallet 374.75 + 125.00 − 0.25 = 499.50. No follow line is left.
      const stopped = await call(h, 'POST', '/web/userFollowInvest/stop', { token: a.token, headers: idem(), body: { id: fa.data.id } });
      expect(stopped.code, stopped.msg).toBe(200);
      p = await portfolio(a.token);
      expect(of(p, 'follow')).toEqual([]);
      expect(of(p, 'held')).toEqual([]);
      expect(line(p, 'cash:FOLLOW').value).toBe('499.50');
      expect(p.netAssets).toBe('399.60');

      // An agency is a user too, but not an investor: no one's portfolio is read through its account.
      const [agency] = await h.db.query<{ user_id: number }>('select user_id from agencies where id = $1', [id]);
      expect((await call(h, 'POST', `/web/operator/users/${agency!.user_id}/portfolio`, { token: op, body: { currency: 'EUR' } })).code).toBe(404);
    }, 90_000);

    it('lists every one of an agency’s 102 closed trades, a page at a time, with their total', async () => {
      const id = await agencyId('rotation');
      const [agency] = await h.db.query<{ user_id: number }>('select user_id from agencies where id = $1', [id]);
      const opened: number[] = [];
      for (let n = 0; n < 102; n += 1) {
        const o = await call(h, 'POST', `/web/test/agencies/${id}/trade`, {
          token: op,
          body: { open: { symbol: 'BTCUSDT', direction: OrderDirection.Buy, quantity: '0.01' } },
        });
        expect(o.code, o.msg).toBe(200);
        const c = await call(h, 'POST', `/web/test/agencies/${id}/trade`, { token: op, body: { close: o.data.id } });
        expect(c.code, c.msg).toBe(200);
        opened.push(o.data.id as number);
      }
      const [count] = await h.db.query<{ n: number }>('select count(*)::int as n from positions where user_id = $1 and status = 3', [agency!.user_id]);
      expect(count!.n).toBe(102);

      // The agency's page no longer carries a cut list; its record counts them all.
      const detail = (await call(h, 'GET', `/web/userFollowInvest/agency/${id}`)).data;
      expect(detail.closed).toBeUndefined();
      expect(detail.record.closedTrades).toBe(102);

      // Page through 20 at a time (the app's page size): six pages, every trade once, newest first.
      const seen: Array<{ id: number; closeTimestamp: number }> = [];
      for (let page = 1; ; page += 1) {
        const r = await call(h, 'GET', `/web/userFollowInvest/agency/${id}/closed?page=${page}&size=20`);
        expect(r.code, r.msg).toBe(200);
        expect(r.data).toMatchObject({ total: 102, page, size: 20 });
        seen.push(...r.data.list);
        if (page * 20 >= r.data.total) break;
      }
      expect(seen).toHaveLength(102);
      expect(new Set(seen.map((t) => t.id))).toEqual(new Set(opened));
      for (let k = 1; k < seen.length; k += 1) {
        const [newer, older] = [seen[k - 1]!, seen[k]!];
        expect(newer.closeTimestamp > older.closeTimestamp || (newer.closeTimestamp === older.closeTimestamp && newer.id > older.id)).toBe(true);
      }
      // At most 100 a page; past the end an empty page with the total; an unknown agency is not found.
      const big = await call(h, 'GET', `/web/userFollowInvest/agency/${id}/closed?page=2&size=100`);
      expect(big.data.list).toHaveLength(2);
      expect((await call(h, 'GET', `/web/userFollowInvest/agency/${id}/closed?page=9&size=20`)).data).toMatchObject({ list: [], total: 102 });
      expect((await call(h, 'GET', `/web/userFollowInvest/agency/${id}/closed?size=101`)).code).toBe(400);
      expect((await call(h, 'GET', '/web/userFollowInvest/agency/9999/closed')).code).toBe(404);
    }, 120_000);
  });

  describe('a pool', () => {
    const pools = async (token: string) =>
      (await call(h, 'GET', '/web/quantization/list?size=100', { token })).data.list as Array<{ id: number; rule: string }>;
    const detail = async (id: number, token?: string) => (await call(h, 'GET', `/web/quantization/detail?id=${id}`, token ? { token } : {})).data;
    const run = async () => {
      const r = await call(h, 'POST', '/web/test/quantify/run', { token: op, body: {} });
      expect(r.code, r.msg).toBe(200);
    };
    /** The pool's value at `end` from its own account: every journal up to and at that instant (its fee, the orders priced then), plus the floating profit of its positions open then. */
    async function equityAfter(poolId: number, end: number): Promise<Dec> {
      const [{ user_id }] = (await h.db.query<{ user_id: number }>('select user_id from pools where id = $1', [poolId])) as [{ user_id: number }];
      const [cash] = await h.db.query<{ total: string }>(
        `select coalesce(sum(e.amount), 0)::text as total from ledger_entries e join ledger_journals j on j.id = e.journal_id join ledger_accounts a on a.id = e.account_id
          where a.user_id = $1 and a.code = 'FINANCIAL' and j.created_at <= $2`,
        [user_id, new Date(end)],
      );
      let equity = new Dec(cash!.total);
      const open = await h.db.query<{ symbol: string; direction: number; open_price: string; quantity: string; open_rate: string }>(
        `select symbol, direction, open_price::text, quantity::text, open_rate::text from positions
          where user_id = $1 and coalesce(filled_at, created_at) < $2 and (closed_at is null or closed_at > $2)`,
        [user_id, new Date(end)],
      );
      for (const p of open) {
        const s = market.provider.snapshot(p.symbol, end);
        const exitPrice = p.direction === OrderDirection.Buy ? s.bid : s.ask;
        equity = equity.add(floatingProfit({ direction: p.direction, openPrice: p.open_price, exitPrice, quantity: p.quantity, rate: p.open_rate }));
      }
      return equity;
    }

    it('values a subscription at cost until its NAV, then the units at the latest NAV; a redemption owed at it; the pool’s equity agrees with NAV × units', async () => {
      const u = await investor('1000', 'FINANCIAL');
      const pool = (await pools(u.token)).find((x) => x.rule === 'volTarget')!;
      const sub = await call(h, 'POST', '/web/quantization/order/save', {
        token: u.token,
        headers: idem(),
        body: { poolId: pool.id, kind: 'subscribe', amount: '600.00' },
      });
      expect(sub.code, sub.msg).toBe(200);

      // Waiting for today's NAV: 600 on the held side, the pool's at cost; nothing counted twice, nothing lost.
      let p = await portfolio(u.token);
      expect(of(p, 'held')).toEqual([]);
      expect(line(p, `pool:subscription:${sub.data.id}`)).toMatchObject({
        wallet: 'FINANCIAL',
        value: '600.00',
        cost: '600.00',
        priceSource: 'cost',
        quantity: null,
      });
      expect(line(p, 'cash:FINANCIAL').value).toBe('400.00');
      expect(p.netAssets).toBe('1000.00');

      // Today ends: the pool's first NAV; the subscription is priced at it, its units rounded down to 6 places.
      clock = TODAY + DAY + 60_000;
      await run();
      const d1 = await detail(pool.id, u.token);
      const nav1 = new Dec(d1.days.at(-1).nav);
      expect(d1.days.at(-1).day).toBe(TODAY);
      const units = new Dec(600).div(nav1).toDecimalPlaces(6, Dec.ROUND_DOWN);
      expect(d1.units).toBe(units.toFixed(6));

      // Issue 32: the pool's equity after the subscription is the value its NAV was struck from plus the 600 that came in
      // at that NAV, from its own account; NAV × units outstanding is the same to the cent (units are rounded down).
      const outstanding = new Dec(100000).add(units);
      expect(d1.unitsOutstanding).toBe(outstanding.toFixed(6));
      const equity = await equityAfter(pool.id, TODAY + DAY);
      expect(d1.equity).toBe(equity.toFixed(2));
      // The NAV is rounded to 6 places (half a millionth of a euro per unit, 0.05 over the seed's 100,000 units), the
      // units bought down to 6 places (under a millionth of a unit), the equity to the cent: within that, they agree.
      const tolerance = outstanding.mul('0.0000005').add(nav1.mul('0.000001')).add('0.005');
      const gap = new Dec(d1.equity).sub(nav1.mul(outstanding)).abs();
      expect(gap.lte(tolerance), `equity ${d1.equity}, NAV × units ${nav1.mul(outstanding).toFixed(6)}`).toBe(true);
      // The value the NAV was struck from is 600 less: the NAV is that ÷ the seed's units alone.
      expect(equity.sub(600).div(100000).toDecimalPlaces(6, Dec.ROUND_HALF_EVEN).toFixed(6)).toBe(nav1.toFixed(6));
      const admin = (await call(h, 'GET', '/web/operator/pools', { token: op })).data.find((x: { id: number }) => x.id === pool.id);
      expect(admin).toMatchObject({ equity: d1.equity, unitsOutstanding: d1.unitsOutstanding });

      p = await portfolio(u.token);
      expect(of(p, 'held')).toEqual([]);
      const value1 = units.mul(nav1).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
      expect(line(p, `pool:${pool.id}`)).toMatchObject({
        instrument: `POOL-${pool.id}`,
        wallet: 'FINANCIAL',
        quantity: units.toFixed(),
        price: nav1.toFixed(),
        priceSource: 'nav',
        priceTimestamp: TODAY + DAY,
        value: value1.toFixed(2),
        cost: '600.00',
        pnl: value1.sub(600).toFixed(2),
        // Bought at this NAV: no change today.
        dayChange: '0.00',
      });
      expect(p.netAssets).toBe(value1.add(400).toFixed(2));

      // A day on: the units at the new NAV, today's change theirs × its change.
      clock += DAY;
      await run();
      const nav2 = new Dec((await detail(pool.id, u.token)).days.at(-1).nav);
      p = await portfolio(u.token);
      const value2 = units.mul(nav2).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
      expect(line(p, `pool:${pool.id}`)).toMatchObject({
        value: value2.toFixed(2),
        price: nav2.toFixed(),
        priceTimestamp: TODAY + 2 * DAY,
        dayChange: units.mul(nav2.sub(nav1)).toFixed(2),
      });
      expect(p.netAssets).toBe(value2.add(400).toFixed(2));

      // Half the units asked back: owed at the next NAV, valued at the latest until then; the rest stays the holding's.
      const half = units.div(2).toDecimalPlaces(6, Dec.ROUND_DOWN);
      const red = await call(h, 'POST', '/web/quantization/order/save', {
        token: u.token,
        headers: idem(),
        body: { poolId: pool.id, kind: 'redeem', units: half.toFixed(6) },
      });
      expect(red.code, red.msg).toBe(200);
      p = await portfolio(u.token);
      expect(line(p, `pool:redemption:${red.data.id}`)).toMatchObject({
        quantity: half.toFixed(),
        price: nav2.toFixed(),
        value: half.mul(nav2).toFixed(2),
        priceSource: 'nav',
      });
      expect(line(p, `pool:${pool.id}`)).toMatchObject({ quantity: units.sub(half).toFixed(), value: units.sub(half).mul(nav2).toFixed(2) });
      // The two parts' costs are the 600 split by units.
      expect(
        of(p, 'pool')
          .reduce((s, l) => s.add(l.cost!), new Dec(0))
          .sub(600)
          .abs()
          .lte('0.01'),
      ).toBe(true);

      // Paid at the third NAV, rounded down to the cent, into the wallet; the holding keeps the rest.
      clock += DAY;
      await run();
      const nav3 = new Dec((await detail(pool.id, u.token)).days.at(-1).nav);
      const payout = half.mul(nav3).toDecimalPlaces(2, Dec.ROUND_DOWN);
      p = await portfolio(u.token);
      expect(p.lines.some((l) => l.key === `pool:redemption:${red.data.id}`)).toBe(false);
      expect(line(p, 'cash:FINANCIAL').value).toBe(payout.add(400).toFixed(2));
      expect(line(p, `pool:${pool.id}`)).toMatchObject({ quantity: units.sub(half).toFixed(), value: units.sub(half).mul(nav3).toFixed(2) });
      expect(of(p, 'held')).toEqual([]);

      // For analytics' past days: at each day's end the units priced before it × that day's NAV (a subscription priced at
      // that very end is still euros on the held side then, and a redemption's units are held until it is paid).
      const deps = { db: h.db, clocks: { quantify: now } } as unknown as PortfolioDeps;
      const source = createQuantifyPortfolioSource(deps);
      const ends = [TODAY + DAY, TODAY + 2 * DAY, TODAY + 3 * DAY, TODAY + 4 * DAY];
      const past = await source.offLedgerAt!(u.id, ends);
      expect(past.map((values) => values.map((v) => ({ ...v, value: v.value.toFixed(6) })))).toEqual([
        [],
        [{ product: 'pool', side: 'asset', currency: 'EUR', value: units.mul(nav2).toFixed(6) }],
        [{ product: 'pool', side: 'asset', currency: 'EUR', value: units.mul(nav3).toFixed(6) }],
        [{ product: 'pool', side: 'asset', currency: 'EUR', value: units.sub(half).mul(nav3).toFixed(6) }],
      ]);
    }, 120_000);
  });
});
