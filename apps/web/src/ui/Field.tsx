import type { ReactNode } from 'react';
import { msg } from '../i18n/messages';

/** What a field's control says about its error: invalid, and described by the error under it. */
export function errorAria(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

/**
 * The frame of every form field: its label, the control, and under it the error (a message key or
 * a sentence) or else a hint.
 */
export function Field({
  id,
  label,
  error,
  testId,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  testId: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  const errorText = error ? msg(error) : '';
  return (
    <div className={errorText ? 'field has-error' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {errorText ? (
        <div className="field-error" id={`${id}-error`} role="alert" data-testid={`${testId}-error`}>
          {errorText}
        </div>
      ) : (
        hint && <div className="field-hint">{hint}</div>
      )}
    </div>
  );
}
