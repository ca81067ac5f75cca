import { useQuery } from '@tanstack/react-query';
import { LOAN_PENALTY_DAILY_PERCENT, LOAN_STATUSES } from '@tradeapp/contract';
import { Badge } from '../../ui/Badges';
import { Detail } from '../../ui/Detail';
import { formatAmount, formatDateTime } from '../../ui/format';
import { PageHeader } from '../../ui/PageHeader';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { TableHead, type Column } from '../../ui/TableHead';
import { useMutationDialog } from '../../ui/useMutationDialog';
import { AuditLink, ItemPanel, NothingSelected, QueueRow, QueueView, StatusFilter, useQueueParams, UserCell } from '../review';
import {
  auditLinkOf,
  decidedQueryOptions,
  LOANS_PAGE_SIZE,
  loansQueryOptions,
  useLoanDecision,
  type LoanAdmin,
  type LoanDecision,
  type LoanState,
} from './api';
import {
  aprText,
  bandText,
  dayText,
  eurText,
  FACTOR_LABELS,
  factorInputText,
  INSTALMENT_LABELS,
  instalmentsPaidText,
  monthsText,
  principalRepaidText,
  scoreText,
  STATUS_LABELS,
  STATUS_TONES,
} from './labels';

// Loans in the back office (decision 0022): the review queue, applications in review first and oldest
// first, filtered by status. Beside it the selected loan: the applicant's credit score factor by factor
// (each factor's points out of its most and what it was computed from), and the key fact statement
// they accepted (instalment, total to repay, schedule, overdue penalty, no prepayment charge). A loan
// in review is approved (its amount is disbursed to the applicant's funding account at once) or refused,
// each with a reason written to the audit log; loans in other states are read here, never changed.

const STATUS_OPTIONS = LOAN_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
const DEFAULT_STATUS: LoanState = 'review';

const parseStatus = (raw: string) => STATUS_OPTIONS.find((option) => option.value === raw)?.value;

const COLUMNS: Column[] = [
  { label: 'Applicant' },
  { label: 'Amount and term', className: 'num' },
  { label: 'Score', className: 'num' },
  { label: 'Applied' },
  { label: 'Status' },
];

const FACTOR_COLUMNS: Column[] = [{ label: 'Factor' }, { label: 'From' }, { label: 'Points', className: 'num' }];
// The panel is narrow: the instalment's number is its row's place, and "Total" is the instalment.
const REVIEW_SCHEDULE_COLUMNS: Column[] = [
  { label: 'Due' },
  { label: 'Principal', className: 'num' },
  { label: 'Interest', className: 'num' },
  { label: 'Total', className: 'num' },
];
const SCHEDULE_COLUMNS: Column[] = [{ label: 'Due' }, { label: 'Total', className: 'num' }, { label: 'Paid', className: 'num' }, { label: 'State' }];

function StatusBadge({ loan }: { loan: LoanAdmin }) {
  return (
    <>
      <Badge tone={STATUS_TONES[loan.status]}>{STATUS_LABELS[loan.status]}</Badge>
      {loan.overdue && <Badge tone="danger">Overdue</Badge>}
    </>
  );
}

/** Approve or refuse a loan in review, each with a reason. */
function Actions({ loan }: { loan: LoanAdmin }) {
  const dialog = useMutationDialog<LoanDecision['action'], LoanDecision>(useLoanDecision(loan.id));
  const subject = `${eurText(loan.amount)} to ${loan.userName}`;
  return (
    <div className="review-actions">
      <button type="button" className="btn btn-primary" onClick={() => dialog.setOpen('approve')} data-testid="bo-loan-approve">
        Approve
      </button>
      <button type="button" className="btn btn-danger-outline" onClick={() => dialog.setOpen('refuse')} data-testid="bo-loan-refuse">
        Refuse
      </button>
      {dialog.open === 'approve' && (
        <ReasonDialog
          title="Approve loan"
          formId={`approve-loan-${String(loan.id)}`}
          reasonLabel="Reason (written to the audit log)"
          confirmLabel="Approve and disburse"
          tone="primary"
          {...dialog.bind((reason: string) => ({ action: 'approve', reason }))}
        >
          <p data-testid="bo-loan-approve-effect">
            <strong>{subject}</strong>: the amount is disbursed to the applicant&apos;s funding account at once, and the schedule they accepted starts:{' '}
            {monthsText(loan.months)} of {eurText(loan.instalment)}, {eurText(loan.totalRepay)} in all, at an {aprText(loan.aprPercent)} borrowing rate.
          </p>
        </ReasonDialog>
      )}
      {dialog.open === 'refuse' && (
        <ReasonDialog
          title="Refuse loan"
          formId={`refuse-loan-${String(loan.id)}`}
          reasonLabel="Reason (the applicant sees it; written to the audit log)"
          confirmLabel="Refuse loan"
          {...dialog.bind((reason: string) => ({ action: 'refuse', reason }))}
        >
          <p>
            <strong>{subject}</strong>: the application is refused and nothing is disbursed.
          </p>
        </ReasonDialog>
      )}
    </div>
  );
}

function ScoreSection({ loan }: { loan: LoanAdmin }) {
  return (
    <>
      <h3 className="review-section">Credit score at application</h3>
      <p className="card-note small" data-testid="bo-loan-score">
        <strong>{scoreText(loan.score)}</strong> · {bandText(loan.score)}
      </p>
      <table className="table small" data-testid="bo-loan-factors">
        <caption className="visually-hidden">The score&apos;s factors</caption>
        <TableHead columns={FACTOR_COLUMNS} />
        <tbody>
          {loan.factors.map((f) => (
            <tr key={f.factor} data-testid="bo-loan-factor" data-factor={f.factor}>
              <td>{FACTOR_LABELS[f.factor]}</td>
              <td data-testid="bo-loan-factor-input">{factorInputText(f)}</td>
              <td className="num nowrap mono" data-testid="bo-loan-factor-points">
                {f.points} / {f.max}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function ScheduleTable({ loan }: { loan: LoanAdmin }) {
  const inReview = loan.status === 'review';
  return (
    <table className="table small" data-testid="bo-loan-schedule">
      <caption className="visually-hidden">Schedule of loan #{loan.id}</caption>
      <TableHead columns={inReview ? REVIEW_SCHEDULE_COLUMNS : SCHEDULE_COLUMNS} />
      <tbody>
        {loan.schedule.map((row) => (
          <tr key={row.n} data-testid="bo-loan-instalment" data-n={row.n} data-status={row.status}>
            <td className="nowrap">{dayText(row.dueDay)}</td>
            {inReview ? (
              <>
                <td className="num mono">{formatAmount(row.principal)}</td>
                <td className="num mono">{formatAmount(row.interest)}</td>
                <td className="num mono">{formatAmount(row.total)}</td>
              </>
            ) : (
              <>
                <td className="num mono">{formatAmount(row.total)}</td>
                <td className="num mono">{formatAmount(row.paid)}</td>
                <td className="nowrap">
                  {INSTALMENT_LABELS[row.status]}
                  {row.status === 'overdue' && <div className="muted">penalty {formatAmount(row.penalty)}</div>}
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LoanPanel({ loan }: { loan: LoanAdmin }) {
  const inReview = loan.status === 'review';
  return (
    <ItemPanel
      label="Loan"
      testId="bo-loan-panel"
      headingClassName="amount-title"
      heading={
        <>
          {formatAmount(loan.amount)} <span className="muted">EUR</span>
        </>
      }
      subtitle={`Loan #${String(loan.id)} · ${monthsText(loan.months)} at a ${aprText(loan.aprPercent)} borrowing rate`}
      badge={<StatusBadge loan={loan} />}
      user={loan}
      details={
        <>
          <Detail label="Applied">{formatDateTime(loan.longCreateTime)}</Detail>
          {loan.longAuditTime !== null && <Detail label="Reviewed">{formatDateTime(loan.longAuditTime)}</Detail>}
          {loan.repaidTimestamp !== null && <Detail label="Repaid">{formatDateTime(loan.repaidTimestamp)}</Detail>}
          {loan.reason && <Detail label="Reason">{loan.reason}</Detail>}
          {!inReview && loan.status !== 'rejected' && (
            <>
              <Detail label="Principal outstanding" mono testId="bo-loan-outstanding">
                {eurText(loan.outstanding)}
              </Detail>
              <Detail label="Interest accrued, unpaid" mono testId="bo-loan-accrued">
                {eurText(loan.accruedInterest)}
              </Detail>
              <Detail label="Penalties unpaid" mono testId="bo-loan-penalty">
                {eurText(loan.penalty)}
              </Detail>
              <Detail label="Overdue" testId="bo-loan-overdue">
                {loan.overdue ? 'Yes: an instalment is past its day' : 'No'}
              </Detail>
              <Detail label="Principal repaid" mono testId="bo-loan-repaid">
                {principalRepaidText(loan)}
              </Detail>
              <Detail label="Instalments" testId="bo-loan-instalments-paid">
                {instalmentsPaidText(loan.schedule)}
              </Detail>
            </>
          )}
        </>
      }
      footer={
        <>
          {inReview ? (
            <Actions key={loan.id} loan={loan} />
          ) : (
            <span className="muted small">{loan.status === 'rejected' ? 'Refused — nothing was disbursed.' : 'Disbursed — read only.'}</span>
          )}
          <AuditLink to={auditLinkOf(loan.id)}>Audit log</AuditLink>
        </>
      }
    >
      <ScoreSection loan={loan} />
      <h3 className="review-section">Key fact statement the applicant accepted</h3>
      <dl className="details" data-testid="bo-loan-kfs">
        <Detail label="Amount" mono>
          {eurText(loan.amount)}
        </Detail>
        <Detail label="Borrowing rate" mono>
          {aprText(loan.aprPercent)}
        </Detail>
        <Detail label="Monthly instalment" mono testId="bo-loan-instalment-amount">
          {eurText(loan.instalment)}
        </Detail>
        <Detail label="Total to repay" mono testId="bo-loan-total">
          {eurText(loan.totalRepay)}
        </Detail>
        <Detail label="Overdue penalty">{LOAN_PENALTY_DAILY_PERCENT} % a day of what is overdue</Detail>
        <Detail label="Early repayment">no charge</Detail>
      </dl>
      <ScheduleTable loan={loan} />
    </ItemPanel>
  );
}

export function LoansPage() {
  const params = useQueueParams<LoanState>(DEFAULT_STATUS, parseStatus);
  const queue = useQuery(loansQueryOptions({ status: params.status, page: params.page }));
  // A loan decided here leaves a list filtered to another status; its panel stays open with the outcome.
  const decided = useQuery(decidedQueryOptions(params.selectedId ?? 0));
  const selected = queue.data?.list.find((loan) => loan.id === params.selectedId) ?? (params.selectedId ? decided.data : undefined);

  return (
    <section className="page page-wide" data-testid="bo-loans">
      <PageHeader title="Loans" query={queue}>
        Applications in review, oldest first, each with the applicant&apos;s credit score and the key fact statement they accepted. Approving disburses the
        amount to the applicant&apos;s funding account at once; nothing is disbursed before. Repayments are the applicant&apos;s: no call here sets one.
      </PageHeader>

      <StatusFilter
        options={STATUS_OPTIONS}
        value={params.status}
        onChange={params.setStatus}
        busy={queue.isFetching && !queue.isPending}
        testId="bo-loan-status"
      />

      <QueueView
        columns={COLUMNS}
        query={queue}
        loadingLabel="Loading loans…"
        empty={params.status === DEFAULT_STATUS ? 'Nothing to review.' : 'No loans.'}
        page={params.page}
        size={LOANS_PAGE_SIZE}
        onPage={params.setPage}
        panel={selected ? <LoanPanel loan={selected} /> : <NothingSelected>Select a loan to review it.</NothingSelected>}
      >
        {(loan) => (
          <QueueRow
            key={loan.id}
            selected={loan.id === params.selectedId}
            onSelect={() => params.select(loan.id)}
            data-testid="bo-loan-row"
            data-loan-id={loan.id}
            data-status={loan.status}
            createdAt={loan.longCreateTime}
            badge={<StatusBadge loan={loan} />}
            auditTo={auditLinkOf(loan.id)}
          >
            <UserCell name={loan.userName} lines={[loan.email, `user #${String(loan.userId)}`]} />
            <td className="num nowrap">
              <div className="mono">{eurText(loan.amount)}</div>
              <div className="muted small">
                {monthsText(loan.months)} at {aprText(loan.aprPercent)}
              </div>
            </td>
            <td className="num nowrap mono" data-testid="bo-loan-row-score">
              {loan.score}
            </td>
          </QueueRow>
        )}
      </QueueView>
    </section>
  );
}
