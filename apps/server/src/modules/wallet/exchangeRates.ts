import { dollarPairOf } from '@tradeapp/contract';
import { Dec } from '../../lib/decimal';
import type { MarketService } from '../market';

/**
 * Exchange rates from the live market: euros and dollars through EURUSD, crypto through its
 * USDT pair (USDT counted as one dollar on the simulated chain).
 */
export function createExchangeRates(market: MarketService) {
  const last = (symbol: string) => new Dec(market.snapshot(symbol).last);
  // The contract's DOLLAR_PAIRS, as the screens estimate with them: the pair's last, or 1 ÷ it for a pair quoting dollars in the currency.
  const usdPer = (currency: string): Dec | null => {
    const pair = dollarPairOf(currency);
    if (pair === undefined) return null;
    if (pair === null) return new Dec(1);
    return pair.inverse ? new Dec(1).div(last(pair.symbol)) : last(pair.symbol);
  };
  return {
    supports: (currency: string) => dollarPairOf(currency) !== undefined,
    /** The live EURUSD price (dollars per euro) and the moment it was quoted: what a total in euros counts dollars at. */
    eurUsd(): { rate: Dec; time: number } {
      const s = market.snapshot('EURUSD');
      return { rate: new Dec(s.last), time: s.time };
    },
    /** Units of `to` for one unit of `from`. */
    rate(from: string, to: string): Dec {
      if (from === to) return new Dec(1);
      const f = usdPer(from);
      const t = usdPer(to);
      if (!f || !t) throw new Error(`no rate from ${from} to ${to}`);
      return f.div(t).toDecimalPlaces(12);
    },
  };
}

export type ExchangeRates = ReturnType<typeof createExchangeRates>;
