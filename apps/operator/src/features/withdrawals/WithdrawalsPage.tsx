import { FundsReviewStatus } from '@tradeapp/contract';
import { AuthImage } from '../../ui/AuthImage';
import { FundsStatusBadge } from '../../ui/Badges';
import { CopyButton } from '../../ui/CopyButton';
import { Detail } from '../../ui/Detail';
import { formatAmount, formatDateTime } from '../../ui/format';
import { AmountCell, FUNDS_STATUS_OPTIONS, ReviewPanel, ReviewQueuePage, UserCell, type WithdrawalItem } from '../review';

/** Labels of the payment details, in the order an operator types them into a bank's form. */
const DETAIL_LABELS: [string, string][] = [
  ['accountName', 'Account name'],
  ['cardNumber', 'Card / IBAN'],
  ['iban', 'IBAN'],
  ['swiftCode', 'SWIFT / BIC'],
  ['bic', 'SWIFT / BIC'],
  ['abaRouting', 'ABA routing'],
  ['bankName', 'Bank name'],
  ['branchCode', 'Branch code'],
  ['bankAddress', 'Bank address'],
  ['personalAddress', 'Holder address'],
  ['city', 'City'],
  ['region', 'Region'],
  ['postalCode', 'Postal code'],
  ['currencyType', 'Currency type'],
  ['network', 'Network'],
  ['address', 'Address'],
  ['label', 'Label'],
];
const KNOWN = new Map(DETAIL_LABELS);
/** Values an operator copies into the payment, shown in the monospace font. */
const MONO_KEYS = new Set(['cardNumber', 'iban', 'swiftCode', 'bic', 'abaRouting', 'address', 'branchCode']);
const IMAGE_KEYS = new Set(['frontImage', 'backImage']);
const IMAGE_LABELS: Record<string, string> = { frontImage: 'Card front', backImage: 'Card back' };

/** `someKey` → `Some key`, for details the list above does not know. */
function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function orderedDetails(details: WithdrawalItem['details']) {
  const entries = Object.entries(details).filter((entry): entry is [string, string] => Boolean(entry[1]));
  const rank = (key: string) => {
    const index = DETAIL_LABELS.findIndex(([name]) => name === key);
    return index === -1 ? DETAIL_LABELS.length : index;
  };
  const text = entries.filter(([key]) => !IMAGE_KEYS.has(key)).sort((a, b) => rank(a[0]) - rank(b[0]));
  const images = entries.filter(([key]) => IMAGE_KEYS.has(key));
  return { text, images };
}

/** An IBAN in groups of four, as printed on statements; anything else as it is. */
function readable(key: string, value: string): string {
  if ((key === 'cardNumber' || key === 'iban') && /^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/.test(value)) {
    return value.replace(/(.{4})(?=.)/g, '$1 ');
  }
  return value;
}

/**
 * What approving does. A large withdrawal (above WITHDRAWAL_DUAL_APPROVAL_EUR) takes two different
 * operators: the first approval only records who gave it; the second pays it out.
 */
export function approvalWords(item: Pick<WithdrawalItem, 'dualApproval' | 'firstApproval'>) {
  const paid = "you have sent the money; the held amount leaves the user's funding account.";
  if (!item.dualApproval) return { approveLabel: 'Mark as paid', approveEffect: paid };
  if (!item.firstApproval) {
    return {
      approveLabel: 'Give the first approval',
      approveButton: 'First approval',
      approveEffect:
        'a large withdrawal needs the approvals of two different operators. Yours is recorded and the withdrawal stays pending until another operator gives the second; do not pay it yet.',
    };
  }
  return {
    approveLabel: 'Give the second approval and mark as paid',
    approveButton: 'Second approval',
    approveEffect: `${item.firstApproval.operatorName} gave the first approval; with yours, ${paid}`,
  };
}

function WithdrawalPanel({ item }: { item: WithdrawalItem }) {
  const { text, images } = orderedDetails(item.details);
  const words = approvalWords(item);
  return (
    <ReviewPanel
      kind="withdrawals"
      item={item}
      label="Withdrawal"
      headingClassName="amount-title"
      heading={
        <>
          {formatAmount(item.amount)} <span className="muted">{item.currency}</span>
        </>
      }
      subtitle={`Withdrawal #${String(item.id)} · ${item.target === 'bank' ? 'to a bank account' : 'to a crypto address'}`}
      badge={<FundsStatusBadge status={item.status} />}
      details={
        <>
          <Detail label="Amount" mono>
            {formatAmount(item.amount)} {item.currency}
          </Detail>
          <Detail label="Destination" mono>
            {item.destination}
          </Detail>
          {item.dualApproval && (
            <Detail label="Approvals">
              <span data-testid="bo-withdrawal-approvals">
                {item.firstApproval
                  ? item.status === FundsReviewStatus.PendingReview
                    ? `First approval by ${item.firstApproval.operatorName} at ${formatDateTime(item.firstApproval.timestamp)}; awaiting a second approval by a different operator`
                    : `First approval by ${item.firstApproval.operatorName} at ${formatDateTime(item.firstApproval.timestamp)}`
                  : 'Large withdrawal: two different operators must approve it; none has yet'}
              </span>
            </Detail>
          )}
        </>
      }
      createdLabel="Requested"
      pending={item.status === FundsReviewStatus.PendingReview}
      decision={{
        subject: `${formatAmount(item.amount)} ${item.currency} to ${item.userName}`,
        ...words,
        rejectLabel: 'Reject withdrawal',
        rejectButton: 'Reject',
        rejectEffect: "nothing is paid; the held amount returns to the user's funding account.",
      }}
    >
      <h3 className="review-section">{item.target === 'bank' ? 'Pay to this bank account' : 'Pay to this address'}</h3>
      {text.length === 0 ? (
        <p className="muted small">No payment details.</p>
      ) : (
        <dl className="details pay-details" data-testid="bo-withdrawal-details">
          {text.map(([key, value]) => (
            <div className="detail-row" key={key}>
              <dt>{KNOWN.get(key) ?? humanize(key)}</dt>
              <dd className={MONO_KEYS.has(key) ? 'mono' : undefined}>
                <span>{readable(key, value)}</span>
                {/* Named for its detail ("Copy IBAN"), as every row has one. */}
                <CopyButton value={value} label={KNOWN.get(key) ?? humanize(key)} title="Copy" />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {images.length > 0 && (
        <div className="docs">
          {images.map(([key, url]) => (
            <AuthImage key={key} url={url} label={IMAGE_LABELS[key] ?? humanize(key)} />
          ))}
        </div>
      )}
    </ReviewPanel>
  );
}

export function WithdrawalsPage() {
  return (
    <ReviewQueuePage
      kind="withdrawals"
      title="Withdrawals"
      description="Requested payouts, oldest pending first. Pay the user, then mark the withdrawal paid."
      defaultStatus={FundsReviewStatus.PendingReview}
      statusOptions={FUNDS_STATUS_OPTIONS}
      columns={[{ label: 'User' }, { label: 'Destination' }, { label: 'Amount', className: 'num' }]}
      cells={(item) => (
        <>
          <UserCell name={item.userName} lines={[item.email]} />
          <td className="cell-wrap">
            <div>{item.target === 'bank' ? 'Bank' : 'Crypto'}</div>
            <div className="mono small">{item.destination}</div>
            {item.dualApproval && item.status === FundsReviewStatus.PendingReview && (
              <div className="small muted" data-testid="bo-withdrawal-row-approvals">
                {item.firstApproval ? '1 of 2 approvals' : '0 of 2 approvals'}
              </div>
            )}
          </td>
          <AmountCell amount={item.amount} currency={item.currency} />
        </>
      )}
      createdLabel="Requested"
      badge={(item) => <FundsStatusBadge status={item.status} />}
      loadingLabel="Loading withdrawals…"
      emptyText="No withdrawals."
      panel={(item) => <WithdrawalPanel item={item} />}
      nothingSelected="Select a withdrawal to review it."
    />
  );
}
