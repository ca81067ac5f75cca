// Exchange closures and half days, 2025-2028, local dates (issue 33). A weekend date is listed only
// when it matters (it never does for trading: weekends are closed anyway). Outside these years only
// weekends close a market; the API refuses timestamps outside them (CALENDAR_YEARS).
//
// "Projected" dates are derived from the venue's published rules before the venue published them;
// they are marked so, and replaced when the venue publishes its list.

export type ClosureSet = 'NYSE' | 'HKEX' | 'XETRA' | 'EURONEXT' | 'BMV' | 'TSE' | 'LSE' | 'FX' | 'SIFMA';

export interface Closures {
  /** Where the dates come from. */
  source: string;
  /** Full-day closures. */
  closed: readonly string[];
  /** Days the venue closes early: their sessions are the venue's `halfDay` sessions. */
  half: readonly string[];
  /** Trading days that are not settlement days (HKEX's half days, SIFMA's 2026 Good Friday). */
  noSettlement?: readonly string[];
  /** Closed for trading but settling (XETRA's 24 and 31 December). */
  settlementOnly?: readonly string[];
  /** A half day whose close differs from the venue's usual early close: date -> local `HH:MM`. */
  closeAt?: Readonly<Record<string, string>>;
  /** Years whose dates are projected from the rules rather than published. */
  projected?: readonly number[];
}

// A table of dates, a venue and year a line as the sources list them (not reflowed).
// prettier-ignore
export const CLOSURES: Readonly<Record<ClosureSet, Closures>> = {
  NYSE: {
    source: 'NYSE Group holiday and early-close releases of 8 Nov 2024 and 23 Dec 2025 (nyse.com/markets/hours-calendars)',
    closed: [
      // 2025 (9 Jan: national day of mourning for President Carter)
      '2025-01-01', '2025-01-09', '2025-01-20', '2025-02-17', '2025-04-18', '2025-05-26', '2025-06-19', '2025-07-04', '2025-09-01', '2025-11-27', '2025-12-25',
      // 2026 (4 July is a Saturday, observed Friday 3 July)
      '2026-01-01', '2026-01-19', '2026-02-16', '2026-04-03', '2026-05-25', '2026-06-19', '2026-07-03', '2026-09-07', '2026-11-26', '2026-12-25',
      // 2027 (Juneteenth and Christmas fall on Saturdays, observed the Friday before)
      '2027-01-01', '2027-01-18', '2027-02-15', '2027-03-26', '2027-05-31', '2027-06-18', '2027-07-05', '2027-09-06', '2027-11-25', '2027-12-24',
      // 2028 (1 January is a Saturday and is not observed)
      '2028-01-17', '2028-02-21', '2028-04-14', '2028-05-29', '2028-06-19', '2028-07-04', '2028-09-04', '2028-11-23', '2028-12-25',
    ],
    // 13:00 close; late trading ends at 17:00.
    half: ['2025-07-03', '2025-11-28', '2025-12-24', '2026-11-27', '2026-12-24', '2027-11-26', '2028-07-03', '2028-11-24'],
  },
  HKEX: {
    source: 'HKEX trading calendar and the Hong Kong general holidays gazetted 16 May 2025; half days from the HKEX calendar (no settlement on them, per CCASS)',
    closed: [
      '2025-01-01', '2025-01-29', '2025-01-30', '2025-01-31', '2025-04-04', '2025-04-18', '2025-04-21', '2025-05-01', '2025-05-05', '2025-07-01', '2025-10-01', '2025-10-07', '2025-10-29', '2025-12-25', '2025-12-26',
      '2026-01-01', '2026-02-17', '2026-02-18', '2026-02-19', '2026-04-03', '2026-04-06', '2026-04-07', '2026-05-01', '2026-05-25', '2026-06-19', '2026-07-01', '2026-10-01', '2026-10-19', '2026-12-25',
      '2027-01-01', '2027-02-08', '2027-02-09', '2027-03-26', '2027-03-29', '2027-04-05', '2027-05-13', '2027-06-09', '2027-07-01', '2027-09-16', '2027-10-01', '2027-10-08', '2027-12-27',
      '2028-01-26', '2028-01-27', '2028-01-28', '2028-04-04', '2028-04-14', '2028-04-17', '2028-05-01', '2028-05-02', '2028-05-29', '2028-10-02', '2028-10-04', '2028-10-26', '2028-12-25', '2028-12-26',
    ],
    // Morning session and a closing auction to 12:10: the eves of Lunar New Year, Christmas and New Year.
    half: ['2025-01-28', '2025-12-24', '2025-12-31', '2026-02-16', '2026-12-24', '2026-12-31', '2027-02-05', '2027-12-24', '2027-12-31', '2028-01-25'],
    noSettlement: ['2025-01-28', '2025-12-24', '2025-12-31', '2026-02-16', '2026-12-24', '2026-12-31', '2027-02-05', '2027-12-24', '2027-12-31', '2028-01-25'],
    projected: [2028],
  },
  XETRA: {
    source: 'Deutsche Börse Xetra trading calendar to 2029 (deutsche-boerse.com, "Trading calendar and trading hours")',
    closed: [
      '2025-01-01', '2025-04-18', '2025-04-21', '2025-05-01', '2025-12-24', '2025-12-25', '2025-12-26', '2025-12-31',
      '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-24', '2026-12-25', '2026-12-31',
      '2027-01-01', '2027-03-26', '2027-03-29', '2027-12-24', '2027-12-31',
      '2028-04-14', '2028-04-17', '2028-05-01', '2028-12-25', '2028-12-26',
    ],
    half: [],
    // No trading on 24 and 31 December, but settlement runs.
    settlementOnly: ['2025-12-24', '2025-12-31', '2026-12-24', '2026-12-31', '2027-12-24', '2027-12-31'],
  },
  EURONEXT: {
    source: 'Euronext trading hours and holidays page (euronext.com/en/trade/trading-hours-holidays)',
    closed: [
      '2025-01-01', '2025-04-18', '2025-04-21', '2025-05-01', '2025-12-25', '2025-12-26',
      '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-01', '2026-12-25',
      '2027-01-01', '2027-03-26', '2027-03-29',
      '2028-04-14', '2028-04-17', '2028-05-01', '2028-12-25', '2028-12-26',
    ],
    // 24 and 31 December on weekdays: continuous trading to 14:00, the closing auction to 14:05.
    half: ['2025-12-24', '2025-12-31', '2026-12-24', '2026-12-31', '2027-12-24', '2027-12-31'],
    projected: [2028],
  },
  BMV: {
    source: 'CNBV closing-day resolution published in the DOF of 10 Dec 2025 (2026); the Ley Federal del Trabajo holiday rules (2027-2028)',
    closed: [
      '2025-01-01', '2025-02-03', '2025-03-17', '2025-04-17', '2025-04-18', '2025-05-01', '2025-09-16', '2025-11-17', '2025-12-12', '2025-12-25',
      '2026-01-01', '2026-02-02', '2026-03-16', '2026-04-02', '2026-04-03', '2026-05-01', '2026-09-16', '2026-11-02', '2026-11-16', '2026-12-25',
      '2027-01-01', '2027-02-01', '2027-03-15', '2027-03-25', '2027-03-26', '2027-09-16', '2027-11-02', '2027-11-15',
      '2028-02-07', '2028-03-20', '2028-04-13', '2028-04-14', '2028-05-01', '2028-11-02', '2028-11-20', '2028-12-12', '2028-12-25',
    ],
    half: [],
    projected: [2027, 2028],
  },
  TSE: {
    source: 'JPX market holidays (jpx.co.jp/english/corporate/about-jpx/calendar); 2028 from the Act on National Holidays',
    closed: [
      '2025-01-01', '2025-01-02', '2025-01-03', '2025-01-13', '2025-02-11', '2025-02-24', '2025-03-20', '2025-04-29', '2025-05-05', '2025-05-06', '2025-07-21', '2025-08-11', '2025-09-15', '2025-09-23', '2025-10-13', '2025-11-03', '2025-11-24', '2025-12-31',
      '2026-01-01', '2026-01-02', '2026-01-12', '2026-02-11', '2026-02-23', '2026-03-20', '2026-04-29', '2026-05-04', '2026-05-05', '2026-05-06', '2026-07-20', '2026-08-11', '2026-09-21', '2026-09-22', '2026-09-23', '2026-10-12', '2026-11-03', '2026-11-23', '2026-12-31',
      '2027-01-01', '2027-01-11', '2027-02-11', '2027-02-23', '2027-03-22', '2027-04-29', '2027-05-03', '2027-05-04', '2027-05-05', '2027-07-19', '2027-08-11', '2027-09-20', '2027-09-23', '2027-10-11', '2027-11-03', '2027-11-23', '2027-12-31',
      '2028-01-03', '2028-01-10', '2028-02-11', '2028-02-23', '2028-03-20', '2028-05-03', '2028-05-04', '2028-05-05', '2028-07-17', '2028-08-11', '2028-09-18', '2028-09-22', '2028-10-09', '2028-11-03', '2028-11-23',
    ],
    half: [],
    projected: [2028],
  },
  LSE: {
    source: 'London Stock Exchange business days and early closes (londonstockexchange.com, "Business days"); 2028 from the UK bank holidays',
    closed: [
      '2025-01-01', '2025-04-18', '2025-04-21', '2025-05-05', '2025-05-26', '2025-08-25', '2025-12-25', '2025-12-26',
      '2026-01-01', '2026-04-03', '2026-04-06', '2026-05-04', '2026-05-25', '2026-08-31', '2026-12-25', '2026-12-28',
      '2027-01-01', '2027-03-26', '2027-03-29', '2027-05-03', '2027-05-31', '2027-08-30', '2027-12-27', '2027-12-28',
      '2028-01-03', '2028-04-14', '2028-04-17', '2028-05-01', '2028-05-29', '2028-08-28', '2028-12-25', '2028-12-26',
    ],
    // 12:30 close on the last business days before Christmas and New Year.
    half: ['2025-12-24', '2025-12-31', '2026-12-24', '2026-12-31', '2027-12-24', '2027-12-31'],
    projected: [2028],
  },
  // The interbank market only stops for New Year's Day and Christmas (pandas_market_calendars' forex calendar).
  FX: {
    source: 'Interbank FX convention: closed on 1 January and 25 December',
    closed: ['2025-01-01', '2025-12-25', '2026-01-01', '2026-12-25', '2027-01-01', '2028-12-25'],
    half: [],
  },
  SIFMA: {
    source: 'SIFMA US holiday recommendations (2025; 2026-2027 list of 17 Dec 2025); 2028 from the same rules',
    closed: [
      '2025-01-01', '2025-01-09', '2025-01-20', '2025-02-17', '2025-04-18', '2025-05-26', '2025-06-19', '2025-07-04', '2025-09-01', '2025-10-13', '2025-11-11', '2025-11-27', '2025-12-25',
      '2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-03', '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25',
      '2027-01-01', '2027-01-18', '2027-02-15', '2027-03-26', '2027-05-31', '2027-06-18', '2027-07-05', '2027-09-06', '2027-10-11', '2027-11-11', '2027-11-25', '2027-12-24',
      '2028-01-17', '2028-02-21', '2028-04-14', '2028-05-29', '2028-06-19', '2028-07-04', '2028-09-04', '2028-10-09', '2028-11-23', '2028-12-25',
    ],
    // 14:00 close before Good Friday, Memorial Day and Independence Day, after Thanksgiving, on 24 and 31 December;
    // Good Friday 2026 (a payrolls day) trades to 12:00 and does not settle.
    half: [
      '2025-04-17', '2025-05-23', '2025-07-03', '2025-11-28', '2025-12-24', '2025-12-31',
      '2026-04-02', '2026-04-03', '2026-05-22', '2026-07-02', '2026-11-27', '2026-12-24', '2026-12-31',
      '2027-03-25', '2027-05-28', '2027-07-02', '2027-11-26', '2027-12-23', '2027-12-31',
      '2028-04-13', '2028-05-26', '2028-07-03', '2028-11-24', '2028-12-22', '2028-12-29',
    ],
    noSettlement: ['2026-04-03'],
    closeAt: { '2026-04-03': '12:00' },
    projected: [2028],
  },
};
