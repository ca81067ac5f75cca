import {
  addPrecise,
  compareDecimal,
  divPrecise,
  floorInteger,
  minDecimal,
  mulPrecise,
  plainDecimal,
  productPrecise,
  roundDecimal,
  signOf,
  subPrecise,
} from '../decimal';
import { OrderDirection } from '../enums';
import type { TradingRule } from './rules';

// The trading arithmetic, once: the server books with these figures and the screens estimate
// with them, so a confirmation never shows a cent the ledger will not. Each step is a
// 40-significant-digit operation in the server's order (decimal.ts says why the order matters);
// money is rounded to the cent half up only where the server rounds it. Inputs and results are
// decimal strings; `rate` is units of the wallet's currency per unit of the instrument's.

const isBuy = (direction: number) => direction === OrderDirection.Buy;
const cents = (value: string) => roundDecimal(value, 2)!;

/** The fee rate of opening: a buy pays `buyRate`, a sell `sellRate`. */
export const openFeeRate = (rule: Pick<TradingRule, 'buyRate' | 'sellRate'>, direction: number) => (isBuy(direction) ? rule.buyRate : rule.sellRate);

/** The fee rate of closing: a long sells (`sellRate`), a short buys back (`buyRate`). */
export const closeFeeRate = (rule: Pick<TradingRule, 'buyRate' | 'sellRate'>, direction: number) => (isBuy(direction) ? rule.sellRate : rule.buyRate);

/** The price an order fills at now: a buy at the ask, a sell at the bid. */
export const entryPriceOf = (direction: number, quote: { bid: string; ask: string }) => (isBuy(direction) ? quote.ask : quote.bid);

/** The price a position closes at now: a long sells at the bid, a short buys back at the ask. */
export const exitPriceOf = (direction: number, quote: { bid: string; ask: string }) => (isBuy(direction) ? quote.bid : quote.ask);

/** Notional in the wallet's currency: (price × quantity) × rate, not rounded. */
export function notionalOf(price: string, quantity: string, rate = '1'): string {
  return mulPrecise(mulPrecise(price, quantity), rate);
}

/** Notional at the open price in the instrument's currency, to the cent (a position's `totalAmount`). */
export function totalAmountOf(price: string, quantity: string): string {
  return cents(mulPrecise(price, quantity));
}

/** Margin: notional ÷ leverage, to the cent. */
export function marginOf(notionalValue: string, leverage: number | string): string {
  return cents(divPrecise(notionalValue, leverage));
}

/** Fee: notional × fee rate, to the cent (no floor: see `chargedFee`). */
export function feeOf(notionalValue: string, feeRate: string): string {
  return cents(mulPrecise(notionalValue, feeRate));
}

/**
 * The least fee an order pays when its fee rate is not zero (decision 0015, "Rounding"): without
 * it an order of the minimum size rounds its fee to 0.00, and 100 small orders pay nothing where
 * one order of the same size pays.
 */
export const FEE_FLOOR = '0.01';

/** A fee owed on an exact (unrounded) amount: to the cent, at least FEE_FLOOR once anything is owed; nothing owed pays 0.00. */
export function chargedFee(exact: string): string {
  if (signOf(exact) <= 0) return '0.00';
  const c = cents(exact);
  return compareDecimal(c, FEE_FLOOR) === -1 ? FEE_FLOOR : c;
}

/** What opening `quantity` at `price` costs in the wallet's currency: margin held plus fee paid (at least FEE_FLOOR), each to the cent. */
export function orderCosts(o: { price: string; quantity: string; rate?: string; leverage: number; feeRate: string }) {
  const n = notionalOf(o.price, o.quantity, o.rate ?? '1');
  const m = marginOf(n, o.leverage);
  const f = chargedFee(mulPrecise(n, o.feeRate));
  return { notional: n, margin: m, fee: f, total: addPrecise(m, f) };
}

/** Floating profit in the wallet's currency: ((exit − open) × ±1 × quantity) × rate, not rounded; + for a long. */
export function floatingProfit(p: { direction: number; openPrice: string; exitPrice: string; quantity: string; rate?: string }): string {
  // A short's difference is the long's negated: the rounding to 40 digits is symmetric about zero.
  const diff = isBuy(p.direction) ? subPrecise(p.exitPrice, p.openPrice) : subPrecise(p.openPrice, p.exitPrice);
  return p.rate === undefined ? productPrecise(diff, p.quantity) : productPrecise(diff, p.quantity, p.rate);
}

/** Profit as a percentage of the margin, to two places (a position's `zdf`); 0.00 on a zero margin. */
export function profitPercent(profit: string, marginValue: string): string {
  if (signOf(marginValue) === 0) return '0.00';
  return roundDecimal(mulPrecise(divPrecise(profit, marginValue), 100), 2)!;
}

/**
 * Liquidation price: open ∓ margin × (1 − maintenance) ÷ (quantity × rate), never below zero; a long
 * subtracts, a short adds. Rounded half up to `places` when given (the server shows the tick's places).
 */
export function liquidationPriceOf(
  p: { direction: number; openPrice: string; margin: string; quantity: string; rate?: string; maintenanceRatio: string },
  places?: number,
): string {
  const cushion = mulPrecise(p.margin, subPrecise('1', p.maintenanceRatio));
  const perUnit = divPrecise(cushion, mulPrecise(p.quantity, p.rate ?? '1'));
  const raw = isBuy(p.direction) ? subPrecise(p.openPrice, perUnit) : addPrecise(p.openPrice, perUnit);
  const price = signOf(raw) > 0 ? raw : '0';
  return places === undefined ? price : roundDecimal(price, places)!;
}

/** Whether the trigger engine liquidates: equity (margin + floating profit) is not above margin × maintenance. */
export function reachesMaintenance(p: { margin: string; floating: string; maintenanceRatio: string }): boolean {
  const equity = addPrecise(p.margin, p.floating);
  return signOf(subPrecise(equity, mulPrecise(p.margin, p.maintenanceRatio))) <= 0;
}

/** The margin released by closing `quantity` of `total`: all of it on a whole close, else margin × (quantity ÷ total) to the cent. */
export function marginShare(marginValue: string, quantity: string, total: string): string {
  if (signOf(subPrecise(quantity, total)) === 0) return plainDecimal(marginValue);
  return cents(mulPrecise(marginValue, divPrecise(quantity, total)));
}

/**
 * A closed trade's profit or loss: the one definition (issue 32), the same in the closed-trade row,
 * the close estimate, the statement (screen, PDF, CSV) and analytics.
 *
 * - `realised`: what the close settled beyond the margin it released, after the closing fee (a
 *   settled row's `realised`, the position's `sellProfit`; a loss stops at the margin);
 * - `openFee`: the row's share of the opening fee, paid when it opened; `closeFee`: the fee charged
 *   at the close; `financing` and `levies`: anything else the trade was charged over its life
 *   (nothing on the house book today: "0").
 *
 * `gross` is the P&L of the prices alone (realised + closeFee), `fees` every charge (opening and
 * closing fees, financing, levies, each positive), `net` = gross − fees: what the wallet moved over
 * the trade's life. Each to the cent.
 */
export function closedTradePnl(t: { realised: string; openFee: string; closeFee: string; financing?: string; levies?: string }): {
  gross: string;
  fees: string;
  net: string;
} {
  const gross = cents(addPrecise(t.realised, t.closeFee));
  const fees = cents(addPrecise(addPrecise(addPrecise(t.openFee, t.closeFee), t.financing ?? '0'), t.levies ?? '0'));
  return { gross, fees, net: cents(subPrecise(gross, fees)) };
}

/** The unrounded P&L and closing fee of the parts already closed off a position ("0" for none). */
export interface ClosedParts {
  profit: string;
  fee: string;
}
export const NO_PARTS: ClosedParts = { profit: '0', fee: '0' };

/**
 * Closing `quantity` of a position at `closePrice` (decision 0015, "Rounding").
 *
 * P&L and the closing fee are rounded on the position's running totals, not per close: with
 * `parts` the unrounded P&L and fee of the parts closed before, this close books
 * cents(parts + this) − cents(parts) of P&L and chargedFee(parts + this) − chargedFee(parts) of
 * fee, and hands back the new running totals (`parts`) for the open row to keep. N closes thus
 * book to the cent what one close of the same quantity at the same price books: the totals are the
 * same sums rounded once. The fee is then capped at what the margin plus profit leaves, and a loss
 * beyond the margin is the house book's.
 *
 * `openFee` is this part's share of the opening fee (split by quantity like the margin, the last
 * close taking the rest): it was paid at the open. `gross`, `fees` and `net` are `closedTradePnl`'s
 * of the part: `net` is what the wallet moved over the part's life. `realised` (payout − margin) is
 * the position's `sellProfit`.
 */
export function closeSettlement(p: {
  direction: number;
  openPrice: string;
  closePrice: string;
  /** What is being closed. */
  quantity: string;
  /** The open position's whole quantity, margin and opening fee. */
  positionQuantity: string;
  positionMargin: string;
  positionOpenFee?: string;
  rate?: string;
  closeFeeRate: string;
  /** The running totals of the parts closed before; none by default. */
  parts?: ClosedParts;
}) {
  const rate = p.rate ?? '1';
  const before = p.parts ?? NO_PARTS;
  const released = marginShare(p.positionMargin, p.quantity, p.positionQuantity);
  const openFee = marginShare(p.positionOpenFee ?? '0', p.quantity, p.positionQuantity);
  const exactPnl = floatingProfit({ direction: p.direction, openPrice: p.openPrice, exitPrice: p.closePrice, quantity: p.quantity, rate });
  const exactFee = mulPrecise(notionalOf(p.closePrice, p.quantity, rate), p.closeFeeRate);
  const parts = { profit: addPrecise(before.profit, exactPnl), fee: addPrecise(before.fee, exactFee) };
  const pnl = cents(subPrecise(cents(parts.profit), cents(before.profit)));
  const closeFee = cents(subPrecise(chargedFee(parts.fee), chargedFee(before.fee)));
  const gross = addPrecise(released, pnl);
  const wipedOut = signOf(gross) <= 0;
  const charged = wipedOut ? '0' : minDecimal(closeFee, gross);
  const payout = wipedOut ? '0' : subPrecise(gross, charged);
  const realised = subPrecise(payout, released);
  const pnlOf = closedTradePnl({ realised, openFee, closeFee: charged });
  return {
    /** Margin leaving the held side. */
    margin: released,
    pnl,
    /** The fee before the cap. */
    closeFee,
    /** The fee charged. */
    fee: plainDecimal(charged),
    /** To the wallet's available side. */
    payout,
    /** To (positive) or from (negative) the house book: margin − payout − fee. */
    book: subPrecise(subPrecise(released, payout), charged),
    realised,
    loss: subPrecise(released, payout),
    /** P&L settled before both fees: realised + the fee charged (`closedTradePnl`). */
    gross: pnlOf.gross,
    /** This part's share of the opening fee. */
    openFee,
    /** Both fees: the share of the opening fee and the fee charged (`closedTradePnl`). */
    fees: pnlOf.fees,
    /** After both fees: gross − fees, what the wallet moved over the part's life (`closedTradePnl`). */
    net: pnlOf.net,
    /** The running totals after this close, for the rest of the position to carry. */
    parts,
  };
}

/**
 * The most that `budget` opens: budget ÷ (price × rate × (1 ÷ leverage + fee rate)), cut to whole lots
 * (`/position/getHalfOrFullNum`, half of the free balance or all of it).
 */
export function affordableQuantity(o: { budget: string; price: string; rate?: string; leverage: number; feeRate: string; lotSize: string }): string {
  const perUnit = mulPrecise(mulPrecise(o.price, o.rate ?? '1'), addPrecise(divPrecise(1, o.leverage), o.feeRate));
  if (signOf(perUnit) === 0) return '0';
  const lots = floorInteger(divPrecise(divPrecise(o.budget, perUnit), o.lotSize));
  return mulPrecise(lots, o.lotSize);
}

/** Half a budget, as the server halves the free balance before `affordableQuantity`. */
export const halfOf = (budget: string) => divPrecise(budget, 2);

/**
 * How each currency is valued in dollars on the simulated market: by the live price of its pair
 * with the dollar, quoted either way (`inverse`: the pair quotes dollars in it, USDHKD, so a unit is
 * 1 ÷ the price); the dollar and USDT (counted as one dollar) need none. The server converts money
 * with it and the screens estimate with it, so both take the same pairs.
 */
export const DOLLAR_PAIRS: Readonly<Record<string, { symbol: string; inverse: boolean } | null>> = {
  USD: null,
  USDT: null,
  EUR: { symbol: 'EURUSD', inverse: false },
  GBP: { symbol: 'GBPUSD', inverse: false },
  AUD: { symbol: 'AUDUSD', inverse: false },
  NZD: { symbol: 'NZDUSD', inverse: false },
  JPY: { symbol: 'USDJPY', inverse: true },
  CHF: { symbol: 'USDCHF', inverse: true },
  CAD: { symbol: 'USDCAD', inverse: true },
  HKD: { symbol: 'USDHKD', inverse: true },
  MXN: { symbol: 'USDMXN', inverse: true },
  CNH: { symbol: 'USDCNH', inverse: true },
  BTC: { symbol: 'BTCUSDT', inverse: false },
  ETH: { symbol: 'ETHUSDT', inverse: false },
};

/** The dollar pair of `currency`: null for the dollar itself, undefined for a currency the market does not price. */
export const dollarPairOf = (currency: string) => (Object.prototype.hasOwnProperty.call(DOLLAR_PAIRS, currency) ? DOLLAR_PAIRS[currency] : undefined);

/** Dollars per unit of `currency` from its pair's price (DOLLAR_PAIRS); null for a currency without one or a price not in yet. */
export function dollarsPerUnit(currency: string, pairPrice: string | null | undefined): string | null {
  const pair = dollarPairOf(currency);
  if (pair === undefined) return null;
  if (pair === null) return '1';
  if (!pairPrice) return null;
  return pair.inverse ? inverseRate(pairPrice) : pairPrice;
}

/** Units of one currency per unit of another from each one's dollar value: from ÷ to, to 12 places. */
export function exchangeRateOf(usdPerFrom: string, usdPerTo: string): string {
  return plainDecimal(roundDecimal(divPrecise(usdPerFrom, usdPerTo), 12)!);
}

/** A currency quoted as dollars-to-it (USDJPY, USDHKD) valued in dollars: 1 ÷ quote. */
export const inverseRate = (quote: string) => divPrecise(1, quote);

/** An amount in another currency, to the cent (a transfer's credited amount, a deposit's euros). */
export function convertAmount(amount: string, rate: string): string {
  return cents(mulPrecise(amount, rate));
}
