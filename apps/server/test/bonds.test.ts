import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { createYieldCurves } from '../src/market/curve';
import { call, drivers, operatorToken, registerUser, startServer, uploadImage, type Harness } from './harness';
import { PINNED_RATES, scriptedMarket } from './scripted';

// Bonds (decision 0022) through HTTP, on a pinned clock: every price is recomputed here from the
// seeded yield curve and the bond's own cash flows, written out by hand, to the trade's settlement
// day (T+1 on SIFMA's days for Treasuries, T+2 on TARGET's for euro bonds and on the Mexican
// market's for Mbonos, after the New York trading day); accrued interest and yields against worked
// examples; a purchase, coupons and the redemption with their journals to the cent; a sale at the
// bid; a coupon around a trade's settlement day, the seller's or the buyer's; refusals that change
// nothing; ownership; the coupon job run twice.

const SEED = 'bond-test-seed';
const DAY = 86_400_000;
/** Tuesday 8 December 2026, 10:00 in New York: the bond market is open. */
const NOW = Date.parse('2026-12-08T15:00:00Z');
/** A trade at NOW settles T+1, Wednesday 9 December, for a Treasury; T+2, Thursday 10 December, for a euro bond or an Mbono. */
const SETTLE = Date.UTC(2026, 11, 9) / DAY;
const SETTLE_EUR = Date.UTC(2026, 11, 10) / DAY;
const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;
const idem = () => ({ 'idempotency-key': randomUUID() });
const curves = createYieldCurves(SEED);
const cents = (x: Dec) => x.toDecimalPlaces(2, Dec.ROUND_HALF_UP);

/** Σ amount × (1 + zero rate + spread)^(−t), t in years of 365 days from the settlement day, at the minute of `at`. */
function presentValue(currency: string, at: number, settle: number, flows: Array<[string, Dec]>, spreadBp = '0'): Dec {
  const minute = Math.floor(at / 60_000) * 60_000;
  return flows.reduce((sum, [iso, amount]) => {
    const t = new Dec(dayOf(iso) - settle).div(365);
    const base = new Dec(1).add(curves.zeroRate(currency, minute, t)).add(new Dec(spreadBp).div(10_000));
    return sum.add(amount.mul(base.pow(t.neg())));
  }, new Dec(0));
}

/** Semi-annual coupon dates (month-day) from the first year to maturity, with the principal on the last. */
function semiAnnual(coupon: string, first: string, maturityIso: string): Array<[string, Dec]> {
  const [y0, m0, d] = first.split('-').map(Number) as [number, number, number];
  const out: Array<[string, Dec]> = [];
  for (let k = 0; ; k += 1) {
    const month = m0 - 1 + 6 * k;
    const year = y0 + Math.floor(month / 12);
    const mm = (month % 12) + 1;
    const last = new Date(Date.UTC(year, mm, 0)).getUTCDate();
    const iso = `${year}-${String(mm).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
    out.push([iso, new Dec(coupon)]);
    if (iso === maturityIso) break;
  }
  out[out.length - 1]![1] = out[out.length - 1]![1].add(100);
  return out;
}

describe.each(await drivers())('bonds on %s', (driver) => {
  let h: Harness;
  let op: string;
  let clock = NOW;
  const now = () => clock;
  const market = scriptedMarket(SEED, PINNED_RATES, now);
  beforeAll(async () => {
    h = await startServer(driver, { MARKET_SEED: SEED, TEST_CLOCKS: '1', TRANSFER_SETTLE_SECONDS: '1' }, { provider: market.provider, now });
    op = await operatorToken(h);
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const quote = async (symbol: string, token?: string) => {
    const r = await call(h, 'GET', `/web/treasuryBond/quotes?symbol=${symbol}`, token ? { token } : {});
    expect(r.code, r.msg).toBe(200);
    return r.data[0] as Record<string, any>;
  };
  const buy = (token: string, body: object, lang?: string) =>
    call(h, 'POST', '/web/treasuryBond/create', { token, headers: idem(), body, ...(lang ? { lang } : {}) });
  const sell = (token: string, body: object) => call(h, 'POST', '/web/treasuryBond/flatPosition', { token, headers: idem(), body });
  const run = async () => {
    const r = await call(h, 'POST', '/web/test/bonds/run', { token: op, body: {} });
    expect(r.code, r.msg).toBe(200);
  };

  async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, ms = 8000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await probe();
      if (done(v) || Date.now() > deadline) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function balance(token: string, code: string) {
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} });
    return (r.data as Array<{ code: string; balance: string }>).find((w) => w.code === code)!.balance;
  }

  /** A verified investor with `eur` euros moved into `wallet` (US_STOCK at EURUSD 1.25: 800 EUR are 1,000 USD). */
  async function investor(eur: string, wallet = 'US_STOCK') {
    const u = await registerUser(h);
    const frontUrl = await uploadImage(h, u.token);
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Bo', lastName: 'Nd', country: 'NL', idType: 'passport', idNumber: 'NX4455667', frontUrl },
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
    await until(
      () => call(h, 'POST', '/web/wallet/transferList', { token: u.token, body: {} }),
      (r) => r.data.list.find((x: { id: number }) => x.id === t.data.id)?.status === 1,
    );
    return u;
  }

  /** The journals of a holding, each as its kind and its lines (account, amount). */
  async function journalsOf(holdingId: number) {
    const rows = await h.db.query<{ id: number; kind: string; code: string; part: string; currency: string; amount: string }>(
      `select j.id, j.kind, a.code, a.part, a.currency, e.amount::text from ledger_journals j join ledger_entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id
        where j.ref_type = 'bond_holding' and j.ref_id = $1 order by j.id, e.id`,
      [holdingId],
    );
    const byJournal = new Map<number, { kind: string; lines: string[] }>();
    for (const r of rows) {
      const j = byJournal.get(r.id) ?? { kind: r.kind, lines: [] };
      j.lines.push(`${r.code}/${r.part} ${new Dec(r.amount).toFixed(2)} ${r.currency}`);
      byJournal.set(r.id, j);
    }
    return [...byJournal.values()].map((j) => ({ kind: j.kind, lines: j.lines.sort() }));
  }

  async function stateOf(u: { id: number; token: string }) {
    const [counts] = await h.db.query<{ holdings: number; journals: number }>(
      'select (select count(*)::int from bond_holdings where user_id = $1) as holdings, (select count(*)::int from ledger_journals where user_id = $1) as journals',
      [u.id],
    );
    return { usd: await balance(u.token, 'US_STOCK'), eur: await balance(u.token, 'STOCK'), ...counts };
  }

  it('quotes a Treasury note between coupons: accrued Actual/Actual, the clean price the PV of its flows on the curve, the yield that reprices it', async () => {
    const q = await quote('US10Y');
    // 4.125 % semi-annual; settling Wednesday 9 December: 15 November 2026 to 9 December is 15 + 9 = 24 days of the 181 to 15 May 2027.
    const accrued = new Dec('2.0625').mul(24).div(181);
    expect(q.accrued).toBe(accrued.toFixed(6));
    expect(q).toMatchObject({
      symbol: 'US10Y',
      currency: 'USD',
      couponRate: '4.125',
      frequency: 2,
      maturity: Date.parse('2036-11-15'),
      faceIncrement: '100.00',
      markup: '0.25',
      spreadBp: '0.00',
      paused: false,
      settlementDate: '2026-12-09',
    });
    expect(q.couponDates[0]).toBe(Date.parse('2027-05-15'));
    expect(q.couponDates).toHaveLength(20);
    const mid = presentValue('USD', NOW, SETTLE, semiAnnual('2.0625', '2027-05-15', '2036-11-15'))
      .sub(accrued)
      .toDecimalPlaces(4, Dec.ROUND_HALF_UP);
    expect(q.bid).toBe(mid.sub('0.02').toFixed(4));
    expect(q.ask).toBe(mid.add('0.02').toFixed(4));
    const dirty = mid.add('0.02').add(accrued);
    expect(q.dirty).toBe(dirty.toFixed(6));
    // The yield (percent, 3 decimals) brackets the dirty price: half a unit of its last digit either side prices above and below it.
    // From 9 December, 157 of the period's 181 days are still to run.
    const w = new Dec(157).div(181);
    const priceAt = (percent: Dec) => {
      const v = new Dec(1).div(new Dec(1).add(percent.div(200)));
      return semiAnnual('2.0625', '2027-05-15', '2036-11-15').reduce((s, [, cf], k) => s.add(cf.mul(v.pow(w.add(k)))), new Dec(0));
    };
    expect(priceAt(new Dec(q.ytm).sub('0.0005')).gt(dirty)).toBe(true);
    expect(priceAt(new Dec(q.ytm).add('0.0005')).lt(dirty)).toBe(true);
    expect(priceAt(new Dec(q.ytmAfterFees).sub('0.0005')).gt(dirty.add('0.25'))).toBe(true);
    expect(priceAt(new Dec(q.ytmAfterFees).add('0.0005')).lt(dirty.add('0.25'))).toBe(true);
    expect(q.curveRate).toBe(
      curves
        .zeroRate('USD', NOW, new Dec(dayOf('2036-11-15') - SETTLE).div(365))
        .mul(100)
        .toFixed(3),
    );
    // The market's own quote is the same price.
    expect(market.provider.snapshot('US10Y', NOW)).toMatchObject({ last: mid.toFixed(4), bid: q.bid, ask: q.ask });
  });

  it('gives a bond one price at one instant: the market’s quote and the bond page’s, clean and dirty; a closed market’s of its last trade', async () => {
    // DE10Y: 2.60 % once a year on 15 February, to 15 February 2036; the coupon period 15 February 2026
    // to 15 February 2027 has 365 days.
    const flows: Array<[string, Dec]> = [];
    for (let y = 2027; y <= 2036; y += 1) flows.push([`${y}-02-15`, new Dec(y === 2036 ? '102.6' : '2.6')]);
    const marketQuote = async () => {
      const r = await call(h, 'GET', '/web/m_ft/stock_detail_ft?symbol=DE10Y');
      expect(r.code, r.msg).toBe(200);
      return r.data as Record<string, any>;
    };

    // Tuesday 8 December, 10:00 in New York: the bond market trades. A trade settles T+2 on Thursday
    // 10 December: 13 + 31 + 30 + 31 + 30 + 31 + 31 + 30 + 31 + 30 + 10 = 298 days since 15 February.
    const accruedOpen = new Dec('2.6').mul(298).div(365);
    const midOpen = presentValue('EUR', NOW, SETTLE_EUR, flows).sub(accruedOpen).toDecimalPlaces(4, Dec.ROUND_HALF_UP);
    const [m, b] = [await marketQuote(), await quote('DE10Y')];
    expect(m).toMatchObject({
      price_nominal: midOpen.toFixed(4),
      bid: midOpen.sub('0.02').toFixed(4),
      ask: midOpen.add('0.02').toFixed(4),
      tradable: true,
      timestamp: NOW,
    });
    expect(b).toMatchObject({
      price: midOpen.toFixed(4),
      dirtyPrice: midOpen.add(accruedOpen).toFixed(6),
      bid: m.bid,
      ask: m.ask,
      accrued: accruedOpen.toFixed(6),
      timestamp: NOW,
      settlementDate: '2026-12-10',
    });

    // Saturday 12 December: closed since Friday 11 December, 17:00 in New York (22:00 UTC), its last trade.
    // Both quotes are the price then, stamped then: Friday's trade settles T+2 on Tuesday 15 December
    // (the weekend skipped), 298 + 5 = 303 days since 15 February.
    clock = Date.parse('2026-12-12T15:00:00Z');
    const lastTrade = Date.parse('2026-12-11T22:00:00Z');
    const accruedClosed = new Dec('2.6').mul(303).div(365);
    const midClosed = presentValue('EUR', lastTrade, dayOf('2026-12-15'), flows).sub(accruedClosed).toDecimalPlaces(4, Dec.ROUND_HALF_UP);
    // The curve has moved since: priced at this moment instead (the same settlement day), the bond pages showed another price (issue 32's DE10Y).
    const midNow = presentValue('EUR', clock, dayOf('2026-12-15'), flows).sub(accruedClosed).toDecimalPlaces(4, Dec.ROUND_HALF_UP);
    expect(midNow.eq(midClosed)).toBe(false);
    const [mc, bc] = [await marketQuote(), await quote('DE10Y')];
    expect(mc).toMatchObject({ price_nominal: midClosed.toFixed(4), marketStatus: 'closed', tradable: false, timestamp: lastTrade });
    expect(bc).toMatchObject({
      price: midClosed.toFixed(4),
      dirtyPrice: midClosed.add(accruedClosed).toFixed(6),
      bid: mc.bid,
      ask: mc.ask,
      accrued: accruedClosed.toFixed(6),
      timestamp: lastTrade,
      settlementDate: '2026-12-15',
    });
    clock = NOW;
  });

  it('quotes a 13-week bill: the on-the-run issue of Thursday 3 December, no accrued interest, the investment rate', async () => {
    const q = await quote('US3M');
    expect(q).toMatchObject({ couponRate: '0.000', frequency: 0, maturity: Date.parse('2027-03-04'), couponDates: [], accrued: '0.000000', markup: '0.10' });
    // Settling Wednesday 9 December: 22 + 31 + 28 + 4 = 85 days to 4 March 2027.
    expect(q.settlementDate).toBe('2026-12-09');
    const mid = new Dec(100)
      .mul(new Dec(1).add(curves.zeroRate('USD', NOW, new Dec(85).div(365))).pow(new Dec(-85).div(365)))
      .toDecimalPlaces(4, Dec.ROUND_HALF_UP);
    expect(q.ask).toBe(mid.add('0.004').toFixed(4));
    expect(q.bid).toBe(mid.sub('0.004').toFixed(4));
    const ask = mid.add('0.004');
    expect(q.ytm).toBe(new Dec(100).sub(ask).div(ask).mul(365).div(85).mul(100).toFixed(3));
    expect(q.ytmAfterFees).toBe(new Dec(100).sub(ask.add('0.10')).div(ask.add('0.10')).mul(365).div(85).mul(100).toFixed(3));
    // The 4-week bill matures on 31 December: a holder is paid within weeks.
    expect((await quote('US1M')).maturity).toBe(Date.parse('2026-12-31'));
    const list = await call(h, 'POST', '/web/m_ft/bondsList', { body: { size: 100 } });
    expect(list.data.list.map((b: { symbol: string }) => b.symbol)).toEqual(expect.arrayContaining(['US1M', 'US3M', 'US6M', 'US10Y', 'DE10Y', 'MX10Y']));
  });

  it('refuses a face off the increment, a paused bond, a closed market, a price that moved and a short wallet, and changes nothing', async () => {
    const u = await investor('800.00');
    const before = await stateOf(u);
    expect(before.usd).toBe('1000.00');
    expect(await buy(u.token, { stockCode: 'US10Y', face: '150' })).toMatchObject({ code: 400, msg: 'Enter a face amount in multiples of 100 USD' });
    expect(await buy(u.token, { stockCode: 'US10Y', face: '100.5' })).toMatchObject({ code: 400, msg: 'Enter a whole face amount' });
    expect(await buy(u.token, { stockCode: 'US10Y', face: '100000' })).toMatchObject({ code: 422, msg: 'Insufficient balance' });
    const q = await quote('US10Y');
    expect((await buy(u.token, { stockCode: 'US10Y', face: '100', seenDirty: new Dec(q.dirty).sub('0.51').toFixed(6) })).msg).toBe(
      `The price has moved: the dirty price is now ${q.dirty}. Check it and order again`,
    );
    expect((await call(h, 'POST', '/web/operator/bonds/US10Y/pause', { token: op, body: { reason: 'review' } })).data).toMatchObject({
      paused: true,
      pausedReason: 'review',
    });
    expect(await buy(u.token, { stockCode: 'US10Y', face: '100' }, 'nl')).toMatchObject({
      code: 400,
      msg: 'Deze obligatie is gepauzeerd en neemt nu geen nieuwe aankopen aan',
    });
    expect((await call(h, 'POST', '/web/operator/bonds/US10Y/resume', { token: op, body: { reason: 'done' } })).data).toMatchObject({
      paused: false,
      pausedReason: null,
    });
    // Saturday 12 December: the bond market opens again on Monday at 08:00 in New York.
    clock = Date.parse('2026-12-12T15:00:00Z');
    expect(await buy(u.token, { stockCode: 'US10Y', face: '100' })).toMatchObject({
      code: 422,
      msg: 'The market is closed; it opens at 14/12/2026 08:00 AM (New York time)',
    });
    clock = NOW;
    expect(await buy(u.token, { stockCode: 'NOPE', face: '100' })).toMatchObject({ code: 404 });
    expect(await stateOf(u)).toEqual(before);
    const audit = (await call(h, 'GET', '/web/operator/audit?targetType=bond&targetId=US10Y&size=100', { token: op })).data.list.map(
      (a: { action: string }) => a.action,
    );
    expect(audit).toEqual(expect.arrayContaining(['bond.pause', 'bond.resume']));
  });

  it('buys at the ask with clean, accrued and markup on their own lines, and sells at the bid less the markup', async () => {
    const u = await investor('800.00');
    const q = await quote('US10Y');
    // To Wednesday 9 December, as the quote: 24 of 181 days.
    const accrued = new Dec('2.0625').mul(24).div(181);
    const placed = await buy(u.token, { stockCode: 'us10y', face: '300', seenDirty: new Dec(q.dirty).sub('0.49').toFixed(6) });
    expect(placed.code, placed.msg).toBe(200);
    // 3 × the ask, 3 × the accrued, 3 × the 0.25 markup, each to the cent.
    const clean = cents(new Dec(q.ask).mul(3));
    const acc = cents(accrued.mul(3));
    const cost = clean.add(acc).add('0.75');
    expect(placed.data).toMatchObject({
      symbol: 'US10Y',
      status: 'holding',
      settlementDate: '2026-12-09',
      face: '300.00',
      remaining: '300.00',
      price: q.ask,
      accrued: accrued.toFixed(6),
      markup: '0.25',
      cost: cost.toFixed(2),
      fee: '0.75',
      ytm: q.ytmAfterFees,
      coupons: '0.00',
      proceeds: '0.00',
      nextCouponTimestamp: Date.parse('2027-05-15'),
      createTimeTimestamp: NOW,
    });
    // Worth the bid with accrued interest now.
    const value = cents(new Dec(q.bid).add(accrued).mul(3));
    expect(placed.data.value).toBe(value.toFixed(2));
    expect(placed.data.profit).toBe(value.sub(cost).toFixed(2));
    expect(await balance(u.token, 'US_STOCK')).toBe(new Dec(1000).sub(cost).toFixed(2));
    expect(await journalsOf(placed.data.id)).toEqual([
      {
        kind: 'bond.buy',
        lines: [
          `US_STOCK/available ${cost.neg().toFixed(2)} USD`,
          `book/house ${acc.toFixed(2)} USD`,
          `book/house ${clean.toFixed(2)} USD`,
          'fees/house 0.75 USD',
        ].sort(),
      },
    ]);

    // Someone else can neither sell it nor read its payments.
    const other = await registerUser(h);
    expect((await sell(other.token, { id: placed.data.id })).code).toBe(404);
    expect((await call(h, 'GET', `/web/treasuryBond/payments?id=${placed.data.id}`, { token: other.token })).code).toBe(404);
    expect((await call(h, 'POST', '/web/treasuryBond/pageList', { token: other.token, body: {} })).data.total).toBe(0);

    expect((await sell(u.token, { id: placed.data.id, face: '400' })).msg).toBe('You hold 300.00 USD face of this bond');
    expect((await sell(u.token, { id: placed.data.id, face: '50' })).code).toBe(400);
    const sold = await sell(u.token, { id: placed.data.id, face: '100' });
    expect(sold.code, sold.msg).toBe(200);
    const proceeds = cents(new Dec(q.bid)).add(cents(accrued)).sub('0.25');
    expect(sold.data).toMatchObject({ status: 'holding', remaining: '200.00', proceeds: proceeds.toFixed(2) });
    expect(await balance(u.token, 'US_STOCK')).toBe(new Dec(1000).sub(cost).add(proceeds).toFixed(2));
    const journals = await journalsOf(placed.data.id);
    expect(journals[1]).toEqual({
      kind: 'bond.sell',
      lines: [
        `US_STOCK/available ${proceeds.toFixed(2)} USD`,
        `book/house -${cents(accrued).toFixed(2)} USD`,
        `book/house -${cents(new Dec(q.bid)).toFixed(2)} USD`,
        'fees/house 0.25 USD',
      ].sort(),
    });
    // The rest, without a face: all of what remains.
    const all = await sell(u.token, { id: placed.data.id });
    expect(all.data).toMatchObject({ status: 'sold', remaining: '0.00', value: '0.00', closeTimeTimestamp: NOW });
    expect((await sell(u.token, { id: placed.data.id })).msg).toBe('This holding has already been sold or redeemed');
    const payments = (await call(h, 'GET', `/web/treasuryBond/payments?id=${placed.data.id}`, { token: u.token })).data;
    // Each sale is dated by the day it settles, T+1.
    expect(payments.map((p: { kind: string; amount: string; day: number }) => [p.kind, p.amount, p.day])).toEqual([
      ['sale', proceeds.toFixed(2), Date.parse('2026-12-09')],
      [
        'sale',
        cents(new Dec(q.bid).mul(2))
          .add(cents(accrued.mul(2)))
          .sub('0.50')
          .toFixed(2),
        Date.parse('2026-12-09'),
      ],
    ]);
  });

  it('buys a euro bond in thousands from the stock wallet, and a Mbono from the Mexico wallet converted at the rate', async () => {
    const u = await investor('2000.00', 'STOCK');
    expect((await buy(u.token, { stockCode: 'DE10Y', face: '500' })).msg).toBe('Enter a face amount in multiples of 1000 EUR');
    const q = await quote('DE10Y');
    // 2.60 % annual, T+2: 15 February 2026 to Thursday 10 December is 298 of 365 days.
    const accrued = new Dec('2.6').mul(298).div(365);
    expect(q.accrued).toBe(accrued.toFixed(6));
    const placed = await buy(u.token, { stockCode: 'DE10Y', face: '1000' });
    expect(placed.code, placed.msg).toBe(200);
    const cost = cents(new Dec(q.ask).mul(10))
      .add(cents(accrued.mul(10)))
      .add('2.50');
    expect(placed.data).toMatchObject({ currency: 'EUR', cost: cost.toFixed(2), nextCouponTimestamp: Date.parse('2027-02-15'), settlementDate: '2026-12-10' });
    expect(await balance(u.token, 'STOCK')).toBe(new Dec(2000).sub(cost).toFixed(2));

    // 1 MXN = 0.05 USD and 1 USD = 0.8 EUR: 0.04 EUR a peso, each line converted to the cent.
    const m = await investor('1000.00', 'MX_STOCK');
    const mx = await quote('MX10Y');
    const bought = await buy(m.token, { stockCode: 'MX10Y', face: '1000' });
    expect(bought.code, bought.msg).toBe(200);
    // 7.75 % semi-annual, T+2 on the Mexican market's days (BMV's equities' T+1 does not apply):
    // 23 November to Thursday 10 December is 7 + 10 = 17 days of the 181 to 23 May 2027.
    const mxAccrued = new Dec('3.875').mul(17).div(181);
    expect(mx.accrued).toBe(mxAccrued.toFixed(6));
    expect(mx.settlementDate).toBe('2026-12-10');
    const lines = [cents(new Dec(mx.ask).mul(10)), cents(mxAccrued.mul(10)), new Dec('2.50')];
    expect(bought.data.cost).toBe(lines.reduce((a, b) => a.add(b)).toFixed(2));
    const eur = lines.map((x) => cents(x.mul('0.04')));
    expect(await balance(m.token, 'MX_STOCK')).toBe(new Dec(1000).sub(eur.reduce((a, b) => a.add(b))).toFixed(2));
  });

  it('moves a quote by the spread an operator sets, from then on, audited', async () => {
    expect((await call(h, 'POST', '/web/operator/bonds/NL10Y/spread', { token: op, body: { reason: 'x', spreadBp: '1001' } })).code).toBe(400);
    expect((await call(h, 'POST', '/web/operator/bonds/NL10Y/spread', { token: op, body: { spreadBp: '20' } })).code).toBe(400);
    const r = await call(h, 'POST', '/web/operator/bonds/NL10Y/spread', { token: op, body: { reason: 'wider', spreadBp: '20' } });
    expect(r.data).toMatchObject({ symbol: 'NL10Y', spreadBp: '20.00', faceIncrement: '1000.00' });
    // 2.75 % annual to 15 January 2036: coupons each 15 January from 2027.
    const flows: Array<[string, Dec]> = [];
    for (let y = 2027; y <= 2036; y += 1) flows.push([`${y}-01-15`, new Dec(y === 2036 ? '102.75' : '2.75')]);
    // T+2, Thursday 10 December: 16 + 28 + 31 + 30 + 31 + 30 + 31 + 31 + 30 + 31 + 30 + 10 = 329 days since 15 January.
    const accrued = new Dec('2.75').mul(329).div(365);
    const mid = presentValue('EUR', NOW, SETTLE_EUR, flows, '20').sub(accrued).toDecimalPlaces(4, Dec.ROUND_HALF_UP);
    const q = await quote('NL10Y');
    expect(q).toMatchObject({ spreadBp: '20.00', accrued: accrued.toFixed(6), bid: mid.sub('0.025').toFixed(4) });
    const admin = (await call(h, 'GET', '/web/operator/bonds', { token: op })).data.find((b: { symbol: string }) => b.symbol === 'DE10Y');
    expect(admin).toMatchObject({ holders: 1, outstanding: '1000.00', pausedReason: null });
    const audit = (await call(h, 'GET', '/web/operator/audit?targetType=bond&targetId=NL10Y&size=100', { token: op })).data.list;
    expect(audit.find((a: { action: string }) => a.action === 'bond.spread')).toMatchObject({
      reason: 'wider',
      before: { spreadBp: '8.00' },
      after: { spreadBp: '20.00' },
    });
  });

  it('pays coupons on their dates and redeems at par with the last coupon, once however often the job runs', async () => {
    const u = await investor('1600.00');
    // US2Y: 3.50 % to 31 October 2028, coupons on the last days of April and October. Settling
    // Wednesday 9 December: 30 + 9 = 39 days of the 181 from 31 October to 30 April.
    const q = await quote('US2Y');
    const accrued = new Dec('1.75').mul(39).div(181);
    expect(q.accrued).toBe(accrued.toFixed(6));
    const note = await buy(u.token, { stockCode: 'US2Y', face: '1000' });
    expect(note.code, note.msg).toBe(200);
    const cost = cents(new Dec(q.ask).mul(10))
      .add(cents(accrued.mul(10)))
      .add('2.50');
    const bill = await buy(u.token, { stockCode: 'US1M', face: '100' });
    const billQuote = await quote('US1M');
    expect(bill.data).toMatchObject({
      maturity: Date.parse('2026-12-31'),
      cost: cents(new Dec(billQuote.ask)).add('0.10').toFixed(2),
      nextCouponTimestamp: Date.parse('2026-12-31'),
    });
    const afterBuy = new Dec(await balance(u.token, 'US_STOCK'));
    expect(afterBuy.toFixed(2)).toBe(new Dec(2000).sub(cost).sub(bill.data.cost).toFixed(2));

    // Nothing is due on the day of purchase.
    await run();
    expect(await journalsOf(note.data.id)).toHaveLength(1);

    // Wednesday 30 December: a sale would settle on the bill's maturity, leaving a buyer nothing; it is
    // refused, and the bill is worth its redemption at par.
    clock = Date.parse('2026-12-30T15:00:00Z');
    expect(await sell(u.token, { id: bill.data.id })).toMatchObject({ code: 400, msg: 'This bond matures before a purchase would settle' });
    const waiting = (await call(h, 'POST', '/web/treasuryBond/pageList', { token: u.token, body: {} })).data.list.find(
      (x: { id: number }) => x.id === bill.data.id,
    );
    expect(waiting).toMatchObject({ status: 'holding', value: '100.00' });

    // 31 December: the bill is redeemed at par.
    clock = Date.parse('2026-12-31T15:00:00Z');
    await run();
    expect(await journalsOf(bill.data.id)).toEqual([
      expect.objectContaining({ kind: 'bond.buy' }),
      { kind: 'bond.redeem', lines: ['US_STOCK/available 100.00 USD', 'book/house -100.00 USD'] },
    ]);
    const redeemedBill = (await call(h, 'POST', '/web/treasuryBond/pageList', { token: u.token, body: { status: 'redeemed' } })).data.list;
    expect(redeemedBill).toEqual([
      expect.objectContaining({
        id: bill.data.id,
        status: 'redeemed',
        remaining: '0.00',
        proceeds: '100.00',
        value: '0.00',
        profit: new Dec(100).sub(bill.data.cost).toFixed(2),
      }),
    ]);

    // 30 April 2027: the first coupon, 1.75 per 100.
    clock = Date.parse('2027-04-30T15:00:00Z');
    await run();
    await run();
    expect((await journalsOf(note.data.id)).slice(1)).toEqual([{ kind: 'bond.coupon', lines: ['US_STOCK/available 17.50 USD', 'book/house -17.50 USD'] }]);
    const notices = (await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token })).data.list;
    expect(notices.find((n: { kind: string }) => n.kind === 'bond.coupon').body).toBe(
      'A coupon of 17.50 USD on 1000.00 USD face of US Treasury Note 3.500% 31 Oct 2028 was paid: 17.50 USD to your US stock account.',
    );
    expect(notices.find((n: { kind: string }) => n.kind === 'bond.redeemed').title).toBe('Bond redeemed');

    // At maturity, two coupons caught up, then the last coupon and the principal.
    clock = Date.parse('2028-10-31T15:00:00Z');
    await run();
    const journals = await journalsOf(note.data.id);
    expect(journals.map((j) => j.kind)).toEqual(['bond.buy', 'bond.coupon', 'bond.coupon', 'bond.coupon', 'bond.coupon', 'bond.redeem']);
    expect(journals.at(-1)).toEqual({ kind: 'bond.redeem', lines: ['US_STOCK/available 1000.00 USD', 'book/house -1000.00 USD'] });
    const count = (await h.db.query<{ n: number }>('select count(*)::int as n from ledger_journals where user_id = $1', [u.id]))[0]!.n;
    await run();
    expect((await h.db.query<{ n: number }>('select count(*)::int as n from ledger_journals where user_id = $1', [u.id]))[0]!.n).toBe(count);
    const payments = (await call(h, 'GET', `/web/treasuryBond/payments?id=${note.data.id}`, { token: u.token })).data;
    expect(payments).toEqual([
      { holdingId: note.data.id, kind: 'coupon', amount: '17.50', day: Date.parse('2027-04-30') },
      { holdingId: note.data.id, kind: 'coupon', amount: '17.50', day: Date.parse('2027-10-31') },
      { holdingId: note.data.id, kind: 'coupon', amount: '17.50', day: Date.parse('2028-04-30') },
      { holdingId: note.data.id, kind: 'coupon', amount: '17.50', day: Date.parse('2028-10-31') },
      { holdingId: note.data.id, kind: 'redemption', amount: '1000.00', day: Date.parse('2028-10-31') },
    ]);
    expect(await balance(u.token, 'US_STOCK')).toBe(afterBuy.add(100).add(70).add(1000).toFixed(2));
    const held = (await call(h, 'POST', '/web/treasuryBond/pageList', { token: u.token, body: {} })).data.list.find(
      (x: { id: number }) => x.id === note.data.id,
    );
    expect(held).toMatchObject({
      status: 'redeemed',
      coupons: '70.00',
      proceeds: '1000.00',
      profit: new Dec(1070).sub(cost).toFixed(2),
      nextCouponTimestamp: null,
    });
    clock = NOW;
  });

  it('totals the open holdings per currency, with the euro value at the current rates', async () => {
    const u = await investor('1600.00');
    expect(await call(h, 'POST', '/web/position/getTreasuryBondTotal', { token: u.token, body: {} })).toMatchObject({
      data: { list: [], totalEur: '0.00', holdings: 0 },
    });
    const a = (await buy(u.token, { stockCode: 'US5Y', face: '500' })).data;
    const b = (await buy(u.token, { stockCode: 'US6M', face: '200' })).data;
    const total = (await call(h, 'POST', '/web/position/getTreasuryBondTotal', { token: u.token, body: {} })).data;
    const value = new Dec(a.value).add(b.value);
    expect(total).toEqual({
      list: [
        {
          currency: 'USD',
          face: '700.00',
          value: value.toFixed(2),
          cost: new Dec(a.cost).add(b.cost).toFixed(2),
          coupons: '0.00',
          profit: new Dec(a.profit).add(b.profit).toFixed(2),
        },
      ],
      // 1 USD = 0.8 EUR.
      totalEur: value.mul('0.8').toFixed(2),
      holdings: 2,
    });
  });

  it('pays a coupon that falls on a Saturday on the next business day, the same amount, without extra interest', async () => {
    const u = await investor('1600.00');
    // US10Y: 4.125 % to 15 November 2036, coupons on 15 May and 15 November; 15 May 2027 is a Saturday.
    const note = await buy(u.token, { stockCode: 'US10Y', face: '1000' });
    expect(note.code, note.msg).toBe(200);
    expect(note.data.nextCouponTimestamp).toBe(Date.parse('2027-05-15'));
    const afterBuy = new Dec(await balance(u.token, 'US_STOCK'));
    // Saturday and Sunday: nothing paid yet.
    for (const at of ['2027-05-15T15:00:00Z', '2027-05-16T23:00:00Z']) {
      clock = Date.parse(at);
      await run();
      expect(await journalsOf(note.data.id), at).toHaveLength(1);
    }
    // Monday 17 May (not a SIFMA holiday): 1000 × 4.125 % ÷ 2 = 20.625 → 20.63, the coupon of the 15th.
    clock = Date.parse('2027-05-17T15:00:00Z');
    await run();
    await run();
    expect((await journalsOf(note.data.id)).slice(1)).toEqual([{ kind: 'bond.coupon', lines: ['US_STOCK/available 20.63 USD', 'book/house -20.63 USD'] }]);
    expect((await call(h, 'GET', `/web/treasuryBond/payments?id=${note.data.id}`, { token: u.token })).data).toEqual([
      { holdingId: note.data.id, kind: 'coupon', amount: '20.63', day: Date.parse('2027-05-15') },
    ]);
    expect(await balance(u.token, 'US_STOCK')).toBe(afterBuy.add('20.63').toFixed(2));
    clock = NOW;
  });

  it('settles a Treasury bought on a Friday on Monday, and one bought on Christmas Eve after the holiday, with interest to that day', async () => {
    const u = await investor('800.00');
    // Friday 11 December, 10:00 in New York: T+1 skips the weekend to Monday 14 December, 15 + 14 = 29 days since 15 November.
    clock = Date.parse('2026-12-11T15:00:00Z');
    try {
      const q = await quote('US10Y');
      const accrued = new Dec('2.0625').mul(29).div(181);
      expect(q).toMatchObject({ settlementDate: '2026-12-14', accrued: accrued.toFixed(6) });
      const mid = presentValue('USD', clock, dayOf('2026-12-14'), semiAnnual('2.0625', '2027-05-15', '2036-11-15'))
        .sub(accrued)
        .toDecimalPlaces(4, Dec.ROUND_HALF_UP);
      expect(q.price).toBe(mid.toFixed(4));
      const placed = await buy(u.token, { stockCode: 'US10Y', face: '100' });
      expect(placed.code, placed.msg).toBe(200);
      expect(placed.data).toMatchObject({
        settlementDate: '2026-12-14',
        accrued: accrued.toFixed(6),
        cost: cents(new Dec(q.ask)).add(cents(accrued)).add('0.25').toFixed(2),
      });

      // Thursday 24 December, 10:00 in New York (SIFMA closes at 14:00). Christmas Day settles for neither
      // SIFMA nor TARGET, then comes the weekend: a Treasury settles T+1 on Monday 28 December, 15 + 28 = 43
      // days since 15 November; a Bund T+2 on Tuesday 29 December, 298 + 19 = 317 days since 15 February.
      clock = Date.parse('2026-12-24T15:00:00Z');
      expect(await quote('US10Y')).toMatchObject({ settlementDate: '2026-12-28', accrued: new Dec('2.0625').mul(43).div(181).toFixed(6) });
      expect(await quote('DE10Y')).toMatchObject({ settlementDate: '2026-12-29', accrued: new Dec('2.6').mul(317).div(365).toFixed(6) });
    } finally {
      clock = NOW;
    }
  });

  it('leaves a coupon due on the settlement day to the seller: a purchase the business day before pays no accrued interest and gets no coupon, a sale then is paid it', async () => {
    const seller = await investor('1600.00');
    const buyer = await investor('1600.00');
    const early = await investor('1600.00');
    const held = await buy(seller.token, { stockCode: 'US2Y', face: '1000' });
    expect(held.code, held.msg).toBe(200);
    // US2Y pays 1.75 per 100 on Friday 30 April 2027.
    try {
      // Wednesday 28 April, 11:00 in New York: settling Thursday 29 April, 180 of the 181 days since 31 October
      // have accrued, and the coupon of the 30th is the buyer's.
      clock = Date.parse('2027-04-28T15:00:00Z');
      const before = await quote('US2Y');
      expect(before).toMatchObject({ settlementDate: '2027-04-29', accrued: new Dec('1.75').mul(180).div(181).toFixed(6) });
      const earlyBuy = await buy(early.token, { stockCode: 'US2Y', face: '1000' });
      expect(earlyBuy.data).toMatchObject({ settlementDate: '2027-04-29', nextCouponTimestamp: Date.parse('2027-04-30') });

      // Thursday 29 April: a trade settles on the coupon date itself. A new period starts then: nothing
      // accrued, and the coupon of the 30th is the seller's.
      clock = Date.parse('2027-04-29T15:00:00Z');
      const q = await quote('US2Y');
      expect(q).toMatchObject({ settlementDate: '2027-04-30', accrued: '0.000000', dirty: new Dec(q.ask).toFixed(6) });
      expect(q.couponDates[0]).toBe(Date.parse('2027-10-31'));
      // The holding bought on Wednesday is worth what a sale now pays before the markup, the clean bid and no
      // accrued interest, and the coupon of the 30th, its holder's whoever buys, not paid yet: 17.50.
      const earlyNow = (await call(h, 'POST', '/web/treasuryBond/pageList', { token: early.token, body: {} })).data.list[0];
      expect(earlyNow).toMatchObject({ id: earlyBuy.data.id, coupons: '0.00', value: cents(new Dec(q.bid).mul(10)).add('17.50').toFixed(2) });
      const bought = await buy(buyer.token, { stockCode: 'US2Y', face: '1000' });
      expect(bought.code, bought.msg).toBe(200);
      // 10 × the clean ask and the 0.25 markup (550 days from 30 April 2027 to maturity), no accrued line.
      const clean = cents(new Dec(q.ask).mul(10));
      const cost = clean.add('2.50');
      expect(bought.data).toMatchObject({
        settlementDate: '2027-04-30',
        accrued: '0.000000',
        cost: cost.toFixed(2),
        nextCouponTimestamp: Date.parse('2027-10-31'),
      });
      expect(await journalsOf(bought.data.id)).toEqual([
        { kind: 'bond.buy', lines: [`US_STOCK/available ${cost.neg().toFixed(2)} USD`, `book/house ${clean.toFixed(2)} USD`, 'fees/house 2.50 USD'].sort() },
      ]);

      // The sale settles on the coupon date too: the coupon, 1,000 × 1.75 % = 17.50, is paid first (a day
      // ahead of its date), and the sale is the clean bid less the markup, with no accrued interest.
      const sold = await sell(seller.token, { id: held.data.id });
      expect(sold.code, sold.msg).toBe(200);
      const bid = cents(new Dec(q.bid).mul(10));
      const proceeds = bid.sub('2.50');
      expect(sold.data).toMatchObject({ status: 'sold', coupons: '17.50', proceeds: proceeds.toFixed(2) });
      expect((await journalsOf(held.data.id)).slice(1)).toEqual([
        { kind: 'bond.coupon', lines: ['US_STOCK/available 17.50 USD', 'book/house -17.50 USD'] },
        { kind: 'bond.sell', lines: [`US_STOCK/available ${proceeds.toFixed(2)} USD`, `book/house -${bid.toFixed(2)} USD`, 'fees/house 2.50 USD'].sort() },
      ]);
      expect((await call(h, 'GET', `/web/treasuryBond/payments?id=${held.data.id}`, { token: seller.token })).data).toEqual([
        { holdingId: held.data.id, kind: 'coupon', amount: '17.50', day: Date.parse('2027-04-30') },
        { holdingId: held.data.id, kind: 'sale', amount: proceeds.toFixed(2), day: Date.parse('2027-04-30') },
      ]);

      // Friday 30 April: the job pays the coupon to the purchase that settled on the 29th, none to the one
      // that settles on the 30th, and no second one to the seller.
      clock = Date.parse('2027-04-30T15:00:00Z');
      await run();
      await run();
      expect((await journalsOf(earlyBuy.data.id)).slice(1)).toEqual([
        { kind: 'bond.coupon', lines: ['US_STOCK/available 17.50 USD', 'book/house -17.50 USD'] },
      ]);
      expect(await journalsOf(bought.data.id)).toHaveLength(1);
      expect(await journalsOf(held.data.id)).toHaveLength(3);
    } finally {
      clock = NOW;
    }
  });
});
