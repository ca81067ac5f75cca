import {
  addPrecise,
  closeFeeRate,
  closeSettlement,
  compareDecimal,
  isDecimal,
  isLargeOrder,
  liquidationPriceOf,
  openFeeRate,
  OrderDirection,
  orderCosts,
  OrderType,
  roundDecimal,
  type AssetClass,
  type Position,
  type TradingRule,
} from '@tradeapp/contract';

// What only the screens need on top of the contract's trading formulas (which the server books
// with): which price an order is estimated at before it exists, what a close would book, and what
// an entrusted order holds.

function positive(value: string | null | undefined): value is string {
  return isDecimal(value) && compareDecimal(value, '0') === 1;
}

/**
 * The price an order is estimated at: the limit price, else the ask for a buy and the bid for a
 * sell, else (an empty side of the book) the last price.
 */
export function estimatePrice(
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

export interface OrderEstimate {
  /** The price the estimate is at. */
  price: string;
  /** price × quantity, in the instrument's currency */
  notional: string;
  /** notional ÷ leverage, to the cent, in the instrument's currency */
  margin: string;
  /** notional × the opening fee rate, to the cent, in the instrument's currency */
  fee: string;
  /** Where the position would be liquidated, at the price's places; null without a trading rule. */
  liquidation: string | null;
  /**
   * Notional, margin, fee and what the wallet pays (margin + fee) in the trading wallet's currency, as
   * the server books them; null without an exchange rate. Notional and total are exact, not rounded.
   */
  inWallet: { notional: string; margin: string; fee: string; total: string } | null;
  /** A stock order of at least the large-order size. */
  large: boolean;
}

/**
 * What the order page shows before the user confirms, with the formulas the server books with.
 * `rate` is units of the wallet's currency per unit of the instrument's (null when unknown).
 */
export function estimateOrder(o: {
  quote: { bid: string; ask: string; price_nominal: string; assetClass: AssetClass };
  direction: OrderDirection;
  type: OrderType;
  limitPrice: string;
  quantity: string;
  leverage: number;
  rule: Pick<TradingRule, 'buyRate' | 'sellRate' | 'maintenanceRatio'> | undefined;
  rate: string | null;
  priceDecimals: number;
}): OrderEstimate | null {
  const price = estimatePrice(o.quote, o.direction, o.type, o.limitPrice);
  if (!price || !positive(o.quantity) || o.leverage < 1) return null;
  const feeRate = o.rule ? openFeeRate(o.rule, o.direction) : '0';
  const own = orderCosts({ price, quantity: o.quantity, leverage: o.leverage, feeRate });
  const charged = o.rate === null ? null : orderCosts({ price, quantity: o.quantity, rate: o.rate, leverage: o.leverage, feeRate });
  // As the server places it: the margin it books (in the wallet's currency) at the rate it converts at,
  // fixed from then on; in the instrument's own currency until the rate is known.
  const at = charged ? { margin: charged.margin, rate: o.rate! } : { margin: own.margin };
  const liquidation = o.rule
    ? liquidationPriceOf({ direction: o.direction, openPrice: price, ...at, quantity: o.quantity, maintenanceRatio: o.rule.maintenanceRatio }, o.priceDecimals)
    : null;
  return {
    price,
    notional: own.notional,
    margin: own.margin,
    fee: own.fee,
    liquidation: liquidation !== null && positive(liquidation) ? liquidation : null,
    inWallet: charged && { notional: charged.notional, margin: charged.margin, fee: charged.fee, total: charged.total },
    large: isLargeOrder(o.quote, o.quantity),
  };
}

export interface CloseEstimate {
  /** The price the close is estimated at: the position's current exit price. */
  price: string;
  quantity: string;
  /** P&L before fees, to the cent, in the wallet's currency. */
  gross: string;
  /** The closing fee charged. */
  closeFee: string;
  /** The closed quantity's share of the opening fee, paid when the position opened. */
  openFee: string;
  /** After both fees: what the closed row will show as its net result. */
  net: string;
  /** What the wallet's available side receives now (margin released + gross − closing fee). */
  payout: string;
}

/**
 * What closing `quantity` of an open position books at its current price, with the contract's
 * closeSettlement (the server's formula, the position's running totals included). `rate` is units of
 * the wallet's currency per unit of the instrument's; null (or no price, no rule, a bad quantity) gives null.
 */
export function estimateClose(
  p: Pick<Position, 'direction' | 'openPrice' | 'price' | 'currentPrice' | 'quantity' | 'margin' | 'handlingFee' | 'closedParts'>,
  quantity: string,
  rule: Pick<TradingRule, 'buyRate' | 'sellRate'> | undefined,
  rate: string | null,
): CloseEstimate | null {
  const closePrice = p.currentPrice;
  if (!rule || rate === null || !positive(closePrice) || !positive(quantity) || compareDecimal(quantity, p.quantity) === 1) return null;
  const c = closeSettlement({
    direction: p.direction,
    openPrice: p.openPrice ?? p.price,
    closePrice,
    quantity,
    positionQuantity: p.quantity,
    positionMargin: p.margin,
    positionOpenFee: p.handlingFee,
    rate,
    closeFeeRate: closeFeeRate(rule, p.direction),
    parts: p.closedParts,
  });
  return {
    price: closePrice,
    quantity,
    gross: c.gross,
    closeFee: roundDecimal(c.fee, 2)!,
    openFee: roundDecimal(c.openFee, 2)!,
    net: c.net,
    payout: roundDecimal(c.payout, 2)!,
  };
}

/** What the wallet holds for an entrusted order: its margin plus its fee, to the cent. */
export function heldFor(p: Pick<Position, 'margin' | 'handlingFee'>): string {
  return roundDecimal(addPrecise(p.margin, p.handlingFee), 2)!;
}
