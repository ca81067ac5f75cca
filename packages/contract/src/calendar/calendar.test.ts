import { describe, expect, it } from 'vitest';
import { daySegments, isoToDay, session } from './calendar';
import { CLOSURES } from './closures';

const at = (iso: string): number => Date.parse(iso);

describe('sessions', () => {
  it('US stocks: pre, regular and post in winter time (EST)', () => {
    // Thursday 15 January 2026, New York is UTC-5.
    expect(session('US', at('2026-01-15T08:59:00Z')).phase).toBe('closed');
    expect(session('US', at('2026-01-15T09:00:00Z'))).toMatchObject({ phase: 'pre', tradable: true, tradingDay: '2026-01-15' });
    expect(session('US', at('2026-01-15T14:29:59Z')).phase).toBe('pre');
    expect(session('US', at('2026-01-15T14:30:00Z'))).toMatchObject({ phase: 'regular', tradable: true, nextChange: at('2026-01-15T21:00:00Z') });
    expect(session('US', at('2026-01-15T21:00:00Z')).phase).toBe('post');
    expect(session('US', at('2026-01-16T00:59:00Z')).phase).toBe('post');
    expect(session('US', at('2026-01-16T01:00:00Z'))).toMatchObject({
      phase: 'closed',
      tradable: false,
      tradingDay: '2026-01-15',
      nextChange: at('2026-01-16T09:00:00Z'),
    });
  });

  it('US stocks: pre, regular and post in summer time (EDT)', () => {
    // Wednesday 15 July 2026, New York is UTC-4.
    expect(session('US', at('2026-07-15T07:59:00Z')).phase).toBe('closed');
    expect(session('US', at('2026-07-15T08:00:00Z')).phase).toBe('pre');
    expect(session('US', at('2026-07-15T13:30:00Z')).phase).toBe('regular');
    expect(session('US', at('2026-07-15T19:59:59Z')).phase).toBe('regular');
    expect(session('US', at('2026-07-15T20:00:00Z')).phase).toBe('post');
    expect(session('US', at('2026-07-16T00:00:00Z')).phase).toBe('closed');
  });

  it('US instruments without extended hours (indices) are closed in pre and post', () => {
    expect(session('US', at('2026-07-15T12:00:00Z'), { extendedHours: false })).toMatchObject({ phase: 'closed', tradingDay: '2026-07-14' });
    expect(session('US', at('2026-07-15T13:30:00Z'), { extendedHours: false }).phase).toBe('regular');
  });

  it('is closed on an NYSE holiday, all day', () => {
    // Thanksgiving, Thursday 26 November 2026.
    for (const t of ['2026-11-26T10:00:00Z', '2026-11-26T15:00:00Z', '2026-11-26T22:00:00Z']) {
      expect(session('US', at(t))).toMatchObject({ phase: 'closed', tradable: false, tradingDay: '2026-11-25' });
    }
    expect(session('US', at('2026-11-26T15:00:00Z')).nextChange).toBe(at('2026-11-27T09:00:00Z'));
    expect(daySegments('US', isoToDay('2026-11-26'))).toEqual([]);
  });

  it('Hong Kong: pre-open auction not tradable, lunch break closed', () => {
    expect(session('HK', at('2026-11-20T01:15:00Z'))).toMatchObject({ phase: 'pre', tradable: false, tradingDay: '2026-11-20' });
    expect(session('HK', at('2026-11-20T01:30:00Z'))).toMatchObject({ phase: 'regular', tradable: true });
    expect(session('HK', at('2026-11-20T04:30:00Z'))).toMatchObject({
      phase: 'closed',
      tradable: false,
      tradingDay: '2026-11-20',
      nextChange: at('2026-11-20T05:00:00Z'),
    });
    expect(session('HK', at('2026-11-20T05:00:00Z')).phase).toBe('regular');
    expect(session('HK', at('2026-11-20T08:00:00Z')).phase).toBe('closed');
    expect(session('HK', at('2026-02-18T03:00:00Z')).phase).toBe('closed'); // Lunar New Year
  });

  it('forex: closed on Saturday, open from Sunday 17:00 New York', () => {
    expect(session('FX', at('2026-11-21T12:00:00Z')).phase).toBe('closed');
    expect(session('FX', at('2026-11-20T21:59:00Z')).phase).toBe('regular'); // Friday 16:59 ET
    expect(session('FX', at('2026-11-20T22:00:00Z')).phase).toBe('closed'); // Friday 17:00 ET
    expect(session('FX', at('2026-11-22T21:00:00Z')).phase).toBe('closed'); // Sunday 16:00 ET
    expect(session('FX', at('2026-11-22T23:00:00Z'))).toMatchObject({ phase: 'regular', tradable: true, tradingDay: '2026-11-23' }); // Sunday 18:00 ET
    expect(session('FX', at('2026-11-22T23:00:00Z')).timeZone).toBe('America/New_York');
    expect(session('FX', at('2026-12-25T15:00:00Z')).phase).toBe('closed');
  });

  it('futures: daily break 17:00-18:00 New York, open Sunday evening', () => {
    expect(session('GLOBEX', at('2026-11-18T22:30:00Z')).phase).toBe('closed');
    expect(session('GLOBEX', at('2026-11-18T23:00:00Z'))).toMatchObject({ phase: 'regular', tradingDay: '2026-11-19' });
    expect(session('GLOBEX', at('2026-11-21T12:00:00Z')).phase).toBe('closed');
    expect(session('GLOBEX', at('2026-11-22T23:30:00Z')).phase).toBe('regular');
  });

  it('crypto is always open', () => {
    for (let t = at('2026-11-20T00:00:00Z'); t < at('2026-11-28T00:00:00Z'); t += 3_600_000 * 7 + 61_000) {
      expect(session('CRYPTO', t)).toMatchObject({ phase: 'regular', tradable: true });
    }
    expect(session('CRYPTO', at('2026-12-25T12:00:00Z')).phase).toBe('regular');
  });

  it('XETRA: open at 17:29, closed at 17:31 Berlin time, winter and summer', () => {
    expect(session('XETRA', at('2026-11-20T16:29:00Z')).phase).toBe('regular');
    expect(session('XETRA', at('2026-11-20T16:31:00Z')).phase).toBe('closed');
    expect(session('XETRA', at('2026-07-15T15:29:00Z')).phase).toBe('regular');
    expect(session('XETRA', at('2026-07-15T15:31:00Z')).phase).toBe('closed');
    expect(session('XETRA', at('2026-12-24T10:00:00Z')).phase).toBe('closed');
  });

  it('other markets keep their hours in their own zones', () => {
    expect(session('EURONEXT-AMS', at('2026-11-20T08:00:00Z')).phase).toBe('regular'); // 09:00 CET
    expect(session('EURONEXT-BRU', at('2026-11-20T07:59:00Z')).phase).toBe('closed');
    expect(session('BMV', at('2026-11-20T14:30:00Z')).phase).toBe('regular'); // 08:30 Mexico City
    expect(session('BMV', at('2026-11-16T16:00:00Z')).phase).toBe('closed'); // Revolution Day
    expect(session('TSE', at('2026-11-20T03:00:00Z')).phase).toBe('closed'); // 12:00 Tokyo lunch
    expect(session('LSE', at('2026-11-20T08:00:00Z')).phase).toBe('regular');
    expect(session('BONDS', at('2026-11-20T13:00:00Z')).phase).toBe('regular'); // 08:00 ET
  });

  it('closure data covers 2025 to 2028 for every exchange, each list with its source', () => {
    for (const [set, c] of Object.entries(CLOSURES)) {
      expect(c.source.length, set).toBeGreaterThan(20);
      for (const year of ['2025', '2026', '2027', '2028'])
        expect(
          c.closed.some((d) => d.startsWith(year)),
          `${set} ${year}`,
        ).toBe(true);
      for (const d of [...c.closed, ...c.half]) expect(dayToIsoRoundTrip(d), d).toBe(d);
      // A day is closed or half, never both.
      expect(
        c.half.filter((d) => c.closed.includes(d)),
        set,
      ).toEqual([]);
    }
  });
});

const dayToIsoRoundTrip = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`)).toISOString().slice(0, 10);
