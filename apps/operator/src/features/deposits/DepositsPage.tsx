import { FundsReviewStatus } from '@tradeapp/contract';
import { Link } from 'react-router';
import { AuthImage } from '../../ui/AuthImage';
import { FundsStatusBadge } from '../../ui/Badges';
import { formatAmount, formatDateTime, show } from '../../ui/format';
import type { DepositItem } from '../review/api';
import { ReviewQueuePage } from '../review/ReviewQueuePage';
import { AuditLink, Detail, FUNDS_STATUS_OPTIONS, ReviewActions, StatusCell, When } from '../review/shared';

function methodLabel(item: DepositItem): string {
  if (item.method === 'crypto') return item.network ? `Crypto · ${item.network}` : 'Crypto';
  return 'Bank transfer';
}

function Confirmations({ item }: { item: DepositItem }) {
  if (item.method !== 'crypto') return <>—</>;
  const done = item.confirmations >= item.requiredConfirmations;
  return (
    <span className={done ? 'text-success' : undefined}>
      {item.confirmations} / {item.requiredConfirmations}
    </span>
  );
}

function DepositPanel({ item }: { item: DepositItem }) {
  const crypto = item.method === 'crypto';
  return (
    <aside className="card review-panel" aria-label="Deposit" data-testid="bo-deposit-panel">
      <header className="review-panel-header">
        <div>
          <h2 className="amount-title">
            {formatAmount(item.amount)} <span className="muted">{item.currency}</span>
          </h2>
          <p className="muted small">
            Deposit #{item.id} · {methodLabel(item)}
          </p>
        </div>
        <FundsStatusBadge status={item.status} />
      </header>

      <dl className="details">
        <Detail label="User">
          <Link to={`/users/${String(item.userId)}`}>{item.userName}</Link>
        </Detail>
        <Detail label="E-mail">{show(item.email)}</Detail>
        <Detail label="Method">{crypto ? 'Crypto' : 'Fiat (bank transfer)'}</Detail>
        <Detail label="Currency">{item.currency}</Detail>
        {crypto && <Detail label="Network">{show(item.network)}</Detail>}
        <Detail label="Amount" mono>
          {formatAmount(item.amount)} {item.currency}
        </Detail>
        {crypto && (
          <Detail label="Transaction hash" mono>
            <span className="break">{show(item.txHash)}</span>
          </Detail>
        )}
        {crypto && (
          <Detail label="Confirmations">
            <Confirmations item={item} />
          </Detail>
        )}
        <Detail label="Credited" mono>
          {item.creditedAmount === null ? '—' : `${formatAmount(item.creditedAmount)} EUR`}
        </Detail>
        <Detail label="Submitted">{formatDateTime(item.createTimeTimestamp)}</Detail>
        {item.reviewTimeTimestamp !== null && <Detail label="Reviewed">{formatDateTime(item.reviewTimeTimestamp)}</Detail>}
        {item.reason && <Detail label="Reason">{item.reason}</Detail>}
      </dl>

      {!crypto && (
        <>
          <h3 className="review-section">Proof of payment</h3>
          {item.proofUrl ? (
            <div className="docs">
              <AuthImage url={item.proofUrl} label="Payment proof" />
            </div>
          ) : (
            <p className="muted small">No proof was uploaded.</p>
          )}
        </>
      )}

      {crypto && item.status === FundsReviewStatus.PendingReview && (
        <p className="note">
          Crypto deposits are credited automatically by the chain watcher once confirmed; the server may refuse a
          manual review.
        </p>
      )}

      <footer className="review-panel-footer">
        {item.status === FundsReviewStatus.PendingReview ? (
          <ReviewActions
            key={item.id}
            kind="deposits"
            id={item.id}
            testPrefix="bo-deposit"
            subject={`${formatAmount(item.amount)} ${item.currency} from ${item.userName}`}
            approveLabel="Approve deposit"
            approveButton="Approve"
            approveEffect="the money has arrived; the amount is credited to the user's funding wallet."
            rejectLabel="Reject deposit"
            rejectButton="Reject"
            rejectEffect="nothing is credited and the user sees the reason."
          />
        ) : (
          <span className="muted small">
            {crypto && item.status === FundsReviewStatus.Completed
              ? 'Credited automatically on confirmation.'
              : 'Reviewed — no action needed.'}
          </span>
        )}
        <AuditLink kind="deposits" id={item.id}>
          Audit log
        </AuditLink>
      </footer>
    </aside>
  );
}

export function DepositsPage() {
  return (
    <ReviewQueuePage
      kind="deposits"
      title="Deposits"
      description="Reported deposits, oldest pending first. Match bank transfers against the proof."
      defaultStatus={FundsReviewStatus.PendingReview}
      statusOptions={FUNDS_STATUS_OPTIONS}
      statusTestId="bo-deposit-status"
      columns={[
        { label: 'User' },
        { label: 'Method' },
        { label: 'Amount', className: 'num' },
        { label: 'Submitted' },
        { label: 'Status' },
      ]}
      rowTestId="bo-deposit-row"
      idAttribute="data-deposit-id"
      cells={(item) => (
        <>
          <td className="cell-wrap">
            <div className="strong">{item.userName}</div>
            {item.email && <div className="muted small">{item.email}</div>}
          </td>
          <td>
            <div>{methodLabel(item)}</div>
            {item.method === 'crypto' && (
              <div className="muted small">
                <Confirmations item={item} /> confirmations
              </div>
            )}
          </td>
          <td className="num nowrap mono">
            {formatAmount(item.amount)} {item.currency}
          </td>
          <td>
            <When timestamp={item.createTimeTimestamp} />
          </td>
          <StatusCell kind="deposits" id={item.id}>
            <FundsStatusBadge status={item.status} />
          </StatusCell>
        </>
      )}
      loadingLabel="Loading deposits…"
      emptyText="No deposits."
      panel={(item) => <DepositPanel item={item} />}
      nothingSelected="Select a deposit to review it."
    />
  );
}
