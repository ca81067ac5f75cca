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

/** The ids that describe a control, for `aria-describedby`; none when there are none. */
export function describedBy(...ids: (string | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

/** What a typed value means or comes to, under its field; nothing when there is nothing to say. */
export function FieldHint({ id, children }: { id?: string; children: ReactNode }) {
  return children ? (
    <span className="field-hint" id={id}>
      {children}
    </span>
  ) : null;
}

interface TextFieldProps {
  label: ReactNode;
  error?: string | null;
  /** The field's own class, beside `field`. */
  className?: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  placeholder?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  /** Figures and codes, in the monospaced face. */
  mono?: boolean;
  /** The id of a `datalist` of suggestions. */
  list?: string;
  /** Under the field, and read with it. */
  hint?: ReactNode;
}

/** A one-line text field of a form, with its label, its hint and its problem; the browser suggests nothing. */
export function TextField({ label, error, className, value, onChange, testId, placeholder, inputMode, mono, list, hint }: TextFieldProps) {
  return (
    <Field label={label} error={error} className={className}>
      {(control) => (
        <>
          <input
            {...control}
            aria-describedby={describedBy(hint ? `${control.id}-hint` : null, control['aria-describedby'])}
            type="text"
            inputMode={inputMode}
            className={mono ? 'mono' : undefined}
            placeholder={placeholder}
            list={list}
            autoComplete="off"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            data-testid={testId}
          />
          <FieldHint id={`${control.id}-hint`}>{hint}</FieldHint>
        </>
      )}
    </Field>
  );
}
