import {
  affordableQuantity,
  closeFeeRate,
  closeSettlement,
  entryPriceOf,
  exitPriceOf,
  floatingProfit,
  halfOf,
  liquidationPriceOf,
  OrderDirection,
  openFeeRate,
  orderCosts,
  reachesMaintenance,
  walletCurrency,
  walletFor,
  type TradingRule,
} from '@tradeapp/contract';
import { Dec } from '../../lib/decimal';
import type { Instrument, Snapshot } from '../../market/types';
import type { ExchangeRates } from '../wallet';
import type { PositionRow } from './repository';

// The figures trading books come from the contract's formulas (trading/formulas.ts), the same ones
// the screens estimate with, so an order confirmation never shows a cent the ledger will not book.
// The formulas work on decimal strings; the service works in Dec: this file converts at the edge.

type Quote = Pick<Snapshot, 'bid' | 'ask'>;

export const isBuy = (direction: number) => direction === OrderDirection.Buy;
/** The live price an order fills at now: a buy at the ask, a sell at the bid. */
export const entryPrice = (direction: number, s: Quote) => new Dec(entryPriceOf(direction, s));
/** The live price a position closes at: a long sells at the bid, a short buys back at the ask. */
export const exitPrice = (direction: number, s: Quote) => new Dec(exitPriceOf(direction, s));
/** A whole number of steps of `step` (lot or tick). */
export const onGrid = (value: Dec, step: string) => value.div(step).isInteger();

/**
 * Instrument prices are converted to the trading wallet's currency at the live exchange rate of
 * the moment, so a position is valued and closed at what the market says now. Its liquidation is
 * the exception (decision 0015, "Liquidation"): the margin is worth what it was converted at when
 * the order was placed (`open_rate`), so the liquidation price stays put while the rate moves and
 * the trigger engine liquidates exactly where the screen says.
 */
export function createPricing(rates: ExchangeRates) {
  /** Units of the wallet's currency per unit of the instrument's, now. */
  const rateOf = (p: Pick<PositionRow, 'currency' | 'wallet_currency'>) => rates.rate(p.currency, p.wallet_currency).toFixed();
  /** The rate the margin was set at; the live one for rows from before it was kept. */
  const openRateOf = (p: PositionRow) => (p.open_rate === null ? rateOf(p) : new Dec(p.open_rate).toFixed());
  /** Units of the wallet's currency per unit of the instrument's: its own trading wallet's, or the one it is booked in (an agency's or a copy's follow wallet). */
  const instrumentRate = (i: Instrument, currency = walletCurrency(walletFor(i))) => rates.rate(i.currency, currency).toFixed();

  /** Floating profit of an open position at the snapshot's exit side, not rounded. */
  const floating = (p: Pick<PositionRow, 'direction' | 'open_price' | 'quantity' | 'currency' | 'wallet_currency'>, s: Quote, rate = rateOf(p)) =>
    floatingProfit({ direction: p.direction, openPrice: p.open_price!, exitPrice: exitPrice(p.direction, s).toFixed(), quantity: p.quantity, rate });

  return {
    /** `rate`: the wallet's currency per the instrument's, when the caller has it already (a portfolio of many positions). */
    floating: (p: Pick<PositionRow, 'direction' | 'open_price' | 'quantity' | 'currency' | 'wallet_currency'>, s: Quote, rate?: string) =>
      new Dec(floating(p, s, rate)),

    /** Margin and fee of opening `quantity` at `price`, each to the cent, and the rate they were converted at. */
    costs(i: Instrument, rule: TradingRule, direction: number, price: Dec, quantity: Dec, leverage: number, walletCurrency?: 'USD' | 'EUR') {
      const rate = instrumentRate(i, walletCurrency);
      const c = orderCosts({ price: price.toFixed(), quantity: quantity.toFixed(), rate, leverage, feeRate: openFeeRate(rule, direction) });
      return { margin: new Dec(c.margin), fee: new Dec(c.fee), rate };
    },

    /**
     * Where equity reaches the maintenance level, in the instrument's currency; null before the
     * fill. From what is fixed at the open (price, quantity, margin at the open's rate): it moves
     * only when the position does (margin added, part closed).
     */
    liquidationPrice(p: PositionRow, rule: TradingRule, places: number): string | null {
      if (!p.open_price) return null;
      const at = {
        direction: p.direction,
        openPrice: p.open_price,
        margin: p.margin,
        quantity: p.quantity,
        rate: openRateOf(p),
        maintenanceRatio: rule.maintenanceRatio,
      };
      return liquidationPriceOf(at, places);
    },

    /** Equity (margin plus floating profit, both at the open's rate) at or below the maintenance level: the price has reached the liquidation price. */
    reachesMaintenance: (p: PositionRow, rule: TradingRule, s: Quote) =>
      reachesMaintenance({ margin: p.margin, floating: floating(p, s, openRateOf(p)), maintenanceRatio: rule.maintenanceRatio }),

    /**
     * Closing `quantity` at `price`. The loss is capped at the margin being released: the fee
     * comes only out of what margin plus profit leaves, and the house book absorbs the rest.
     */
    settlement(p: PositionRow, rule: TradingRule, quantity: Dec, price: Dec) {
      const c = closeSettlement({
        direction: p.direction,
        openPrice: p.open_price!,
        closePrice: price.toFixed(),
        quantity: quantity.toFixed(),
        positionQuantity: p.quantity,
        positionMargin: p.margin,
        positionOpenFee: p.open_fee,
        rate: rateOf(p),
        closeFeeRate: closeFeeRate(rule, p.direction),
        parts: { profit: new Dec(p.parts_profit).toFixed(), fee: new Dec(p.parts_fee).toFixed() },
      });
      return {
        whole: quantity.eq(p.quantity),
        margin: new Dec(c.margin),
        fee: new Dec(c.fee),
        payout: new Dec(c.payout),
        book: new Dec(c.book),
        realised: new Dec(c.realised),
        openFee: new Dec(c.openFee),
        parts: c.parts,
      };
    },

    /** Whole lots that the free balance opens, and half of it: one unit costs its margin plus its fee. */
    affordable(i: Instrument, rule: TradingRule, direction: number, price: Dec, leverage: number, available: Dec) {
      const at = { price: price.toFixed(), rate: instrumentRate(i), leverage, feeRate: openFeeRate(rule, direction), lotSize: i.lotSize };
      const budget = available.toFixed();
      return { half: affordableQuantity({ ...at, budget: halfOf(budget) }), full: affordableQuantity({ ...at, budget }) };
    },
  };
}

export type Pricing = ReturnType<typeof createPricing>;
