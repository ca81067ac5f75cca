import {
  DEAL_MARKETS,
  DealStatus,
  HK_POOL_THRESHOLD,
  SubscriptionStatus,
  WalletCode,
  dayIn,
  ipoStateOf,
  type Deal,
  type NewStock,
  type Subscription,
} from '@tradeapp/contract';
import { Dec, fixed, percentOf } from '../../lib/decimal';
import { poolOdds, type BasisRow } from './allotment';
import type { DealRow, DealStats, SubscriptionRow } from './repository';

// Rows as the contract's shapes. Money in euros to the cent; prices as exact as they were set,
// with at least two decimals; a deal's phases and figures read from its row and its subscriptions.

/** A price as set, at least to the cent: 7.5 -> 7.50, 0.0125 stays. */
export function priceText(value: string): string {
  const d = new Dec(value);
  return d.decimalPlaces() < 2 ? d.toFixed(2) : d.toFixed();
}
const euros = (value: string | Dec) => fixed(value, 2);

/** What a subscription is held at and an allotment is taken at: the final price once priced, else the top of the range. */
export const priceOf = (d: DealRow) => d.final_price ?? d.price_high;

/** The lifecycle as the new-stock list's phases were named before deals had one. */
const PHASE: Record<DealStatus, NewStock['status']> = {
  announced: 'upcoming',
  open: 'subscribing',
  closed: 'allotting',
  priced: 'allotting',
  allotted: 'allotting',
  listed: 'listed',
  cancelled: 'cancelled',
};

const NO_STATS = { applicants: 0, demand_lots: 0, reconfirm_pending: 0 };

/** Pool A or B of an application of `lots`: its amount at the top of the range against HKEX's HK$5m. */
export function poolOf(d: DealRow, lots: number): 'A' | 'B' {
  return new Dec(d.price_high).mul(d.lot_size).mul(lots).lte(HK_POOL_THRESHOLD) ? 'A' : 'B';
}

function dealFields(d: DealRow, stats: Pick<DealStats, 'applicants' | 'demand_lots'>) {
  return {
    id: d.id,
    name: d.name,
    code: d.code,
    symbol: d.symbol,
    market: d.market,
    exchange: d.exchange,
    currency: d.currency,
    priceLow: priceText(d.price_low),
    priceHigh: priceText(d.price_high),
    finalPrice: d.final_price === null ? null : priceText(d.final_price),
    price: priceText(priceOf(d)),
    lotSize: String(d.lot_size),
    publicLots: d.public_lots,
    feeRate: new Dec(d.fee_rate).toFixed(),
    handlingFee: fixed(d.handling_fee, 2),
    prospectusDate: d.prospectus_date,
    fundRaising: fixed(d.fund_raising, 2),
    subscriptionOpensTimestamp: d.subscription_opens_at.getTime(),
    subscriptionClosesTimestamp: d.subscription_closes_at.getTime(),
    subscriptionDeadline: dayIn(DEAL_MARKETS[d.market].timeZone, d.subscription_closes_at.getTime()),
    allotmentDate: d.allotment_date,
    listingDate: d.listing_date,
    profile: d.profile,
    dealStatus: d.status,
    listedOn: d.listed_on,
    firstDayPrice: d.first_day_price === null ? null : priceText(d.first_day_price),
    firstDayClose: d.first_day_close === null ? null : priceText(d.first_day_close),
    firstDayChangePercent: d.first_day_close === null ? null : percentOf(new Dec(d.first_day_close).sub(d.final_price!), d.final_price!),
    applicants: stats.applicants,
    demandLots: Number(stats.demand_lots),
    oversubscription: fixed(new Dec(stats.demand_lots).div(d.public_lots), 2),
    allotmentTable: (d.allotment_table as BasisRow[] | null) ?? null,
  };
}

export function toDeal(d: DealRow, stats: DealStats | undefined): Deal {
  const s = stats ?? { deal_id: d.id, ...NO_STATS };
  return {
    ...dealFields(d, s),
    cancelReason: d.cancel_reason,
    allotmentSeed: d.allotment_seed,
    reconfirmPending: s.reconfirm_pending,
    createdBy: d.created_by,
    createTimeTimestamp: d.created_at.getTime(),
    modifyTimeTimestamp: d.updated_at.getTime(),
  };
}

/**
 * A deal for the new-stock list and detail. Before its allotment a Hong Kong deal shows each pool's
 * demand and odds if it closed now (the allotment's own arithmetic, on the applications so far);
 * the caller's subscription, when there is one, shows its pool and that pool's chance of a lot.
 */
export function toNewStock(
  d: DealRow,
  stats: DealStats | undefined,
  applications: { id: number; lots: number }[],
  mine: SubscriptionRow | undefined,
): NewStock {
  const s = stats ?? { deal_id: d.id, ...NO_STATS };
  const balloting = d.market === 'HK' && [DealStatus.Announced, DealStatus.Open, DealStatus.Closed, DealStatus.Priced].includes(d.status as never);
  const pools = balloting
    ? poolOdds({
        applications: applications.map((a) => ({ id: String(a.id), lots: a.lots })),
        lotSize: d.lot_size,
        price: new Dec(d.price_high).toFixed(),
        publicLots: d.public_lots,
        poolThreshold: HK_POOL_THRESHOLD,
      })
    : null;
  const pool = mine && d.market === 'HK' ? poolOf(d, mine.lots) : null;
  return {
    ...dealFields(d, s),
    status: PHASE[d.status],
    pools,
    state: mine ? ipoStateOf(d.status, mine.status) : ipoStateOf(d.status, null),
    mine: mine
      ? {
          subscriptionId: mine.id,
          lots: mine.lots,
          pool,
          oneLotChance: pools && pool && mine.status === SubscriptionStatus.Subscribed ? pools[pool].oneLotChance : null,
        }
      : null,
  };
}

/** A subscription with the specification's IPO fields. */
export function toSubscription(s: SubscriptionRow, d: DealRow): Subscription {
  const price = d.final_price ?? s.price_held;
  const quantity = new Dec(s.lots).mul(d.lot_size);
  const allotted = s.status === SubscriptionStatus.Allotted;
  const paid =
    s.status === SubscriptionStatus.Cancelled ? new Dec(0) : new Dec(s.handling_fee_paid).add(allotted ? new Dec(s.amount_allotted!).add(s.fee_allotted!) : 0);
  return {
    id: s.id,
    dealId: d.id,
    name: d.name,
    code: d.code,
    symbol: d.symbol,
    market: d.market,
    exchange: d.exchange,
    currency: d.currency,
    listingDate: d.listing_date,
    prospectusDate: d.prospectus_date,
    fundRaising: fixed(d.fund_raising, 2),
    subscriptionDeadline: dayIn(DEAL_MARKETS[d.market].timeZone, d.subscription_closes_at.getTime()),
    subscriptionClosesTimestamp: d.subscription_closes_at.getTime(),
    allotmentDate: d.allotment_date,
    priceHeld: priceText(s.price_held),
    price: priceText(price),
    lots: s.lots,
    lotSize: String(d.lot_size),
    quantity: quantity.toFixed(),
    total: fixed(quantity.mul(price), 2),
    allottedQuantity: s.lots_allotted === null ? null : new Dec(s.lots_allotted).mul(d.lot_size).toFixed(),
    actualPayment: euros(paid),
    pendingPayment: euros(s.status === SubscriptionStatus.Subscribed ? s.amount_held : '0'),
    handlingFee: euros(s.handling_fee_paid),
    allotmentFee: s.fee_allotted === null ? null : euros(s.fee_allotted),
    rate: new Dec(s.rate).toFixed(),
    walletCode: WalletCode.Subscription,
    walletCurrency: 'EUR',
    state: ipoStateOf(d.status, s.status),
    status: s.status,
    dealStatus: d.status,
    reconfirmRequired: s.reconfirm_required,
    positionId: s.position_id,
    createTimeTimestamp: s.created_at.getTime(),
    modifyTimeTimestamp: s.updated_at.getTime(),
  };
}

/** The new-stock list's break rate: the share of listed deals whose first day closed below the final price. */
export function breakRateOf(f: { closed: number; broken: number }) {
  return { firstDayCloses: f.closed, broken: f.broken, breakRate: f.closed === 0 ? null : fixed(new Dec(f.broken).div(f.closed), 4) };
}
