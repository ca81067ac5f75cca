import type { BondHoldingStatus } from '@tradeapp/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { formatUtcDay } from '../../lib/format';
import { StatusBadge } from '../../ui/records';

// Pieces shared by the bond screens: a figure under its label, a UTC day, the note that prices come
// from the simulated market's curve, a holding's status in its colour.

/** A label over its figure, in a grid of figures (a <dl>). */
export function Figure({ label, children, testId, wide }: { label: ReactNode; children: ReactNode; testId?: string; wide?: boolean }) {
  return (
    <div className={wide ? 'figure bond-figure wide' : 'figure bond-figure'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** A UTC day (its start, in seconds or milliseconds) in the language's date form, whatever this device's zone. */
export function formatDay(ts: number | null | undefined): string {
  return formatUtcDay(ts);
}

/** The page's positive whole `id` (or another parameter), 0 for none or anything else. */
export function useIdParam(name = 'id'): number {
  const [params] = useSearchParams();
  const raw = Number(params.get(name) ?? 0);
  return Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
}

/** Every price is the simulated market's, from its yield curve: said on every bond screen. */
export function CurveNote({ testId = 'bond-curve-note' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <p className="bond-simulated" data-testid={testId}>
      <span className="record-tag">{t('bonds.simulated')}</span> {t('bonds.curveNote')}
    </p>
  );
}

const STATUS_TONE: Record<BondHoldingStatus, string> = { holding: 'progress', sold: 'muted', redeemed: 'done' };

export function HoldingStatus({ status, testId }: { status: BondHoldingStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={STATUS_TONE[status]} testId={testId}>
      {t(`bonds.status.${status}`)}
    </StatusBadge>
  );
}
