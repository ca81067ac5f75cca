import type { Quote } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';

type Phase = Quote['marketStatus'];

/** The session phase: pre-market, open, after hours or closed. */
export function PhaseTag({ phase, testId }: { phase: Phase; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`tag tag-phase phase-${phase}`} data-testid={testId} data-phase={phase}>
      <span className="phase-dot" aria-hidden="true" />
      {t(`market.phase.${phase}`)}
    </span>
  );
}
