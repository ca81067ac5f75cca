import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/errors';

/**
 * Puts the server's per-field message keys (error envelope `data.fields`) under the fields.
 * Returns true when at least one known field got a message.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly string[],
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let applied = false;
  for (const [field, key] of Object.entries(error.fields)) {
    if (!known.includes(field)) continue;
    setError(field as Path<T>, { type: 'server', message: key });
    applied = true;
  }
  return applied;
}
