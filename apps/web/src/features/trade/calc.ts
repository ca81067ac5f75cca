import { OrderDirection, OrderType } from '@tradeapp/contract';
import { addDecimal, compareDecimal, divDecimal, isDecimal, mulDecimal, subDecimal } from '../../lib/decimal';

// What the order and close screens estimate before the user confirms. Exact decimal strings,
// never floats. The server computes the real figures; these are for display only.

const WORK = 10;

function positive(value: string | null | undefined): value is string {
  return isDecimal(value) && compareDecimal(value, '0') === 1;
}

/** The price an order is estimated at: the limit price, else the ask for a buy and the bid for a sell. */
export function entryPrice(
  quote: { bid: string; ask: string; price_nominal: string } | undefined,
  direction: OrderDirection,
  type: OrderType,
  limitPrice: string,
): string | null {
  if (type === OrderType.Limit) return positive(limitPrice) ? limitPrice : null;
  if (!quote) return null;
  const side = direction === OrderDirection.Buy ? quote.ask : quote.bid;
  if (positive(side)) return side;
  return positive(quote.price_nominal) ? quote.price_nominal : null;
}

export interface Estimate {
  /** price × quantity, in the instrument's currency */
  notional: string;
  /** notional ÷ leverage */
  margin: string;
  /** fee rate × notional */
  fee: string;
  /** where the position would be liquidated */
  liquidation: string | null;
}

/**
 * Estimated liquidation price: for a buy entry × (1 − (1 − maintenance) / leverage), for a sell
 * entry × (1 + (1 − maintenance) / leverage).
 */
export function liquidationPrice(entry: string, direction: OrderDirection, leverage: number, maintenanceRatio: string | undefined, decimals: number): string | null {
  if (!positive(entry) || leverage < 1 || !isDecimal(maintenanceRatio)) return null;
  const cushion = divDecimal(subDecimal('1', maintenanceRatio), String(leverage), WORK);
  if (cushion === null) return null;
  const factor = direction === OrderDirection.Buy ? subDecimal('1', cushion) : addDecimal('1', cushion);
  const price = mulDecimal(entry, factor, decimals);
  return price !== null && compareDecimal(price, '0') === 1 ? price : null;
}

export function estimateOrder(opts: {
  price: string | null;
  quantity: string;
  leverage: number;
  direction: OrderDirection;
  feeRate: string | undefined;
  maintenanceRatio: string | undefined;
  priceDecimals: number;
}): Estimate | null {
  const { price, quantity, leverage, direction } = opts;
  if (!price || !positive(quantity) || leverage < 1) return null;
  const notional = mulDecimal(price, quantity, WORK);
  if (notional === null) return null;
  const margin = divDecimal(notional, String(leverage), WORK) ?? notional;
  const fee = isDecimal(opts.feeRate) ? (mulDecimal(notional, opts.feeRate, WORK) ?? '0') : '0';
  return { notional, margin, fee, liquidation: liquidationPrice(price, direction, leverage, opts.maintenanceRatio, opts.priceDecimals) };
}

/**
 * An amount in the instrument's currency as the trading wallet's currency, through EURUSD
 * (dollars per euro; USDT counts as a dollar). Null when no rate applies.
 */
export function toWalletCurrency(amount: string, from: string, to: string, eurUsd: string | undefined): string | null {
  const dollar = (c: string) => c === 'USD' || c === 'USDT';
  if (from === to || (dollar(from) && dollar(to))) return amount;
  if (!eurUsd) return null;
  if (dollar(from) && to === 'EUR') return divDecimal(amount, eurUsd, WORK);
  if (from === 'EUR' && dollar(to)) return mulDecimal(amount, eurUsd, WORK);
  return null;
}

/** The share of a position's floating P&L that closing `quantity` of it realises (before the closing fee). */
export function closeShare(profit: string, quantity: string, total: string): string | null {
  if (!positive(quantity) || !positive(total)) return null;
  if (compareDecimal(quantity, total) !== -1) return profit;
  const scaled = mulDecimal(profit, quantity, WORK);
  return scaled === null ? null : divDecimal(scaled, total, 2);
}
