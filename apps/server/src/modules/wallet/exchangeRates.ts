import { Dec } from '../../lib/decimal';
import type { MarketService } from '../market/service';

/**
 * Exchange rates from the live market: euros and dollars through EURUSD, crypto through its
 * USDT pair (USDT counted as one dollar on the simulated chain).
 */
export function createExchangeRates(market: MarketService) {
  const last = (symbol: string) => new Dec(market.snapshot(symbol).last);
  const inverse = (symbol: string) => () => new Dec(1).div(last(symbol));
  const usdPer: Record<string, () => Dec> = {
    USD: () => new Dec(1),
    USDT: () => new Dec(1),
    EUR: () => last('EURUSD'),
    GBP: () => last('GBPUSD'),
    AUD: () => last('AUDUSD'),
    NZD: () => last('NZDUSD'),
    JPY: inverse('USDJPY'),
    CHF: inverse('USDCHF'),
    CAD: inverse('USDCAD'),
    HKD: inverse('USDHKD'),
    MXN: inverse('USDMXN'),
    CNH: inverse('USDCNH'),
    BTC: () => last('BTCUSDT'),
    ETH: () => last('ETHUSDT'),
  };
  return {
    supports: (currency: string) => currency in usdPer,
    /** The live EURUSD price (dollars per euro) and the moment it was quoted: what a total in euros counts dollars at. */
    eurUsd(): { rate: Dec; time: number } {
      const s = market.snapshot('EURUSD');
      return { rate: new Dec(s.last), time: s.time };
    },
    /** Units of `to` for one unit of `from`. */
    rate(from: string, to: string): Dec {
      if (from === to) return new Dec(1);
      const f = usdPer[from];
      const t = usdPer[to];
      if (!f || !t) throw new Error(`no rate from ${from} to ${to}`);
      return f().div(t()).toDecimalPlaces(12);
    },
  };
}

export type ExchangeRates = ReturnType<typeof createExchangeRates>;
