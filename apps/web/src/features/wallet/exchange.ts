import { convertAmount, dollarPairOf, dollarsPerUnit, exchangeRateOf } from '@tradeapp/contract';
import { useQueries } from '@tanstack/react-query';
import { pairQuery } from './api';

// Converting between currencies for display, through each one's dollar pair (the contract's
// DOLLAR_PAIRS, as the server converts; USDT counts as a dollar) and the contract's formulas, so the
// screen shows the cent the server books. The server fixes the real rate when money moves.

/** Units of `to` per unit of `from` from their pairs' prices (by symbol); null while one is missing or a currency has no pair. */
export function rateFrom(from: string, to: string, prices: Readonly<Record<string, string | undefined>>): string | null {
  if (from === to) return '1';
  const priceOf = (currency: string) => {
    const pair = dollarPairOf(currency);
    return pair ? prices[pair.symbol] : undefined;
  };
  const usdPerFrom = dollarsPerUnit(from, priceOf(from));
  const usdPerTo = dollarsPerUnit(to, priceOf(to));
  return usdPerFrom && usdPerTo ? exchangeRateOf(usdPerFrom, usdPerTo) : null;
}

/** Units of `to` per unit of `from` between the dollar and the euro, through EURUSD (dollars per euro); null without it. */
export function rateBetween(from: string, to: string, eurUsd: string | undefined): string | null {
  return rateFrom(from, to, { EURUSD: eurUsd });
}

/** `amount` of `from` in `to`, to the cent; null when no rate applies. */
export function convertBetween(amount: string, from: string, to: string, eurUsd: string | undefined): string | null {
  const rate = rateBetween(from, to, eurUsd);
  return rate === null ? null : convertAmount(amount, rate);
}

/**
 * The live rate from `from` to `to` for an estimate (an order's euros for a Hong Kong stock): the
 * quotes of the pairs it needs, kept fresh while shown. Null until they are in.
 */
export function useRateBetween(from: string, to: string): string | null {
  const symbols = from === to ? [] : [...new Set([from, to].map((c) => dollarPairOf(c)?.symbol).filter((s): s is string => Boolean(s)))];
  const quotes = useQueries({ queries: symbols.map((symbol) => pairQuery(symbol, true)) });
  const prices = Object.fromEntries(symbols.map((symbol, i) => [symbol, quotes[i]?.data?.price_nominal]));
  return rateFrom(from, to, prices);
}
