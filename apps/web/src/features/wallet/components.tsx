import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateMinute, formatInCurrency, formatTime, signOf } from '../../lib/format';
import { StatusBadge } from '../../ui/records';
import { TRANSFER_STATUS } from './labels';

export function TransferBadge({ status, testId }: { status: 0 | 1 | 2 | 3; testId?: string }) {
  const { t } = useTranslation();
  const item = TRANSFER_STATUS[status];
  return (
    <StatusBadge tone={item.tone} testId={testId} status={status}>
      {t(item.label)}
    </StatusBadge>
  );
}

/** A rate with at least four decimals and every digit it has: "1.085" -> "1.0850", "1.08523" -> "1.08523". */
export function formatRate(rate: string): string {
  const places = rate.includes('.') ? rate.split('.')[1]!.length : 0;
  return formatAmount(rate, { decimals: Math.max(4, places) });
}

/** A profit or change with its sign and currency: "+€9.22", "-€0.02", "€0.00". */
export function formatSignedInCurrency(value: string, currency: string): string {
  const text = formatInCurrency(value, currency);
  return signOf(value) > 0 ? `+${text}` : text;
}

/** When a rate was quoted: its time today, its date and time on another day (a closed market's last price, a weekend). */
export function quotedAt(timestamp: number, now = Date.now()): string {
  return new Date(timestamp).toDateString() === new Date(now).toDateString() ? formatTime(timestamp) : formatDateMinute(timestamp);
}

/**
 * "Counted at 1 EUR = 1.0850 USD, 14:05": the EURUSD price a total counted the other currency at, and
 * when it was quoted, with its date when that was not today.
 */
export function CountedAt({
  eurUsd,
  timestamp,
  className,
  testId,
  now,
}: {
  eurUsd: string;
  timestamp: number;
  className?: string;
  testId?: string;
  now?: number;
}) {
  const { t } = useTranslation();
  return (
    <div className={className} data-testid={testId}>
      {t('wallet.rateNote', { rate: formatRate(eurUsd), time: quotedAt(timestamp, now) })}
    </div>
  );
}
