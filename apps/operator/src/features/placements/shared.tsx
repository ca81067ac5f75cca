import type { PlacementState } from '@tradeapp/contract';
import { Badge } from '../../ui/Badges';
import { formatAmount } from '../../ui/format';

// What the placement pages share: how a state reads, and a discount's sign.

export const STATE_LABELS: Record<PlacementState, [string, 'info' | 'success' | 'warning' | 'neutral' | 'danger']> = {
  upcoming: ['Upcoming', 'info'],
  open: ['Open', 'success'],
  soldOut: ['Sold out', 'warning'],
  ended: ['Ended', 'neutral'],
  closed: ['Closed early', 'danger'],
};

export const STATE_OPTIONS = (Object.keys(STATE_LABELS) as PlacementState[]).map((value) => ({ value, label: STATE_LABELS[value][0] }));

export function StateBadge({ state }: { state: PlacementState }) {
  const [label, tone] = STATE_LABELS[state];
  return <Badge tone={tone}>{label}</Badge>;
}

/** "3.50 % below the last close", or above it for a premium. */
export function discountText(discountPercent: string): string {
  if (discountPercent.startsWith('-')) return `${discountPercent.slice(1)} % above the last close`;
  return `${discountPercent} % below the last close`;
}

/** A quantity with its thousands grouped, without the two decimals of an amount. */
export function formatQuantity(value: string): string {
  const [whole = '', fraction] = value.split('.');
  const grouped = formatAmount(whole).replace(/\.00$/, '');
  return fraction ? `${grouped}.${fraction}` : grouped;
}
