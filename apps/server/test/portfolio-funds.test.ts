import { randomUUID } from 'node:crypto';
import type Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { createFundsPortfolioSource } from '../src/modules/funds/portfolio';
import type { PortfolioDeps } from '../src/modules/portfolio';
import { call, drivers, operatorToken, registerUser, startServer, uploadImage, type Harness } from './harness';
import { scriptedMarket } from './scripted';

// Funds and deposit terms in the one valuation (issue 32), through POST /web/portfolio on a pinned
// clock: a deposit term bought is the same money in another place (net assets unchanged); a fund
// purchase waiting for its NAV counts once; allotted units at units × NAV; a redemption asked, priced
// and paid; a Regular term's interest pro rata; and the Current term's 7-day yield over the 7 days
// already earned. Every expected figure is worked out here from the NAVs, declared incomes, rates
// and units the API reports, never read from the portfolio's own answer. The past values
// (`offLedgerAt`, for analytics) are checked on the module's source directly.

/** Tuesday 10 March 2026, 15:00 UTC: 11:00 in New York, before the US funds' 15:00 cut-off. */
const T0 = Date.parse('2026-03-10T15:00:00Z');
const HOUR = 3_600_000;
const D = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const idem = () => ({ 'idempotency-key': randomUUID() });
const dec = (x: Decimal.Value) => new Dec(x);
const floor = (x: Dec, places: number) => x.toDecimalPlaces(places, Dec.ROUND_DOWN);
const cents = (x: Dec) => x.toFixed(2, Dec.ROUND_HALF_UP);
const sum = (xs: readonly Dec[]) => xs.reduce((a, b) => a.add(b), new Dec(0));

interface Line {
  key: string;
  product: string;
  instrument: string | null;
  quantity: string | null;
  price: string | null;
  priceSource: string;
  value: string;
  reportingValue: string;
  cost: string | null;
  pnl: string | null;
  fees: string | null;
  dayChange: string;
}
interface Answer {
  lines: Line[];
  total: string;
  liabilities: string;
  netAssets: string;
  dayChange: string;
}

describe.each(await drivers())('funds and deposit terms in the portfolio on %s', (driver) => {
  let h: Harness;
  let op: string;
  let clock = T0;
  const now = () => clock;
  const market = scriptedMarket('funds', undefined, now);
  beforeAll(async () => {
    h = await startServer(driver, { TEST_CLOCKS: '1', TRANSFER_SETTLE_SECONDS: '1' }, { provider: market.provider, now });
    op = await operatorToken(h);
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const run = async () => {
    const r = await call(h, 'POST', '/web/test/funds/run', { token: op, body: {} });
    expect(r.code, r.msg).toBe(200);
  };
  const products = async () =>
    (await call(h, 'POST', '/web/user_fund_orders/productPageList', { body: { size: 100 } })).data.list as Array<Record<string, any>>;
  const product = async (code: string) => (await products()).find((p) => p.code === code)!;
  const detail = async (code: string) =>
    (await call(h, 'GET', `/web/stock/fund/details?id=${(await product(code)).id}`)).data as Record<string, any> & {
      days: Array<{ day: number; value: string }>;
    };
  const navOn = async (code: string, day: number) => (await detail(code)).days.find((d) => d.day === day)!.value;
  const order = (token: string, body: Record<string, unknown>) => call(h, 'POST', '/web/user_fund_orders/create', { token, headers: idem(), body });
  const buy = async (token: string, code: string, amount: string) => {
    const r = await order(token, { productId: (await product(code)).id, side: 'buy', amount });
    expect(r.code, r.msg).toBe(200);
    return r.data as Record<string, any>;
  };
  const holdings = async (token: string) =>
    (await call(h, 'POST', '/web/user_fund_orders/pageList', { token, body: { size: 100 } })).data.list as Array<Record<string, any>>;
  const financial = async (token: string) => {
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} });
    return (r.data as Array<{ code: string; balance: string; usedBalance: string }>).find((x) => x.code === 'FINANCIAL')!;
  };

  /** The caller's portfolio in euros; every answer adds up, and no held money is left unclaimed. */
  async function portfolio(token: string): Promise<Answer> {
    const r = await call(h, 'POST', '/web/portfolio', { token, body: { currency: 'EUR' } });
    expect(r.code, r.msg).toBe(200);
    const a = r.data as Answer;
    expect(a.lines.filter((l) => l.product === 'held')).toEqual([]);
    expect(a.total).toBe(sum(a.lines.map((l) => dec(l.reportingValue))).toFixed(2));
    expect(a.liabilities).toBe('0.00');
    return a;
  }
  const fundLines = (a: Answer) => a.lines.filter((l) => l.product === 'fund');
  const line = (a: Answer, key: string) => a.lines.find((l) => l.key === key);

  /** A verified investor with `eur` euros in the financial wallet. */
  async function investor(eur: string) {
    const u = await registerUser(h);
    const frontUrl = await uploadImage(h, u.token);
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Pia', lastName: 'Portfolio', country: 'NL', idType: 'passport', idNumber: 'NX5566778', frontUrl },
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
    expect((await financial(u.token)).balance).toBe(eur);
    return u;
  }

  let a: Awaited<ReturnType<typeof investor>>;
  /** Units allotted to the USLC purchase of 1,000 EUR, and the units asked back. */
  let units: Dec;
  const REDEEMED = dec(10);
  let netPaid: Dec;
  /** Each declared Current income by day, from the product's page. */
  const declared = new Map<number, string>();
  const incomeOf = (principal: Decimal.Value, day: number) =>
    floor(
      dec(principal)
        .div(10000)
        .mul(declared.get(day) ?? 0),
      2,
    );
  /** A Regular term's simple interest: principal × rate × days ÷ 365, rounded down to the cent. */
  const regularInterest = (principal: Decimal.Value, ratePercent: string, days: number) =>
    floor(dec(principal).mul(ratePercent).div(100).mul(days).div(365), 2);

  it('counts a deposit term bought as the same money in another place: net assets unchanged (no fee), principal at cost', async () => {
    await run();
    a = await investor('20000.00');
    const start = await portfolio(a.token);
    expect(start.netAssets).toBe('20000.00');

    await buy(a.token, 'REG30', '1000.00');
    const afterRegular = await portfolio(a.token);
    // Before issue 32 total assets fell by the 1,000 that left the wallet.
    expect(afterRegular.netAssets).toBe('20000.00');
    const reg = afterRegular.lines.filter((l) => l.product === 'depositTerm');
    expect(reg).toHaveLength(1);
    expect(reg[0]).toMatchObject({ instrument: 'REG30', priceSource: 'accrual', value: '1000.00', cost: '1000.00', pnl: '0.00', dayChange: '0.00' });
    expect(line(afterRegular, 'cash:FINANCIAL')!.value).toBe('19000.00');

    await buy(a.token, 'CUR', '500.00');
    const afterCurrent = await portfolio(a.token);
    expect(afterCurrent.netAssets).toBe('20000.00');
    expect(
      afterCurrent.lines
        .filter((l) => l.product === 'depositTerm')
        .map((l) => [l.instrument, l.value])
        .sort(),
    ).toEqual([
      ['CUR', '500.00'],
      ['REG30', '1000.00'],
    ]);
  });

  it('counts a fund purchase waiting for its NAV once, at what was paid, its held money claimed', async () => {
    const o = await buy(a.token, 'USLC', '1000.00');
    expect(o).toMatchObject({ status: 'inProgress', navDay: D('2026-03-10') });
    expect(await financial(a.token)).toMatchObject({ balance: '17500.00', usedBalance: '1000.00' });
    const p = await portfolio(a.token);
    expect(p.netAssets).toBe('20000.00');
    // Once: the purchase's line, and no held line for the same money.
    expect(fundLines(p)).toHaveLength(1);
    expect(fundLines(p)[0]).toMatchObject({ instrument: 'USLC', priceSource: 'cost', value: '1000.00', cost: '1000.00', quantity: null });
    expect(line(p, 'cash:FINANCIAL')!.value).toBe('17500.00');
    expect(p.lines.filter((l) => l.key.startsWith('cash:') || l.key.startsWith('held:')).map((l) => l.key)).toEqual(['cash:FINANCIAL']);
  });

  it('values allotted units at units × the NAV, and their change over the next NAV', async () => {
    // After New York's close: the 10th's NAV allots the purchase.
    clock = D('2026-03-10') + 20.5 * HOUR;
    await run();
    const nav10 = await navOn('USLC', D('2026-03-10'));
    const lot = (await holdings(a.token)).find((x) => x.code === 'USLC')!;
    units = dec(lot.units);
    // Units are the euros ÷ the NAV, rounded down to 3 decimals.
    expect(units.toFixed(3)).toBe(floor(dec(1000).div(nav10), 3).toFixed(3));
    const p = await portfolio(a.token);
    const fund = fundLines(p);
    expect(fund).toHaveLength(1);
    const value = units.mul(nav10);
    expect(fund[0]).toMatchObject({
      key: 'fund:USLC',
      priceSource: 'nav',
      quantity: units.toFixed(),
      price: dec(nav10).toFixed(),
      value: cents(value),
      cost: '1000.00',
      pnl: cents(value.sub(1000)),
      // Bought at this very NAV: no change today.
      dayChange: '0.00',
    });
    expect(p.netAssets).toBe(dec('19000.00').add(cents(value)).toFixed(2));

    clock = D('2026-03-11') + 20.5 * HOUR;
    await run();
    const nav11 = await navOn('USLC', D('2026-03-11'));
    const q = await portfolio(a.token);
    expect(line(q, 'fund:USLC')).toMatchObject({ value: cents(units.mul(nav11)), dayChange: cents(units.mul(dec(nav11).sub(nav10))) });
    // The Regular term's interest runs from the 11th: no whole day earned yet.
    expect(q.lines.find((l) => l.instrument === 'REG30')!.value).toBe('1000.00');
    expect(q.netAssets).toBe(
      dec('19000.00')
        .add(cents(units.mul(nav11)))
        .toFixed(2),
    );
  });

  it('shows a redemption asked at the latest NAV less its exit load, then priced, then paid into the wallet with net assets unchanged', async () => {
    // 16:30 in New York: after the cut-off, the 12th's NAV prices it.
    const asked = await order(a.token, { productId: (await product('USLC')).id, side: 'redeem', units: REDEEMED.toFixed(3) });
    expect(asked.data).toMatchObject({ status: 'inProgress', navDay: D('2026-03-12'), payDay: D('2026-03-17') });
    const nav11 = await navOn('USLC', D('2026-03-11'));
    // A young lot: 10 % of its units free of the 1 % exit load, the rest loaded.
    const free = floor(units.mul('0.1'), 3);
    const loaded = Dec.max(REDEEMED.sub(free), 0);
    const payoutAt = (nav: string) => floor(REDEEMED.mul(nav), 2).sub(floor(loaded.mul(nav).mul('0.01'), 2));
    const p = await portfolio(a.token);
    expect(line(p, 'fund:USLC')).toMatchObject({ quantity: units.sub(REDEEMED).toFixed(), value: cents(units.sub(REDEEMED).mul(nav11)) });
    const redemption = line(p, `fund:redemption-${asked.data.id}`)!;
    expect(redemption).toMatchObject({
      priceSource: 'nav',
      quantity: REDEEMED.toFixed(),
      value: payoutAt(nav11).toFixed(2),
      fees: floor(loaded.mul(nav11).mul('0.01'), 2).toFixed(2),
    });
    expect(fundLines(p)).toHaveLength(2);
    expect(p.netAssets).toBe(
      dec('19000.00')
        .add(cents(units.sub(REDEEMED).mul(nav11)))
        .add(payoutAt(nav11))
        .toFixed(2),
    );

    clock = D('2026-03-12') + 20.5 * HOUR;
    await run();
    const nav12 = await navOn('USLC', D('2026-03-12'));
    netPaid = payoutAt(nav12);
    const priced = await portfolio(a.token);
    expect(line(priced, `fund:redemption-${asked.data.id}`)).toMatchObject({ priceSource: 'nav', price: dec(nav12).toFixed(), value: netPaid.toFixed(2) });
    // A day of Regular interest: 1000 × 1.80 % ÷ 365, rounded down.
    const reg = regularInterest(1000, '1.80', 1);
    expect(priced.lines.find((l) => l.instrument === 'REG30')).toMatchObject({ value: dec(1000).add(reg).toFixed(2), pnl: reg.toFixed(2) });

    // On its payday, from midnight in New York: the owed payout becomes cash; nothing else moves.
    clock = D('2026-03-17') + 3.5 * HOUR;
    await run();
    for (const d of (await detail('CUR')).days) declared.set(d.day, d.value);
    const before = await portfolio(a.token);
    expect(line(before, `fund:redemption-${asked.data.id}`)!.value).toBe(netPaid.toFixed(2));
    const cashBefore = dec(line(before, 'cash:FINANCIAL')!.value);
    clock = D('2026-03-17') + 4.5 * HOUR;
    await run();
    const after = await portfolio(a.token);
    expect(line(after, `fund:redemption-${asked.data.id}`)).toBeUndefined();
    expect(line(after, 'cash:FINANCIAL')!.value).toBe(cashBefore.add(netPaid).toFixed(2));
    expect(after.netAssets).toBe(before.netAssets);

    // The Regular term six whole days in (the 11th to the 16th); its change today is the 16th's interest.
    const six = regularInterest(1000, '1.80', 6);
    expect(after.lines.find((l) => l.instrument === 'REG30')).toMatchObject({
      value: dec(1000).add(six).toFixed(2),
      dayChange: six.sub(regularInterest(1000, '1.80', 5)).toFixed(2),
    });
    // The Current term: its incomes of the 11th to the 16th are credited to the wallet; the line is its principal, its change the 16th's income.
    expect(after.lines.find((l) => l.instrument === 'CUR')).toMatchObject({ value: '500.00', dayChange: incomeOf(500, D('2026-03-16')).toFixed(2) });
    const credited = sum([11, 12, 13, 14, 15, 16].map((n) => incomeOf(500, D(`2026-03-${n}`))));
    expect(dec(line(after, 'cash:FINANCIAL')!.value).toFixed(2)).toBe(dec('17500.00').add(netPaid).add(credited).toFixed(2));
  });

  it('counts a Current day ended and not yet credited, and the past values analytics reads, from the module’s source', async () => {
    const ahead = D('2026-03-18') + 4.5 * HOUR;
    const source = createFundsPortfolioSource({ db: h.db, provider: market.provider, clocks: { funds: () => ahead } } as unknown as PortfolioDeps);
    // The server's own clock has not ended the 17th: its income is earned on the source's clock and not yet credited.
    const lines = await source.lines(a.id, { now: ahead });
    const cur = lines.find((l) => l.product === 'depositTerm' && l.instrument === 'CUR')!;
    expect(cur.value.toFixed(2)).toBe(
      dec(500)
        .add(incomeOf(500, D('2026-03-17')))
        .toFixed(2),
    );
    expect(cur.dayChange!.toFixed(2)).toBe(incomeOf(500, D('2026-03-17')).toFixed(2));
    expect(lines.find((l) => l.instrument === 'REG30')!.value.toFixed(2)).toBe(
      dec(1000)
        .add(regularInterest(1000, '1.80', 7))
        .toFixed(2),
    );

    const navs = new Map((await detail('USLC')).days.map((d) => [d.day, d.value]));
    const ends = [D('2026-03-10'), D('2026-03-11'), D('2026-03-12'), D('2026-03-13'), D('2026-03-17')];
    const past = await source.offLedgerAt!(a.id, ends);
    const at = (k: number, product: string) => past[k]!.find((v) => v.product === product)?.value.toFixed() ?? '0';
    // Before the purchases: nothing outside the ledger.
    expect(past[0]).toEqual([]);
    // The 10th's end: units at the 10th's NAV (struck at New York's close); the deposits' principals, no day earned.
    expect(at(1, 'fund')).toBe(units.mul(navs.get(D('2026-03-10'))!).toFixed());
    expect(at(1, 'depositTerm')).toBe('1500');
    // The 11th's end: the redemption asked is still units; a day of Regular interest; the 11th's Current
    // income, credited with that day's end as its moment, is not on the ledger before it.
    expect(at(2, 'fund')).toBe(units.mul(navs.get(D('2026-03-11'))!).toFixed());
    expect(at(2, 'depositTerm')).toBe(
      dec(1500)
        .add(regularInterest(1000, '1.80', 1))
        .add(incomeOf(500, D('2026-03-11')))
        .toFixed(),
    );
    // The 12th's end: priced that evening: the units left at the 12th's NAV and the payout owed.
    expect(at(3, 'fund')).toBe(
      units
        .sub(REDEEMED)
        .mul(navs.get(D('2026-03-12'))!)
        .add(netPaid)
        .toFixed(),
    );
    expect(at(3, 'depositTerm')).toBe(
      dec(1500)
        .add(regularInterest(1000, '1.80', 2))
        .add(incomeOf(500, D('2026-03-12')))
        .toFixed(),
    );
    // The 16th's end (Monday): the payout is still owed (paid on the 17th at 04:30).
    expect(at(4, 'fund')).toBe(
      units
        .sub(REDEEMED)
        .mul(navs.get(D('2026-03-16'))!)
        .add(netPaid)
        .toFixed(),
    );
    expect(at(4, 'depositTerm')).toBe(
      dec(1500)
        .add(regularInterest(1000, '1.80', 6))
        .add(incomeOf(500, D('2026-03-16')))
        .toFixed(),
    );
  });

  it('gives the Current term’s 7-day yield over the 7 days already earned, never today’s declared day', async () => {
    // The 17th: the 7 days up to yesterday reach back to the 10th, the day the term opened (no holder
    // could earn it): no yield yet. Counting today's declared day, there would be one.
    expect((await product('CUR')).sevenDayYield).toBeNull();
    clock = D('2026-03-18') + 12 * HOUR;
    await run();
    const days = (await detail('CUR')).days;
    const value = (day: number) => days.find((d) => d.day === day)!.value;
    const window = [17, 16, 15, 14, 13, 12, 11].map((n) => value(D(`2026-03-${n}`)));
    // Σ ÷ 7 × 365 ÷ 10,000 × 100, to 4 decimals half up.
    const expected = sum(window.map(dec)).mul(365).div(7).div(100).toDecimalPlaces(4, Dec.ROUND_HALF_UP).toFixed(4);
    const cur = await product('CUR');
    expect(cur.sevenDayYield).toBe(expected);
    expect(cur.incomePer10k).toBe(value(D('2026-03-18')));
    expect((await detail('CUR')).yieldInputs).toEqual(window);
    // The old window (the 12th to today, the 18th) differs whenever the 11th's and 18th's incomes do.
    if (value(D('2026-03-11')) !== value(D('2026-03-18'))) {
      const withToday = sum([18, 17, 16, 15, 14, 13, 12].map((n) => dec(value(D(`2026-03-${n}`)))))
        .mul(365)
        .div(7)
        .div(100)
        .toDecimalPlaces(4, Dec.ROUND_HALF_UP)
        .toFixed(4);
      expect(cur.sevenDayYield).not.toBe(withToday);
    }
    // The portfolio still adds up with the Current income credited since.
    await portfolio(a.token);
  });
});
