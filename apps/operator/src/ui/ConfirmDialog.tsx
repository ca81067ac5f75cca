import type { ReactNode } from 'react';
import { ActionError, Dialog, DialogButtons } from './Dialog';

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
        <DialogButtons
          onCancel={onClose}
          pending={pending}
          label={confirmLabel}
          pendingLabel="Working…"
          tone={danger ? 'danger' : 'primary'}
          onClick={onConfirm}
          autoFocus
        />
      }
    >
      <div className="confirm-body">{children}</div>
      <ActionError error={error} />
    </Dialog>
  );
}
