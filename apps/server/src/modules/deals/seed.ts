import { DEAL_MARKETS, dealTimetable, localDay, nextTradingDay, previousTradingDay, type DealInput, type DealMarket } from '@tradeapp/contract';
import type { Db } from '../../db/db';
import { writeAudit } from '../../lib/audit';
import * as repo from './repository';

/** Held for the length of the seeding transaction: two nodes starting together seed once. */
const SEED_LOCK = 72707010;

/**
 * A seeded deal's schedule: the exchange's own timetable (contract `dealTimetable`) from a trading
 * day placed around `at`, `from` trading days after the exchange's day of `at` (negative: before).
 * From the trading day before, the window is open at `at` whatever the hour: it opened that day
 * and closes three (Hong Kong) or four (United States) trading days later.
 */
function window(market: DealMarket, at: number, from: number) {
  const calendar = DEAL_MARKETS[market].calendar;
  let day = localDay(DEAL_MARKETS[market].timeZone, at);
  for (let k = 0; k > from; k -= 1) day = previousTradingDay(calendar, day);
  for (let k = 0; k < from; k += 1) day = nextTradingDay(calendar, day);
  return dealTimetable(market, day);
}

/**
 * The fictional companies the new-stock list showed as fixed data before deals had a table
 * (`NEW_LISTINGS` of modules/market/offerings.ts; Deltaport Logistics, an Amsterdam listing, is
 * left out: deals run on the United States and Hong Kong exchanges). Their windows are placed
 * around the first start on their exchanges' timetables, so a new installation has a deal to
 * subscribe to, one to come and a Hong Kong one with pools. United States deals charge no fee (as
 * US brokers' IPO access does); Hong Kong's fee rate and handling fee are Futu's (decision 0019).
 */
export function seedDeals(at: number): DealInput[] {
  return [
    {
      name: 'Norva Robotics Inc.',
      code: 'NRVA',
      symbol: 'NRVA',
      market: 'US',
      exchange: 'NASDAQ',
      priceLow: '17.00',
      priceHigh: '19.00',
      lotSize: 1,
      publicLots: 20_000,
      feeRate: '0',
      handlingFee: '0',
      fundRaising: '425000000',
      profile: 'Warehouse automation robots and fleet software (fictional company of the simulated market).',
      ...window('US', at, -1),
    },
    {
      name: 'Helix Biologics Corp.',
      code: 'HLXB',
      symbol: 'HLXB',
      market: 'US',
      exchange: 'NYSE',
      priceLow: '22.00',
      priceHigh: '25.00',
      lotSize: 1,
      publicLots: 25_000,
      feeRate: '0',
      handlingFee: '0',
      fundRaising: '610000000',
      profile: 'Antibody therapies for autoimmune disease (fictional company of the simulated market).',
      ...window('US', at, 4),
    },
    {
      name: 'Lingnan Green Energy Ltd.',
      code: '02899',
      symbol: '2899.HK',
      market: 'HK',
      exchange: 'HKEX',
      priceLow: '7.20',
      priceHigh: '7.80',
      lotSize: 500,
      publicLots: 50_000,
      feeRate: '0.010085',
      handlingFee: '50',
      fundRaising: '1950000000',
      profile: 'Solar and storage parks in southern China (fictional company of the simulated market).',
      ...window('HK', at, -1),
    },
  ];
}

/** Create the seed deals at first start, when there are no deals at all; a later start adds nothing. */
export async function ensureSeedDeals(db: Db, at: number): Promise<number> {
  return db.tx(async (sql) => {
    await sql.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    if ((await repo.countDeals(sql)) > 0) return 0;
    for (const input of seedDeals(at)) {
      const d = await repo.insertDeal(sql, input, DEAL_MARKETS[input.market].currency, null);
      await writeAudit(sql, {
        actorId: null,
        action: 'deal.create',
        targetType: 'deal',
        targetId: d.id,
        after: { code: d.code, symbol: d.symbol, seeded: true },
      });
    }
    return seedDeals(at).length;
  });
}
