import type { Quote } from '@tradeapp/contract';
import { Dec, fixed, percentOf } from '../../lib/decimal';
import type { Snapshot } from '../../market/types';

const decimalsOf = (step: string) => (step.includes('.') ? step.split('.')[1]!.length : 0);

const newYork = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

let lastSecond = -1;
let lastText = '';
/** `YYYY-MM-DD HH:mm:ss` in New York: the spec's `currencyUsDatetime` (formatting is slow: once a second). */
export function newYorkTime(at: number): string {
  const second = Math.floor(at / 1000);
  if (second === lastSecond) return lastText;
  const p = Object.fromEntries(newYork.formatToParts(at).map((part) => [part.type, part.value]));
  lastSecond = second;
  lastText = `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
  return lastText;
}

/**
 * The wire quote of a snapshot: derived figures computed exactly, in the instrument's own precision.
 * `nextOpen` is when a market that is not tradable now next is (the service reads it from the calendar).
 */
export function toQuote(s: Snapshot, selfSelected: boolean, nextOpen: number | null = null): Quote {
  const i = s.instrument;
  const dp = decimalsOf(i.tickSize);
  const last = new Dec(s.last);
  const previousClose = new Dec(s.previousClose);
  const change = last.sub(previousClose);
  // Extended sessions are measured from the regular session they follow: pre from the previous
  // close, post from the close of the day's regular session (the last regular price).
  const pre = s.preMarketPrice;
  const post = s.postMarketPrice;
  return {
    symbol: i.symbol,
    name: i.name,
    stock_code: i.code,
    market: i.market,
    marketType: i.exchange,
    classify: i.classify,
    assetClass: i.assetClass,
    source: i.source,
    currency: i.currency,
    price_nominal: s.last,
    change: fixed(change, dp),
    change_ratio: percentOf(change, previousClose),
    fall: change.isNegative(),
    open: s.open,
    high: s.high,
    low: s.low,
    preClose: s.previousClose,
    bid: s.bid,
    ask: s.ask,
    bidVolume: s.bidVolume,
    askVolume: s.askVolume,
    volume: s.volume,
    openInterest: s.openInterest,
    expiryDate: i.expiry ?? null,
    high52w: s.high52w,
    low52w: s.low52w,
    marketCap: i.sharesOutstanding ? fixed(last.mul(i.sharesOutstanding), 0) : null,
    amplitude: percentOf(new Dec(s.high).sub(s.low), previousClose),
    couponRate: i.couponRate ?? null,
    hasPreMarketData: pre !== null,
    preMarketPrice: pre,
    preMarketChange: pre === null ? null : fixed(new Dec(pre).sub(previousClose), dp),
    preMarketChangePercent: pre === null ? null : percentOf(new Dec(pre).sub(previousClose), previousClose),
    hasPostMarketData: post !== null,
    postMarketPrice: post,
    postMarketChange: post === null ? null : fixed(new Dec(post).sub(last), dp),
    postMarketChangePercent: post === null ? null : percentOf(new Dec(post).sub(last), last),
    selfSelectStatus: selfSelected ? 1 : 0,
    currencyUsDatetime: newYorkTime(s.time),
    marketStatus: s.session.phase,
    tradable: s.session.tradable,
    timeZone: s.session.timeZone,
    nextOpenTimestamp: s.session.tradable ? null : nextOpen,
    timestamp: s.time,
    profile: i.profile,
    tickSize: i.tickSize,
    lotSize: i.lotSize,
    minQuantity: i.minQuantity,
    simulated: true,
  };
}

const exchangeClocks = new Map<string, Intl.DateTimeFormat>();
/** `YYYY-MM-DD HH:mm` of an instant in an exchange's time zone: the time a closed-market error names. */
export function exchangeTime(at: number, timeZone: string): string {
  let f = exchangeClocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    exchangeClocks.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}
