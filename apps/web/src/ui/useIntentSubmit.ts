import { useState } from 'react';
import { useIntentKey } from '../api/intent';
import { refusal } from './FormSheet';

/**
 * Sends a form's request under the intent's idempotency key (the same values after a lost answer
 * reuse it): `pending` while it runs, `done` on success, the server's sentence through `setError`
 * when refused.
 */
export function useIntentSubmit(setError: (error: string) => void) {
  const intent = useIntentKey();
  const [pending, setPending] = useState(false);
  const send = async <I>(input: I, request: (input: I, key: string) => Promise<unknown>, done: () => void) => {
    const key = intent.take(JSON.stringify(input));
    setPending(true);
    try {
      await request(input, key);
      intent.settle();
      done();
    } catch (err) {
      intent.settle(err);
      setError(refusal(err));
    } finally {
      setPending(false);
    }
  };
  return { pending, send };
}
