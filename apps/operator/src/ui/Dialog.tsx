import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { messageOf } from '../api';
import { useEscape } from './useEscape';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
}

/** A modal dialog: Escape or a click on the backdrop closes it. */
export function Dialog({ title, onClose, children, footer }: DialogProps) {
  useEscape(onClose);

  return (
    <div
      className="dialog-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="dialog-title">
        <header className="dialog-header">
          <h2 id="dialog-title">{title}</h2>
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
}

/** A dialog's footer: Cancel and the confirm button (`bo-confirm`), both disabled while the action runs. */
export function DialogButtons({ onCancel, pending, label, pendingLabel = 'Saving…', tone = 'primary', ...confirm }: DialogButtonsProps) {
  return (
    <>
      <button type="button" className="btn" onClick={onCancel} disabled={pending}>
        Cancel
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
