import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/errors';
import { msg } from '../i18n/messages';

/**
 * Puts the server's per-field message keys (error envelope `data.fields`) under the fields.
 * Returns true when at least one known field got a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, known: readonly string[]): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let applied = false;
  for (const [field, key] of Object.entries(error.fields)) {
    if (!known.includes(field)) continue;
    setError(field as Path<T>, { type: 'server', message: key });
    applied = true;
  }
  return applied;
}

/**
 * For calls made with `silent: true`: field messages go under their fields, anything else is
 * toasted. Aborted calls stay silent.
 */
export function reportFormError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, known: readonly string[]): void {
  if (applyServerFieldErrors(error, setError, known)) return;
  if (error instanceof ApiError && (error.aborted || error.key === 'e.loginExpired')) return;
  const text = error instanceof Error && error.message ? error.message : msg('e.network');
  void import('./toast').then(({ showToast }) => showToast(text, 'fail'));
}
