import { DEAL_MARKETS, HK_POOL_THRESHOLD, IpoStatus, type NewStock, type Subscription } from '@tradeapp/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EMPTY_VALUE, formatAmount, formatChartTick, formatDateMinute, formatNumber, formatQuantity } from '../../lib/format';
import { StatusBadge } from '../../ui/records';
import { percentOfOne } from './calc';

// Pieces the IPO screens share: the state badge, the market tag, a deal's price or range, its
// oversubscription, and a label-value line.

const STATE = {
  [IpoStatus.AvailableToSubscribe]: ['deals.state.available', 'done'],
  [IpoStatus.Subscribed]: ['deals.state.subscribed', 'progress'],
  [IpoStatus.WaitingAllotment]: ['deals.state.waiting', 'progress'],
  [IpoStatus.Allotted]: ['deals.state.allotted', 'done'],
  [IpoStatus.NotAllotted]: ['deals.state.notAllotted', 'muted'],
} as const;

const PHASE = {
  upcoming: ['deals.phase.upcoming', 'progress'],
  subscribing: ['deals.phase.subscribing', 'done'],
  allotting: ['deals.phase.allotting', 'progress'],
  listed: ['deals.phase.listed', 'muted'],
  cancelled: ['deals.phase.cancelled', 'failed'],
} as const;

/**
 * The specification's IPO state (the investor's: available, subscribed, waiting for allotment,
 * allotted, not allotted) where there is one, else the deal's phase (upcoming, allotting, listed);
 * a cancelled deal says so whatever the investor's state.
 */
export function DealBadge({ deal, testId = 'deal-state' }: { deal: Pick<NewStock, 'state' | 'status'>; testId?: string }) {
  const { t } = useTranslation();
  const [label, tone] = deal.state !== null && deal.status !== 'cancelled' ? STATE[deal.state] : PHASE[deal.status];
  return (
    <span className={`status-badge tone-${tone}`} data-testid={testId} data-state={deal.state ?? ''} data-phase={deal.status}>
      {t(label)}
    </span>
  );
}

/** A subscription's state; a cancelled deal's subscription says the deal was cancelled. */
export function SubscriptionBadge({
  subscription,
  testId = 'subscription-state',
}: {
  subscription: Pick<Subscription, 'state' | 'dealStatus'>;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [label, tone] = subscription.dealStatus === 'cancelled' ? PHASE.cancelled : STATE[subscription.state];
  return (
    <StatusBadge tone={tone} testId={testId} status={subscription.state}>
      {t(label)}
    </StatusBadge>
  );
}

export function MarketTag({ market }: { market: 'US' | 'HK' }) {
  const { t } = useTranslation();
  return (
    <span className={`deal-market ${market === 'HK' ? 'hk' : 'us'}`} title={t(`deals.market.${market}`)}>
      {market}
    </span>
  );
}

/** The final price once priced, else the range (one price when its ends meet), with the currency. */
export function dealPriceText(deal: Pick<NewStock, 'finalPrice' | 'priceLow' | 'priceHigh' | 'currency'>): string {
  const price = (v: string) => formatNumber(v, { grouping: true });
  if (deal.finalPrice) return `${price(deal.finalPrice)} ${deal.currency}`;
  if (deal.priceLow === deal.priceHigh) return `${price(deal.priceHigh)} ${deal.currency}`;
  return `${price(deal.priceLow)} – ${price(deal.priceHigh)} ${deal.currency}`;
}

/** HKEX's line between the pools as an amount: "5,000,000 HKD". */
export const poolThresholdText = () => `${formatAmount(HK_POOL_THRESHOLD, { decimals: 0, grouping: true })} HKD`;

/** A share of one (odds, the break rate) as the language writes a percentage: "12.34%", "12,34%". */
export const sharePercent = (ratio: string | null | undefined) => (ratio ? `${formatAmount(percentOfOne(ratio))}%` : EMPTY_VALUE);

/** Plural forms of English and Dutch pick "one" for exactly 1; a quantity string needs no float for that. */
const countOf = (quantity: string | number) => (String(quantity) === '1' ? 1 : 2);

/** "2 lots (1,000 shares)", "1 lot (1 share)": lots and the shares they are, in the UI language. */
export function useLotsText() {
  const { t } = useTranslation();
  const lots = (n: number) => t('deals.lotsN', { count: countOf(n), n: formatQuantity(n) });
  const shares = (n: string) => t('deals.sharesN', { count: countOf(n), n: formatQuantity(n) });
  const lotShares = (lotSize: string) => t('deals.lotShares', { count: countOf(lotSize), n: formatQuantity(lotSize) });
  return { lots, shares, lotShares, both: (n: number, s: string) => t('deals.lotsAndShares', { lots: lots(n), shares: shares(s) }) };
}

/** "12.34×": demand against supply. */
export function useTimes() {
  const { t } = useTranslation();
  return (value: string | null | undefined) => (value ? t('deals.times', { n: formatAmount(value, { grouping: true }) }) : EMPTY_VALUE);
}

/** An instant on the deal's exchange clock, named: "27/11/2026 12:00 PM Hong Kong time". */
export function useExchangeTime() {
  const { t } = useTranslation();
  return (ts: number, market: 'US' | 'HK') => t(`deals.zone.${market}`, { time: formatDateMinute(ts, DEAL_MARKETS[market].timeZone) });
}

/** The time of day alone on the deal's exchange clock, named: "11:18 PM Hong Kong time" (beside its date). */
export function useExchangeClock() {
  const { t } = useTranslation();
  return (ts: number, market: 'US' | 'HK') => t(`deals.zone.${market}`, { time: formatChartTick(ts, 'time', DEAL_MARKETS[market].timeZone) });
}

/** Short facts joined by " · ", each kept on one line: "02899 · 7.20 – 7.80 HKD · Lot 1,000". */
export function Meta({ parts }: { parts: string[] }) {
  return (
    <small className="deal-meta">
      {parts.map((part, i) => (
        <span key={i}>{part}</span>
      ))}
    </small>
  );
}

export function InfoLine({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="deal-line">
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}
