import { compareDecimal, DEPOSIT_INCOME_UNITS, isDecimal, plainDecimal, roundDecimal, type FundProductKind } from '@tradeapp/contract';
import { formatAmount, formatUtcDay, isoDayOf } from '../../ui/format';

// How the funds page words a product and writes its figures. Every figure comes from the server as a
// decimal string (a NAV struck from closing prices, an income declared in advance, holdings from the
// holders' journals) and is only written out here, never recomputed.

/** Each kind's name in the back office. */
export const KIND_LABELS: Record<FundProductKind, string> = {
  fund: 'Fund',
  current: 'Current deposit',
  regular: 'Regular deposit',
};

/** What each kind is, under its choice on the new product form. */
export const KIND_HINTS: Record<FundProductKind, string> = {
  fund: 'A fixed basket of listed instruments; its NAV is struck from each trading day’s closes less a day’s expense ratio.',
  current: 'Redeemable at any time; its income per 10,000 units is declared by an operator for each day before that day begins.',
  regular: 'A fixed term at a rate fixed at purchase, paid at the end; an early redemption forfeits the interest and a stated penalty.',
};

/** The time zones whose 15:00 (or another time) can be a fund's cut-off: the exchanges of the simulated market. */
export const FUND_TIME_ZONES = [
  'America/New_York',
  'Asia/Hong_Kong',
  'Europe/Amsterdam',
  'Europe/Berlin',
  'Europe/London',
  'America/Mexico_City',
  'Asia/Tokyo',
] as const;

/** A product in words: "USLC · US large-cap index". */
export const productName = (p: { code: string; name: string }) => `${p.code} · ${p.name}`;

export type FundState = 'open' | 'paused';

export const stateOf = (p: { paused: boolean }): FundState => (p.paused ? 'paused' : 'open');

/** A percentage as declared, in its shortest form: "0.50" -> "0.5 %". */
export function percentText(percent: string): string {
  return `${isDecimal(percent) ? plainDecimal(percent) : percent} %`;
}

/** The declared expense ratio: "0.2 % a year"; a dash for none. */
export const expenseText = (percent: string | null) => (percent === null ? '—' : `${percentText(percent)} a year`);

/** Euros with their thousands grouped: "12,345.60 EUR"; a dash for none. */
export const eurText = (amount: string | null) => (amount === null ? '—' : `${formatAmount(amount)} EUR`);

/** A NAV, euros per unit, with every decimal the server kept (4): "1.0234 EUR"; a dash before the first. */
export const navText = (nav: string | null) => (nav === null ? '—' : `${formatAmount(nav)} EUR`);

/** A change in percent, to two decimals and signed: "+0.12 %", "-1.30 %"; a dash for none. */
export function changeText(percent: string | null): string {
  if (percent === null) return '—';
  const rounded = roundDecimal(percent, 2) ?? percent;
  return `${compareDecimal(rounded, '0') === 1 ? '+' : ''}${rounded} %`;
}

/** Units (or euros) with their thousands grouped and every decimal the server kept: "12,500.125". */
export function unitsText(units: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(units.trim());
  if (!match) return units;
  const [, sign = '', whole = '', fraction] = match;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** What is outstanding: a fund's units, a deposit's euros. */
export const outstandingText = (p: { kind: FundProductKind; outstanding: string }) =>
  p.kind === 'fund' ? `${unitsText(p.outstanding)} units` : eurText(p.outstanding);

/** A day (a UTC day's start) as the other pages write dates: "2026-05-04"; a dash for none. */
export const dayText = (day: number | null): string => formatUtcDay(day);

/** The cut-off on its clock: "15:00 America/New_York"; a dash for a deposit term. */
export const cutoffText = (p: { cutoff: string | null; timeZone: string | null }) => (p.cutoff === null ? '—' : `${p.cutoff} ${p.timeZone ?? 'UTC'}`);

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** "no lock-in", "1,095-day lock-in". */
export const lockInText = (days: number) => (days === 0 ? 'no lock-in' : `${days.toLocaleString('en')}-day lock-in`);

/** The exit load in words: "exit load 1 % under 365 days, 10 % of units free a year"; "no exit load". */
export function exitLoadText(p: { exitLoadPercent: string; exitLoadDays: number; freeUnitsPercent: string }): string {
  if (compareDecimal(p.exitLoadPercent, '0') !== 1) return 'no exit load';
  const free = compareDecimal(p.freeUnitsPercent, '0') === 1 ? `, ${percentText(p.freeUnitsPercent)} of units free a year` : '';
  return `exit load ${percentText(p.exitLoadPercent)} under ${p.exitLoadDays.toLocaleString('en')} days${free}`;
}

/** A Regular term: "90 days at 3.5 % a year". */
export const termText = (p: { termDays: number | null; ratePercent: string | null }) =>
  p.termDays === null || p.ratePercent === null ? '—' : `${p.termDays.toLocaleString('en')} days at ${percentText(p.ratePercent)} a year`;

/** The early-redemption penalty of a Regular term. */
export const penaltyText = (penaltyPercent: string | null) =>
  penaltyPercent === null ? '—' : `early redemption forfeits the interest and ${percentText(penaltyPercent)} of the principal`;

/** An income as declared: "1.2345 per 10,000 units". */
export const incomeText = (per10k: string) => `${per10k} per ${DEPOSIT_INCOME_UNITS.toLocaleString('en')} units`;

/** A basket: "AAPL 0.25 · MSFT 0.75". */
export const basketText = (basket: readonly { symbol: string; weight: string }[]) => basket.map((w) => `${w.symbol} ${w.weight}`).join(' · ');

/** The declared days from today on in a few words: "Declared from today on: 3 days, through 2026-05-06". */
export function declaredText(days: readonly string[]): string {
  if (days.length === 0) return 'Declared from today on: none';
  return `Declared from today on: ${plural(days.length, 'day', 'days')}, through ${days[days.length - 1]!}`;
}

export const holdersText = (n: number) => plural(n, 'holder', 'holders');

export const pendingText = (n: number) => plural(n, 'pending order', 'pending orders');

const DAY_MS = 86_400_000;

/** The UTC day of a moment, `YYYY-MM-DD`. */
export const isoDay = isoDayOf;

/** The first day an income can be declared for: tomorrow in UTC, today having begun. */
export const firstDeclarableDay = (now: number) => isoDay((Math.floor(now / DAY_MS) + 1) * DAY_MS);

/** The last day an income can be declared for: a year ahead (366 days, a leap year's). */
export const lastDeclarableDay = (now: number) => isoDay((Math.floor(now / DAY_MS) + 366) * DAY_MS);

/** The list with `row`'s row replaced by the server's answer; nothing while the list is not loaded. */
export function replaceRow<T extends { id: number }>(list: T[] | undefined, row: T): T[] | undefined {
  return list?.map((r) => (r.id === row.id ? row : r));
}

/** The list with a new row at its end (or its row replaced, when the list already has it); nothing while the list is not loaded. */
export function withRow<T extends { id: number }>(list: T[] | undefined, row: T): T[] | undefined {
  if (!list) return list;
  return list.some((r) => r.id === row.id) ? replaceRow(list, row) : [...list, row];
}
