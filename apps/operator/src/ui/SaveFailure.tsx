import { useState } from 'react';
import { messageOf } from '../api';
import { fieldErrorsOf } from './errors';

interface Failure {
  message: string;
  aboutFields: boolean;
}

/**
 * A form's save errors: the problems by field, and the refusal as a whole. A refusal about fields
 * goes away once none of its fields is marked any longer. `isFormField` tells the fields the form
 * shows from any others the server may name.
 */
export function useSaveFailure(isFormField: (field: string) => boolean = () => true) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const fieldsLeft = Object.keys(errors).some(isFormField);

  return {
    errors,
    setErrors,
    /** The refusal to show above the form, if any. */
    failure: failure && (!failure.aboutFields || fieldsLeft) ? failure : null,
    /** Before saving again. */
    clear: () => {
      setErrors({});
      setFailure(null);
    },
    /** Marks the refused fields; their problems, by field. */
    fail: (error: unknown) => {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      setFailure({ message: messageOf(error), aboutFields: Object.keys(fields).some(isFormField) });
      return fields;
    },
  };
}

/** A save's refusal above the form. */
export function SaveFailureAlert({ failure, testId }: { failure: Failure | null; testId: string }) {
  if (!failure) return null;
  return (
    <div className="alert alert-error" role="alert" data-testid={testId}>
      {failure.aboutFields ? `${failure.message}. Check the fields marked below.` : failure.message}
    </div>
  );
}
