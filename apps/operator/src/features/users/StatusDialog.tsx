import { UserStatus } from '@tradeapp/contract';
import { useState, type SubmitEvent } from 'react';
import { messageOf } from '../../api';
import { Dialog } from '../../ui/Dialog';
import { useSetUserStatus } from './api';

interface StatusDialogProps {
  id: number;
  userLabel: string;
  /** The status the account will have after confirming. */
  target: UserStatus;
  onClose: () => void;
}

/** Disabling or re-enabling an account always carries a reason, which goes to the audit log. */
export function StatusDialog({ id, userLabel, target, onClose }: StatusDialogProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const mutation = useSetUserStatus(id);
  const disabling = target === UserStatus.Disabled;
  const missing = reason.trim() === '';

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (missing || mutation.isPending) return;
    mutation.mutate({ status: target, reason: reason.trim() }, { onSuccess: onClose });
  }

  return (
    <Dialog
      title={disabling ? 'Disable account' : 'Enable account'}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </button>
          <button
            type="submit"
            form="status-form"
            className={`btn ${disabling ? 'btn-danger' : 'btn-primary'}`}
            disabled={mutation.isPending}
            data-testid="bo-confirm"
          >
            {mutation.isPending ? 'Saving…' : disabling ? 'Disable account' : 'Enable account'}
          </button>
        </>
      }
    >
      <form id="status-form" onSubmit={onSubmit} noValidate>
        <p>
          {disabling ? (
            <>
              <strong>{userLabel}</strong> will be signed out everywhere and cannot sign in until the account is
              enabled again.
            </>
          ) : (
            <>
              <strong>{userLabel}</strong> will be able to sign in again.
            </>
          )}
        </p>
        <label className="field">
          <span className="field-label">Reason (written to the audit log)</span>
          <textarea
            rows={4}
            maxLength={500}
            autoFocus
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            onBlur={() => setTouched(true)}
            data-testid="bo-reason"
            aria-invalid={touched && missing ? true : undefined}
          />
          {touched && missing && <span className="field-error">Please enter a reason</span>}
        </label>
        {mutation.isError && (
          <div className="alert alert-error" role="alert">
            {messageOf(mutation.error)}
          </div>
        )}
      </form>
    </Dialog>
  );
}
