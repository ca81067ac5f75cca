import { dayClose, localDay, nextTradingDay, VENUES, type CalendarId } from '../calendar/calendar';
import { LARGE_ORDER_SHARES } from '../constants';
import { compareDecimal } from '../decimal';
import { WalletCode } from '../enums';
import type { AssetClass, InstrumentKind } from './assets';

// Which call orders an instrument, which wallet it trades from, what counts as a large order:
// written once here so that the server's checks and the screens' choices cannot drift.

/** The route ids of the specification's order creation calls this app serves. */
export const ORDER_CALLS = ['orderStock', 'orderHk', 'orderGold', 'orderCrude'] as const;
export type OrderCall = (typeof ORDER_CALLS)[number];

/**
 * Which creation call orders an instrument: Hong Kong stocks `/hk/create`, other stocks
 * `/stock/create`, energy and agricultural contracts `/crude/create`, futures, metals, currency
 * pairs and virtual currencies `/gold/create`. Null for indices and bonds, which are not traded.
 */
export function orderCallFor(i: InstrumentKind): OrderCall | null {
  switch (i.assetClass) {
    case 'stock':
      return i.market === 'HK' ? 'orderHk' : 'orderStock';
    case 'energy':
    case 'agri':
      return 'orderCrude';
    case 'future':
    case 'metal':
    case 'forex':
    case 'crypto':
      return 'orderGold';
    case 'index':
    case 'bond':
      return null;
  }
}

/** The trading wallet an instrument's margin, fees and profits live in. */
export function walletFor(i: InstrumentKind): WalletCode {
  if (i.assetClass === 'stock') {
    if (i.market === 'US') return WalletCode.UsStock;
    if (i.market === 'HK') return WalletCode.HkStock;
    if (i.market === 'MX') return WalletCode.MexicoStock;
    return WalletCode.Stock;
  }
  if (i.assetClass === 'forex' || i.assetClass === 'crypto') return WalletCode.Forex;
  return WalletCode.Future;
}

/** A stock order of at least LARGE_ORDER_SHARES shares; other asset classes never are. */
export function isLargeOrder(i: { assetClass: AssetClass }, quantity: string): boolean {
  if (i.assetClass !== 'stock') return false;
  const cmp = compareDecimal(quantity, String(LARGE_ORDER_SHARES));
  return cmp !== null && cmp >= 0;
}

/**
 * Whether orders in an instrument may ask for extended hours: stocks of a venue with pre-market and
 * after-hours sessions (US stocks). Indices and futures on the same calendar have none.
 */
export function tradesExtendedHours(i: { assetClass: AssetClass; calendar: CalendarId }): boolean {
  return i.assetClass === 'stock' && VENUES[i.calendar].sessions.some((s) => s.extended);
}

/**
 * When a day order placed at `at` expires: the close of the trading day it belongs to (closing
 * auction included; with `extendedHours` the end of the late session). An order placed after that
 * close, or on a day the venue does not trade, belongs to the next trading day. A venue whose day
 * opens the evening before (Globex, FX) needs nothing more: the evening is after the local day's close.
 */
export function dayOrderExpiry(calendar: CalendarId, at: number, extendedHours: boolean): number {
  const today = localDay(VENUES[calendar].timeZone, at);
  const close = dayClose(calendar, today, extendedHours);
  if (close !== null && at < close) return close;
  return dayClose(calendar, nextTradingDay(calendar, today), extendedHours)!;
}
