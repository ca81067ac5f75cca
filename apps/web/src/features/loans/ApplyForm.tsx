import { LOAN_MIN_AMOUNT, type LoanKeyFacts, type LoanProfile } from '@tradeapp/contract';
import { Button, Popup } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { useIntentKey } from '../../api/intent';
import { showToast } from '../../ui/toast';
import { applyLoan } from './api';
import { applyProblem, keyFacts, type Problem } from './calc';
import { AmountField, Figure, formatDay, money, percent, problemText } from './components';

// The application: an amount (from the least loan up to what the caller may still borrow) and a term,
// then the key fact statement of exactly that loan (the contract's schedule, as the server will book
// it) with the overdue penalty and no charge for repaying early, which the investor must accept
// before Apply is enabled. It states the nominal borrowing rate and, beside it, the annual percentage
// rate of exactly that schedule (the contract's `annualPercentageRate`); the borrowing rate is sent
// with the application: a changed band refuses it.

interface Statement {
  amount: string;
  months: number;
  aprPercent: string;
  facts: LoanKeyFacts;
}

const refusal = (err: unknown): Problem | null => (err instanceof ApiError && !err.aborted ? { key: err.message || err.key || 'e.operationFailed' } : null);

function KeyFactSheet({
  statement: s,
  penalty,
  onClose,
  onApplied,
}: {
  statement: Statement | null;
  penalty: string;
  onClose: () => void;
  onApplied: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const intent = useIntentKey();
  const [accepted, setAccepted] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);

  const apply = async () => {
    if (!s || !accepted) return;
    const input = { amount: s.amount, months: s.months, aprPercent: s.aprPercent, accepted: true as const };
    const key = intent.take(JSON.stringify(input));
    setPending(true);
    setProblem(null);
    try {
      await applyLoan(input, key);
      intent.settle();
      showToast(t('loans.apply.done'), 'success');
      onApplied();
    } catch (err) {
      intent.settle(err);
      setProblem(refusal(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Popup visible={s !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet loan-sheet" destroyOnClose>
      {s && (
        <div className="sheet-form" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} data-testid="loan-kfs">
          <div className="sheet-head">
            <h2 className="loan-sheet-title" id={`${id}-title`}>
              {t('loans.kfs.title')}
            </h2>
            <button type="button" className="link" onClick={onClose}>
              {t('common.cancel')}
            </button>
          </div>
          <div className="loan-sheet-body">
            <dl className="loan-lines">
              <Figure label={t('loans.fields.amount')} testId="loan-kfs-amount">
                {money(s.amount)}
              </Figure>
              <Figure label={t('loans.fields.rate')} testId="loan-kfs-rate">
                {percent(s.aprPercent)}
              </Figure>
              <Figure label={<strong>{t('loans.fields.apr')}</strong>} testId="loan-kfs-apr">
                <strong>{percent(s.facts.annualPercentageRate)}</strong>
              </Figure>
              <Figure label={t('loans.fields.term')} testId="loan-kfs-term">
                {t('loans.apply.months', { n: s.months })}
              </Figure>
              <Figure label={t('loans.fields.instalment')} testId="loan-kfs-instalment">
                {money(s.facts.instalment)}
              </Figure>
              <Figure label={t('loans.kfs.totalInterest')} testId="loan-kfs-interest">
                {money(s.facts.totalInterest)}
              </Figure>
              <Figure label={<strong>{t('loans.fields.totalRepay')}</strong>} testId="loan-kfs-total">
                <strong>{money(s.facts.totalRepay)}</strong>
              </Figure>
            </dl>
            <table className="loan-schedule" data-testid="loan-kfs-schedule">
              <caption>{t('loans.kfs.scheduleTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('loans.schedule.n')}</th>
                  <th scope="col">{t('loans.schedule.due')}</th>
                  <th scope="col">{t('loans.schedule.principal')}</th>
                  <th scope="col">{t('loans.schedule.interest')}</th>
                  <th scope="col">{t('loans.schedule.total')}</th>
                </tr>
              </thead>
              <tbody>
                {s.facts.schedule.map((row) => (
                  <tr key={row.n} data-testid="loan-kfs-row">
                    <th scope="row">{row.n}</th>
                    <td>{formatDay(row.dueDay)}</td>
                    <td>{money(row.principal)}</td>
                    <td>{money(row.interest)}</td>
                    <td data-testid="loan-kfs-row-total">{money(row.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="loan-terms" data-testid="loan-kfs-terms">
              <li data-testid="loan-kfs-penalty">{t('loans.kfs.penalty', { rate: penalty })}</li>
              <li data-testid="loan-kfs-early">{t('loans.kfs.early')}</li>
              <li>{t('loans.kfs.interestRule')}</li>
              <li data-testid="loan-kfs-apr-rule">{t('loans.kfs.aprRule')}</li>
              <li>{t('loans.kfs.dates')}</li>
              <li>{t('loans.kfs.review')}</li>
            </ul>
            <label className="loan-accept">
              <input
                type="checkbox"
                data-testid="loan-kfs-accept"
                checked={accepted}
                onChange={(event) => {
                  setAccepted(event.target.checked);
                  setProblem(null);
                }}
              />
              <span>{t('loans.kfs.accept')}</span>
            </label>
            {problem && (
              <p className="field-error loan-problem" role="alert" data-testid="loan-kfs-error">
                {problemText(problem)}
              </p>
            )}
            <Button
              block
              color="primary"
              size="large"
              shape="rounded"
              disabled={!accepted}
              loading={pending}
              data-testid="loan-kfs-apply"
              onClick={() => void apply()}
            >
              {t('loans.kfs.apply')}
            </Button>
          </div>
        </div>
      )}
    </Popup>
  );
}

export function ApplyForm({ profile: p, onApplied }: { profile: LoanProfile; onApplied: () => void }) {
  const { t } = useTranslation();
  const termsId = useId();
  const [amount, setAmount] = useState('');
  const [months, setMonths] = useState<number>(p.terms[0] ?? 3);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [statement, setStatement] = useState<Statement | null>(null);
  const apr = p.aprPercent;
  if (apr === null) return null;

  const review = () => {
    const found = applyProblem(amount, p);
    if (found) return setProblem(found);
    setProblem(null);
    setStatement({ amount, months, aprPercent: apr, facts: keyFacts(amount, apr, months) });
  };

  return (
    <>
      <form
        className="card card-pad loan-apply"
        noValidate
        aria-labelledby="loan-apply-title"
        data-testid="loan-apply"
        onSubmit={(event) => {
          event.preventDefault();
          review();
        }}
      >
        <h2 className="money-section-title" id="loan-apply-title">
          {t('loans.apply.title')}
        </h2>
        {p.inReview && (
          <p className="loan-note warn" role="status" data-testid="loan-in-review">
            {t('loans.apply.inReview')}
          </p>
        )}
        <AmountField
          label={t('loans.fields.amount')}
          testId="loan-amount"
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setProblem(null);
          }}
          problem={problem}
          hint={t('loans.apply.amountHint', { min: money(LOAN_MIN_AMOUNT), available: money(p.available) })}
        />
        <p className="field-label" id={termsId}>
          {t('loans.fields.term')}
        </p>
        <div className="chip-row tight" role="radiogroup" aria-labelledby={termsId}>
          {p.terms.map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={months === n}
              className={months === n ? 'chip active' : 'chip'}
              data-testid={`loan-term-${n}`}
              onClick={() => setMonths(n)}
            >
              {t('loans.apply.months', { n })}
            </button>
          ))}
        </div>
        <p className="form-note loan-apply-note" data-testid="loan-apply-note">
          {t('loans.apply.note', { rate: percent(apr), apr: percent(p.annualPercentageRate) })}
        </p>
        <Button block type="submit" color="primary" size="large" shape="rounded" disabled={p.inReview} data-testid="loan-review">
          {t('loans.apply.review')}
        </Button>
      </form>
      <KeyFactSheet
        statement={statement}
        penalty={percent(p.penaltyDailyPercent)}
        onClose={() => setStatement(null)}
        onApplied={() => {
          setStatement(null);
          setAmount('');
          onApplied();
        }}
      />
    </>
  );
}
