import { dollarPairOf } from '@tradeapp/contract';
import { Dec } from '../../../lib/decimal';
import type { CalendarId } from '../../../market/types';
import type { FundRow, WeightRow } from '../repository';
import { basketRatio, DAY_MS, liquidRatio, navInstant } from '../rules';
import type { FundEngineOptions } from './context';

/** A liquid fund grows by its currency's zero rate of this many years. */
const LIQUID_TENOR_YEARS = '0.25';

/** The market's prices as the NAVs read them, in euros at the moment each NAV is struck; made once per engine, which keeps its cache. */
export function createFundPrices(opts: Pick<FundEngineOptions, 'provider' | 'curves'>) {
  const { provider, curves } = opts;

  /** Dollars per unit of `currency` at `at`, from its pair's last price then. */
  function usdPer(currency: string, at: number): Dec {
    const pair = dollarPairOf(currency);
    if (pair === undefined) throw new Error(`no dollar pair for ${currency}`);
    if (pair === null) return new Dec(1);
    const last = new Dec(provider.snapshot(pair.symbol, at).last);
    return pair.inverse ? new Dec(1).div(last) : last;
  }

  /** Euros per unit of `currency` at `at`, to 12 places as the wallet's exchange rates give them. */
  const euroRate = (currency: string, at: number) => (currency === 'EUR' ? new Dec(1) : usdPer(currency, at).div(usdPer('EUR', at)).toDecimalPlaces(12));

  // A NAV day's closes are the next day's previous closes: each is read from the market once.
  const closes = new Map<string, Dec>();
  /** An instrument's last price at `at` in euros: after its close, the day's close at that day's rate. */
  function closeEur(symbol: string, at: number): Dec {
    const key = `${symbol}|${at}`;
    const hit = closes.get(key);
    if (hit) return hit;
    const i = provider.instrument(symbol);
    if (!i) throw new Error(`unknown symbol ${symbol}`);
    const close = new Dec(provider.snapshot(symbol, at).last).mul(euroRate(i.currency, at));
    if (closes.size >= 4096) closes.clear();
    closes.set(key, close);
    return close;
  }

  const calendarsOf = (symbols: readonly string[]) => symbols.map((s) => provider.instrument(s)?.calendar).filter((c): c is CalendarId => c !== undefined);

  /** The moment the NAV of `day` is struck for a fund on `calendar` holding `symbols`. */
  const instantOf = (calendar: CalendarId, symbols: readonly string[], day: number) => navInstant(calendar, calendarsOf(symbols), day);

  /** The basket's (or the short rate's) move from the NAV day `from` to `day`. */
  function ratioOf(p: FundRow, ws: readonly WeightRow[], from: number, day: number): Dec {
    const symbols = ws.map((w) => w.symbol);
    if (p.curve_currency) {
      const rate = curves.zeroRate(p.curve_currency, instantOf(p.calendar, symbols, from), LIQUID_TENOR_YEARS);
      return liquidRatio(rate, Math.round((day - from) / DAY_MS));
    }
    const before = instantOf(p.calendar, symbols, from);
    const at = instantOf(p.calendar, symbols, day);
    return basketRatio(ws.map((w) => ({ weight: w.weight, close: closeEur(w.symbol, at), previousClose: closeEur(w.symbol, before) })));
  }

  return { euroRate, instantOf, ratioOf };
}

export type FundPrices = ReturnType<typeof createFundPrices>;
