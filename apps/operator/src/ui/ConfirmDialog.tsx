import type { ReactNode } from 'react';
import { messageOf } from '../api';
import { Dialog } from './Dialog';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** A destructive action: the button is red. */
  danger?: boolean;
  pending: boolean;
  /** The last attempt's failure, shown in the dialog so the operator can try again. */
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" before an action that cannot be undone; the confirm button is `bo-confirm`. */
export function ConfirmDialog({ title, children, confirmLabel, danger = false, pending, error, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      onClose={pending ? () => undefined : onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose} disabled={pending}>
            Cancel
          </button>
          <button
            type="button"
            className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
            onClick={onConfirm}
            disabled={pending}
            autoFocus
            data-testid="bo-confirm"
          >
            {pending ? 'Working…' : confirmLabel}
          </button>
        </>
      }
    >
      <div className="confirm-body">{children}</div>
      {error !== undefined && error !== null && (
        <div className="alert alert-error" role="alert">
          {messageOf(error)}
        </div>
      )}
    </Dialog>
  );
}
