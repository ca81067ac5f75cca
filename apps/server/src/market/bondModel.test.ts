import { describe, expect, it } from 'vitest';
import { Dec } from '../lib/decimal';
import { bondTermsAt } from './bondTerms';
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

describe('bond prices in the simulated market come from the curve', () => {
  it('a bill mid is 100 discounted at the zero rate to its maturity, bid and ask the half-spread either side', () => {
    const m = createSimulatedMarket({ seed: 'curve', now: () => NOW });
    const minute = Math.floor(NOW / MIN) * MIN;
    // Friday 20 November: the issue of 19 November matures on 18 February 2027, 90 days on.
    const t = new Dec(90).div(365);
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
    m.setBondSpreads!(new Map([['NL10Y', [{ from: 0, spreadBp: '8' }, { from: NOW - 60_000, spreadBp: '58' }]]]));
    expect(m.snapshot('NL10Y', NOW - 3_600_000).last).toBe(before);
    // 50 basis points more on a bond of about eight years' duration: some four points lower.
    const drop = new Dec(now).sub(m.snapshot('NL10Y', NOW).last);
    expect(drop.gt(3)).toBe(true);
    expect(drop.lt(5)).toBe(true);
  });
});
