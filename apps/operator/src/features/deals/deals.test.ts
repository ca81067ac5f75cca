import { dealScheduleProblem, zDealInput, type Deal } from '@tradeapp/contract';
import { describe, expect, it } from 'vitest';
import { eventsOf, shiftMonth, weeksOf } from './calendar';
import { draftOf, fractionToPercent, inputOf, newDraft, percentToFraction, withMarket } from './draft';
import { dayOf, formatDay, formatMoment, fromZonedInput, toZonedInput, tradingDayHint, windowHours, windowTimeHint } from './time';

describe('exchange clocks', () => {
  it('reads a window time on Hong Kong’s clock (UTC+8, no daylight saving)', () => {
    expect(fromZonedInput('2026-06-10T09:00', 'Asia/Hong_Kong')).toBe(Date.UTC(2026, 5, 10, 1, 0));
    expect(toZonedInput(Date.UTC(2026, 5, 10, 1, 0), 'Asia/Hong_Kong')).toBe('2026-06-10T09:00');
  });

  it('follows New York’s daylight saving on either side of the change', () => {
    expect(fromZonedInput('2026-01-15T09:30', 'America/New_York')).toBe(Date.UTC(2026, 0, 15, 14, 30));
    expect(fromZonedInput('2026-07-15T09:30', 'America/New_York')).toBe(Date.UTC(2026, 6, 15, 13, 30));
    // 8 March 2026, the clocks go from 02:00 to 03:00: 03:30 is after the change.
    expect(fromZonedInput('2026-03-08T03:30', 'America/New_York')).toBe(Date.UTC(2026, 2, 8, 7, 30));
  });

  it('gives back what it read, and the day on the exchange’s calendar', () => {
    const at = fromZonedInput('2026-11-01T23:45', 'America/New_York')!;
    expect(toZonedInput(at, 'America/New_York')).toBe('2026-11-01T23:45');
    expect(dayOf(at, 'America/New_York')).toBe('2026-11-01');
    expect(dayOf(at, 'Asia/Hong_Kong')).toBe('2026-11-02');
  });

  it('shows the hours a window may open and close in, and the next valid time of one typed outside them', () => {
    const clock = (h: number, m: number) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, 0, 1, h, m));
    // Hong Kong: the pre-opening runs on into the morning session; New York: the core session.
    expect(windowHours('HK', '2027-03-04')).toBe(`${clock(9, 0)}–${clock(12, 0)}, ${clock(13, 0)}–${clock(16, 0)}`);
    expect(windowHours('US', '2027-03-06')).toBe(`${clock(9, 30)}–${clock(16, 0)}`);
    // Christmas Eve 2026 in Hong Kong is a half day: the morning only.
    expect(windowHours('HK', '2026-12-24')).toBe(`${clock(9, 0)}–${clock(12, 0)}`);
    // 23:17 Thursday 4 March 2027 in Hong Kong: Friday's 09:00 (01:00 UTC); 12:00 noon closes, but does not open, a window.
    expect(windowTimeHint('HK', '2027-03-04T23:17', 'closes')).toBe(
      `Outside the exchange’s hours: the next valid time is ${formatMoment(Date.UTC(2027, 2, 5, 1, 0), 'Asia/Hong_Kong')}.`,
    );
    expect(windowTimeHint('HK', '2027-03-04T12:00', 'closes')).toBeNull();
    expect(windowTimeHint('HK', '2027-03-04T12:00', 'opens')).toBe(
      `Outside the exchange’s hours: the next valid time is ${formatMoment(Date.UTC(2027, 2, 4, 5, 0), 'Asia/Hong_Kong')}.`,
    );
    // Saturday 6 March 2027: Monday the 8th.
    expect(tradingDayHint('US', '2027-03-06')).toBe(`Not a trading day of the exchange: the next is ${formatDay('2027-03-08')}.`);
    expect(tradingDayHint('US', '2027-03-08')).toBeNull();
  });

  it('refuses what is not a datetime-local value', () => {
    expect(fromZonedInput('', 'Asia/Hong_Kong')).toBeNull();
    expect(fromZonedInput('2026-06-10', 'Asia/Hong_Kong')).toBeNull();
  });
});

describe('fee rate in percent', () => {
  it('moves the decimal point in the text', () => {
    expect(percentToFraction('1.0085')).toBe('0.010085');
    expect(percentToFraction('0')).toBe('0');
    expect(percentToFraction('12.5')).toBe('0.125');
    expect(percentToFraction(' 0.00565 ')).toBe('0.0000565');
    expect(fractionToPercent('0.010085')).toBe('1.0085');
    expect(fractionToPercent('0')).toBe('0');
    expect(fractionToPercent('0.125')).toBe('12.5');
  });

  it('sends anything else as typed, for the server to refuse on its field', () => {
    expect(percentToFraction('1,5')).toBe('1,5');
    expect(percentToFraction('')).toBe('');
  });
});

describe('the editor’s draft', () => {
  const now = Date.UTC(2026, 5, 10, 4, 0);
  /** A new Hong Kong deal as an operator types it, the fund raising written `fundRaising`. */
  const pearlRiver = (fundRaising: string) => ({
    ...newDraft(now),
    name: 'Pearl River Tech',
    code: '09988',
    symbol: '9988.HK',
    priceLow: '7.20',
    priceHigh: '7.80',
    lotSize: '500',
    publicLots: '1000',
    fundRaising,
  });

  it('makes a new Hong Kong deal whose dates the contract accepts', () => {
    const draft = pearlRiver('3900000');
    const parsed = zDealInput.safeParse(inputOf(draft));
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject({ feeRate: '0.010085', handlingFee: '50.00', lotSize: 500, publicLots: 1000, prospectusDate: '2026-06-10' });
    expect(parsed.data?.subscriptionOpensTimestamp).toBe(Date.UTC(2026, 5, 11, 1, 0));
    // HKEX's timetable from Thursday 11 June 2026: closes 12:00 noon Tuesday the 16th (Friday, Monday,
    // Tuesday), priced Wednesday, results Thursday the 18th, dealing Monday the 22nd: Friday the 19th is Tuen Ng.
    expect(parsed.data).toMatchObject({ subscriptionClosesTimestamp: Date.UTC(2026, 5, 16, 4, 0), allotmentDate: '2026-06-18', listingDate: '2026-06-22' });
    expect(dealScheduleProblem('HK', parsed.data!)).toBeNull();
  });

  it('takes the other market’s exchange and usual charges, keeping charges that were typed', () => {
    const us = withMarket(newDraft(now), 'US');
    expect(us).toMatchObject({ market: 'US', exchange: 'NASDAQ', feePercent: '0', handlingFee: '0.00' });
    const typed = withMarket({ ...newDraft(now), handlingFee: '80.00' }, 'US');
    expect(typed).toMatchObject({ exchange: 'NASDAQ', feePercent: '1.0085', handlingFee: '80.00' });
  });

  it('sends a half-typed number and an empty time as they are, for the server to name the field', () => {
    const input = inputOf({ ...newDraft(now), lotSize: '12a', opens: '' });
    expect(input.lotSize).toBe('12a');
    expect(input.subscriptionOpensTimestamp).toBe(0);
    const issues = zDealInput.safeParse(input).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(issues).toEqual(expect.arrayContaining(['lotSize', 'subscriptionOpensTimestamp']));
  });

  it('reads a deal back into the form it was written from', () => {
    const draft = pearlRiver('3900000.00');
    const input = zDealInput.parse(inputOf(draft));
    const deal = { ...input, lotSize: String(input.lotSize), currency: 'HKD', finalPrice: null } as unknown as Deal;
    expect(draftOf(deal)).toEqual(draft);
  });
});

describe('the calendar', () => {
  it('lays a month out in whole weeks, Monday first', () => {
    const june = weeksOf('2026-06');
    expect(june[0]![0]).toBe('2026-06-01');
    expect(june.at(-1)!.at(-1)).toBe('2026-07-05');
    const march = weeksOf('2026-03');
    expect(march[0]![0]).toBe('2026-02-23');
    expect(march).toHaveLength(6);
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
  });

  it('puts a deal’s window on the exchange’s days, then its allotment and listing', () => {
    const deal = {
      market: 'HK',
      dealStatus: 'open',
      listedOn: null,
      // 10 June 23:30 UTC is 11 June 07:30 in Hong Kong.
      subscriptionOpensTimestamp: Date.UTC(2026, 5, 10, 23, 30),
      subscriptionClosesTimestamp: Date.UTC(2026, 5, 14, 4, 0),
      allotmentDate: '2026-06-16',
      listingDate: '2026-06-18',
    } as unknown as Deal;
    expect(eventsOf(deal).map((e) => `${e.day} ${e.kind}`)).toEqual([
      '2026-06-11 opens',
      '2026-06-12 window',
      '2026-06-13 window',
      '2026-06-14 closes',
      '2026-06-16 allotment',
      '2026-06-18 listing',
    ]);
  });
});
