import { useId, useRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { messageOf } from '../api';
import { useDialogFocus } from './useDialogFocus';
import { useEscape } from './useEscape';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
}

/**
 * A modal dialog named by its title: Escape or a click on the backdrop closes it. It takes the focus
 * when it opens, keeps it while open and gives it back to the opener when it closes.
 */
export function Dialog({ title, onClose, children, footer }: DialogProps) {
  useEscape(onClose);
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useDialogFocus(ref);

  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={ref} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <header className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="dialog-body">{children}</div>
        <footer className="dialog-footer">{footer}</footer>
      </div>
    </div>
  );
}

interface DialogButtonsProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'children' | 'disabled'> {
  onCancel: () => void;
  pending: boolean;
  /** The confirm button's text. */
  label: string;
  /** Its text while the action runs. */
  pendingLabel?: string;
  tone?: 'primary' | 'danger';
  /** The dismiss button's text: "Cancel", unless the action itself is a cancel and the two would read alike. */
  cancelLabel?: string;
}

/** A dialog's footer: Cancel and the confirm button (`bo-confirm`), both disabled while the action runs. */
export function DialogButtons({
  onCancel,
  pending,
  label,
  pendingLabel = 'Saving…',
  tone = 'primary',
  cancelLabel = 'Cancel',
  ...confirm
}: DialogButtonsProps) {
  return (
    <>
      <button type="button" className="btn" onClick={onCancel} disabled={pending} data-testid="bo-dismiss">
        {cancelLabel}
      </button>
      <button type="button" {...confirm} className={`btn btn-${tone}`} disabled={pending} data-testid="bo-confirm">
        {pending ? pendingLabel : label}
      </button>
    </>
  );
}

/** The last attempt's failure, shown in the dialog so the operator can try again. */
export function ActionError({ error }: { error: unknown }) {
  if (error === undefined || error === null) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid="bo-action-error">
      {messageOf(error)}
    </div>
  );
}
