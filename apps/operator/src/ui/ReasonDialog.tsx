import { useState, type ReactNode, type SubmitEvent } from 'react';
import { ActionError, Dialog, DialogButtons } from './Dialog';
import { Field } from './Field';

interface ReasonDialogProps {
  title: string;
  /** Ties the footer's submit button to the form. */
  formId: string;
  /** What confirming does, shown above the reason. */
  children: ReactNode;
  reasonLabel: string;
  /** Shown under the reason while it is empty. */
  missingText?: string;
  confirmLabel: string;
  /** The dismiss button's text (DialogButtons' `cancelLabel`). */
  cancelLabel?: string;
  /** Most such decisions refuse, revoke or cancel something: red unless said otherwise. */
  tone?: 'primary' | 'danger';
  pending: boolean;
  error: unknown;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** A decision that must carry a reason (`bo-reason`), which goes to the audit log. */
export function ReasonDialog({ missingText = 'Please give a reason', tone = 'danger', ...props }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (missing || props.pending) return;
    props.onConfirm(reason.trim());
  }

  return (
    <Dialog
      title={props.title}
      onClose={props.onClose}
      footer={
        <DialogButtons
          type="submit"
          form={props.formId}
          onCancel={props.onClose}
          pending={props.pending}
          label={props.confirmLabel}
          {...(props.cancelLabel ? { cancelLabel: props.cancelLabel } : {})}
          tone={tone}
        />
      }
    >
      <form id={props.formId} onSubmit={onSubmit} noValidate>
        {props.children}
        <Field label={props.reasonLabel} error={touched && missing ? missingText : null}>
          {(control) => (
            <textarea
              {...control}
              rows={4}
              maxLength={500}
              autoFocus
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              onBlur={() => setTouched(true)}
              data-testid="bo-reason"
            />
          )}
        </Field>
        <ActionError error={props.error} />
      </form>
    </Dialog>
  );
}
