import { addDecimal, compareDecimal, divDecimal, isMultipleOf, mulPrecise, subDecimal, WalletCode, zBondOrderInput, type BondQuote } from '@tradeapp/contract';
import { decimalsOf, EMPTY_VALUE, formatAmount, toMillis } from '../../lib/format';

// The little the bond screens work out themselves, in exact decimals (the contract's helpers, as
// the server's decimal.js): what a purchase costs and what a sale pays before the investor confirms,
// (dirty price ± markup) × face ÷ 100 with its clean, accrued and markup lines each rounded to the
// cent as the server books them. Every other figure (prices, accrued interest, yields, a holding's
// value and profit) is the server's, shown as it came.

const DAY = 86_400_000;

/** A bond is kept in the wallet of its currency, as a stock of that market is: dollars in the US stock wallet, pesos in the Mexican one. */
export function bondWallet(currency: string): WalletCode {
  if (currency === 'USD') return WalletCode.UsStock;
  if (currency === 'MXN') return WalletCode.MexicoStock;
  return WalletCode.Stock;
}

/** Per 100 face, to the cent: (price per 100) × face ÷ 100, rounded half away from zero as the server rounds. */
function perHundred(pricePer100: string, face: string): string | null {
  return divDecimal(mulPrecise(pricePer100, face), '100', 2);
}

export interface Bill {
  /** Clean price, accrued interest and markup, each × face ÷ 100 and rounded to the cent, as the server books them. */
  clean: string;
  accrued: string;
  fee: string;
  /** What a purchase costs (clean + accrued + fee) or a sale pays (clean + accrued − fee). */
  total: string;
}

function bill(price: string, accrued: string, markup: string, face: string, sign: 1 | -1): Bill | null {
  if (!/^[1-9]\d*$/.test(face)) return null;
  const clean = perHundred(price, face);
  const interest = perHundred(accrued, face);
  const fee = perHundred(markup, face);
  if (clean === null || interest === null || fee === null) return null;
  const gross = addDecimal(clean, interest) ?? '0';
  return { clean, accrued: interest, fee, total: (sign === 1 ? addDecimal(gross, fee) : subDecimal(gross, fee)) ?? '0' };
}

/** What buying `face` costs: (clean ask + accrued + markup) × face ÷ 100, each part to the cent; null until the face is a whole number. */
export function purchaseBill(quote: Pick<BondQuote, 'ask' | 'accrued' | 'markup'>, face: string): Bill | null {
  return bill(quote.ask, quote.accrued, quote.markup, face, 1);
}

/** What selling `face` pays: (clean bid + accrued − markup) × face ÷ 100, each part to the cent; null until the face is a whole number. */
export function saleBill(quote: Pick<BondQuote, 'bid' | 'accrued' | 'markup'>, face: string): Bill | null {
  return bill(quote.bid, quote.accrued, quote.markup, face, -1);
}

/**
 * A face amount's problem (a message key or a sentence), or null: the contract's rule (a whole
 * amount), then a multiple of the bond's increment, then at most `most` (what a holding has left).
 */
export function faceProblem(
  face: string,
  increment: string,
  most?: { face: string; currency: string },
): { key: string; params?: Record<string, string> } | null {
  const checked = zBondOrderInput.shape.face.safeParse(face);
  if (!checked.success) return { key: checked.error.issues[0]?.message ?? 'v.bondFace' };
  if (!isMultipleOf(face, increment)) return { key: 'bonds.faceIncrement', params: { increment: formatAmount(increment, { decimals: 0, grouping: true }) } };
  if (most !== undefined && compareDecimal(face, most.face) === 1) return { key: 'bonds.faceMost', params: { face: formatFace(most.face, most.currency) } };
  return null;
}

/** Prices per 100 face are quoted to 4 places (the tick); accrued interest may have more, shown to 6. */
const PRICE_DECIMALS = 4;
const PRICE_DECIMALS_MOST = 6;

/** A price per 100 face to 4 places, or to the places the server gave up to 6: "99.8700", "0.24175". */
export function formatBondPrice(value: string | null | undefined): string {
  return formatAmount(value, { decimals: Math.min(PRICE_DECIMALS_MOST, Math.max(PRICE_DECIMALS, decimalsOf(value, PRICE_DECIMALS))), grouping: true });
}

/** A yield or a coupon rate in percent, to 3 places: "3.512%"; a coupon keeps its own digits, at least 2. */
export function formatYield(value: string | null | undefined): string {
  const text = formatAmount(value, { decimals: 3 });
  return text === EMPTY_VALUE ? text : `${text}%`;
}

export function formatCoupon(value: string | null | undefined): string {
  const text = formatAmount(value, { decimals: Math.max(2, decimalsOf(value, 2)) });
  return text === EMPTY_VALUE ? text : `${text}%`;
}

const FACE_SYMBOLS: Record<string, string> = { EUR: '€', USD: '$' };

/** A face amount, whole and grouped, in the bond's currency: "$1,000", "10,000 MXN". */
export function formatFace(value: string | null | undefined, currency: string): string {
  const text = formatAmount(value, { decimals: 0, grouping: true });
  if (text === EMPTY_VALUE) return text;
  const symbol = FACE_SYMBOLS[currency];
  return symbol ? `${symbol}${text}` : `${text} ${currency}`;
}

/** Whole days from today (UTC) to a UTC day's start, in seconds or milliseconds; 0 once it has come. */
export function daysUntil(ts: number, now = Date.now()): number {
  const ms = toMillis(ts) ?? 0;
  return Math.max(0, Math.round((ms - Math.floor(now / DAY) * DAY) / DAY));
}
