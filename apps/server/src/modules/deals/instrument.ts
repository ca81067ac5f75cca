import { MarketSource } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec } from '../../lib/decimal';
import type { Instrument } from '../../market/types';
import { dealOfSymbol, type DealRow } from './repository';

/** HKEX's spread table, by the band a price sits in (the universe's, for a deal's own prices). */
function hkTick(price: Dec): string {
  const bands: [number, string][] = [
    [0.25, '0.001'],
    [0.5, '0.005'],
    [10, '0.01'],
    [20, '0.02'],
    [100, '0.05'],
    [200, '0.1'],
    [500, '0.2'],
    [1000, '0.5'],
  ];
  return bands.find(([below]) => price.lt(below))?.[1] ?? '1';
}

/** A new listing's yearly volatility: its first months swing about twice as much as a seasoned large stock. */
const LISTING_VOLATILITY = '0.60';
/** A new listing trades about a fifth of the shares it offered each day: its first weeks' turnover. */
const DAILY_TURNOVER = '0.2';

/**
 * The instrument a deal's shares trade as (decision 0019, "Listing"): a stock of its exchange, the
 * tick from the exchange's rules at its price and the lot of its deal, as the universe's stocks
 * are made; its offer price is its base price. Once listed it carries its first day and the
 * oversubscription, and the market prices it from those alone (market/listing.ts). Before, trading
 * shows an allotted position with it, since the market does not know the symbol yet.
 */
export function instrumentOf(d: DealRow): Instrument {
  const price = new Dec(d.final_price ?? d.price_high);
  const hk = d.market === 'HK';
  const lot = String(hk ? d.lot_size : 1);
  // The shares offered are the money raised at the price; a day trades a share of them, in whole lots.
  const offered = new Dec(d.fund_raising).div(price);
  const adv = Dec.max(1, offered.mul(DAILY_TURNOVER).div(lot).floor()).mul(lot);
  return {
    symbol: d.symbol,
    code: d.code,
    name: d.name,
    market: d.market,
    exchange: d.exchange,
    assetClass: 'stock',
    calendar: d.market,
    source: hk ? MarketSource.HKStock : MarketSource.Stock,
    currency: d.currency,
    tickSize: hk ? hkTick(price) : '0.01',
    lotSize: lot,
    minQuantity: lot,
    basePrice: price.toFixed(),
    volatility: LISTING_VOLATILITY,
    averageDailyVolume: adv.toFixed(0),
    profile: d.profile,
    classify: 'IPO',
    ...(d.listed_on !== null && d.listing_oversubscription !== null
      ? { listedOn: d.listed_on, oversubscription: new Dec(d.listing_oversubscription).toFixed(2) }
      : {}),
  };
}

/** For trading: the instrument of an allotted position's symbol, while it is not listed. */
export async function unlistedInstrument(sql: Sql, symbol: string): Promise<Instrument | undefined> {
  const d = await dealOfSymbol(sql, symbol);
  return d ? instrumentOf(d) : undefined;
}
