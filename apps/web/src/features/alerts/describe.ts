import type { Alert } from '@tradeapp/contract';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../lib/format';

// What an alert waits for, in words: "At or above 310.50 USD", "Down by 2.5% in the day",
// "Crosses above MA20 of daily candles". Levels are shown with the decimals they were set with.

export const formatLevel = (value: string | null) => formatNumber(value, { grouping: true });

export function describeAlert(a: Pick<Alert, 'kind' | 'direction' | 'level' | 'percent' | 'period' | 'interval' | 'currency'>, t: TFunction): string {
  const direction = t(`alerts.directions.${a.kind}.${a.direction}`);
  if (a.kind === 'price') return t('alerts.describe.price', { direction, level: formatLevel(a.level), currency: a.currency });
  if (a.kind === 'change') return t('alerts.describe.change', { direction, percent: formatLevel(a.percent) });
  return t('alerts.describe.ma', { direction, period: a.period, interval: t(`alerts.intervals.${a.interval ?? '1d'}`) });
}
