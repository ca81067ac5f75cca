import { randomUUID } from 'node:crypto';
import type Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { createBondsPortfolioSource } from '../src/modules/bonds/portfolio';
import { createLoansPortfolioSource } from '../src/modules/loans/portfolio';
import type { PortfolioDeps } from '../src/modules/portfolio';
import { call, drivers, operatorToken, registerUser, startServer, uploadImage, type Harness } from './harness';
import { PINNED_RATES, scriptedMarket } from './scripted';

// Bonds and loans in the one valuation (issue 32), through POST /web/portfolio on a pinned clock.
// A bond holding is worth its face at the dirty bid: the clean bid the bond API quotes plus the
// interest accrued to a sale's settlement day (T+1 for a Treasury, T+2 for a euro bond) worked out
// here from the coupon's days, each × face ÷ 100 to the cent, as a sale books them; buying one costs net assets exactly the markup and the bid/ask spread. A loan is a
// liability: its disbursement leaves net assets where they were (the cash and the debt both rise),
// and each day's interest lowers them by that interest, worked out here from the stated rule
// (principal × rate × days ÷ 365, rounded once per period). The past values (`offLedgerAt`, for
// analytics) are checked on each module's source directly. No expected figure is read from the
// portfolio's own answer.

const SEED = 'portfolio-bonds-loans';
const DAY = 86_400_000;
/** Tuesday 8 December 2026, 10:00 in New York: the bond market is open. */
const NOW = Date.parse('2026-12-08T15:00:00Z');
const idem = () => ({ 'idempotency-key': randomUUID() });
const cents = (x: Decimal.Value) => new Dec(x).toDecimalPlaces(2, Dec.ROUND_HALF_UP);

interface Line {
  key: string;
  product: string;
  side: 'asset' | 'liability';
  instrument: string | null;
  wallet: string | null;
  quantity: string | null;
  price: string | null;
  priceCurrency: string | null;
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
  byProduct: Array<{ product: string; side: string; value: string }>;
  stale: string[];
}

/** (num ÷ den)^12 − 1 in percent to two places, half up, with exact integers. */
function compounded(num: bigint, den: bigint): string {
  const hundredths = ((num ** 12n - den ** 12n) * 20_000n + den ** 12n) / (2n * den ** 12n);
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

describe.each(await drivers())('bonds and loans in the portfolio on %s', (driver) => {
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

  /** A module's source built as app.ts builds it, for its past values. */
  const deps = (): PortfolioDeps => ({ db: h.db, seed: SEED, now, clocks: { funds: now, bonds: now, loans: now, quantify: now } }) as unknown as PortfolioDeps;

  const portfolio = async (token: string, currency: 'EUR' | 'USD' = 'EUR') => {
    const r = await call(h, 'POST', '/web/portfolio', { token, body: { currency } });
    expect(r.code, r.msg).toBe(200);
    return r.data as Answer;
  };
  const quote = async (symbol: string) => {
    const r = await call(h, 'GET', `/web/treasuryBond/quotes?symbol=${symbol}`);
    expect(r.code, r.msg).toBe(200);
    return r.data[0] as { bid: string; ask: string; accrued: string };
  };
  const buy = async (token: string, stockCode: string, face: string) => {
    const r = await call(h, 'POST', '/web/treasuryBond/create', { token, headers: idem(), body: { stockCode, face } });
    expect(r.code, r.msg).toBe(200);
    return r.data as Record<string, any>;
  };

  async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, ms = 8000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await probe();
      if (done(v) || Date.now() > deadline) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** A verified investor `ageDays` old with `eur` deposited, moved into `wallet` when one is named. */
  async function investor(eur: string, wallet?: string, ageDays = 0) {
    const u = await registerUser(h);
    if (ageDays > 0) await h.db.query('update users set created_at = $2 where id = $1', [u.id, new Date(clock - ageDays * DAY)]);
    const frontUrl = await uploadImage(h, u.token);
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Po', lastName: 'Rt', country: 'NL', idType: 'passport', idNumber: 'NP1122334', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    expect((await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} })).code).toBe(200);
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: idem(),
      body: { method: 'fiat', currency: 'EUR', amount: eur, proofUrl: frontUrl },
    });
    expect((await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} })).code).toBe(200);
    if (wallet) {
      const t = await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: idem(), body: { from: 'BALANCE', to: wallet, amount: eur } });
      expect(t.code, t.msg).toBe(200);
      await until(
        () => call(h, 'POST', '/web/wallet/transferList', { token: u.token, body: {} }),
        (r) => r.data.list.find((x: { id: number }) => x.id === t.data.id)?.status === 1,
      );
    }
    return u;
  }

  it('values a euro bond at its face × the dirty bid, and buying it costs net assets the markup and the spread exactly', async () => {
    const u = await investor('2000.00', 'STOCK');
    const before = await portfolio(u.token);
    expect(before).toMatchObject({ total: '2000.00', liabilities: '0.00', netAssets: '2000.00', stale: [] });

    const q = await quote('DE10Y');
    // 2.60 % annual, settling T+2 on Thursday 10 December: 15 February 2026 to 10 December is 298 of the
    // 365 days to 15 February 2027 (13 in February, March to November's 275, 10 in December).
    const accrued = new Dec('2.6').mul(298).div(365);
    expect(q.accrued).toBe(accrued.toFixed(6));
    const held = await buy(u.token, 'DE10Y', '1000');

    const after = await portfolio(u.token);
    const line = after.lines.find((l) => l.product === 'bond')!;
    // 1,000 face is 10 × the price per 100: clean bid and accrued, each to the cent as a sale books them.
    const value = cents(new Dec(q.bid).mul(10)).add(cents(accrued.mul(10)));
    expect(line).toMatchObject({
      key: `bond:${held.id}`,
      side: 'asset',
      instrument: 'DE10Y',
      wallet: 'STOCK',
      quantity: '1000',
      // The dirty bid to 6 places, written as the portfolio writes a decimal: without trailing zeros.
      price: new Dec(new Dec(q.bid).add(accrued).toFixed(6)).toFixed(),
      priceCurrency: 'EUR',
      priceSource: 'curve',
      priceTimestamp: NOW,
      currency: 'EUR',
      value: value.toFixed(2),
      reportingValue: value.toFixed(2),
      stale: false,
    });
    // Face × the dirty bid, rounded once, is the same to within the cent the parts' rounding may add.
    expect(
      value
        .sub(cents(new Dec(1000).mul(new Dec(q.bid).add(accrued)).div(100)))
        .abs()
        .lte('0.01'),
    ).toBe(true);
    // Cost: the dirty ask plus the markup of 0.25 per 100 (10 years to maturity); the net profit is after it.
    const cost = cents(new Dec(q.ask).mul(10))
      .add(cents(accrued.mul(10)))
      .add('2.50');
    expect(held.cost).toBe(cost.toFixed(2));
    expect(line).toMatchObject({ cost: cost.toFixed(2), fees: '2.50', pnl: value.sub(cost).toFixed(2), pnlGross: value.sub(cost).add('2.50').toFixed(2) });
    // Bought today: its change is the dirty bid less the dirty ask paid, 10 × −(2 × 0.02).
    expect(line.dayChange).toBe('-0.40');

    // The money left the wallet and came back as the bond less the markup (2.50) and the spread, 10 × (ask − bid) = 10 × 0.04.
    const spread = cents(new Dec(q.ask).mul(10)).sub(cents(new Dec(q.bid).mul(10)));
    expect(spread.toFixed(2)).toBe('0.40');
    expect(after.netAssets).toBe(new Dec(before.netAssets).sub('2.50').sub(spread).toFixed(2));
    expect(after.liabilities).toBe('0.00');
    expect(after.byProduct).toContainEqual({ product: 'bond', side: 'asset', value: value.toFixed(2) });
    // The bonds page says the same value.
    const page = (await call(h, 'POST', '/web/treasuryBond/pageList', { token: u.token, body: {} })).data.list[0];
    expect(new Dec(page.value).sub(value).abs().lte('0.01')).toBe(true);

    // Its past values for analytics: at the day's end (the next midnight, 19:00 on Tuesday in New York) the
    // clean bid the bond API quotes for that moment (the bond market is closed then: its last trade's,
    // Tuesday's) with the interest accrued to that trade's settlement day, still Thursday 10 December, in euros.
    const end = Date.UTC(2026, 11, 9);
    clock = end;
    const then = await quote('DE10Y');
    clock = NOW;
    const thenValue = cents(new Dec(then.bid).mul(10)).add(cents(new Dec('2.6').mul(298).div(365).mul(10)));
    const past = await createBondsPortfolioSource(deps()).offLedgerAt!(u.id, [NOW - DAY, end]);
    expect(past[0]).toEqual([]);
    expect(past[1]!.map((v) => ({ ...v, value: v.value.toFixed(2) }))).toEqual([
      { product: 'bond', side: 'asset', currency: 'EUR', value: thenValue.toFixed(2) },
    ]);
  });

  it('values a dollar bond in its dollar wallet and converts it once at the answer’s rate', async () => {
    // 800 EUR are 1,000 USD at EURUSD 1.25.
    const u = await investor('800.00', 'US_STOCK');
    const q = await quote('US10Y');
    // 4.125 % semi-annual, settling T+1 on Wednesday 9 December: 15 November 2026 to 9 December is 24 days of the 181 to 15 May 2027.
    const accrued = new Dec('2.0625').mul(24).div(181);
    expect(q.accrued).toBe(accrued.toFixed(6));
    expect(await portfolio(u.token, 'USD')).toMatchObject({ netAssets: '1000.00' });
    await buy(u.token, 'US10Y', '300');
    const after = await portfolio(u.token);
    const value = cents(new Dec(q.bid).mul(3)).add(cents(accrued.mul(3)));
    const line = after.lines.find((l) => l.product === 'bond')!;
    // 1 USD = 0.8 EUR.
    expect(line).toMatchObject({
      wallet: 'US_STOCK',
      currency: 'USD',
      priceCurrency: 'USD',
      quantity: '300',
      value: value.toFixed(2),
      reportingValue: cents(value.mul('0.8')).toFixed(2),
      fees: '0.75',
    });
    // In dollars: the markup 3 × 0.25 and the spread 3 × 0.04 (each part to the cent).
    const spread = cents(new Dec(q.ask).mul(3)).sub(cents(new Dec(q.bid).mul(3)));
    const cash = after.lines.find((l) => l.key === 'cash:US_STOCK')!;
    expect(new Dec(cash.value).add(line.value).toFixed(2)).toBe(new Dec(1000).sub('0.75').sub(spread).toFixed(2));
    expect((await portfolio(u.token, 'USD')).netAssets).toBe(new Dec(1000).sub('0.75').sub(spread).toFixed(2));
  });

  it('counts a loan as a liability: disbursing it leaves net assets unchanged, its interest lowers them by that interest', async () => {
    // 365 days old (100), verified (150), 2,000 deposited (30), no trades, no loan (50): 630, the band of 1,000 at 24 %.
    const u = await investor('2000.00', undefined, 365);
    const profile = (await call(h, 'GET', '/web/loan/profile', { token: u.token })).data;
    // 24 % nominal is 2 % a month: 1.02^12 − 1 = 26.82 %.
    expect(profile).toMatchObject({ score: 630, aprPercent: '24.00', annualPercentageRate: compounded(102n, 100n) });
    expect(profile.annualPercentageRate).toBe('26.82');
    const before = await portfolio(u.token);
    expect(before).toMatchObject({ total: '2000.00', liabilities: '0.00', netAssets: '2000.00' });

    const applied = await call(h, 'POST', '/web/loan/apply', {
      token: u.token,
      headers: idem(),
      body: { amount: '1000', months: 3, aprPercent: '24.00', accepted: true },
    });
    expect(applied.code, applied.msg).toBe(200);
    // Waiting for review: nothing owed, nothing counted.
    expect(await portfolio(u.token)).toMatchObject({ total: '2000.00', liabilities: '0.00', netAssets: '2000.00' });
    const approved = await call(h, 'POST', `/web/operator/loans/${applied.data.id}/approve`, { token: op, body: { reason: 'fine' } });
    expect(approved.code, approved.msg).toBe(200);

    const lent = await portfolio(u.token);
    expect(lent).toMatchObject({ total: '3000.00', liabilities: '1000.00', netAssets: '2000.00' });
    const line = lent.lines.find((l) => l.product === 'loan')!;
    expect(line).toMatchObject({
      key: `loan:${applied.data.id}`,
      side: 'liability',
      wallet: 'BALANCE',
      priceSource: 'accrual',
      priceTimestamp: Date.UTC(2026, 11, 8),
      currency: 'EUR',
      value: '1000.00',
      reportingValue: '1000.00',
      cost: '1000.00',
      pnl: '0.00',
    });
    // Today adds a day's interest to what is owed: 1,000 × 0.24 ÷ 365 = 0.6575… → 0.66, a fall of net assets.
    expect(cents(new Dec(1000).mul('0.24').div(365)).toFixed(2)).toBe('0.66');
    expect(line.dayChange).toBe('-0.66');
    expect(lent.byProduct).toContainEqual({ product: 'loan', side: 'liability', value: '1000.00' });
    // In dollars at 1.25 a euro.
    expect(await portfolio(u.token, 'USD')).toMatchObject({ liabilities: '1250.00', netAssets: '2500.00' });

    // Ten days later (8 … 17 December accrued): 1,000 × 0.24 × 10 ÷ 365 = 6.5753… → 6.58 owed beyond the principal.
    clock = NOW + 10 * DAY;
    const interest = cents(new Dec(1000).mul('0.24').mul(10).div(365));
    expect(interest.toFixed(2)).toBe('6.58');
    const later = await portfolio(u.token);
    expect(later.lines.find((l) => l.product === 'loan')).toMatchObject({ value: new Dec(1000).add(interest).toFixed(2), pnl: interest.neg().toFixed(2) });
    expect(later).toMatchObject({ total: '3000.00', liabilities: '1006.58', netAssets: new Dec(2000).sub(interest).toFixed(2) });
    // The loan's own payoff agrees.
    expect((await call(h, 'GET', `/web/loan/shouldRepayAmount?loanId=${applied.data.id}`, { token: u.token })).data.payoff).toBe('1006.58');

    // A repayment moves money from the cash to the debt: net assets stay where they were.
    const repaid = await call(h, 'POST', '/web/loan/applyRepay', { token: u.token, headers: idem(), body: { loanId: applied.data.id, amount: '200' } });
    expect(repaid.code, repaid.msg).toBe(200);
    expect(await portfolio(u.token)).toMatchObject({ total: '2800.00', liabilities: '806.58', netAssets: '1993.42' });

    // What was owed at past days' ends, replayed: the end of the day of disbursement has one day's interest,
    // 0.66; four days later five, 1,000 × 0.24 × 5 ÷ 365 = 3.2876… → 3.29; the end of the repayment's
    // day the period's principal-days (10 × 1,000 + 806.58) at 24 % ÷ 365 = 7.1057… → 7.11, of which 6.58 is paid.
    const source = createLoansPortfolioSource(deps());
    const ends = [Date.UTC(2026, 11, 8), Date.UTC(2026, 11, 9), Date.UTC(2026, 11, 13), Date.UTC(2026, 11, 19)];
    const past = await source.offLedgerAt!(u.id, ends);
    const owed = past.map((values) => values.map((v) => `${v.product} ${v.side} ${v.currency} ${v.value.toFixed(2)}`));
    const afterRepayment = new Dec('806.58').add(cents(new Dec(10_000).add('806.58').mul('0.24').div(365)).sub('6.58'));
    expect(owed).toEqual([
      [],
      ['loan liability EUR 1000.66'],
      [`loan liability EUR ${new Dec(1000).add(cents(new Dec(5000).mul('0.24').div(365))).toFixed(2)}`],
      [`loan liability EUR ${afterRepayment.toFixed(2)}`],
    ]);
    expect(afterRepayment.toFixed(2)).toBe('807.11');

    // The loan states the annual percentage rate of the key fact statement it was offered with: the
    // true rate of Σ D_l (1 + X)^(−l/12) = 1,000 over those instalments is bracketed here in floating point.
    const apr = applied.data.annualPercentageRate as string;
    const totals = (applied.data.schedule as Array<{ total: string }>).map((r) => Number(r.total));
    const excess = (x: number) => totals.reduce((s, d, k) => s + d * (1 + x) ** (-(k + 1) / 12), 0) - 1000;
    expect(excess(Number(apr) / 100 - 0.00005)).toBeGreaterThan(0);
    expect(excess(Number(apr) / 100 + 0.00005)).toBeLessThan(0);
    const loan = (await call(h, 'POST', '/web/loan/applyList', { token: u.token, body: {} })).data.list[0];
    expect(loan).toMatchObject({ aprPercent: '24.00', annualPercentageRate: apr });
    clock = NOW;
  });
});
