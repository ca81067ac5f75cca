import { FollowStatus, type AgencyStrategy } from '@tradeapp/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isMessageKey, msg } from '../../i18n/messages';
import { riseFallColor } from '../../lib/format';
import { StatusBadge } from '../../ui/records';
import { formatReturn } from './calc';

// Pieces shared by the follow screens: an agency's name, a follow's status, a figure, a return in
// its rise or fall colour.

/**
 * An agency is named by its strategy: the contract's name (`f.<strategy>`, which the server's notices
 * use too) in the investor's language, else the screens' own. Re-renders when the language changes.
 */
export function useAgencyName(): (strategy: AgencyStrategy) => string {
  const { t } = useTranslation();
  return (strategy) => {
    const key = `f.${strategy}`;
    return isMessageKey(key) ? msg(key) : t(`follow.strategies.${strategy}.name`);
  };
}

const STATUS_TONE: Record<FollowStatus, string> = {
  [FollowStatus.Following]: 'done',
  [FollowStatus.Stopping]: 'progress',
  [FollowStatus.Stopped]: 'muted',
};

export function FollowStatusBadge({ status, testId }: { status: FollowStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span data-status={status} className="follow-status">
      <StatusBadge tone={STATUS_TONE[status]} testId={testId}>
        {t(`follow.status.${status}`)}
      </StatusBadge>
    </span>
  );
}

/** A percentage return as the server gave it, in the rise or fall colour; "—" for none. */
export function Return({ value, testId }: { value: string | null | undefined; testId?: string }) {
  return (
    <span className="follow-return" style={{ color: riseFallColor(value) }} data-testid={testId} data-value={value ?? ''}>
      {formatReturn(value)}
    </span>
  );
}

/** A label over its figure, in a grid of figures (a <dl>). */
export function Figure({ label, children, testId, wide }: { label: ReactNode; children: ReactNode; testId?: string; wide?: boolean }) {
  return (
    <div className={wide ? 'figure follow-figure wide' : 'figure follow-figure'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** The small tag of a trade from the backfilled part of an agency's record. */
export function BackfilledTag() {
  const { t } = useTranslation();
  return (
    <span className="record-tag follow-backfilled" data-testid="follow-backfilled">
      {t('follow.backfilled')}
    </span>
  );
}

/** A follower's return beside its agency's over the same time, and why they differ. `testId` prefixes each figure. */
export function ReturnBeside({ follow, testId }: { follow: { returnPercent: string; agencyReturnPercent: string | null }; testId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="figures follow-figures">
        <Figure label={t('follow.yourReturn')} testId={`${testId}-return`}>
          <Return value={follow.returnPercent} />
        </Figure>
        <Figure label={t('follow.agencyReturn')} testId={`${testId}-agency-return`}>
          <Return value={follow.agencyReturnPercent} />
        </Figure>
      </dl>
      <p className="follow-note">{t('follow.differNote')}</p>
    </>
  );
}
