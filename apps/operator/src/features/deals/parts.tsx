import type { DealStatus } from '@tradeapp/contract';
import { Badge } from '../../ui/Badges';
import { formatAmount } from '../../ui/format';
import { STATUS_LABELS, type Deal } from './api';

// Small pieces the list, the calendar and the detail share.

const STATUS_TONES: Record<DealStatus, 'neutral' | 'info' | 'success' | 'warning' | 'danger'> = {
  announced: 'neutral',
  open: 'info',
  closed: 'warning',
  priced: 'warning',
  allotted: 'info',
  listed: 'success',
  cancelled: 'danger',
};

export function DealStatusBadge({ status }: { status: DealStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{STATUS_LABELS[status]}</Badge>;
}

/** The offer price: the final one once priced, else the range (one price when its ends meet). */
export function priceLabel(deal: Pick<Deal, 'priceLow' | 'priceHigh' | 'finalPrice' | 'currency'>): string {
  if (deal.finalPrice !== null) return `${formatAmount(deal.finalPrice)} ${deal.currency}`;
  return rangeLabel(deal);
}

export function rangeLabel(deal: Pick<Deal, 'priceLow' | 'priceHigh' | 'currency'>): string {
  if (deal.priceLow === deal.priceHigh) return `${formatAmount(deal.priceLow)} ${deal.currency}`;
  return `${formatAmount(deal.priceLow)}–${formatAmount(deal.priceHigh)} ${deal.currency}`;
}

/** A whole number with the operator's grouping. */
export const count = (n: number | string) => Number(n).toLocaleString();

/** Demand against supply: "2.47×". */
export const timesLabel = (oversubscription: string) => `${oversubscription}×`;

/** A percent the server wrote with its decimals: "12.50 %". */
export const percentLabel = (value: string) => `${value} %`;
