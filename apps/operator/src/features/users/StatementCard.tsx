import { useQueryClient } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { getToken } from '../../api';
import { Field } from '../../ui/Field';
import { utcMonthOf } from '../../ui/format';
import { usersKeys } from './api';

const thisMonth = () => utcMonthOf(Date.now());

/**
 * An investor's monthly statement as the investor gets it (PDF), produced by an operator with a
 * reason: the server writes the audit entry before it answers, and the user's audit trail shows it.
 */
export function StatementCard({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const [month, setMonth] = useState(thisMonth);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const missing = reason.trim() === '';

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (missing || pending) return;
    setPending(true);
    setError(null);
    try {
      const token = getToken();
      const response = await fetch(`/web/operator/users/${userId}/statement/${month}/pdf?reason=${encodeURIComponent(reason.trim())}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok || !(response.headers.get('content-type') ?? '').startsWith('application/pdf')) {
        const envelope = (await response.json().catch(() => null)) as { msg?: string } | null;
        throw new Error(envelope?.msg ?? `HTTP ${response.status}`);
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `statement-${userId}-${month}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      setReason('');
      setTouched(false);
      await queryClient.invalidateQueries({ queryKey: usersKeys.detail(userId) });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="card card-padded">
      <h2 className="card-title">Monthly statement</h2>
      <p className="muted small">The investor’s statement of a month (UTC) as a PDF. Producing one is audited with its reason.</p>
      <form onSubmit={(e) => void onSubmit(e)} data-testid="bo-statement">
        <Field label="Month">
          {(control) => (
            <input
              {...control}
              type="month"
              value={month}
              max={thisMonth()}
              onChange={(e) => setMonth(e.target.value)}
              required
              data-testid="bo-statement-month"
            />
          )}
        </Field>
        <Field label="Reason" error={touched && missing ? 'Please give a reason' : null}>
          {(control) => (
            <textarea {...control} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="bo-statement-reason" />
          )}
        </Field>
        {error && (
          <div className="alert alert-error" role="alert" data-testid="bo-statement-error">
            {error}
          </div>
        )}
        <button type="submit" className="btn btn-primary" disabled={pending} data-testid="bo-statement-download">
          {pending ? 'Producing…' : 'Download PDF'}
        </button>
      </form>
    </div>
  );
}
