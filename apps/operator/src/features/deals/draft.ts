import { DEAL_MARKETS, dealTimetable, localDay, type DealExchange, type DealMarket } from '@tradeapp/contract';
import type { Deal, DealDraftInput } from './api';
import { fromZonedInput, toZonedInput, zoneOf } from './time';

// The editor's form as text, the way the operator types it, and the contract's input made from
// it. Nothing is checked here: the server's answer names each bad field, and the form shows it
// there. The fee rate is typed in percent (HKEX's 1.0085 %) and sent as the fraction the contract
// takes, by moving the decimal point in the text, so no digit is lost to a float.

export interface DealDraft {
  name: string;
  code: string;
  symbol: string;
  market: DealMarket;
  exchange: DealExchange;
  priceLow: string;
  priceHigh: string;
  lotSize: string;
  publicLots: string;
  /** Percent of the notional. */
  feePercent: string;
  handlingFee: string;
  prospectusDate: string;
  fundRaising: string;
  /** datetime-local values on the exchange's clock. */
  opens: string;
  closes: string;
  allotmentDate: string;
  listingDate: string;
  profile: string;
}

/** Each market's usual charges (decision 0019): Futu's in Hong Kong, none on a United States IPO. */
export const MARKET_DEFAULTS: Record<DealMarket, { feePercent: string; handlingFee: string }> = {
  HK: { feePercent: '1.0085', handlingFee: '50.00' },
  US: { feePercent: '0', handlingFee: '0.00' },
};

/** `1.0085` (percent) -> `0.010085`; anything that is not a plain decimal is sent as typed, for the server to refuse. */
export function percentToFraction(percent: string): string {
  const text = percent.trim();
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || text === '' || text === '.') return text;
  const digits = `${m[1] ?? ''}${m[2] ?? ''}`;
  const point = (m[1] ?? '').length - 2;
  const whole = point > 0 ? digits.slice(0, point) : '0';
  const fraction = point > 0 ? digits.slice(point) : `${'0'.repeat(-point)}${digits}`;
  const w = whole.replace(/^0+(?=\d)/, '');
  const f = fraction.replace(/0+$/, '');
  return f ? `${w}.${f}` : w;
}

/** `0.010085` -> `1.0085`. */
export function fractionToPercent(fraction: string): string {
  const m = /^(\d+)(?:\.(\d*))?$/.exec(fraction.trim());
  if (!m) return fraction;
  const digits = `${m[1]}${(m[2] ?? '').padEnd(2, '0')}`;
  const point = m[1]!.length + 2;
  const whole = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const rest = digits.slice(point).replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : whole;
}

/**
 * A new deal's form: a Hong Kong deal on HKEX's timetable from its first trading day after today
 * (contract `dealTimetable`): opens 09:00, closes 12:00 noon three trading days on, results and
 * dealing on the trading days after the pricing.
 */
export function newDraft(now = Date.now()): DealDraft {
  const tz = zoneOf('HK');
  const t = dealTimetable('HK', localDay(tz, now) + 1);
  return {
    name: '',
    code: '',
    symbol: '',
    market: 'HK',
    exchange: 'HKEX',
    priceLow: '',
    priceHigh: '',
    lotSize: '',
    publicLots: '',
    ...MARKET_DEFAULTS.HK,
    prospectusDate: t.prospectusDate,
    fundRaising: '',
    opens: toZonedInput(t.subscriptionOpensTimestamp, tz),
    closes: toZonedInput(t.subscriptionClosesTimestamp, tz),
    allotmentDate: t.allotmentDate,
    listingDate: t.listingDate,
    profile: '',
  };
}

export function draftOf(deal: Deal): DealDraft {
  const tz = zoneOf(deal.market);
  return {
    name: deal.name,
    code: deal.code,
    symbol: deal.symbol,
    market: deal.market,
    exchange: deal.exchange,
    priceLow: deal.priceLow,
    priceHigh: deal.priceHigh,
    lotSize: deal.lotSize,
    publicLots: String(deal.publicLots),
    feePercent: fractionToPercent(deal.feeRate),
    handlingFee: deal.handlingFee,
    prospectusDate: deal.prospectusDate,
    fundRaising: deal.fundRaising,
    opens: toZonedInput(deal.subscriptionOpensTimestamp, tz),
    closes: toZonedInput(deal.subscriptionClosesTimestamp, tz),
    allotmentDate: deal.allotmentDate,
    listingDate: deal.listingDate,
    profile: deal.profile,
  };
}

/**
 * The form moved to another market: its exchange becomes the market's first, and the charges
 * follow when they were the other market's usual ones (charges the operator typed stay). The
 * window keeps its wall-clock times, now read on the new exchange's clock.
 */
export function withMarket(draft: DealDraft, market: DealMarket): DealDraft {
  if (market === draft.market) return draft;
  const before = MARKET_DEFAULTS[draft.market];
  const usual = draft.feePercent === before.feePercent && draft.handlingFee === before.handlingFee;
  return {
    ...draft,
    market,
    exchange: DEAL_MARKETS[market].exchanges[0],
    ...(usual ? MARKET_DEFAULTS[market] : {}),
  };
}

/** A whole number as typed, a number when it is one (the contract coerces, and refuses what is not). */
const wholeOf = (text: string): number | string => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text.trim());

export function inputOf(draft: DealDraft): DealDraftInput {
  const tz = zoneOf(draft.market);
  return {
    name: draft.name,
    code: draft.code,
    symbol: draft.symbol,
    market: draft.market,
    exchange: draft.exchange,
    priceLow: draft.priceLow,
    priceHigh: draft.priceHigh,
    lotSize: wholeOf(draft.lotSize),
    publicLots: wholeOf(draft.publicLots),
    feeRate: percentToFraction(draft.feePercent),
    handlingFee: draft.handlingFee,
    prospectusDate: draft.prospectusDate,
    fundRaising: draft.fundRaising,
    // An empty or half-typed time is sent as 0, which the contract refuses on that field.
    subscriptionOpensTimestamp: fromZonedInput(draft.opens, tz) ?? 0,
    subscriptionClosesTimestamp: fromZonedInput(draft.closes, tz) ?? 0,
    allotmentDate: draft.allotmentDate,
    listingDate: draft.listingDate,
    profile: draft.profile,
  };
}

export const sameDraft = (a: DealDraft, b: DealDraft) => (Object.keys(a) as (keyof DealDraft)[]).every((key) => a[key] === b[key]);

/** The contract's field that each form field's server error is reported on. */
export const FIELD_OF: Record<keyof DealDraft, string> = {
  name: 'name',
  code: 'code',
  symbol: 'symbol',
  market: 'market',
  exchange: 'exchange',
  priceLow: 'priceLow',
  priceHigh: 'priceHigh',
  lotSize: 'lotSize',
  publicLots: 'publicLots',
  feePercent: 'feeRate',
  handlingFee: 'handlingFee',
  prospectusDate: 'prospectusDate',
  fundRaising: 'fundRaising',
  opens: 'subscriptionOpensTimestamp',
  closes: 'subscriptionClosesTimestamp',
  allotmentDate: 'allotmentDate',
  listingDate: 'listingDate',
  profile: 'profile',
};
