import { LARGE_ORDER_SHARES } from '../constants';
import {
  addPrecise,
  compareDecimal,
  divPrecise,
  floorInteger,
  floorToStep,
  minDecimal,
  mulPrecise,
  plainDecimal,
  roundDecimal,
  signOf,
  subPrecise,
} from '../decimal';
import { OrderDirection } from '../enums';

// The house's block quote (decision 0019, "Block trades"): a price for at least LARGE_ORDER_SHARES
// shares, firm for BLOCK_QUOTE_TTL_SECONDS, always inside a band around the reference price. The
// server quotes with these figures and the block-trading screen states them, so neither can say
// something the other does not.

/**
 * The band a block price must stay within, as a fraction of the reference price either way: ±3 %,
 * SEBI's rule for its block deal windows (circular of 2025: within 3 % of the reference price).
 */
export const BLOCK_BAND = '0.03';

/** BLOCK_BAND in percent, as the screens state it: "3". */
export const BLOCK_BAND_PERCENT = plainDecimal(mulPrecise(BLOCK_BAND, 100));

/** How long a quote can be accepted; after it the quote is expired and refused. */
export const BLOCK_QUOTE_TTL_SECONDS = 30;

/**
 * The block spread, as fractions of the reference price: `base` for the first LARGE_ORDER_SHARES
 * shares, `step` more for each further whole LARGE_ORDER_SHARES (a larger block costs the house
 * more to lay off), never more than `cap`. The cap stays well inside the band.
 */
export const BLOCK_SPREAD = { base: '0.001', step: '0.0001', cap: '0.005' } as const;

/** The reference price of a block: the live mid, (bid + ask) ÷ 2, exact (one place more than the tick at most). */
export const blockReferenceOf = (quote: { bid: string; ask: string }) => divPrecise(addPrecise(quote.bid, quote.ask), 2);

/** The spread for `quantity` shares (at least LARGE_ORDER_SHARES): base + step per further whole block, capped. */
export function blockSpreadOf(quantity: string): string {
  const blocks = floorInteger(divPrecise(quantity, LARGE_ORDER_SHARES));
  const further = signOf(blocks) > 0 ? subPrecise(blocks, 1) : '0';
  return minDecimal(addPrecise(BLOCK_SPREAD.base, mulPrecise(BLOCK_SPREAD.step, further)), BLOCK_SPREAD.cap);
}

/** The smallest multiple of `step` not below `a`. */
const ceilToStep = (a: string, step: string) => subPrecise('0', floorToStep(subPrecise('0', a), step)!);

/** The band's prices on the tick grid: the lowest and highest ticks within ±BLOCK_BAND of `reference`. */
export function blockBandOf(reference: string, tickSize: string): { low: string; high: string } {
  return {
    low: ceilToStep(mulPrecise(reference, subPrecise('1', BLOCK_BAND)), tickSize),
    high: floorToStep(mulPrecise(reference, addPrecise('1', BLOCK_BAND)), tickSize)!,
  };
}

export interface BlockQuoteFigures {
  reference: string;
  spread: string;
  price: string;
  bandLow: string;
  bandHigh: string;
  /** price − reference: positive for a buy (the investor pays above the mid), negative for a sell. */
  difference: string;
  /** difference ÷ reference in percent, to two places. */
  differencePercent: string;
}

/**
 * The house's price for a block of `quantity` shares: the reference moved against the investor by
 * the block spread (a buy above it, a sell below), rounded to the tick against the investor too,
 * so the house never quotes inside its spread; then kept within the band, which only binds where
 * one tick is a large part of the price.
 */
export function blockQuoteOf(q: { bid: string; ask: string; tickSize: string; direction: number; quantity: string }): BlockQuoteFigures {
  const reference = blockReferenceOf(q);
  const spread = blockSpreadOf(q.quantity);
  const band = blockBandOf(reference, q.tickSize);
  const buy = q.direction === OrderDirection.Buy;
  const raw = mulPrecise(reference, buy ? addPrecise('1', spread) : subPrecise('1', spread));
  const onGrid = buy ? ceilToStep(raw, q.tickSize) : floorToStep(raw, q.tickSize)!;
  const price = buy ? minDecimal(onGrid, band.high) : compareDecimal(onGrid, band.low) === -1 ? band.low : onGrid;
  return { reference, spread, price, bandLow: band.low, bandHigh: band.high, ...blockDifferenceOf(price, reference) };
}

/** How far a block price is from its reference: price − reference, and that in percent of the reference to two places. */
export function blockDifferenceOf(price: string, reference: string): { difference: string; differencePercent: string } {
  const difference = subPrecise(price, reference);
  return { difference, differencePercent: roundDecimal(mulPrecise(divPrecise(difference, reference), 100), 2)! };
}

/** A stock quantity that may be a block: at least LARGE_ORDER_SHARES. The lot grid is the instrument's. */
export const isBlockQuantity = (quantity: string) => (compareDecimal(quantity, String(LARGE_ORDER_SHARES)) ?? -1) >= 0;
