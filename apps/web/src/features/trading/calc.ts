import {
  compareDecimal,
  divPrecise,
  isDecimal,
  isLargeOrder,
  liquidationPriceOf,
  mulPrecise,
  openFeeRate,
  OrderDirection,
  orderCosts,
  OrderType,
  roundDecimal,
  type AssetClass,
  type TradingRule,
} from '@tradeapp/contract';

// What only the screens need on top of the contract's trading formulas (which the server books
// with): which price an order is estimated at before it exists, and the share of a position's
// floating P&L a partial close realises.

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
  /** Margin, fee and their total as the trading wallet is charged (its currency); null without an exchange rate. */
  inWallet: { margin: string; fee: string; total: string } | null;
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
  const liquidation = o.rule
    ? liquidationPriceOf({ direction: o.direction, openPrice: price, margin: own.margin, quantity: o.quantity, maintenanceRatio: o.rule.maintenanceRatio }, o.priceDecimals)
    : null;
  return {
    price,
    notional: own.notional,
    margin: own.margin,
    fee: own.fee,
    liquidation: liquidation !== null && positive(liquidation) ? liquidation : null,
    inWallet: charged && { margin: charged.margin, fee: charged.fee, total: charged.total },
    large: isLargeOrder(o.quote, o.quantity),
  };
}

/** The share of a position's floating P&L that closing `quantity` of it realises (before the closing fee), to the cent. */
export function closeShare(profit: string, quantity: string, total: string): string | null {
  if (!positive(quantity) || !positive(total) || !isDecimal(profit)) return null;
  if (compareDecimal(quantity, total) !== -1) return profit;
  return roundDecimal(mulPrecise(profit, divPrecise(quantity, total)), 2);
}
