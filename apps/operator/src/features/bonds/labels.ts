import { bondOperatorRoutes, compareDecimal, isDecimal, plainDecimal, roundDecimal, translate } from '@tradeapp/contract';
import { formatAmount, formatUtcDay } from '../../ui/format';

// How the bonds page words a bond and writes its figures. Every price comes from the server as a
// decimal string (the curve's zero rates plus the bond's spread, per 100 face) and is only written
// out here, never recomputed.

/** The spread the contract takes, in basis points: −200 to 1,000 with at most 2 decimals. */
export const SPREAD_MIN_BP = '-200';
export const SPREAD_MAX_BP = '1000';

const FREQUENCIES: Record<number, string> = { 1: 'annual', 2: 'semi-annual' };

/** The coupon in words: "4.25 % semi-annual"; "zero-coupon bill". */
export function couponText(b: { couponRate: string; frequency: number }): string {
  if (b.frequency === 0) return 'zero-coupon bill';
  return `${isDecimal(b.couponRate) ? plainDecimal(b.couponRate) : b.couponRate} % ${FREQUENCIES[b.frequency] ?? `${String(b.frequency)} a year`}`;
}

/** A price per 100 face with every decimal the server kept: "99.8125". */
export const priceText = (price: string) => formatAmount(price);

/** A yield or rate in percent, to 3 decimals (bond yields are read to a tenth of a basis point): "4.125 %". */
export const rateText = (percent: string) => `${roundDecimal(percent, 3) ?? percent} %`;

/** A spread in basis points, signed: "+25 bp", "-10.5 bp", "0 bp". */
export function spreadText(bp: string): string {
  if (!isDecimal(bp)) return `${bp} bp`;
  const plain = plainDecimal(bp);
  return `${compareDecimal(plain, '0') === 1 ? '+' : ''}${plain} bp`;
}

/** A face amount, whole, with its thousands grouped and its currency: "1,000,000 USD". */
export function faceText(face: string, currency: string): string {
  const plain = isDecimal(face) ? plainDecimal(face) : face;
  const [whole = '', fraction] = plain.split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction ? `.${fraction}` : ''} ${currency}`;
}

/** A day (a UTC day's start) as the other pages write dates: "2026-05-04". */
export const dayText = (day: number | null): string => formatUtcDay(day);

export const holdersText = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'holder' : 'holders'}`;

export type BondState = 'open' | 'paused';

export const stateOf = (b: { paused: boolean }): BondState => (b.paused ? 'paused' : 'open');

/** The spread typed: the contract's rule (at most 4 digits and 2 decimals) and its range, in English; null when it may go. */
export function spreadProblem(text: string): string | null {
  const v = text.trim();
  if (v === '') return translate('en', 'v.fillRequired');
  const ok =
    bondOperatorRoutes.operatorBondSpread.request.shape.spreadBp.safeParse(v).success &&
    compareDecimal(v, SPREAD_MIN_BP) !== -1 &&
    compareDecimal(v, SPREAD_MAX_BP) !== 1;
  return ok ? null : translate('en', 'v.bondSpread');
}

/** The list with `bond`'s row replaced by the server's answer; nothing while the list is not loaded. */
export function replaceBond<T extends { symbol: string }>(list: T[] | undefined, bond: T): T[] | undefined {
  return list?.map((row) => (row.symbol === bond.symbol ? bond : row));
}
