import {
  addDecimal,
  compareDecimal,
  handlingFeeOf,
  HK_POOL_THRESHOLD,
  mulDecimal,
  mulPrecise,
  SubscriptionStatus,
  subDecimal,
  subscriptionCosts,
  type NewStock,
  type Subscription,
} from '@tradeapp/contract';

// The order page's figures, from the contract's money rules (`subscriptionCosts`, `handlingFeeOf`):
// the same functions the server holds and allots with, on decimal strings, so the page shows the
// cent that will be held. Nothing here passes through a float.

export type DealTerms = Pick<NewStock, 'lotSize' | 'price' | 'feeRate' | 'handlingFee'>;

export interface HoldEstimate {
  shares: string;
  /** In the deal's currency: the shares' money, the fee on it, their sum. */
  inDeal: { amount: string; fee: string; total: string };
  /** The same in euros at `rate`, exactly as the subscription wallet is held; null without a rate. */
  inEuros: { amount: string; fee: string; total: string } | null;
  handlingFeeEuros: string | null;
  /** What leaves the subscription wallet now: the hold plus the handling fee (unless paid already). */
  payNow: string | null;
}

/**
 * What applying for `lots` holds: lots x lot size x price x (1 + fee rate), in the deal's currency
 * and in euros at `rate` (euros per unit of the deal's currency), plus the handling fee, which is
 * paid once, at the first application (`handlingFeePaid` for a change or a reconfirmation).
 */
export function holdEstimate(deal: DealTerms, lots: number, rate: string | null, handlingFeePaid = false): HoldEstimate {
  const shares = mulPrecise(lots, deal.lotSize);
  const inDeal = subscriptionCosts({ lots, lotSize: deal.lotSize, price: deal.price, rate: '1', feeRate: deal.feeRate });
  const inEuros = rate ? subscriptionCosts({ lots, lotSize: deal.lotSize, price: deal.price, rate, feeRate: deal.feeRate }) : null;
  const handlingFeeEuros = rate ? handlingFeeOf(deal.handlingFee, rate) : null;
  const payNow = inEuros && handlingFeeEuros ? (handlingFeePaid ? inEuros.total : addDecimal(inEuros.total, handlingFeeEuros)) : null;
  return { shares, inDeal, inEuros, handlingFeeEuros, payNow };
}

/**
 * Hong Kong's pool of an application of `lots`: A up to HKEX's HK$5m at the top of the range, B
 * above; null in the United States, which has no pools.
 */
export function poolOf(deal: Pick<NewStock, 'market' | 'priceHigh' | 'lotSize'>, lots: number): 'A' | 'B' | null {
  if (deal.market !== 'HK') return null;
  return compareDecimal(mulPrecise(mulPrecise(deal.priceHigh, deal.lotSize), lots), HK_POOL_THRESHOLD) === 1 ? 'B' : 'A';
}

/** A share of one (0..1, as odds and the break rate come) in percent, two decimals: "0.1234" -> "12.34". */
export const percentOfOne = (ratio: string) => mulDecimal(ratio, '100', 2);

/** The fee rate (a fraction) in percent with the digits it has: "0.010085" -> "1.0085". */
export function feeRatePercent(feeRate: string): string {
  const percent = mulDecimal(feeRate, '100', 8) ?? '0';
  return percent.replace(/(\.\d*?[1-9])0+$/, '$1').replace(/\.0+$/, '');
}

/**
 * What came back to the subscription wallet, in euros, once decided; null while the money is
 * still held. The subscription does not carry what was held, so it is costed again as the server
 * held it (lots at the price and rate it was held at, with the deal's fee rate): an allotment
 * returns the hold less what the allotted shares took, an unsuccessful or unconfirmed application
 * all of it, a cancelled deal the handling fee as well.
 */
export function refundedOf(s: Subscription, feeRate: string): string | null {
  if (s.status === SubscriptionStatus.Subscribed) return null;
  const held = subscriptionCosts({ lots: s.lots, lotSize: s.lotSize, price: s.priceHeld, rate: s.rate, feeRate }).total;
  if (s.status === SubscriptionStatus.Cancelled) return addDecimal(held, s.handlingFee);
  if (s.status !== SubscriptionStatus.Allotted) return held;
  const taken = subDecimal(s.actualPayment, s.handlingFee) ?? '0';
  return subDecimal(held, taken);
}
