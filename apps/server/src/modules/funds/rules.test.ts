import { describe, expect, it } from 'vitest';
import { Dec } from '../../lib/decimal';
import {
  basketRatio,
  capWeights,
  currentIncome,
  DAY_MS,
  earlyRedemption,
  liquidRatio,
  maturityPayDay,
  nextNav,
  orderTiming,
  payDayOf,
  seededIncome,
  simpleInterest,
  takeLots,
  unitsFor,
} from './rules';

const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const at = (isoTime: string) => Date.parse(isoTime);

describe('the cut-off', () => {
  const us = { calendar: 'US' as const, cutoffMinutes: 15 * 60, navLag: false };
  it('gives an order before 15:00 New York time that day’s NAV, after it the next trading day’s', () => {
    // Tuesday 10 March 2026: New York is on daylight time (UTC−4) since the 8th.
    expect(orderTiming(us, at('2026-03-10T18:59:59Z'))).toEqual({
      cutoffAt: at('2026-03-10T19:00:00Z'),
      orderNavDay: day('2026-03-10'),
      nextNavDay: day('2026-03-11'),
    });
    expect(orderTiming(us, at('2026-03-10T19:00:00Z'))).toEqual({
      cutoffAt: at('2026-03-11T19:00:00Z'),
      orderNavDay: day('2026-03-11'),
      nextNavDay: day('2026-03-12'),
    });
  });
  it('moves an order on a weekend or a holiday to the next trading day', () => {
    // Saturday 4 April 2026, then Good Friday (3 April) is an NYSE holiday.
    expect(orderTiming(us, at('2026-04-04T12:00:00Z')).orderNavDay).toBe(day('2026-04-06'));
    expect(orderTiming(us, at('2026-04-02T20:00:00Z')).orderNavDay).toBe(day('2026-04-06'));
  });
  it('gives a liquid fund’s order before 13:30 the previous trading day’s NAV, after it that day’s', () => {
    const liq = { calendar: 'EURONEXT-AMS' as const, cutoffMinutes: 13 * 60 + 30, navLag: true };
    // Amsterdam is UTC+1 in March until the 29th.
    expect(orderTiming(liq, at('2026-03-10T12:29:00Z'))).toEqual({
      cutoffAt: at('2026-03-10T12:30:00Z'),
      orderNavDay: day('2026-03-09'),
      nextNavDay: day('2026-03-10'),
    });
    expect(orderTiming(liq, at('2026-03-10T12:30:00Z')).orderNavDay).toBe(day('2026-03-10'));
    // Monday before the cut-off: Friday's NAV.
    expect(orderTiming(liq, at('2026-03-09T08:00:00Z')).orderNavDay).toBe(day('2026-03-06'));
  });
  it('pays on the third working day after the NAV day', () => {
    expect(payDayOf('US', day('2026-03-10'))).toBe(day('2026-03-13'));
    // Over a weekend and Good Friday.
    expect(payDayOf('US', day('2026-04-01'))).toBe(day('2026-04-07'));
  });
  it('counts settlement days, not trading days, to the payday', () => {
    // Priced Wednesday 23 December 2026 in Hong Kong: the 24th is a half day that does not settle, the
    // 25th a holiday, then a weekend: the 28th, 29th and 30th are the three settlement days.
    expect(payDayOf('HK', day('2026-12-23'))).toBe(day('2026-12-30'));
    // New York settles on its half day of the 24th: the 24th, 28th, 29th.
    expect(payDayOf('US', day('2026-12-23'))).toBe(day('2026-12-29'));
  });
  it('pays a Regular term ending on a TARGET holiday or a weekend on the next business day', () => {
    // Labour Day 2026 is a Friday: Monday 4 May.
    expect(maturityPayDay(day('2026-05-01'))).toBe(day('2026-05-04'));
    // Xetra does not trade on 24 December but settles: paid that day. Christmas: Monday 28th.
    expect(maturityPayDay(day('2026-12-24'))).toBe(day('2026-12-24'));
    expect(maturityPayDay(day('2026-12-25'))).toBe(day('2026-12-28'));
    // An ordinary Tuesday stays.
    expect(maturityPayDay(day('2026-06-09'))).toBe(day('2026-06-09'));
  });
});

describe('the NAV', () => {
  it('is the previous NAV × the weighted close ratio × (1 − expense ÷ 365), four decimals half up', () => {
    const ratio = basketRatio([
      { weight: '0.6', close: '110', previousClose: '100' },
      { weight: '0.4', close: '95', previousClose: '100' },
    ]);
    expect(ratio.toFixed()).toBe('1.04');
    // 10 × 1.04 × (1 − 0.0073 ÷ 365) = 10.39979200…
    expect(nextNav('10.0000', ratio, '0.73').toFixed(4)).toBe('10.3998');
    expect(nextNav('10.0000', '1', '0').toFixed(4)).toBe('10.0000');
    expect(nextNav('1.00005', '1', '0').toFixed(4)).toBe('1.0001');
  });
  it('grows a liquid fund by its short rate simply over the calendar days', () => {
    expect(liquidRatio('0.0365', 3).toFixed()).toBe('1.0003');
  });
  it('allots units rounded down to 3 decimals', () => {
    expect(unitsFor('1000', '10.3998').toFixed(3)).toBe('96.155');
  });
  it('weights a basket by market cap, four decimals summing to the total exactly', () => {
    const w = capWeights([
      { symbol: 'B', cap: '1' },
      { symbol: 'A', cap: '2' },
      { symbol: 'C', cap: '3' },
    ]);
    expect(w.map((x) => [x.symbol, x.weight.toFixed(4)])).toEqual([
      ['C', '0.5000'],
      ['A', '0.3333'],
      ['B', '0.1667'],
    ]);
    const sixty = capWeights(
      [
        { symbol: 'A', cap: '1' },
        { symbol: 'B', cap: '2' },
      ],
      '0.6',
    );
    expect(sixty.reduce((s, x) => s.add(x.weight), new Dec(0)).toFixed()).toBe('0.6');
  });
});

describe('the exit load', () => {
  const terms = { exitLoadDays: 365, freeUnitsPercent: '10', lockInDays: 0 };
  const lots = [
    { id: 1, units: '100', available: '100', freeUsed: '0', navDay: day('2025-01-02') },
    { id: 2, units: '50', available: '50', freeUsed: '0', navDay: day('2026-01-05') },
    { id: 3, units: '40', available: '40', freeUsed: '2', navDay: day('2026-02-02') },
  ];
  it('takes lots first in first out: an old lot is load-free, a young one has its 10 % free once and the rest loaded', () => {
    const { takes, redeemable } = takeLots(lots, '170', day('2026-03-10'), terms, at('2026-03-10T12:00:00Z'));
    expect(redeemable.toFixed()).toBe('190');
    expect(takes.map((t) => [t.holdingId, t.units.toFixed(), t.free.toFixed(), t.loaded.toFixed()])).toEqual([
      [1, '100', '100', '0'],
      [2, '50', '5', '45'],
      // 10 % of 40 is 4, of which 2 were used before.
      [3, '20', '2', '18'],
    ]);
  });
  it('takes nothing when more is asked than the lots hold', () => {
    expect(takeLots(lots, '190.001', day('2026-03-10'), terms, at('2026-03-10T12:00:00Z')).takes).toEqual([]);
  });
  it('keeps a lot in its lock-in out of reach and says when the next one opens', () => {
    const locked = takeLots(lots, '101', day('2026-03-10'), { ...terms, lockInDays: 1095 }, at('2026-03-10T12:00:00Z'));
    expect(locked.takes).toEqual([]);
    expect(locked.redeemable.toFixed()).toBe('0');
    expect(locked.nextUnlock).toBe(day('2025-01-02') + 1095 * DAY_MS);
  });
});

describe('deposit terms', () => {
  it('credits a Current day’s income per 10,000 units, rounded down to the cent', () => {
    expect(currentIncome('12345.67', '0.5123').toFixed(2)).toBe('0.63');
    expect(currentIncome('100', '0.45').toFixed(2)).toBe('0.00');
  });
  it('pays a Regular term’s interest, rounded down; an early redemption forfeits it and pays the penalty', () => {
    // 1000 × 2.10 % × 90 ÷ 365 = 5.178…
    expect(simpleInterest('1000', '2.10', 90).toFixed(2)).toBe('5.17');
    const early = earlyRedemption('1000', '2.10', '0.50', 10);
    expect([early.forfeited, early.penalty, early.gross, early.charge, early.net].map((x) => x.toFixed(2))).toEqual([
      '0.57',
      '5.00',
      '1000.57',
      '5.57',
      '995.00',
    ]);
  });
  it('seeds a declared income between 0.4500 and 0.5500, the same for a day whoever asks', () => {
    for (let n = 0; n < 200; n += 1) {
      const income = seededIncome(day('2026-03-10') + n * DAY_MS);
      expect(income.gte('0.45') && income.lte('0.55')).toBe(true);
      expect(income.decimalPlaces()).toBeLessThanOrEqual(4);
    }
    expect(seededIncome(day('2026-03-10')).toFixed()).toBe(seededIncome(day('2026-03-10')).toFixed());
    expect(new Set([0, 1, 2, 3, 4, 5].map((n) => seededIncome(day('2026-03-10') + n * DAY_MS).toFixed())).size).toBeGreaterThan(1);
  });
});
