import { describe, expect, it } from 'vitest';
import { Dec } from '../lib/decimal';
import { bondSettlementDay, bondTermsAt } from './bondTerms';
import { isoToDay } from './calendars';
import { createYieldCurves } from './curve';
import { createSimulatedMarket } from './simulated';
import { UNIVERSE } from './universe';

const at = (iso: string) => Date.parse(iso);
const MIN = 60_000;
const DAY = 86_400_000;
const NOW = at('2026-11-20T15:47:23Z');
const bill = UNIVERSE.find((i) => i.symbol === 'US3M')!;

describe('bills roll weekly', () => {
  it('quote the issue of the latest Thursday: 13 weeks after it', () => {
    // Wednesday 25 November: the issue of Thursday 19 November; Thursday 26 November: its own.
    expect(bondTermsAt(bill, isoToDay('2026-11-25')).maturity).toBe(isoToDay('2027-02-18'));
    expect(bondTermsAt(bill, isoToDay('2026-11-26')).maturity).toBe(isoToDay('2027-02-25'));
    expect(bondTermsAt(bill, isoToDay('2026-11-26'))).toMatchObject({ couponRate: '0', frequency: 0 });
  });
});

describe('the settlement day of a bond trade', () => {
  const settles = (currency: string, iso: string) => bondSettlementDay(currency, at(iso));

  it('is T+1 for Treasuries and T+2 for euro bonds and Mbonos, counted from the New York trading day', () => {
    // Tuesday 8 December 2026, 10:00 in New York.
    expect(settles('USD', '2026-12-08T15:00:00Z')).toBe(isoToDay('2026-12-09'));
    expect(settles('EUR', '2026-12-08T15:00:00Z')).toBe(isoToDay('2026-12-10'));
    // BMV's own cycle is its equities' T+1: an Mbono still takes two days.
    expect(settles('MXN', '2026-12-08T15:00:00Z')).toBe(isoToDay('2026-12-10'));
    // 23:30 on Tuesday in New York is Wednesday in UTC: still Tuesday's trade.
    expect(settles('USD', '2026-12-09T04:30:00Z')).toBe(isoToDay('2026-12-09'));
  });

  it('skips weekends and each calendar’s own closures', () => {
    // Friday 11 December settles Monday 14th (T+1) and Tuesday 15th (T+2); on Saturday the trading day is still Friday.
    expect(settles('USD', '2026-12-11T15:00:00Z')).toBe(isoToDay('2026-12-14'));
    expect(settles('EUR', '2026-12-11T15:00:00Z')).toBe(isoToDay('2026-12-15'));
    expect(settles('USD', '2026-12-12T15:00:00Z')).toBe(isoToDay('2026-12-14'));
    // Thursday 24 December (a SIFMA half day): Christmas closes both, so Monday 28th, and for a Bund Tuesday 29th.
    expect(settles('USD', '2026-12-24T15:00:00Z')).toBe(isoToDay('2026-12-28'));
    expect(settles('EUR', '2026-12-24T15:00:00Z')).toBe(isoToDay('2026-12-29'));
    // Good Friday 2026 trades to noon but does not settle: Thursday's Treasuries settle on Monday 6 April.
    expect(settles('USD', '2026-04-02T15:00:00Z')).toBe(isoToDay('2026-04-06'));
    // Monday 16 November 2026 closes BMV: a Friday Mbono trade settles Tuesday 17th and Wednesday 18th.
    expect(settles('MXN', '2026-11-13T15:00:00Z')).toBe(isoToDay('2026-11-18'));
  });

  it('moves euro bonds to T+1 from 11 October 2027', () => {
    // Friday 8 October 2027: T+2, Tuesday 12th. Tuesday 12 October: T+1, Wednesday 13th.
    expect(settles('EUR', '2027-10-08T15:00:00Z')).toBe(isoToDay('2027-10-12'));
    expect(settles('EUR', '2027-10-12T15:00:00Z')).toBe(isoToDay('2027-10-13'));
    // Columbus Day (Monday 11 October) closes the bond market: a trade then is Friday's, for a Bund too.
    expect(settles('EUR', '2027-10-11T15:00:00Z')).toBe(isoToDay('2027-10-12'));
  });
});

describe('bond prices in the simulated market come from the curve', () => {
  it('a bill mid is 100 discounted at the zero rate to its maturity, bid and ask the half-spread either side', () => {
    const m = createSimulatedMarket({ seed: 'curve', now: () => NOW });
    const minute = Math.floor(NOW / MIN) * MIN;
    // Friday 20 November, 10:47 in New York: a purchase settles T+1 on Monday 23 November, and the
    // issue of 19 November matures on 18 February 2027, 7 + 31 + 31 + 18 = 87 days after that.
    const t = new Dec(87).div(365);
    const mid = new Dec(100).mul(new Dec(1).add(createYieldCurves('curve').zeroRate('USD', minute, t)).pow(t.neg())).toDecimalPlaces(4, Dec.ROUND_HALF_UP);
    expect(m.snapshot('US3M', NOW)).toMatchObject({ last: mid.toFixed(4), bid: mid.sub('0.004').toFixed(4), ask: mid.add('0.004').toFixed(4) });
  });

  it('a day of a note: the daily candle is its minutes, which close at the snapshots', () => {
    const m = createSimulatedMarket({ seed: 'curve', now: () => NOW + DAY });
    const [d] = m.candles('US10Y', '1d', at('2026-11-19T00:00:00Z'), at('2026-11-20T00:00:00Z'));
    const minutes = m.candles('US10Y', '1m', d!.time, d!.time + DAY);
    expect(minutes).toHaveLength(540);
    expect(minutes[0]!.open).toBe(d!.open);
    expect(minutes.at(-1)!.close).toBe(d!.close);
    expect(Math.max(...minutes.map((c) => Number(c.high)))).toBe(Number(d!.high));
    expect(Math.min(...minutes.map((c) => Number(c.low)))).toBe(Number(d!.low));
    for (const c of minutes.slice(100, 110)) expect(m.snapshot('US10Y', c.time + 30_000).last).toBe(c.open);
  });

  it('moves by a spread from the moment it is set, and not before', () => {
    const m = createSimulatedMarket({ seed: 'curve', now: () => NOW });
    const before = m.snapshot('NL10Y', NOW - 3_600_000).last;
    const now = m.snapshot('NL10Y', NOW).last;
    m.setBondSpreads!(
      new Map([
        [
          'NL10Y',
          [
            { from: 0, spreadBp: '8' },
            { from: NOW - 60_000, spreadBp: '58' },
          ],
        ],
      ]),
    );
    expect(m.snapshot('NL10Y', NOW - 3_600_000).last).toBe(before);
    // 50 basis points more on a bond of about eight years' duration: some four points lower.
    const drop = new Dec(now).sub(m.snapshot('NL10Y', NOW).last);
    expect(drop.gt(3)).toBe(true);
    expect(drop.lt(5)).toBe(true);
  });
});
