import { useId, type ReactNode } from 'react';
import { FieldError } from './FieldError';

/** What `Field` gives its control: the id its label points to, and the problem tied to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: ReactNode;
  /** The problem with the value, shown under the control; nothing when there is none. */
  error?: string | null;
  className?: string;
  /** Renders the control (input, select, textarea) with the props given. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A form field: its label above the control (named by it alone), and the problem under it, which
 * a screen reader reads as the control's description (`aria-describedby`) while it shows.
 */
export function Field({ label, error, className, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined })}
      <FieldError id={errorId} message={error ?? undefined} />
    </div>
  );
}
