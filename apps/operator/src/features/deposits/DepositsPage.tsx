import { FundsReviewStatus } from '@tradeapp/contract';
import { AuthImage } from '../../ui/AuthImage';
import { FundsStatusBadge } from '../../ui/Badges';
import { Detail } from '../../ui/Detail';
import { formatAmount, show } from '../../ui/format';
import { AmountCell, FUNDS_STATUS_OPTIONS, ReviewPanel, ReviewQueuePage, UserCell, type DepositItem } from '../review';

function methodLabel(item: DepositItem): string {
  if (item.method === 'crypto') return item.network ? `Crypto · ${item.network} (simulated chain)` : 'Crypto (simulated chain)';
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
    <ReviewPanel
      kind="deposits"
      item={item}
      label="Deposit"
      headingClassName="amount-title"
      heading={
        <>
          {formatAmount(item.amount)} <span className="muted">{item.currency}</span>
        </>
      }
      subtitle={`Deposit #${String(item.id)} · ${methodLabel(item)}`}
      badge={<FundsStatusBadge status={item.status} />}
      details={
        <>
          <Detail label="Method">{crypto ? 'Crypto' : 'Fiat (bank transfer)'}</Detail>
          <Detail label="Currency">{item.currency}</Detail>
          {crypto && <Detail label="Network">{show(item.network)}</Detail>}
          <Detail label="Amount" mono>
            {formatAmount(item.amount)} {item.currency}
          </Detail>
          {/* What the payment is matched by: the reference the investor was told to put on the bank
              transfer, or the transaction hash reported for crypto. */}
          <Detail label={crypto ? 'Transaction hash' : 'Payment reference'} mono>
            <span className="break" data-testid="bo-deposit-reference">
              {show(item.paymentReference)}
            </span>
          </Detail>
          {crypto && (
            <Detail label="Confirmations">
              <Confirmations item={item} />
            </Detail>
          )}
          {crypto && (
            <Detail label="Review">
              <span data-testid="bo-deposit-review-required">
                {item.reviewRequired ? 'Required: above the review threshold' : 'None: credited by the chain'}
              </span>
            </Detail>
          )}
          <Detail label="Credited" mono>
            {item.creditedAmount === null ? '—' : `${formatAmount(item.creditedAmount)} EUR`}
          </Detail>
        </>
      }
      createdLabel="Submitted"
      pending={item.status === FundsReviewStatus.PendingReview}
      decision={{
        subject: `${formatAmount(item.amount)} ${item.currency} from ${item.userName}`,
        approveLabel: 'Approve deposit',
        approveButton: 'Approve',
        approveEffect: crypto
          ? "the confirmed transaction of the simulated chain is accepted; the amount is credited to the user's funding account in euros at the live rate."
          : "the money has arrived; the amount is credited to the user's funding account.",
        rejectLabel: 'Reject deposit',
        rejectButton: 'Reject',
        rejectEffect: crypto
          ? "nothing is credited, the coins return to the user's simulated wallet and the user sees the reason."
          : 'nothing is credited and the user sees the reason.',
      }}
      settled={crypto && item.status === FundsReviewStatus.Completed ? 'Credited automatically on confirmation.' : undefined}
    >
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
        <p className="note" data-testid="bo-deposit-crypto-note">
          {item.reviewRequired
            ? 'Above the review threshold: after its confirmations this deposit waits for a review. Approve to credit it, or reject with a reason and the coins return to the investor’s simulated wallet. The server refuses a review before the confirmations are in.'
            : 'Below the review threshold: the chain watcher credits it once confirmed, and the server refuses an approval. A rejection returns the coins to the investor’s simulated wallet.'}
        </p>
      )}
    </ReviewPanel>
  );
}

export function DepositsPage() {
  return (
    <ReviewQueuePage
      kind="deposits"
      title="Deposits"
      description="Reported deposits, oldest pending first. Match bank transfers by their payment reference and the proof."
      defaultStatus={FundsReviewStatus.PendingReview}
      statusOptions={FUNDS_STATUS_OPTIONS}
      columns={[{ label: 'User' }, { label: 'Method' }, { label: 'Amount', className: 'num' }]}
      cells={(item) => (
        <>
          <UserCell name={item.userName} lines={[item.email]} />
          <td>
            <div>{methodLabel(item)}</div>
            {item.method === 'fiat' && item.paymentReference && (
              <div className="muted small mono" title="Payment reference">
                {item.paymentReference}
              </div>
            )}
            {item.method === 'crypto' && (
              <div className="muted small">
                <Confirmations item={item} /> confirmations{item.reviewRequired ? ' · review required' : ''}
              </div>
            )}
          </td>
          <AmountCell amount={item.amount} currency={item.currency} />
        </>
      )}
      createdLabel="Submitted"
      badge={(item) => <FundsStatusBadge status={item.status} />}
      loadingLabel="Loading deposits…"
      emptyText="No deposits."
      panel={(item) => <DepositPanel item={item} />}
      nothingSelected="Select a deposit to review it."
    />
  );
}
