import { DEPOSIT_INCOME_UNITS, DEPOSIT_YIELD_DAYS, mulDecimal, type FundDetail } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
import { formatAmount, toMillis } from '../../lib/format';
import { dayIso, formatDay, formatIncome, formatNav, formatRate, termInterest, yieldWorking } from './calc';
import { KindTag, money, useNow, useProductName } from './components';
import { CutoffNote } from './Cutoff';
import { NavChart } from './NavChart';
import { NavLine, Terms, Yours } from './ProductTerms';

// One product as its page shows it (/pages/yinmutual/index?id=<id>): its name and terms; a fund's
// basket, NAV chart and recent NAVs with the rule that strikes them; a Current term's 7-day yield
// worked out from the declared incomes with the contract's formula, and those incomes (the days
// declared ahead marked); a Regular term's interest rule with an example.

/** How many recent days the lists under the chart and the yield show, and how many of the days declared ahead. */
const RECENT_DAYS = 10;
const AHEAD_DAYS = 3;

const percentOf = (weight: string) => `${formatAmount(mulDecimal(weight, '100', 2))}%`;

export function DetailHead({ p, now }: { p: FundDetail; now: number }) {
  const { t } = useTranslation();
  const nameOf = useProductName();
  return (
    <section className="card card-pad fund-head" data-testid="fund-detail-head" data-id={p.id} data-code={p.code} data-kind={p.kind} data-paused={p.paused}>
      <h1 className="fund-title" data-testid="fund-detail-name">
        {nameOf(p)}
      </h1>
      <p className="fund-tags">
        <span className="fund-code">{p.code}</span> <KindTag kind={p.kind} />
        {p.paused && (
          <span className="status-badge tone-muted" data-testid="fund-detail-paused">
            {t('funds.paused')}
          </span>
        )}
      </p>
      <NavLine p={p} big testId="fund-detail-nav" />
      {p.paused && (
        <p className="fund-note warn" role="status" id="fund-paused-note" data-testid="fund-paused-note">
          {t('funds.detail.pausedNote')}
        </p>
      )}
      <Terms p={p} testPrefix="fund-detail" />
      <CutoffNote p={p} now={now} testId="fund-detail-cutoff" />
      <Yours p={p} testId="fund-detail-yours" />
    </section>
  );
}

function Basket({ p }: { p: FundDetail }) {
  const { t } = useTranslation();
  if (p.basket.length === 0) return null;
  return (
    <section className="card card-pad" aria-labelledby="fund-basket-title" data-testid="fund-basket">
      <h2 className="money-section-title" id="fund-basket-title">
        {t('funds.detail.basketTitle')}
      </h2>
      <ul className="fund-basket">
        {p.basket.map((w) => (
          <li key={w.symbol} data-testid="fund-basket-item">
            <span>{w.symbol}</span>
            <strong>{percentOf(w.weight)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

function RecentNavs({ p }: { p: FundDetail }) {
  const { t } = useTranslation();
  const rows = p.days.slice(-RECENT_DAYS).reverse();
  return (
    <section className="card" aria-labelledby="fund-navs-title" data-testid="fund-navs">
      <h2 className="card-title" id="fund-navs-title">
        {t('funds.detail.navsTitle')}
      </h2>
      <p className="fund-rule-note">{t('funds.detail.navRule', { expense: formatRate(p.expensePercent) })}</p>
      {rows.length === 0 ? (
        <p className="fund-empty">{t('funds.detail.chartEmpty')}</p>
      ) : (
        <table className="fund-table">
          <thead>
            <tr>
              <th scope="col">{t('funds.detail.day')}</th>
              <th scope="col">{t('funds.nav')}</th>
              <th scope="col">{t('funds.detail.ratio')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => (
              <tr key={d.day} data-testid="fund-nav-row" data-day={d.day}>
                <td>
                  <time dateTime={dayIso(d.day)}>{formatDay(d.day)}</time>
                </td>
                <td>{formatNav(d.value)}</td>
                <td>{d.ratio !== null ? formatAmount(d.ratio, { decimals: 6 }) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function YieldCard({ p, now }: { p: FundDetail; now: number }) {
  const { t } = useTranslation();
  const working = yieldWorking(p.yieldInputs);
  // Newest first: the nearest days declared ahead, then the days begun.
  const ahead = p.days.filter((d) => (toMillis(d.day) ?? 0) > now);
  const begun = p.days.filter((d) => (toMillis(d.day) ?? 0) <= now);
  const rows = [...ahead.slice(0, AHEAD_DAYS).reverse(), ...begun.slice(-RECENT_DAYS).reverse()];
  const lastAhead = ahead.at(-1);
  return (
    <section className="card" aria-labelledby="fund-yield-title" data-testid="fund-yield">
      <h2 className="card-title" id="fund-yield-title">
        {t('funds.detail.yieldTitle')}
      </h2>
      <div className="fund-working">
        <p className="fund-formula first">{t('funds.current.formula')}</p>
        {working.result !== null ? (
          <p className="fund-working-line" data-testid="fund-yield-working" data-result={working.result}>
            ({working.inputs.map((v) => formatAmount(v, { decimals: 4 })).join(' + ')}) ÷ {DEPOSIT_YIELD_DAYS} × 365 ÷{' '}
            {formatAmount(String(DEPOSIT_INCOME_UNITS), { decimals: 0, grouping: true })} ={' '}
            <strong data-testid="fund-yield-result">{formatRate(working.result, 4)}</strong>
          </p>
        ) : (
          <p className="fund-note warn" data-testid="fund-yield-waiting">
            {t('funds.detail.yieldFewer', { count: working.inputs.length, n: working.inputs.length, missing: working.missing, days: DEPOSIT_YIELD_DAYS })}
          </p>
        )}
      </div>
      <h3 className="fund-subtitle">{t('funds.detail.incomesTitle')}</h3>
      {rows.length === 0 ? (
        <p className="fund-empty">{t('funds.detail.incomesEmpty')}</p>
      ) : (
        <table className="fund-table">
          <thead>
            <tr>
              <th scope="col">{t('funds.detail.day')}</th>
              <th scope="col">{t('funds.detail.incomeColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((d) => {
              const ahead = (toMillis(d.day) ?? 0) > now;
              return (
                <tr key={d.day} data-testid="fund-income-row" data-day={d.day} data-ahead={ahead ? 'true' : 'false'}>
                  <td>
                    <time dateTime={dayIso(d.day)}>{formatDay(d.day)}</time>
                    {ahead && <span className="record-tag fund-ahead">{t('funds.detail.declaredAhead')}</span>}
                  </td>
                  <td>{formatIncome(d.value)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {lastAhead && (
        <p className="fund-rule-note bottom" data-testid="fund-incomes-ahead">
          {t('funds.detail.declaredThrough', { count: ahead.length, n: ahead.length, date: formatDay(lastAhead.day) })}
        </p>
      )}
    </section>
  );
}

function RegularExample({ p }: { p: FundDetail }) {
  const { t } = useTranslation();
  const example = '10000';
  const interest = termInterest(example, p.ratePercent, p.termDays);
  return (
    <section className="card card-pad" aria-labelledby="fund-example-title" data-testid="fund-regular-example">
      <h2 className="money-section-title" id="fund-example-title">
        {t('funds.detail.exampleTitle')}
      </h2>
      <p className="fund-working-line" data-testid="fund-example">
        {t('funds.detail.example', { amount: money(example), rate: formatRate(p.ratePercent), days: p.termDays ?? 0, interest: money(interest) })}
      </p>
      <p className="fund-note">{t('funds.detail.earlyExample', { rate: formatRate(p.penaltyPercent) })}</p>
    </section>
  );
}

/** The product's page body under its head. */
export function DetailBody({ p }: { p: FundDetail }) {
  const now = useNow(p.kind === 'fund');
  return (
    <>
      <DetailHead p={p} now={now} />
      {p.kind === 'fund' && (
        <>
          <NavChart days={p.days} />
          <RecentNavs p={p} />
          <Basket p={p} />
        </>
      )}
      {p.kind === 'current' && <YieldCard p={p} now={now} />}
      {p.kind === 'regular' && <RegularExample p={p} />}
    </>
  );
}
