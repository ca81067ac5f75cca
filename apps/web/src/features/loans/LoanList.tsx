import { compareDecimal, subDecimal, type Loan, type LoanDue } from '@tradeapp/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { useIntentKey } from '../../api/intent';
import { EMPTY_VALUE, formatDateTime } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { RowsSkeleton, StatusBadge } from '../../ui/records';
import { showToast } from '../../ui/toast';
import { dueQuery, loansQuery, repayLoan } from './api';
import { dueInterest, repayProblem, repaySplit, type Problem } from './calc';
import { AmountField, Figure, formatDay, LoanStatusBadge, money, percent } from './components';

// The caller's loans, newest first: each with its status, its terms as the key fact statement
// stated them, what is still owed, its schedule with overdue instalments marked, and, while it is
// being repaid, exactly what is due today and the payoff, with the way to repay any amount up to it.

const INSTALMENT_TONE = { upcoming: 'muted', due: 'progress', overdue: 'failed', paid: 'done' } as const;

const refusal = (err: unknown): Problem | null => (err instanceof ApiError && !err.aborted ? { key: err.message || err.key || 'e.operationFailed' } : null);

function RepaySheet({ loan, due, visible, onClose }: { loan: Loan; due: LoanDue; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const intent = useIntentKey();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  const owed = {
    penalty: due.penalty,
    due: subDecimal(due.due, due.penalty) ?? '0',
    interest: subDecimal(loan.accruedInterest, dueInterest(loan.schedule)) ?? '0',
  };
  const split = repayProblem(amount, due.payoff) === null ? repaySplit(amount, owed) : null;

  const submit = async () => {
    const found = repayProblem(amount, due.payoff);
    if (found) return setProblem(found);
    setProblem(null);
    const input = { loanId: loan.id, amount };
    const key = intent.take(JSON.stringify(input));
    setPending(true);
    try {
      await repayLoan(input, key);
      intent.settle();
      setAmount('');
      onClose();
      showToast(t('loans.repay.done'), 'success');
    } catch (err) {
      intent.settle(err);
      setProblem(refusal(err));
    } finally {
      setPending(false);
    }
  };

  const quick = (value: string, key: 'due' | 'payoff') => (
    <button
      type="button"
      className="chip"
      data-testid={`loan-repay-${key}`}
      onClick={() => {
        setAmount(value);
        setProblem(null);
      }}
    >
      {t(`loans.repay.${key}`, { amount: money(value) })}
    </button>
  );

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet loan-sheet" destroyOnClose>
      <form
        className="sheet-form"
        noValidate
        aria-labelledby={`${id}-title`}
        data-testid="loan-repay-sheet"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="sheet-head">
          <h2 className="loan-sheet-title" id={`${id}-title`}>
            {t('loans.repay.title', { id: loan.id })}
          </h2>
          <button type="button" className="link" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
        <AmountField
          label={t('loans.repay.amount')}
          testId="loan-repay-amount"
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setProblem(null);
          }}
          problem={problem}
          hint={t('loans.repay.hint', { payoff: money(due.payoff) })}
        />
        <div className="chip-row tight">
          {compareDecimal(due.due, '0') === 1 && quick(due.due, 'due')}
          {quick(due.payoff, 'payoff')}
        </div>
        <dl className="loan-lines" aria-live="polite" data-testid="loan-repay-split">
          <Figure label={t('loans.repay.toPenalty')} testId="loan-repay-penalty">
            {split ? money(split.penalty) : EMPTY_VALUE}
          </Figure>
          <Figure label={t('loans.repay.toDue')} testId="loan-repay-due-part">
            {split ? money(split.due) : EMPTY_VALUE}
          </Figure>
          <Figure label={t('loans.repay.toInterest')} testId="loan-repay-interest">
            {split ? money(split.interest) : EMPTY_VALUE}
          </Figure>
          <Figure label={t('loans.repay.toPrincipal')} testId="loan-repay-principal">
            {split ? money(split.principal) : EMPTY_VALUE}
          </Figure>
        </dl>
        <p className="form-note loan-repay-note">{t('loans.repay.order')}</p>
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={pending} data-testid="loan-repay-submit">
          {t('loans.repay.submit')}
        </Button>
      </form>
    </Popup>
  );
}

/** What is due today on a loan being repaid, its payoff, the next instalment, and the way to repay. */
function DueToday({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  const query = useQuery(dueQuery(loan.id));
  const [open, setOpen] = useState(false);
  const d = query.data;
  if (!d)
    return (
      <div className="loan-due" aria-busy={query.isPending || undefined}>
        {query.isError ? t('loans.list.dueFailed') : <span className="sk sk-line" />}
      </div>
    );
  return (
    <div className="loan-due" data-testid="loan-due">
      <dl className="figures loan-figures three">
        <Figure label={t('loans.fields.dueToday')} testId="loan-due-today">
          {money(d.due)}
        </Figure>
        <Figure label={t('loans.fields.overdue')} testId="loan-due-overdue">
          {money(d.overdue)}
        </Figure>
        <Figure label={t('loans.fields.payoff')} testId="loan-due-payoff">
          {money(d.payoff)}
        </Figure>
      </dl>
      {compareDecimal(d.penalty, '0') === 1 && (
        <p className="loan-note warn" data-testid="loan-due-penalty">
          {t('loans.list.penaltyNote', { amount: money(d.penalty) })}
        </p>
      )}
      <p className="loan-note" data-testid="loan-due-next">
        {d.nextDueDay !== null && d.nextDueAmount !== null
          ? t('loans.list.next', { amount: money(d.nextDueAmount), date: formatDay(d.nextDueDay) })
          : t('loans.list.noNext')}
      </p>
      <div className="loan-row-actions">
        <Button size="small" shape="rounded" color="primary" data-testid="loan-repay-open" onClick={() => setOpen(true)}>
          {t('loans.repay.open')}
        </Button>
      </div>
      <RepaySheet loan={loan} due={d} visible={open} onClose={() => setOpen(false)} />
    </div>
  );
}

function Schedule({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  return (
    <details className="loan-details" open={loan.overdue || undefined}>
      <summary data-testid="loan-schedule-toggle">{t('loans.list.schedule', { n: loan.schedule.length })}</summary>
      <table className="loan-schedule" data-testid="loan-schedule">
        <thead>
          <tr>
            <th scope="col">{t('loans.schedule.n')}</th>
            <th scope="col">{t('loans.schedule.due')}</th>
            <th scope="col">{t('loans.schedule.total')}</th>
            <th scope="col">{t('loans.schedule.paid')}</th>
            <th scope="col">{t('loans.schedule.status')}</th>
          </tr>
        </thead>
        <tbody>
          {loan.schedule.map((row) => (
            <tr key={row.n} className={row.status === 'overdue' ? 'overdue' : undefined} data-testid="loan-instalment" data-status={row.status}>
              <th scope="row">{row.n}</th>
              <td>{formatDay(row.dueDay)}</td>
              <td>
                {money(row.total)}
                {compareDecimal(row.penalty, '0') === 1 && (
                  <span className="loan-penalty"> {t('loans.schedule.plusPenalty', { amount: money(row.penalty) })}</span>
                )}
              </td>
              <td>{money(row.paid)}</td>
              <td>
                <StatusBadge tone={INSTALMENT_TONE[row.status]}>{t(`loans.instalment.${row.status}`)}</StatusBadge>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function LoanCard({ loan: l }: { loan: Loan }) {
  const { t } = useTranslation();
  const repaying = l.status === 'passed' || l.status === 'inUse';
  return (
    <li className="card loan-card" data-testid="loan-row" data-id={l.id} data-status={l.status} data-overdue={l.overdue}>
      <div className="loan-card-head">
        <div className="loan-card-name">
          <h3>{t('loans.list.name', { id: l.id, amount: money(l.amount) })}</h3>
          <p data-testid="loan-row-terms">
            {t('loans.list.terms', { months: l.months, rate: percent(l.aprPercent), apr: percent(l.annualPercentageRate), score: l.score })}
          </p>
        </div>
        <span className="loan-tags">
          <LoanStatusBadge status={l.status} testId="loan-row-status" />
          {l.overdue && (
            <StatusBadge tone="failed" testId="loan-row-overdue">
              {t('loans.list.overdue')}
            </StatusBadge>
          )}
        </span>
      </div>
      <dl className="figures loan-figures three">
        <Figure label={t('loans.fields.instalment')} testId="loan-row-instalment">
          {money(l.instalment)}
        </Figure>
        <Figure label={t('loans.fields.totalRepay')} testId="loan-row-total">
          {money(l.totalRepay)}
        </Figure>
        <Figure label={t('loans.fields.outstanding')} testId="loan-row-outstanding">
          {money(l.outstanding)}
        </Figure>
        <Figure label={t('loans.fields.applied')} testId="loan-row-created">
          {formatDateTime(l.longCreateTime)}
        </Figure>
        <Figure label={t(l.status === 'rejected' ? 'loans.fields.refused' : 'loans.fields.borrowed')} testId="loan-row-audited">
          {l.longAuditTime !== null ? formatDateTime(l.longAuditTime) : t('loans.list.waiting')}
        </Figure>
        {l.status === 'repaid' && (
          <Figure label={t('loans.fields.repaidOn')} testId="loan-row-repaid">
            {formatDateTime(l.repaidTimestamp)}
          </Figure>
        )}
        {repaying && (
          <Figure label={t('loans.fields.accrued')} testId="loan-row-accrued">
            {money(l.accruedInterest)}
          </Figure>
        )}
      </dl>
      {l.status === 'rejected' && l.reason && (
        <p className="loan-note warn" data-testid="loan-row-reason">
          {t('loans.list.reason', { reason: l.reason })}
        </p>
      )}
      {l.status === 'review' && <p className="loan-note">{t('loans.list.reviewNote')}</p>}
      {repaying && <DueToday loan={l} />}
      {l.schedule.length > 0 && <Schedule loan={l} />}
    </li>
  );
}

export function LoanList({ onApply }: { onApply: () => void }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(loansQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);
  if (query.isPending) return <RowsSkeleton />;
  if (query.isError && rows.length === 0) return <EmptyState compact kind="records" title={t('loans.list.loadFailed')} onRetry={() => void query.refetch()} />;
  if (rows.length === 0)
    return (
      <EmptyState compact kind="records" title={t('loans.list.empty')} body={t('loans.list.emptyBody')}>
        <Button size="small" shape="rounded" color="primary" fill="outline" data-testid="loan-list-apply" onClick={onApply}>
          {t('loans.list.apply')}
        </Button>
      </EmptyState>
    );
  return (
    <>
      <ul className="loan-list" data-testid="loan-list">
        {rows.map((l) => (
          <LoanCard key={l.id} loan={l} />
        ))}
      </ul>
      <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
    </>
  );
}
