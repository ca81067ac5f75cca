import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import type { FormRefusal } from './errors';
import { Field } from './Field';

/** What a form's submit takes of the mutation that sends it. */
interface SendingMutation<I, T> {
  isPending: boolean;
  mutate: (input: I, options: { onSuccess: (answer: T) => void; onError: (error: Error) => void }) => void;
}

/** How a form goes: its problems in the browser, its request, the server's refusal in the form's words, and what follows its success. */
interface FormSending<F extends string, I, T> {
  problems: () => Partial<Record<F, string>>;
  input: () => I;
  refusalOf: (error: unknown) => FormRefusal<F>;
  onSuccess: (answer: T) => void;
}

/**
 * A form checked in the browser before it goes and by the server after: each field's problem, the
 * refusal to show above the form, and, after each refused attempt, the first field marked (or the
 * refusal) brought into view and the focus put there.
 */
export function useFormChecks<F extends string>() {
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Counts the refused attempts: after each, the first field marked (or the refusal) comes into view. */
  const [refused, setRefused] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (refused === 0) return;
    // Into the middle of the window: the top bar stays over the page's top edge.
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus({ preventScroll: true });
    (first ?? formRef.current?.querySelector('[role="alert"]'))?.scrollIntoView?.({ block: 'center' });
  }, [refused]);

  return {
    errors,
    setErrors,
    refusal,
    formRef,
    /** The operator changed `fields`: their problems and the refusal go. */
    forget: (...fields: string[]) => {
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field))) as Partial<Record<F, string>>);
      setRefusal(null);
    },
    /**
     * The form's submit: nothing while its request is on its way; else the browser's `problems`
     * marked, or, when there are none, the form's `input` sent, a refusal marked in `refusalOf`'s words.
     */
    submit: <I, T>(event: SubmitEvent<HTMLFormElement>, mutation: SendingMutation<I, T>, form: FormSending<F, I, T>) => {
      event.preventDefault();
      if (mutation.isPending) return;
      const local = form.problems();
      setRefusal(null);
      if (Object.keys(local).length > 0) {
        setErrors(local);
        setRefused((n) => n + 1);
        return;
      }
      mutation.mutate(form.input(), {
        onSuccess: form.onSuccess,
        onError: (error) => {
          const { message, fields } = form.refusalOf(error);
          setErrors(fields);
          setRefusal(Object.keys(fields).length > 0 ? `${message}. Check the field marked below.` : message);
          setRefused((n) => n + 1);
        },
      });
    },
  };
}

/** The server's refusal, above the form. */
export function FormRefusalAlert({ refusal, testId }: { refusal: string | null; testId: string }) {
  return refusal ? (
    <div className="alert alert-error" role="alert" data-testid={testId}>
      {refusal}
    </div>
  ) : null;
}

/** The reason a form's change is made, written to the audit log with it. */
export function ReasonField({ value, error, onChange, testId }: { value: string; error?: string; onChange: (value: string) => void; testId: string }) {
  return (
    <Field label="Reason (written to the audit log)" error={error}>
      {(control) => <textarea {...control} rows={3} maxLength={500} value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId} />}
    </Field>
  );
}

interface FormActionsProps {
  /** Where Cancel goes back to. */
  cancelTo: string;
  pending: boolean;
  label: string;
  /** The submit button's text while the request is on its way. */
  pendingLabel: string;
  testId: string;
}

/** Cancel, and the form's submit button. */
export function FormActions({ cancelTo, pending, label, pendingLabel, testId }: FormActionsProps) {
  return (
    <div className="form-actions">
      <Link to={cancelTo} className="btn">
        Cancel
      </Link>
      <button type="submit" className="btn btn-primary" disabled={pending} data-testid={testId}>
        {pending ? pendingLabel : label}
      </button>
    </div>
  );
}
