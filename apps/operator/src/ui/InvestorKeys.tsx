import type { PlacementKey, PlacementKeyStatus } from '@tradeapp/contract';
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { messageOf } from '../api';
import { fieldErrorsOf } from './errors';
import { Field } from './Field';
import { formatDateTime, show } from './format';
import { ReasonDialog } from './ReasonDialog';
import { useMutationDialog, type DialogMutation } from './useMutationDialog';

/** What the form takes of the mutation that issues a key. */
interface IssueKeyMutation {
  isPending: boolean;
  mutate: (variables: { action: 'issueKey'; investor: string }, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
}

interface IssueKeyFormProps {
  mutation: IssueKeyMutation;
  /** The investor's problem, checked before sending, in English; null when the key may go. */
  problemOf: (investor: string) => string | null;
  /** The test ids: `bo-pool` gives bo-pool-issue, bo-pool-investor, bo-pool-issue-key and bo-pool-key-sent. */
  testIdPrefix: string;
  autoComplete?: string;
}

/** Issue a key to one investor, by user number or account name: it goes to their notices, never here. */
export function IssueKeyForm({ mutation, problemOf, testIdPrefix, autoComplete }: IssueKeyFormProps) {
  const [investor, setInvestor] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const who = investor.trim();
    setSent(null);
    const problem = problemOf(who);
    if (problem) {
      setError(problem);
      return;
    }
    mutation.mutate(
      { action: 'issueKey', investor: who },
      {
        onSuccess: () => {
          setSent(who);
          setInvestor('');
        },
        onError: (e) => setError(fieldErrorsOf(e).investor ?? messageOf(e)),
      },
    );
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate data-testid={`${testIdPrefix}-issue`}>
      {sent && (
        <div className="alert alert-success" role="status" data-testid={`${testIdPrefix}-key-sent`}>
          A key was sent to the notices of {sent}.
        </div>
      )}
      <Field label="Investor (user number or account name)" error={error}>
        {(control) => (
          <input
            {...control}
            className="input-medium"
            value={investor}
            maxLength={100}
            placeholder="e.g. 42 or anna_devries"
            autoComplete={autoComplete}
            onChange={(event) => {
              setInvestor(event.target.value);
              setError(null);
            }}
            data-testid={`${testIdPrefix}-investor`}
          />
        )}
      </Field>
      <div>
        <button type="submit" className="btn btn-primary" disabled={mutation.isPending} data-testid={`${testIdPrefix}-issue-key`}>
          {mutation.isPending ? 'Sending…' : 'Issue key'}
        </button>
      </div>
    </form>
  );
}

/** A key's status, as the tables of keys read it. */
export const KEY_STATUS_LABELS: Record<PlacementKeyStatus, string> = {
  sent: 'Sent, not entered yet',
  used: 'Entered',
  revoked: 'Revoked',
};

/** The first cells of a key's row: its investor (their page, and their e-mail under it), its status, and when it was issued and entered. */
export function KeyCells({ investorKey, statusTestId }: { investorKey: PlacementKey; statusTestId?: string }) {
  return (
    <>
      <td>
        <Link to={`/users/${String(investorKey.userId)}`}>{investorKey.userName}</Link>
        <div className="muted small">{show(investorKey.email)}</div>
      </td>
      <td className="small" data-testid={statusTestId}>
        {KEY_STATUS_LABELS[investorKey.status]}
      </td>
      <td className="nowrap small">{formatDateTime(investorKey.issuedAtTimestamp)}</td>
      <td className="nowrap small">{formatDateTime(investorKey.usedAtTimestamp)}</td>
    </>
  );
}

interface RevokeKeyCellProps {
  investorKey: PlacementKey;
  mutation: DialogMutation<{ action: 'revokeKey'; keyId: number; reason: string }>;
  /** What the key unlocks, as the dialog names it: `pool` gives "Revoke pool key". */
  noun: string;
  /** The button's test id is `<testIdPrefix>-revoke`. */
  testIdPrefix: string;
  /** The key, after "Revoke" for a screen reader. */
  hiddenName?: ReactNode;
  /** What revoking does, above the reason. */
  effect: ReactNode;
}

/** The last cell of a key's row: Revoke, while the key is not revoked yet, with a reason the investor sees. */
export function RevokeKeyCell({ investorKey, mutation, noun, testIdPrefix, hiddenName, effect }: RevokeKeyCellProps) {
  const dialog = useMutationDialog<'revoke', { action: 'revokeKey'; keyId: number; reason: string }>(mutation);
  return (
    <td>
      {investorKey.status !== 'revoked' && (
        <>
          <button type="button" className="btn btn-small btn-danger-outline" onClick={() => dialog.setOpen('revoke')} data-testid={`${testIdPrefix}-revoke`}>
            Revoke{hiddenName === undefined ? null : <span className="visually-hidden"> {hiddenName}</span>}
          </button>
          {dialog.open && (
            <ReasonDialog
              title={`Revoke ${noun} key`}
              formId={`revoke-${noun}-key-${String(investorKey.id)}`}
              reasonLabel="Reason (the investor sees it; written to the audit log)"
              confirmLabel="Revoke key"
              {...dialog.bind((reason: string) => ({ action: 'revokeKey', keyId: investorKey.id, reason }))}
            >
              <p>{effect}</p>
            </ReasonDialog>
          )}
        </>
      )}
    </td>
  );
}
