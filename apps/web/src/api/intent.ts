import { useMemo, useRef } from 'react';
import { ApiError } from './errors';
import { newIdempotencyKey } from './client';

/**
 * One idempotency key per intent of the user. Submitting the same values again after a lost
 * answer reuses the key, so the server applies the request once; a success or a refusal by the
 * server ends the intent, and changed values start a new one.
 */
export function useIntentKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  return useMemo(
    () => ({
      take(fingerprint: string): string {
        if (current.current?.fingerprint !== fingerprint) current.current = { fingerprint, key: newIdempotencyKey() };
        return current.current.key;
      },
      settle(error?: unknown): void {
        if (isRetryable(error)) return;
        current.current = null;
      },
    }),
    [],
  );
}

/** A call that may have been applied without us hearing back: retry it under the same key. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.aborted) return false;
  return error.code === 0 || error.key === 'e.idempotencyInFlight' || error.key === 'e.timeout';
}
