import { convertAmount, exchangeRateOf } from '@tradeapp/contract';

// Converting between the wallets' currencies for display, through the EURUSD exchange rate
// (dollars per euro; USDT counts as a dollar) and the contract's formulas, so the screen shows the
// cent the server books. The server fixes the real rate when money moves.

const isDollar = (currency: string) => currency === 'USD' || currency === 'USDT';

function dollarsPer(currency: string, eurUsd: string | undefined): string | null {
  if (isDollar(currency)) return '1';
  if (currency === 'EUR') return eurUsd ?? null;
  return null;
}

/** Units of `to` per unit of `from`; null when no rate applies (another currency, or EURUSD not in yet). */
export function rateBetween(from: string, to: string, eurUsd: string | undefined): string | null {
  if (from === to || (isDollar(from) && isDollar(to))) return '1';
  const usdPerFrom = dollarsPer(from, eurUsd);
  const usdPerTo = dollarsPer(to, eurUsd);
  return usdPerFrom && usdPerTo ? exchangeRateOf(usdPerFrom, usdPerTo) : null;
}

/** `amount` of `from` in `to`, to the cent; null when no rate applies. */
export function convertBetween(amount: string, from: string, to: string, eurUsd: string | undefined): string | null {
  const rate = rateBetween(from, to, eurUsd);
  return rate === null ? null : convertAmount(amount, rate);
}
