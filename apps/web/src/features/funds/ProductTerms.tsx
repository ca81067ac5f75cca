import { DEPOSIT_YIELD_DAYS, type FundProduct } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
import { formatQuantity, riseFallColor, signOf } from '../../lib/format';
import { formatChange, formatDay, formatIncome, formatNav, formatRate, formatShare, formatUnits, isHeld } from './calc';
import { Figure, money } from './components';

// How a product reads on its card and its page: its NAV with the day and the change, its terms by
// kind (expense ratio, exit load and lock-in; the declared income and the 7-day yield with its
// formula; the term, rate and penalty), and what the caller holds of it.

/** A fund's latest NAV, its day and its change on the NAV before. */
export function NavLine({ p, big, testId = 'fund-nav' }: { p: Pick<FundProduct, 'kind' | 'nav' | 'navDay' | 'navChange'>; big?: boolean; testId?: string }) {
  const { t } = useTranslation();
  if (p.kind !== 'fund') return null;
  return (
    <p className={big ? 'fund-nav big' : 'fund-nav'} data-testid={testId} data-nav={p.nav ?? ''}>
      <span>{t('funds.nav')}</span>{' '}
      {p.nav === null ? (
        <strong>{t('funds.noNav')}</strong>
      ) : (
        <>
          <strong>{t('funds.navOn', { nav: formatNav(p.nav), date: formatDay(p.navDay) })}</strong>{' '}
          {p.navChange !== null && (
            <span className="fund-change" style={{ color: riseFallColor(p.navChange) }} data-testid={`${testId}-change`}>
              {formatChange(p.navChange)}
            </span>
          )}
        </>
      )}
    </p>
  );
}

/** The product's terms by kind, as a grid of figures. */
export function Terms({ p, testPrefix = 'fund' }: { p: FundProduct; testPrefix?: string }) {
  const { t } = useTranslation();
  const min = (
    <Figure label={t('funds.terms.min')} testId={`${testPrefix}-min`}>
      {money(p.minAmount)}
    </Figure>
  );
  if (p.kind === 'fund')
    return (
      <dl className="figures fund-figures">
        <Figure label={t('funds.terms.expense')} testId={`${testPrefix}-expense`}>
          {t('funds.terms.perYear', { rate: formatRate(p.expensePercent) })}
        </Figure>
        {min}
        <Figure label={t('funds.terms.exitLoad')} testId={`${testPrefix}-exit-load`} wide>
          {signOf(p.exitLoadPercent) > 0
            ? t('funds.terms.exitLoadValue', {
                rate: formatRate(p.exitLoadPercent),
                days: formatQuantity(String(p.exitLoadDays)),
                free: formatShare(p.freeUnitsPercent),
              })
            : t('funds.terms.noExitLoad')}
        </Figure>
        <Figure label={t('funds.terms.lockIn')} testId={`${testPrefix}-lock-in`} wide>
          {p.lockInDays > 0 ? t('funds.terms.lockInValue', { count: p.lockInDays, n: formatQuantity(String(p.lockInDays)) }) : t('funds.terms.noLockIn')}
        </Figure>
      </dl>
    );
  if (p.kind === 'current')
    return (
      <>
        <dl className="figures fund-figures">
          <Figure label={t('funds.current.income')} testId={`${testPrefix}-income`}>
            {formatIncome(p.incomePer10k)}
          </Figure>
          <Figure label={t('funds.current.yield')} testId={`${testPrefix}-yield`}>
            {p.sevenDayYield !== null ? formatRate(p.sevenDayYield, 4) : '—'}
          </Figure>
          {min}
          <Figure label={t('funds.current.redeem')}>{t('funds.current.redeemValue')}</Figure>
        </dl>
        <p className="fund-formula" data-testid={`${testPrefix}-formula`}>
          {t('funds.current.formula')}
          {p.sevenDayYield === null && <span className="fund-formula-wait">{t('funds.current.yieldWaiting', { days: DEPOSIT_YIELD_DAYS })}</span>}
        </p>
      </>
    );
  return (
    <>
      <dl className="figures fund-figures">
        <Figure label={t('funds.regular.term')} testId={`${testPrefix}-term`}>
          {p.termDays !== null ? t('funds.regular.termValue', { count: p.termDays, n: formatQuantity(String(p.termDays)) }) : '—'}
        </Figure>
        <Figure label={t('funds.regular.rate')} testId={`${testPrefix}-rate`}>
          {t('funds.terms.perYear', { rate: formatRate(p.ratePercent) })}
        </Figure>
        {min}
        <Figure label={t('funds.regular.penalty')} testId={`${testPrefix}-penalty`} wide>
          {t('funds.regular.penaltyValue', { rate: formatRate(p.penaltyPercent) })}
        </Figure>
      </dl>
      <p className="fund-formula" data-testid={`${testPrefix}-formula`}>
        {t('funds.regular.formula')}
      </p>
    </>
  );
}

/** What the caller holds of the product: units and their value, or the euros of deposits; purchases waiting for their NAV. */
export function Yours({ p, testId = 'fund-yours' }: { p: FundProduct; testId?: string }) {
  const { t } = useTranslation();
  if (!isHeld(p)) return null;
  return (
    <p className="fund-yours" data-testid={testId}>
      {p.kind === 'fund' ? t('funds.yoursUnits', { units: formatUnits(p.units), value: money(p.value) }) : t('funds.yoursDeposit', { value: money(p.value) })}
      {signOf(p.pending) > 0 && <> · {t('funds.yourPending', { amount: money(p.pending) })}</>}
    </p>
  );
}
