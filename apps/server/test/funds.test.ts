import { randomUUID } from 'node:crypto';
import type Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { CALENDARS, isTradingDay, localDay, regularSegments } from '../src/market/calendars';
import { createYieldCurves } from '../src/market/curve';
import type { CalendarId } from '../src/market/types';
import { call, drivers, operatorToken, registerUser, startServer, uploadImage, type Harness } from './harness';
import { PINNED_RATES, scriptedMarket } from './scripted';

/** A day as the English messages write it (the specification's DD/MM/YYYY): 2026-03-10 -> 10/03/2026. */
/** The seeded funds' home exchanges, as their product pages state them. */
const HOME: Record<string, CalendarId> = { USLC: 'US', HKEQ: 'HK', BAL6040: 'US', TAX3Y: 'US' };
const dmy = (isoDay: string) => isoDay.split('-').reverse().join('/');

// Funds and deposit terms (decision 0022) through HTTP, on a pinned clock: every seeded fund's NAV
// recomputed here from the market's daily candles (and the liquid fund's from the EUR curve); the
// cut-off deciding the NAV day; units, the exit load over lots first in first out with their free
// 10 %, the payout on the third working day; a lock-in refusal; a Current term's income over 30 days
// and its 7-day yield; a Regular term's interest and an early redemption; the jobs run twice;
// refusals that change nothing; ownership; the back office; and a clean ledger.

/** Tuesday 10 March 2026, 15:00 UTC: 11:00 in New York (daylight time since the 8th), 16:00 in Amsterdam, 23:00 in Hong Kong. */
const T0 = Date.parse('2026-03-10T15:00:00Z');
const DAY = 86_400_000;
const HOUR = 3_600_000;
const D = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const iso = (day: number) => new Date(day).toISOString().slice(0, 10);
const idem = () => ({ 'idempotency-key': randomUUID() });
const dec = (x: Decimal.Value) => new Dec(x);
const floor = (x: Dec, places: number) => x.toDecimalPlaces(places, Dec.ROUND_DOWN);
const sum = (xs: readonly Dec[]) => xs.reduce((a, b) => a.add(b), new Dec(0));

/** Euros per unit of a currency at the pinned rates, to 12 places, as the wallet converts. */
const EUR_PER: Record<string, Dec> = {
  EUR: new Dec(1),
  USD: new Dec(1).div(PINNED_RATES.EURUSD!).toDecimalPlaces(12),
  HKD: new Dec(1).div(PINNED_RATES.USDHKD!).div(PINNED_RATES.EURUSD!).toDecimalPlaces(12),
};

interface Day {
  day: number;
  value: string;
  ratio: string | null;
}

describe.each(await drivers())('funds and deposit terms on %s', (driver) => {
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
    return r.data as { navs: number; orders: number; paid: number; days: number; credited: number; matured: number };
  };
  const products = async (token?: string) =>
    (await call(h, 'POST', '/web/user_fund_orders/productPageList', { body: { size: 100 }, ...(token ? { token } : {}) })).data.list as Array<
      Record<string, any>
    >;
  const product = async (code: string, token?: string) => (await products(token)).find((p) => p.code === code)!;
  const detail = async (code: string, token?: string) =>
    (await call(h, 'GET', `/web/stock/fund/details?id=${(await product(code)).id}`, token ? { token } : {})).data as Record<string, any> & { days: Day[] };
  const order = (token: string, body: Record<string, unknown>, lang?: string) =>
    call(h, 'POST', '/web/user_fund_orders/create', { token, headers: idem(), body, ...(lang ? { lang } : {}) });
  const buy = async (token: string, code: string, amount: string) => order(token, { productId: (await product(code)).id, side: 'buy', amount });
  const holdings = async (token: string, filter: Record<string, unknown> = {}) =>
    (await call(h, 'POST', '/web/user_fund_orders/pageList', { token, body: { size: 100, ...filter } })).data.list as Array<Record<string, any>>;
  const orders = async (token: string, filter: Record<string, unknown> = {}) =>
    (await call(h, 'POST', '/web/user_fund_orders/orders', { token, body: { size: 100, ...filter } })).data.list as Array<Record<string, any>>;
  const preview = async (token: string, body: Record<string, unknown>) => call(h, 'POST', '/web/user_fund_orders/redeemPreview', { token, body });
  const stat = async (token: string) => (await call(h, 'POST', '/web/user_fund_orders/stat', { token, body: {} })).data as Record<string, string>;
  const financial = async (token: string) => {
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} });
    const w = r.data.find((x: { code: string }) => x.code === 'FINANCIAL') as { balance: string; usedBalance: string };
    return { balance: w.balance, usedBalance: w.usedBalance };
  };
  const notices = async (token: string, kind: string) =>
    ((await call(h, 'GET', '/web/userMessage/getMessage?size=100', { token, lang: 'en' })).data.list as Array<{ kind: string; body: string }>).filter(
      (n) => n.kind === kind,
    );

  /** A verified investor with `eur` euros in the financial wallet. */
  async function investor(eur: string) {
    const u = await registerUser(h);
    const frontUrl = await uploadImage(h, u.token);
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Fenna', lastName: 'Fund', country: 'NL', idType: 'passport', idNumber: 'NX1122334', frontUrl },
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

  /** A symbol's daily closes by trading day, from the market's candles. */
  function closes(symbol: string, from: number, to: number): Map<number, string> {
    const i = market.provider.instrument(symbol)!;
    const tz = CALENDARS[i.calendar].timeZone;
    return new Map(market.provider.candles(symbol, '1d', from, to).map((c) => [localDay(tz, c.time) * DAY, c.close]));
  }

  /** When every market of the basket has closed on `day`. */
  const closedAt = (calendars: readonly CalendarId[], day: number) => Math.max(...calendars.map((c) => regularSegments(c, day / DAY).at(-1)?.end ?? 0));

  /**
   * A basket fund's NAVs from its launch to `until`, recomputed from the candles: 10 on the launch
   * day, then each trading day NAV × Σ weight × close ÷ previous close (in euros at the pinned rates)
   * × (1 − expense ÷ 365), to 4 decimals half up.
   */
  /**
   * A fund's NAVs by hand. A fund strikes its NAV on its home exchange's trading days (`home`: NYSE
   * for the balanced fund, whose Treasuries also trade on SIFMA's half days such as Good Friday 2026,
   * when the NYSE is closed and no NAV is struck); by default the first holding's days.
   */
  function expectedNavs(basket: Array<{ symbol: string; weight: string }>, expensePercent: string, launch: number, until: number, home?: CalendarId) {
    const instruments = basket.map((w) => market.provider.instrument(w.symbol)!);
    const byDay = new Map(basket.map((w) => [w.symbol, closes(w.symbol, launch - 10 * DAY, until)]));
    const first = byDay.get(basket[0]!.symbol)!;
    const calendars = instruments.map((i) => i.calendar);
    const days = [...first.keys()]
      .filter((d) => d >= launch && closedAt(calendars, d) <= until && (!home || isTradingDay(home, d / DAY)))
      .sort((a, b) => a - b);
    const closeOn = (symbol: string, day: number) => {
      const all = byDay.get(symbol)!;
      const known = [...all.keys()].filter((d) => d <= day).sort((a, b) => a - b);
      const i = instruments.find((x) => x.symbol === symbol)!;
      return dec(all.get(known.at(-1)!)!).mul(EUR_PER[i.currency]!);
    };
    let nav = new Dec(10);
    const out = [{ day: days[0]!, value: nav.toFixed(4) }];
    for (let k = 1; k < days.length; k += 1) {
      const ratio = sum(
        basket.map((w) =>
          dec(w.weight)
            .mul(closeOn(w.symbol, days[k]!))
            .div(closeOn(w.symbol, days[k - 1]!)),
        ),
      );
      nav = nav
        .mul(ratio)
        .mul(new Dec(1).sub(dec(expensePercent).div(100).div(365)))
        .toDecimalPlaces(4, Dec.ROUND_HALF_UP);
      out.push({ day: days[k]!, value: nav.toFixed(4) });
    }
    return out;
  }

  /** The liquid fund's NAVs: each trading day of Amsterdam, × (1 + r × days ÷ 365) × (1 − 0.10 % ÷ 365), r the EUR 3-month zero rate at the previous NAV's close. */
  function expectedLiquidNavs(launch: number, until: number) {
    const curves = createYieldCurves('meridian');
    const close = (day: number) => regularSegments('EURONEXT-AMS', day / DAY).at(-1)!.end;
    const days: number[] = [];
    for (let d = launch; d <= until; d += DAY) if (isTradingDay('EURONEXT-AMS', d / DAY) && close(d) <= until) days.push(d);
    let nav = new Dec(10);
    const out = [{ day: days[0]!, value: nav.toFixed(4) }];
    for (let k = 1; k < days.length; k += 1) {
      const r = curves.zeroRate('EUR', close(days[k - 1]!), '0.25');
      const ratio = new Dec(1).add(r.mul((days[k]! - days[k - 1]!) / DAY).div(365));
      nav = nav
        .mul(ratio)
        .mul(new Dec(1).sub(new Dec('0.10').div(100).div(365)))
        .toDecimalPlaces(4, Dec.ROUND_HALF_UP);
      out.push({ day: days[k]!, value: nav.toFixed(4) });
    }
    return out;
  }

  /** The US stocks of the universe by market cap at a day's close, largest first. */
  function largestUs(day: number, count: number) {
    return market.provider
      .instruments()
      .filter((i) => i.assetClass === 'stock' && i.market === 'US' && i.classify !== 'ETF' && !i.listedOn)
      .map((i) => ({ symbol: i.symbol, cap: dec(closes(i.symbol, day - 5 * DAY, day + DAY).get(day)!).mul(i.sharesOutstanding!) }))
      .sort((a, b) => b.cap.cmp(a.cap) || a.symbol.localeCompare(b.symbol))
      .slice(0, count);
  }

  const navOn = async (code: string, day: number) => (await detail(code)).days.find((d) => d.day === day)!.value;

  let a: Awaited<ReturnType<typeof investor>>;
  let b: Awaited<ReturnType<typeof investor>>;

  it('strikes every seeded fund’s NAV from its launch, exactly from the closing prices, the basket cap-weighted at the launch close', async () => {
    await run();
    const list = await products();
    expect(list.map((p) => p.code)).toEqual(['USLC', 'HKEQ', 'BAL6040', 'TAX3Y', 'LIQ', 'CUR', 'REG30', 'REG90', 'REG180']);
    const uslc = list[0]!;
    expect(uslc).toMatchObject({
      kind: 'fund',
      name: 'US Large Cap Index Fund',
      expensePercent: '0.20',
      timeZone: 'America/New_York',
      cutoff: '15:00',
      exitLoadPercent: '1.00',
      exitLoadDays: 365,
      freeUnitsPercent: '10.00',
      lockInDays: 0,
    });
    const launch = (await detail('USLC')).days[0]!.day;
    // Launched 8 weeks before the first start, on a trading day.
    expect(launch).toBe(D('2026-01-13'));

    // Cap-weighted: each weight the cap's share, half up to 4 decimals, the remainder on the largest.
    const top = largestUs(launch, 10);
    const total = sum(top.map((t) => t.cap));
    const weights = top.map((t) => ({ symbol: t.symbol, weight: t.cap.div(total).toDecimalPlaces(4, Dec.ROUND_HALF_UP) }));
    weights[0]!.weight = weights[0]!.weight.add(new Dec(1).sub(sum(weights.map((w) => w.weight))));
    expect(uslc.basket).toEqual(
      weights.map((w) => ({ symbol: w.symbol, weight: w.weight.toFixed(4) })).sort((x, y) => dec(y.weight).cmp(x.weight) || x.symbol.localeCompare(y.symbol)),
    );
    const bal = list[2]!;
    expect(sum(bal.basket.map((w: { weight: string }) => dec(w.weight))).toFixed()).toBe('1');
    expect(bal.basket.find((w: { symbol: string }) => w.symbol === 'US10Y').weight).toBe('0.4000');
    expect(list[3]!.basket.map((w: { weight: string }) => w.weight)).toEqual(Array(10).fill('0.1000'));
    expect(list[3]!.lockInDays).toBe(1095);
    expect(list[1]!.basket.every((w: { symbol: string }) => w.symbol.endsWith('.HK'))).toBe(true);

    for (const code of ['USLC', 'HKEQ', 'BAL6040', 'TAX3Y']) {
      const p = list.find((x) => x.code === code)!;
      const d = await detail(code);
      const expected = expectedNavs(p.basket, p.expensePercent, d.days[0]!.day, T0, HOME[code]);
      expect(
        d.days.map((x) => ({ day: x.day, value: x.value })),
        code,
      ).toEqual(expected);
      expect(d.days.length).toBeGreaterThan(35);
      expect(p).toMatchObject({ nav: expected.at(-1)!.value, navDay: expected.at(-1)!.day });
      expect(p.navChange).toBe(dec(expected.at(-1)!.value).div(expected.at(-2)!.value).sub(1).mul(100).toFixed(2));
    }
    // Hong Kong has closed on the 10th; New York has not.
    expect((await product('HKEQ')).navDay).toBe(D('2026-03-10'));
    expect((await product('USLC')).navDay).toBe(D('2026-03-09'));
    const liq = await detail('LIQ');
    expect(liq.days.map((x) => ({ day: x.day, value: x.value }))).toEqual(expectedLiquidNavs(liq.days[0]!.day, T0));
  });

  it('sells deposit terms at once: Current and Regular euros to the funds account, a Regular term’s interest fixed at purchase', async () => {
    b = await investor('130000.00');
    const cur = await product('CUR');
    // The schedule is declared from tomorrow: no income today, no 7-day yield yet.
    expect(cur).toMatchObject({ kind: 'current', incomePer10k: null, sevenDayYield: null, minAmount: '1.00' });
    expect((await buy(b.token, 'CUR', '123456.78')).data).toMatchObject({ side: 'buy', status: 'completed', amount: '123456.78', units: '123456.78' });
    const reg30 = await buy(b.token, 'REG30', '1000.00');
    expect(reg30.data).toMatchObject({ side: 'buy', status: 'completed', amount: '1000.00' });
    expect((await buy(b.token, 'REG90', '2000.00')).code).toBe(200);
    expect(await financial(b.token)).toEqual({ balance: '3543.22', usedBalance: '0.00' });
    const mine = await holdings(b.token);
    // Interest from the next UTC day for the term: 1000 × 1.80 % × 30 ÷ 365 = 1.479…, rounded down.
    expect(mine.find((x) => x.code === 'REG30')).toMatchObject({
      status: 'bought',
      amount: '1000.00',
      remaining: '1000.00',
      ratePercent: '1.80',
      interest: '1.47',
      endTimestamp: D('2026-04-10'),
      value: '1000.00',
      profit: '0.00',
    });
    expect(mine.find((x) => x.code === 'REG90')).toMatchObject({
      interest: floor(dec(2000).mul('0.021').mul(90).div(365), 2).toFixed(2),
      endTimestamp: D('2026-06-09'),
    });
    expect(mine.find((x) => x.code === 'CUR')).toMatchObject({ status: 'bought', units: '123456.78', remaining: '123456.78', value: '123456.78' });
    expect(await stat(b.token)).toMatchObject({
      total: '126456.78',
      current: '123456.78',
      regular: '3000.00',
      fund: '0.00',
      earnings: '0.00',
      pending: '0.00',
    });
  });

  it('gives an order before the cut-off that day’s NAV and one after it the next day’s, holding the euros until its NAV allots units', async () => {
    a = await investor('20000.00');
    const uslc = await product('USLC', a.token);
    expect(uslc).toMatchObject({ cutoffAt: Date.parse('2026-03-10T19:00:00Z'), orderNavDay: D('2026-03-10'), nextNavDay: D('2026-03-11') });
    // The liquid fund's 13:30 in Amsterdam has passed: an order now gets today's NAV (the previous day of tomorrow's order day).
    expect(await product('LIQ')).toMatchObject({
      cutoff: '13:30',
      timeZone: 'Europe/Amsterdam',
      cutoffAt: Date.parse('2026-03-11T12:30:00Z'),
      orderNavDay: D('2026-03-10'),
      nextNavDay: D('2026-03-11'),
    });
    const first = await buy(a.token, 'USLC', '1000.00');
    expect(first.data).toMatchObject({ side: 'buy', status: 'inProgress', amount: '1000.00', units: null, nav: null, navDay: D('2026-03-10') });
    expect((await buy(a.token, 'TAX3Y', '500.00')).data.navDay).toBe(D('2026-03-10'));
    expect((await buy(a.token, 'LIQ', '300.00')).data.navDay).toBe(D('2026-03-10'));
    clock = D('2026-03-10') + 19.5 * HOUR;
    expect((await product('USLC')).orderNavDay).toBe(D('2026-03-11'));
    const second = await buy(a.token, 'USLC', '2000.00');
    expect(second.data.navDay).toBe(D('2026-03-11'));
    expect(await financial(a.token)).toEqual({ balance: '16200.00', usedBalance: '3800.00' });
    expect((await holdings(a.token)).map((x) => x.status)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(await stat(a.token)).toMatchObject({ pending: '3800.00', total: '0.00' });

    // After New York's close the 10th's NAV allots the first three; the fourth waits for the 11th.
    clock = D('2026-03-10') + 20.5 * HOUR;
    await run();
    const nav10 = await navOn('USLC', D('2026-03-10'));
    const u1 = floor(dec(1000).div(nav10), 3);
    const [o4, o3, o2, o1] = await orders(a.token);
    expect(o1).toMatchObject({ id: first.data.id, status: 'completed', units: u1.toFixed(3), nav: nav10, navDay: D('2026-03-10'), doneTimestamp: clock });
    expect(o2!.units).toBe(floor(dec(500).div(await navOn('TAX3Y', D('2026-03-10'))), 3).toFixed(3));
    expect(o3!.units).toBe(floor(dec(300).div(await navOn('LIQ', D('2026-03-10'))), 3).toFixed(3));
    expect(o4).toMatchObject({ status: 'inProgress', units: null });
    expect(await financial(a.token)).toEqual({ balance: '16200.00', usedBalance: '2000.00' });
    const lot1 = (await holdings(a.token, { productId: uslc.id })).find((x) => x.amount === '1000.00')!;
    expect(lot1).toMatchObject({
      status: 'bought',
      units: u1.toFixed(3),
      remaining: u1.toFixed(3),
      nav: nav10,
      navDay: D('2026-03-10'),
      exitLoadUntil: D('2026-03-10') + 365 * DAY,
      lockedUntil: null,
    });
    expect((await notices(a.token, 'fund.allotted')).map((n) => n.body)).toContain(
      `Your purchase of 1000.00 EUR of US Large Cap Index Fund was allotted ${u1.toFixed(3)} units at the NAV of 10/03/2026, ${nav10}.`,
    );

    clock = D('2026-03-11') + 20.5 * HOUR;
    await run();
    const nav11 = await navOn('USLC', D('2026-03-11'));
    expect((await orders(a.token))[0]).toMatchObject({ status: 'completed', nav: nav11, units: floor(dec(2000).div(nav11), 3).toFixed(3) });
    expect(await financial(a.token)).toEqual({ balance: '16200.00', usedBalance: '0.00' });
    // The NAVs of the live days are the closes' too.
    const p = await product('USLC');
    expect((await detail('USLC')).days.slice(-2).map((x) => ({ day: x.day, value: x.value }))).toEqual(
      expectedNavs(p.basket, '0.20', (await detail('USLC')).days[0]!.day, clock).slice(-2),
    );
    // Today's earnings: the units held through the 11th × its NAV change.
    expect((await stat(a.token)).today).toBe(
      u1
        .mul(dec(nav11).sub(nav10))
        .add(
          floor(dec(500).div(await navOn('TAX3Y', D('2026-03-10'))), 3).mul(
            dec(await navOn('TAX3Y', D('2026-03-11'))).sub(await navOn('TAX3Y', D('2026-03-10'))),
          ),
        )
        .add(floor(dec(300).div(await navOn('LIQ', D('2026-03-10'))), 3).mul(dec(await navOn('LIQ', D('2026-03-11'))).sub(await navOn('LIQ', D('2026-03-10')))))
        .toFixed(2, Dec.ROUND_HALF_UP),
    );
  });

  it('redeems lots first in first out, 10 % of a young lot free and 1 % on the rest, priced at its NAV day’s NAV and paid on the third working day', async () => {
    const uslc = await product('USLC');
    const [lot2, lot1] = (await holdings(a.token, { productId: uslc.id })) as [Record<string, any>, Record<string, any>];
    const u1 = dec(lot1.units);
    const u2 = dec(lot2.units);
    const units = u1.add(10);
    // 16:30 in New York: after the cut-off, the 12th's NAV; paid on the 17th (13th, 16th, 17th).
    const nav11 = await navOn('USLC', D('2026-03-11'));
    const free1 = floor(u1.mul('0.1'), 3);
    const seen = await preview(a.token, { productId: uslc.id, units: units.toFixed(3) });
    expect(seen.code, seen.msg).toBe(200);
    const load1At11 = floor(u1.sub(free1).mul(nav11).mul('0.01'), 2);
    expect(seen.data).toMatchObject({
      units: units.toFixed(3),
      nav: nav11,
      navDay: D('2026-03-12'),
      payDay: D('2026-03-17'),
      gross: floor(u1.mul(nav11), 2)
        .add(floor(dec(10).mul(nav11), 2))
        .toFixed(2),
      exitLoad: load1At11.toFixed(2),
      net: floor(u1.mul(nav11), 2)
        .add(floor(dec(10).mul(nav11), 2))
        .sub(load1At11)
        .toFixed(2),
      lots: [
        {
          holdingId: lot1.id,
          buyTimeStamp: lot1.buyTimeStamp,
          units: u1.toFixed(3),
          free: free1.toFixed(3),
          loaded: u1.sub(free1).toFixed(3),
          exitLoad: load1At11.toFixed(2),
          locked: false,
        },
        { holdingId: lot2.id, buyTimeStamp: lot2.buyTimeStamp, units: '10.000', free: '10.000', loaded: '0.000', exitLoad: '0.00', locked: false },
      ],
    });
    const placed = await order(a.token, { productId: uslc.id, side: 'redeem', units: units.toFixed(3) });
    expect(placed.data).toMatchObject({
      side: 'redeem',
      status: 'inProgress',
      units: units.toFixed(3),
      amount: null,
      navDay: D('2026-03-12'),
      payDay: D('2026-03-17'),
    });
    expect((await holdings(a.token, { productId: uslc.id })).map((x) => x.status)).toEqual(['redeeming', 'redeeming']);
    // What is left to redeem is lot 2 less the 10 units asked for.
    const over = await order(a.token, { productId: uslc.id, side: 'redeem', units: u2.sub(10).add('0.001').toFixed(3) });
    expect(over).toMatchObject({ code: 400, msg: `You can redeem ${u2.sub(10).toFixed(3)} units of this fund now` });
    // A second redemption from lot 2 has the rest of its 10 % free: 10 of it went to the first.
    const rest = await preview(a.token, { productId: uslc.id, units: '15' });
    const free2 = floor(u2.mul('0.1'), 3).sub(10);
    expect(rest.data.lots).toMatchObject([{ holdingId: lot2.id, units: '15.000', free: free2.toFixed(3), loaded: dec(15).sub(free2).toFixed(3) }]);

    clock = D('2026-03-12') + 20.5 * HOUR;
    await run();
    const nav12 = await navOn('USLC', D('2026-03-12'));
    const gross = floor(u1.mul(nav12), 2).add(floor(dec(10).mul(nav12), 2));
    const load = floor(u1.sub(free1).mul(nav12).mul('0.01'), 2);
    const net = gross.sub(load);
    expect((await orders(a.token))[0]).toMatchObject({
      id: placed.data.id,
      status: 'inProgress',
      nav: nav12,
      amount: gross.toFixed(2),
      exitLoad: load.toFixed(2),
      net: net.toFixed(2),
    });
    expect(await stat(a.token)).toMatchObject({ redeeming: net.toFixed(2) });
    const before = dec((await financial(a.token)).balance);
    // Not before its payday begins in New York.
    clock = D('2026-03-17') + 3.5 * HOUR;
    await run();
    expect((await financial(a.token)).balance).toBe(before.toFixed(2));
    clock = D('2026-03-17') + 4.5 * HOUR;
    await run();
    expect((await financial(a.token)).balance).toBe(before.add(net).toFixed(2));
    expect((await orders(a.token))[0]).toMatchObject({ id: placed.data.id, status: 'completed', doneTimestamp: clock });
    const journals = await h.db.query<{ kind: string; amount: string }>(
      `select j.kind, sum(e.amount)::text as amount from ledger_journals j join ledger_entries e on e.journal_id = j.id join ledger_accounts x on x.id = e.account_id
        where j.ref_type = 'fund_order' and j.ref_id = $1 and e.amount > 0 group by j.kind order by j.kind`,
      [placed.data.id],
    );
    expect(journals.map((j) => [j.kind, dec(j.amount).toFixed(2)])).toEqual([
      ['fund.exitLoad', load.toFixed(2)],
      ['fund.redeem', net.toFixed(2)],
    ]);
    expect((await notices(a.token, 'fund.paid'))[0]!.body).toBe(
      `Your redemption of ${units.toFixed(3)} units of US Large Cap Index Fund at the NAV of 12/03/2026, ${nav12}, was paid: ${net.toFixed(2)} EUR to your financial account after an exit load of ${load.toFixed(2)} EUR.`,
    );
    const [after2, after1] = (await holdings(a.token, { productId: uslc.id })) as [Record<string, any>, Record<string, any>];
    const paid1 = floor(u1.mul(nav12), 2).sub(load);
    expect(after1).toMatchObject({
      status: 'redeemed',
      remaining: '0.000',
      value: '0.00',
      paid: paid1.toFixed(2),
      profit: paid1.sub(1000).toFixed(2),
      sellTimeStamp: clock,
    });
    const latest = (await product('USLC')).nav;
    const value2 = u2.sub(10).mul(latest).toFixed(2, Dec.ROUND_HALF_UP);
    expect(after2).toMatchObject({ status: 'bought', remaining: u2.sub(10).toFixed(3), value: value2, sellTimeStamp: null });
    const profits = (await call(h, 'GET', `/web/stock/fund/profit?productId=${uslc.id}`, { token: a.token })).data.list;
    expect(profits).toEqual([
      {
        holdingId: after2.id,
        productId: uslc.id,
        code: 'USLC',
        name: 'US Large Cap Index Fund',
        kind: 'fund',
        profit: after2.profit,
        buyTimeStamp: after2.buyTimeStamp,
        sellTimeStamp: null,
      },
      {
        holdingId: after1.id,
        productId: uslc.id,
        code: 'USLC',
        name: 'US Large Cap Index Fund',
        kind: 'fund',
        profit: paid1.sub(1000).toFixed(2),
        buyTimeStamp: after1.buyTimeStamp,
        sellTimeStamp: clock,
      },
    ]);
    expect((await holdings(a.token, { status: 'redeemed' })).map((x) => x.id)).toEqual([after1.id]);
  });

  it('refuses to redeem a lot in its lock-in, and changes nothing', async () => {
    const tax = await product('TAX3Y');
    const before = { wallet: await financial(a.token), orders: (await orders(a.token)).length };
    const until = iso(D('2026-03-10') + 1095 * DAY);
    expect(until).toBe('2029-03-09');
    const message = `Units still in their lock-in cannot be redeemed: 0.000 units can be redeemed now, more from ${dmy(until)}`;
    expect(await order(a.token, { productId: tax.id, side: 'redeem', units: 'all' })).toMatchObject({ code: 400, msg: message });
    expect(await order(a.token, { productId: tax.id, side: 'redeem', units: '1' })).toMatchObject({ code: 400, msg: message });
    expect(await preview(a.token, { productId: tax.id, units: '1' })).toMatchObject({ code: 400, msg: message });
    expect((await holdings(a.token, { productId: tax.id }))[0]).toMatchObject({ status: 'bought', lockedUntil: D('2026-03-10') + 1095 * DAY });
    expect({ wallet: await financial(a.token), orders: (await orders(a.token)).length }).toEqual(before);
  });

  it('returns a Regular term early: the interest so far forfeited and 0.5 % of the principal kept, shown before', async () => {
    const reg90 = (await holdings(b.token)).find((x) => x.code === 'REG90')!;
    // The 17th at 04:30: 6 whole days since the interest began on the 11th.
    const forfeited = floor(dec(2000).mul('0.021').mul(6).div(365), 2);
    const seen = await preview(b.token, { productId: reg90.productId, holdingId: reg90.id });
    expect(seen.data).toMatchObject({
      units: '2000.00',
      gross: dec(2000).add(forfeited).toFixed(2),
      exitLoad: forfeited.add(10).toFixed(2),
      net: '1990.00',
      lots: [{ holdingId: reg90.id, units: '2000.00', free: '0.00', loaded: '2000.00', locked: false }],
    });
    expect(await order(b.token, { productId: reg90.productId, side: 'redeem', units: '1000', holdingId: reg90.id })).toMatchObject({
      code: 400,
      msg: 'A Regular deposit is redeemed whole: choose it and redeem all of it',
    });
    expect(await order(b.token, { productId: reg90.productId, side: 'redeem', units: 'all' })).toMatchObject({
      code: 400,
      msg: 'Choose the deposit to redeem',
    });
    const before = dec((await financial(b.token)).balance);
    const done = await order(b.token, { productId: reg90.productId, side: 'redeem', units: 'all', holdingId: reg90.id });
    expect(done.data).toMatchObject({ side: 'redeem', status: 'completed', units: '2000.00', exitLoad: forfeited.add(10).toFixed(2), net: '1990.00' });
    expect((await financial(b.token)).balance).toBe(before.add(1990).toFixed(2));
    expect((await holdings(b.token)).find((x) => x.id === reg90.id)).toMatchObject({
      status: 'redeemed',
      remaining: '0.00',
      paid: '1990.00',
      profit: '-10.00',
    });
    expect(await order(b.token, { productId: reg90.productId, side: 'redeem', units: 'all', holdingId: reg90.id })).toMatchObject({
      code: 400,
      msg: 'This holding has nothing left to redeem',
    });
    const [penalty] = await h.db.query<{ amount: string }>(
      "select e.amount::text from ledger_journals j join ledger_entries e on e.journal_id = j.id join ledger_accounts x on x.id = e.account_id where j.kind = 'deposit.penalty' and j.ref_id = $1 and x.code = 'fund-fees'",
      [done.data.id],
    );
    expect(dec(penalty!.amount).toFixed(2)).toBe('10.00');
  });

  let d: Awaited<ReturnType<typeof investor>>;
  it('buys a Regular term whose end falls on a holiday', async () => {
    // Tuesday 31 March 2026, 12:00 UTC: interest from 1 April for 30 days, so the term ends on Friday
    // 1 May, Labour Day, when TARGET (Xetra's settlement days) is closed.
    clock = D('2026-03-31') + 12 * HOUR;
    d = await investor('1000.00');
    expect((await buy(d.token, 'REG30', '1000.00')).code).toBe(200);
    // 1000 × 1.80 % × 30 ÷ 365 = 1.479…, rounded down.
    expect((await holdings(d.token)).find((x) => x.code === 'REG30')).toMatchObject({ status: 'bought', interest: '1.47', endTimestamp: D('2026-05-01') });
  });

  it('credits a Current term’s income for 30 whole days exactly, shows the 7-day yield, pays a Regular term at its end, and redeems Current at once', async () => {
    const cur = await product('CUR');
    // What was left after the purchases, and the Regular 90-day term returned early.
    const before = dec('3543.22').add('1990.00');
    clock = D('2026-04-10') + 0.5 * HOUR;
    await run();
    const declared = (await detail('CUR')).days;
    // Bought on the 10th at 15:00: held through every whole day from the 11th to 9 April.
    const days = declared.filter((d) => d.day >= D('2026-03-11') && d.day <= D('2026-04-09'));
    expect(days).toHaveLength(30);
    for (const d of days) expect(dec(d.value).gte('0.45') && dec(d.value).lte('0.55')).toBe(true);
    const incomes = days.map((d) => floor(dec('123456.78').div(10000).mul(d.value), 2));
    const income = sum(incomes);
    // The 30 days' income, and the Regular 30-day term paid at its end with its interest.
    expect((await financial(b.token)).balance).toBe(before.add(income).add('1001.47').toFixed(2));
    const mine = await holdings(b.token);
    expect(mine.find((x) => x.code === 'CUR')).toMatchObject({ status: 'bought', paid: income.toFixed(2), profit: income.toFixed(2), value: '123456.78' });
    expect(mine.find((x) => x.code === 'REG30')).toMatchObject({ status: 'redeemed', paid: '1001.47', profit: '1.47' });
    expect((await notices(b.token, 'deposit.matured'))[0]!.body).toBe(
      'Your Regular 30 days deposit of 1000.00 EUR has reached the end of its term: 1000.00 EUR and 1.47 EUR interest were paid to your financial account.',
    );
    const s = await stat(b.token);
    expect(s).toMatchObject({ today: incomes.at(-1)!.toFixed(2), current: '123456.78', regular: '0.00', earnings: income.add('1.47').sub(10).toFixed(2) });

    // The 7-day yield: the 7 days up to yesterday, the last one earned (today's declared income is
    // not earned until today ends: issue 32), Σ ÷ 7 × 365 ÷ 10,000, in percent.
    const last7 = declared.filter((d) => d.day >= D('2026-04-03') && d.day <= D('2026-04-09'));
    expect(last7).toHaveLength(7);
    const yieldPercent = sum(last7.map((d) => dec(d.value)))
      .div(7)
      .mul(365)
      .div(10000)
      .mul(100)
      .toDecimalPlaces(4, Dec.ROUND_HALF_UP);
    const now = await detail('CUR');
    const todays = declared.find((d) => d.day === D('2026-04-10'))!.value;
    expect(now).toMatchObject({ sevenDayYield: yieldPercent.toFixed(4), incomePer10k: todays, yieldInputs: last7.map((d) => d.value).reverse() });
    expect((await product('CUR')).sevenDayYield).toBe(yieldPercent.toFixed(4));

    // Part of it back at once; the rest earns the 10 April income the next morning.
    clock = D('2026-04-10') + 12 * HOUR;
    const mid = dec((await financial(b.token)).balance);
    expect(await order(b.token, { productId: cur.id, side: 'redeem', units: '123456.79' })).toMatchObject({
      code: 400,
      msg: 'You can redeem at most 123456.78 EUR of this deposit',
    });
    expect((await order(b.token, { productId: cur.id, side: 'redeem', units: '0.001' })).code).toBe(400);
    const back = await order(b.token, { productId: cur.id, side: 'redeem', units: '23456.78' });
    expect(back.data).toMatchObject({ status: 'completed', amount: '23456.78', net: '23456.78', exitLoad: '0.00' });
    expect((await financial(b.token)).balance).toBe(mid.add('23456.78').toFixed(2));
    clock = D('2026-04-11') + 0.5 * HOUR;
    await run();
    const april10 = declared.find((d) => d.day === D('2026-04-10'))!.value;
    expect((await financial(b.token)).balance).toBe(
      mid
        .add('23456.78')
        .add(floor(dec(100000).div(10000).mul(april10), 2))
        .toFixed(2),
    );
    expect((await holdings(b.token)).find((x) => x.code === 'CUR')).toMatchObject({
      remaining: '100000.00',
      paid: income
        .add('23456.78')
        .add(floor(dec(10).mul(april10), 2))
        .toFixed(2),
    });
  });

  it('changes nothing when the jobs run again', async () => {
    const snapshot = async () =>
      (
        await h.db.query<Record<string, string>>(
          `select (select count(*) from ledger_journals)::text as journals, (select count(*) from fund_navs)::text as navs,
                  (select count(*) from deposit_accruals)::text as accruals, (select string_agg(id || status, ',' order by id) from fund_orders) as orders,
                  (select string_agg(id || ':' || remaining, ',' order by id) from fund_holdings) as holdings,
                  (select string_agg(code || nav_through || '/' || coalesce(paid_through, 0) || '/' || coalesce(accrued_through, 0), ',' order by id) from fund_products) as through`,
        )
      )[0]!;
    await run();
    const first = await snapshot();
    expect(await run()).toEqual({ navs: 0, orders: 0, paid: 0, days: 0, credited: 0, matured: 0 });
    expect(await snapshot()).toEqual(first);
    // Over the weekend to Monday's close in New York: one NAV of each of the five funds, three Current days; again, nothing.
    // (The jobs' own timers may have done it first: what counts is what the database holds.)
    const navs = async () => Number((await h.db.query<{ n: string }>('select count(*)::text as n from fund_navs'))[0]!.n);
    const before = await navs();
    clock += 3 * DAY;
    await run();
    expect((await navs()) - before).toBe(5);
    const [cur] = await h.db.query<{ accrued_through: number }>("select accrued_through from fund_products where code = 'CUR'");
    expect(cur!.accrued_through).toBe(D('2026-04-13'));
    expect(await run()).toEqual({ navs: 0, orders: 0, paid: 0, days: 0, credited: 0, matured: 0 });
    // Every live NAV is still the closes'.
    for (const code of ['USLC', 'HKEQ', 'BAL6040']) {
      const p = await product(code);
      const d = await detail(code);
      expect(
        d.days.map((x) => ({ day: x.day, value: x.value })),
        code,
      ).toEqual(expectedNavs(p.basket, p.expensePercent, d.days[0]!.day, clock, HOME[code]));
    }
    const liq = await detail('LIQ');
    expect(liq.days.map((x) => ({ day: x.day, value: x.value }))).toEqual(expectedLiquidNavs(liq.days[0]!.day, clock));
  });

  it('refuses bad orders with their messages and changes nothing', async () => {
    const c = await investor('100.00');
    const uslc = await product('USLC');
    const count = async () =>
      (
        await h.db.query<{ n: string }>(
          "select (select count(*) from ledger_journals) || '/' || (select count(*) from fund_orders) || '/' || (select count(*) from fund_holdings) as n",
        )
      )[0]!.n;
    const before = { wallet: await financial(c.token), rows: await count() };
    expect(await buy(c.token, 'USLC', '9.99')).toMatchObject({ code: 400, msg: 'The least purchase of this product is 10.00 EUR' });
    expect((await buy(c.token, 'USLC', '9.99')).data).toEqual({ key: 'e.fundMinAmount', fields: { amount: 'e.fundMinAmount' } });
    expect(await buy(c.token, 'USLC', '100.01')).toMatchObject({ code: 422, msg: 'Insufficient balance' });
    expect(await buy(c.token, 'CUR', '100.01')).toMatchObject({ code: 422 });
    expect((await buy(c.token, 'USLC', '12.345')).code).toBe(400);
    expect(await order(c.token, { productId: uslc.id, side: 'buy' })).toMatchObject({ code: 400, msg: 'Please enter purchase amount' });
    expect((await order(c.token, { productId: 9999, side: 'buy', amount: '10' })).code).toBe(404);
    expect(await order(c.token, { productId: uslc.id, side: 'redeem', units: '1' })).toMatchObject({
      code: 400,
      msg: 'You can redeem 0.000 units of this fund now',
    });
    expect(await order(c.token, { productId: uslc.id, side: 'redeem', units: '1.2345' })).toMatchObject({
      code: 400,
      msg: 'Enter a number of units above 0 with at most 3 decimals',
    });
    expect(await order(c.token, { productId: (await product('CUR')).id, side: 'redeem', units: '1' })).toMatchObject({
      code: 400,
      msg: 'You can redeem at most 0.00 EUR of this deposit',
    });
    expect(await order(c.token, { productId: (await product('REG30')).id, side: 'redeem', units: 'all' })).toMatchObject({
      code: 400,
      msg: 'Choose the deposit to redeem',
    });
    expect(await buy(c.token, 'USLC', '10.00').then((r) => r.code)).toBe(200);
    const unverified = await registerUser(h);
    expect(await buy(unverified.token, 'USLC', '10.00')).toMatchObject({ code: 422, msg: 'Verify your identity first' });
    expect((await call(h, 'POST', '/web/user_fund_orders/stat', { body: {} })).code).toBe(401);
    // Only the one good purchase moved anything: 10.00 held, one order, one lot, one journal.
    expect(await financial(c.token)).toEqual({ balance: '90.00', usedBalance: '10.00' });
    const [j, o, l] = before.rows.split('/').map(Number);
    expect(await count()).toBe(`${j! + 1}/${o! + 1}/${l! + 1}`);
  });

  it('shows an investor only their own holdings and orders, and redeems only their own', async () => {
    const mineA = (await holdings(a.token)).map((x) => x.id);
    const mineB = (await holdings(b.token)).map((x) => x.id);
    expect(mineA.filter((id) => mineB.includes(id))).toEqual([]);
    const ordersA = (await orders(a.token)).map((x) => x.id);
    expect((await orders(b.token)).some((x) => ordersA.includes(x.id))).toBe(false);
    const curB = (await holdings(b.token)).find((x) => x.code === 'CUR')!;
    const before = await financial(b.token);
    expect((await order(a.token, { productId: curB.productId, side: 'redeem', units: '1', holdingId: curB.id })).code).toBe(404);
    expect((await preview(a.token, { productId: curB.productId, units: '1', holdingId: curB.id })).code).toBe(404);
    const regA = await registerUser(h);
    expect((await holdings(regA.token)).length).toBe(0);
    expect(await stat(regA.token)).toMatchObject({ total: '0.00', earnings: '0.00' });
    expect(await financial(b.token)).toEqual(before);
  });

  it('lists, opens, amends, pauses and resumes products and declares Current incomes in the back office, every action audited', async () => {
    const list = (await call(h, 'GET', '/web/operator/funds', { token: op })).data as Array<Record<string, any>>;
    const uslc = list.find((p) => p.code === 'USLC')!;
    const heldUnits = sum((await holdings(a.token, { productId: uslc.id })).map((x) => dec(x.remaining)));
    expect(uslc).toMatchObject({ holders: 2, pendingOrders: 1, pausedReason: null });
    expect(dec(uslc.outstanding).gte(heldUnits)).toBe(true);
    expect(uslc.value).toBe(dec(uslc.outstanding).mul(uslc.nav).toFixed(2, Dec.ROUND_HALF_UP));
    const cur = list.find((p) => p.code === 'CUR')!;
    expect(cur).toMatchObject({ holders: 1, outstanding: '100000.00', value: '100000.00' });
    expect(cur.declared[0].day).toBe(Math.floor(clock / DAY) * DAY);

    const body = {
      kind: 'fund',
      code: 'EUTECH',
      name: 'European Technology Fund',
      minAmount: '50',
      expensePercent: '0.35',
      timeZone: 'Europe/Amsterdam',
      cutoff: '14:00',
      reason: 'new fund',
    };
    expect(
      (
        await call(h, 'POST', '/web/operator/funds', {
          token: op,
          body: {
            ...body,
            basket: [
              { symbol: 'ASML.AS', weight: '0.6' },
              { symbol: 'SAP.DE', weight: '0.3' },
            ],
          },
        })
      ).msg,
    ).toBe('A fund needs a basket of different listed instruments whose weights sum to 1');
    expect((await call(h, 'POST', '/web/operator/funds', { token: op, body: { ...body, basket: [{ symbol: 'BTCUSDT', weight: '1' }] } })).msg).toBe(
      'BTCUSDT is not a listed instrument a fund can hold',
    );
    expect(
      (await call(h, 'POST', '/web/operator/funds', { token: op, body: { ...body, timeZone: 'Asia/Tokyo', basket: [{ symbol: 'ASML.AS', weight: '1' }] } }))
        .msg,
    ).toBe('The time zone must be that of an exchange of the basket');
    const created = await call(h, 'POST', '/web/operator/funds', {
      token: op,
      body: {
        ...body,
        basket: [
          { symbol: 'ASML.AS', weight: '0.6' },
          { symbol: 'SAP.DE', weight: '0.4' },
        ],
      },
    });
    expect(created.code, created.msg).toBe(200);
    expect(created.data).toMatchObject({
      code: 'EUTECH',
      kind: 'fund',
      nav: '10.0000',
      timeZone: 'Europe/Amsterdam',
      cutoff: '14:00',
      expensePercent: '0.35',
      holders: 0,
      minAmount: '50.00',
    });
    expect(created.data.basket).toEqual([
      { symbol: 'ASML.AS', weight: '0.6000' },
      { symbol: 'SAP.DE', weight: '0.4000' },
    ]);
    // The same code again amends: the expense ratio while nobody holds it; never the basket; never with holders.
    expect((await call(h, 'POST', '/web/operator/funds', { token: op, body: { ...body, expensePercent: '0.40', reason: 'lower' } })).data.expensePercent).toBe(
      '0.40',
    );
    expect((await call(h, 'POST', '/web/operator/funds', { token: op, body: { ...body, basket: [{ symbol: 'ASML.AS', weight: '1' }] } })).msg).toBe(
      'The basket, time zone, cut-off, lock-in and term are fixed when a product opens',
    );
    const uslcBody = { kind: 'fund', code: 'USLC', name: uslc.name, minAmount: '10', expensePercent: '0.10', reason: 'cheaper' };
    expect((await call(h, 'POST', '/web/operator/funds', { token: op, body: uslcBody })).msg).toBe('The expense ratio is fixed once the fund has holders');
    expect((await call(h, 'POST', '/web/operator/funds', { token: op, body: { ...uslcBody, kind: 'current' } })).msg).toBe(
      'A product with this code already exists as another kind',
    );
    const reg = await call(h, 'POST', '/web/operator/funds', {
      token: op,
      body: {
        kind: 'regular',
        code: 'REG365',
        name: 'Regular 365 days',
        minAmount: '100',
        termDays: 365,
        ratePercent: '2.75',
        penaltyPercent: '0.50',
        reason: 'a year',
      },
    });
    expect(reg.data).toMatchObject({ kind: 'regular', termDays: 365, ratePercent: '2.75', penaltyPercent: '0.50' });
    expect(
      (
        await call(h, 'POST', '/web/operator/funds', {
          token: op,
          body: { kind: 'regular', code: 'REG45', name: 'x', minAmount: '100', termDays: 45, ratePercent: '2', penaltyPercent: '0.5', reason: 'x' },
        })
      ).msg,
    ).toBe('A Regular term is 30, 90, 180 or 365 days');

    const paused = await call(h, 'POST', `/web/operator/funds/${uslc.id}/pause`, { token: op, body: { reason: 'rebalancing review' } });
    expect(paused.data).toMatchObject({ paused: true, pausedReason: 'rebalancing review' });
    expect((await buy(a.token, 'USLC', '10.00')).msg).toBe('This product is paused and takes no new purchases now');
    expect((await order(a.token, { productId: uslc.id, side: 'buy', amount: '10.00' }, 'nl')).msg).toBe(
      'Dit product is gepauzeerd en neemt nu geen nieuwe aankopen aan',
    );
    // Redemptions go on.
    expect((await order(a.token, { productId: uslc.id, side: 'redeem', units: '1' })).code).toBe(200);
    expect((await call(h, 'POST', `/web/operator/funds/${uslc.id}/resume`, { token: op, body: { reason: 'done' } })).data).toMatchObject({
      paused: false,
      pausedReason: null,
    });
    expect((await buy(a.token, 'USLC', '10.00')).code).toBe(200);

    const tomorrow = iso(Math.floor(clock / DAY) * DAY + DAY);
    const beyond = iso(D('2026-06-08') + DAY);
    const declare = (id: number, day: string, incomePer10k = '0.6000') =>
      call(h, 'POST', `/web/operator/funds/${id}/income`, { token: op, body: { day, incomePer10k, reason: 'rates up' } });
    expect((await declare(cur.id, tomorrow)).msg).toBe(`The income of ${dmy(tomorrow)} is already declared and cannot be changed`);
    expect((await declare(cur.id, iso(Math.floor(clock / DAY) * DAY))).msg).toBe('An income is declared only for a day not yet begun, at most a year ahead');
    expect((await declare(cur.id, '2026-02-30')).code).toBe(400);
    expect((await declare(list.find((p) => p.code === 'REG30')!.id, beyond)).msg).toBe('Incomes are declared for Current deposit terms only');
    const declared = await declare(cur.id, beyond);
    expect(declared.code, declared.msg).toBe(200);
    expect(declared.data.declared.at(-1)).toEqual({ day: D(beyond), value: '0.6000', ratio: null });
    const audit = async (id: number) =>
      (await call(h, 'GET', `/web/operator/audit?targetType=fund&targetId=${id}&size=100`, { token: op })).data.list.map((x: { action: string }) => x.action);
    expect(await audit(uslc.id)).toEqual(expect.arrayContaining(['fund.pause', 'fund.resume']));
    expect(await audit(created.data.id)).toEqual(expect.arrayContaining(['fund.create', 'fund.amend']));
    expect(await audit(cur.id)).toEqual(['fund.declareIncome']);

    // The new fund strikes its NAVs from its launch like the others.
    clock += 2 * DAY;
    await run();
    const eutech = await detail('EUTECH');
    expect(eutech.days.map((x) => ({ day: x.day, value: x.value }))).toEqual(
      expectedNavs(
        [
          { symbol: 'ASML.AS', weight: '0.6' },
          { symbol: 'SAP.DE', weight: '0.4' },
        ],
        '0.40',
        eutech.days[0]!.day,
        clock,
      ),
    );
  });

  it('pays a Regular term that ends on a holiday on the next business day, with the interest of its term and no more', async () => {
    const reg30 = (await holdings(d.token)).find((x) => x.code === 'REG30')!;
    // Friday 1 May 2026 at noon: the term is over, its payday is Monday 4 May (2 and 3 May are a weekend).
    clock = D('2026-05-01') + 12 * HOUR;
    await run();
    expect(await financial(d.token)).toEqual({ balance: '0.00', usedBalance: '0.00' });
    expect((await holdings(d.token)).find((x) => x.id === reg30.id)).toMatchObject({ status: 'bought', remaining: '1000.00' });
    // Asked back meanwhile it is neither paid early nor charged a penalty: it waits for its payday.
    const early = await order(d.token, { productId: reg30.productId, side: 'redeem', units: 'all', holdingId: reg30.id });
    expect(early).toMatchObject({ code: 400, data: { key: 'e.depositMaturing' } });
    // The day as the reader's locale writes it (4 May 2026).
    expect(early.msg).toMatch(/^This deposit has reached the end of its term and is paid on (2026-05-04|04\/05\/2026), the next business day$/);
    expect((await preview(d.token, { productId: reg30.productId, holdingId: reg30.id })).code).toBe(400);
    clock = D('2026-05-03') + 23 * HOUR;
    await run();
    expect((await financial(d.token)).balance).toBe('0.00');
    // Monday 4 May, 00:30 UTC: paid, 1000.00 and the 1.47 fixed at purchase.
    clock = D('2026-05-04') + 0.5 * HOUR;
    await run();
    expect((await financial(d.token)).balance).toBe('1001.47');
    expect((await holdings(d.token)).find((x) => x.id === reg30.id)).toMatchObject({ status: 'redeemed', paid: '1001.47', profit: '1.47' });
    expect((await orders(d.token))[0]).toMatchObject({ side: 'redeem', status: 'completed', net: '1001.47', doneTimestamp: clock });
    expect((await notices(d.token, 'deposit.matured')).length).toBe(1);
  });
});
