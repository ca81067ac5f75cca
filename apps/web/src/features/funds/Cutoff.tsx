import type { FundProduct } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
import { formatCountdown, formatTimeZoneName } from '../../lib/format';
import { cutoffLeft, dayIso, formatDay, navDayAt } from './calc';

/**
 * A fund's cut-off: its time in the fund's zone, the countdown to the next one and the NAV day an
 * order placed now gets; once the countdown reaches 0, the next NAV day (the list is fetched again
 * at that moment and names the next cut-off).
 */
export function CutoffNote({
  p,
  now,
  testId = 'fund-cutoff',
}: {
  p: Pick<FundProduct, 'kind' | 'cutoff' | 'timeZone' | 'cutoffAt' | 'orderNavDay' | 'nextNavDay'>;
  now: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (p.kind !== 'fund') return null;
  const left = cutoffLeft(p, now);
  const navDay = navDayAt(p, now);
  const date = <time dateTime={dayIso(navDay)}>{formatDay(navDay)}</time>;
  return (
    <div className="fund-cutoff" data-testid={testId} data-nav-day={navDay ?? ''} data-passed={left === 0 ? 'true' : 'false'}>
      {p.cutoff && <p className="fund-cutoff-rule">{t('funds.cutoff.rule', { time: p.cutoff, zone: p.timeZone ? formatTimeZoneName(p.timeZone) : '' })}</p>}
      {navDay === null ? (
        <p>{t('funds.cutoff.none')}</p>
      ) : (
        <p>
          {left !== null && left > 0 ? (
            <>
              {t('funds.cutoff.left')}{' '}
              <strong className="fund-countdown" data-testid={`${testId}-countdown`}>
                {formatCountdown(left)}
              </strong>{' '}
              · {t('funds.cutoff.gets')} <strong data-testid={`${testId}-day`}>{date}</strong>
            </>
          ) : (
            <>
              {t('funds.cutoff.passed')} · {t('funds.cutoff.gets')} <strong data-testid={`${testId}-day`}>{date}</strong>
            </>
          )}
        </p>
      )}
    </div>
  );
}
