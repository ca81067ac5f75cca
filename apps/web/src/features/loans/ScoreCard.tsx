import { LOAN_BANDS, LOAN_SCORE_FACTORS, LOAN_SCORE_MAX, LOAN_SCORE_MIN, loanBand, loanBandApr, signOf, type LoanProfile } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatAmount } from '../../lib/format';
import { Figure, money, percent } from './components';

// The caller's credit score as the loan page explains it: the score on its scale from 300 to 850,
// each factor's points out of its most with the rule it follows in words, the band that sets the
// limit and the borrowing rate (the contract's table) with the annual percentage rate of that rate
// beside it, and, below the first band, why no loan is offered and what would raise the score.

type Factor = LoanProfile['factors'][number];

const whole = (n: number | string) => formatAmount(String(n), { decimals: 0, grouping: true });
/** The least score of any loan. */
const FIRST_BAND = LOAN_BANDS[0].minScore;

/** The rule a factor follows, said with the caller's own figures. */
function useExplain(): (f: Factor) => string {
  const { t } = useTranslation();
  return (f) => {
    const points = whole(f.points);
    const max = whole(f.max);
    switch (f.factor) {
      case 'identity':
        return f.points > 0 ? t('loans.factors.identity.yes', { points, max }) : t('loans.factors.identity.no', { max });
      case 'accountAge':
        return t('loans.factors.accountAge.text', { days: whole(f.input), points, max });
      case 'netDeposits':
        return signOf(f.input) > 0
          ? t('loans.factors.netDeposits.text', { amount: money(f.input), points, max })
          : t('loans.factors.netDeposits.none', { amount: money(f.input), max });
      case 'tradingRecord':
        return f.flag ? t('loans.factors.tradingRecord.liquidated') : t('loans.factors.tradingRecord.text', { n: whole(f.input), points, max });
      default:
        if (f.flag) return t('loans.factors.repayment.overdue');
        if (f.points >= f.max)
          return signOf(f.input) > 0 ? t('loans.factors.repayment.repaid', { n: whole(f.input), max }) : t('loans.factors.repayment.noLoan', { max });
        return t('loans.factors.repayment.none', { max });
    }
  };
}

/** What would raise a factor that is short of its most, in words; null when it is full. */
function useRaise(): (f: Factor) => string | null {
  const { t } = useTranslation();
  return (f) => {
    const missing = whole(Math.max(0, f.max - f.points));
    if (f.points >= f.max) return null;
    switch (f.factor) {
      case 'identity':
        return t('loans.raise.identity', { missing });
      case 'accountAge':
        return t('loans.raise.accountAge', { missing });
      case 'netDeposits':
        return t('loans.raise.netDeposits', { missing });
      case 'tradingRecord':
        return f.flag ? t('loans.raise.liquidated') : t('loans.raise.tradingRecord', { missing });
      default:
        return f.flag ? t('loans.raise.overdue') : t('loans.raise.repayment');
    }
  };
}

function ScoreScale({ score }: { score: number }) {
  const { t } = useTranslation();
  const span = LOAN_SCORE_MAX - LOAN_SCORE_MIN;
  const at = (s: number) => `${(((s - LOAN_SCORE_MIN) / span) * 100).toFixed(2)}%`;
  return (
    <div className="loan-scale" aria-hidden="true">
      <div className="loan-scale-bar">
        <span className="loan-scale-fill" style={{ width: at(score) }} />
        <span className="loan-scale-mark" style={{ left: at(FIRST_BAND) }} />
      </div>
      <div className="loan-scale-ends">
        <span>{LOAN_SCORE_MIN}</span>
        <span style={{ left: at(FIRST_BAND) }} className="loan-scale-first">
          {t('loans.score.firstBand', { score: FIRST_BAND })}
        </span>
        <span>{LOAN_SCORE_MAX}</span>
      </div>
    </div>
  );
}

export function ScoreCard({ profile: p }: { profile: LoanProfile }) {
  const { t } = useTranslation();
  const explain = useExplain();
  const band = loanBand(p.score);
  return (
    <section className="card card-pad loan-score" data-testid="loan-score" data-score={p.score} aria-labelledby="loan-score-title">
      <h2 className="money-section-title" id="loan-score-title">
        {t('loans.score.title')}
      </h2>
      <p className="loan-score-big">
        <strong data-testid="loan-score-value">{p.score}</strong> <span>{t('loans.score.of', { max: LOAN_SCORE_MAX })}</span>
      </p>
      <ScoreScale score={p.score} />
      <dl className="figures loan-figures">
        <Figure label={t('loans.fields.limit')} testId="loan-limit">
          {money(p.limit)}
        </Figure>
        <Figure label={t('loans.fields.available')} testId="loan-available">
          {money(p.available)}
        </Figure>
        <Figure label={t('loans.fields.rate')} testId="loan-rate">
          {p.aprPercent !== null ? percent(p.aprPercent) : t('loans.score.noApr')}
        </Figure>
        <Figure label={t('loans.fields.apr')} testId="loan-apr">
          {p.annualPercentageRate !== null ? percent(p.annualPercentageRate) : t('loans.score.noApr')}
        </Figure>
      </dl>
      <h3 className="loan-sub-title">{t('loans.score.factorsTitle', { min: LOAN_SCORE_MIN })}</h3>
      <ul className="loan-factors" data-testid="loan-factors">
        {p.factors.map((f) => (
          <li key={f.factor} className="loan-factor" data-testid="loan-factor" data-factor={f.factor} data-points={f.points}>
            <div className="loan-factor-head">
              <span className="loan-factor-name">{t(`loans.factors.${f.factor}.name`)}</span>
              <strong data-testid="loan-factor-points">{t('loans.score.points', { points: whole(f.points), max: whole(LOAN_SCORE_FACTORS[f.factor]) })}</strong>
            </div>
            <div className="loan-factor-bar" aria-hidden="true">
              <span style={{ width: `${Math.max(0, Math.min(100, (f.points / f.max) * 100)).toFixed(1)}%` }} />
            </div>
            <p className="loan-factor-rule" data-testid="loan-factor-rule">
              {explain(f)}
            </p>
          </li>
        ))}
      </ul>
      <table className="loan-bands" data-testid="loan-bands">
        <caption>{t('loans.score.bandsTitle')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('loans.score.bandScore')}</th>
            <th scope="col">{t('loans.fields.limit')}</th>
            <th scope="col">{t('loans.fields.rate')}</th>
            <th scope="col">{t('loans.fields.apr')}</th>
          </tr>
        </thead>
        <tbody>
          {LOAN_BANDS.map((b) => (
            <tr
              key={b.minScore}
              className={band?.minScore === b.minScore ? 'current' : undefined}
              aria-current={band?.minScore === b.minScore ? 'true' : undefined}
            >
              <th scope="row">{t('loans.score.from', { score: b.minScore })}</th>
              <td>{money(b.limit)}</td>
              <td>{percent(b.aprPercent)}</td>
              <td data-testid="loan-band-apr">{percent(loanBandApr(b.aprPercent))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="form-note" data-testid="loan-bands-note">
        {t('loans.score.bandsNote')}
      </p>
    </section>
  );
}

/** Below the first band: why no loan is offered, and which factors would raise the score, by how much. */
export function NoLoanCard({ profile: p }: { profile: LoanProfile }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const raise = useRaise();
  const ways = p.factors.map((f) => ({ f, text: raise(f) })).filter((w): w is { f: Factor; text: string } => w.text !== null);
  return (
    <section className="card card-pad loan-none" data-testid="loan-none" aria-labelledby="loan-none-title">
      <h2 className="money-section-title" id="loan-none-title">
        {t('loans.none.title')}
      </h2>
      <p className="loan-text" data-testid="loan-none-why">
        {t('loans.none.why', { score: p.score, min: FIRST_BAND, needed: FIRST_BAND - p.score })}
      </p>
      <p className="loan-text">{t('loans.none.honest')}</p>
      {ways.length > 0 && (
        <>
          <h3 className="loan-sub-title">{t('loans.none.raiseTitle')}</h3>
          <ul className="loan-raise" data-testid="loan-raise">
            {ways.map(({ f, text }) => (
              <li key={f.factor} data-factor={f.factor}>
                <strong>{t(`loans.factors.${f.factor}.name`)}</strong> — {text}
                {f.factor === 'identity' && (
                  <>
                    {' '}
                    <button type="button" className="link" data-testid="loan-verify" onClick={() => void navigate(paths.kyc())}>
                      {t('loans.none.verify')}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
