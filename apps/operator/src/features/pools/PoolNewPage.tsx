import { POOL_MAX_FEE_PERCENT, POOL_RANKING_DAYS, POOL_RULES } from '@tradeapp/contract';
import { useEffect, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Field } from '../../ui/Field';
import { useCreatePool } from './api';
import { checkForm, emptyForm, inputOf, refusalOf, type FormField, type PoolForm } from './form';
import { RULE_HINTS, RULE_LABELS } from './labels';

// A new pool: its rule, public or private, its declared yearly fee and least subscription, and the
// reason for the audit log. The server backtests it from the house strategies' first day; its NAV
// and every return are recomputed from its journals, never set. The browser checks each field with
// the contract's zPoolCreate; the server checks again and answers in its own words.

/** What a typed value means, under its field. */
function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <span className="field-hint" id={id}>
      {children}
    </span>
  );
}

export function PoolNewPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<PoolForm>(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<FormField, string>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  /** Counts the refused attempts: after each, the first field marked (or the refusal) comes into view. */
  const [refused, setRefused] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const create = useCreatePool();

  const set = <F extends FormField>(field: F, value: PoolForm[F]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
    setRefusal(null);
  };

  useEffect(() => {
    if (refused === 0) return;
    // Into the middle of the window: the top bar stays over the page's top edge.
    const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus({ preventScroll: true });
    (first ?? formRef.current?.querySelector('[role="alert"]'))?.scrollIntoView?.({ block: 'center' });
  }, [refused]);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (create.isPending) return;
    const local = checkForm(form);
    setRefusal(null);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setRefused((n) => n + 1);
      return;
    }
    create.mutate(inputOf(form), {
      onSuccess: (pool) => void navigate(`/pools?created=${String(pool.id)}`),
      onError: (error) => {
        const r = refusalOf(error);
        setErrors(r.fields);
        setRefusal(Object.keys(r.fields).length > 0 ? `${r.message}. Check the field marked below.` : r.message);
        setRefused((n) => n + 1);
      },
    });
  }

  const text = (field: 'feePercent' | 'minAmount', label: string, props: { placeholder: string; hint: ReactNode }) => (
    <Field label={label} error={errors[field]}>
      {(control) => (
        <>
          <input
            {...control}
            aria-describedby={[`${control.id}-hint`, control['aria-describedby']].filter(Boolean).join(' ')}
            type="text"
            inputMode="decimal"
            className="mono"
            placeholder={props.placeholder}
            autoComplete="off"
            value={form[field]}
            onChange={(event) => set(field, event.target.value)}
            data-testid={`bo-pool-${field}`}
          />
          <Hint id={`${control.id}-hint`}>{props.hint}</Hint>
        </>
      )}
    </Field>
  );

  return (
    <section className="page">
      <Link to="/pools" className="back-link">
        ‹ Pools
      </Link>
      <header className="page-header">
        <div>
          <h1>New pool</h1>
          <p className="muted">
            A pool on one of the house rules, backtested from the strategies&apos; first day and then run live from its own financial account.
            Its NAV and every return are recomputed from its journals and positions, never set.
          </p>
        </div>
      </header>

      <form ref={formRef} className="card card-padded robot-new" onSubmit={onSubmit} noValidate data-testid="bo-pool-form">
        {refusal && (
          <div className="alert alert-error" role="alert" data-testid="bo-pool-error">
            {refusal}
          </div>
        )}

        <h2 className="card-title">Rule and access</h2>
        <Field label="Rule" error={errors.rule}>
          {(control) => (
            <>
              <select
                {...control}
                aria-describedby={[form.rule ? `${control.id}-hint` : null, control['aria-describedby']].filter(Boolean).join(' ') || undefined}
                value={form.rule}
                onChange={(event) => set('rule', event.target.value as PoolForm['rule'])}
                data-testid="bo-pool-rule"
              >
                <option value="">Choose a rule…</option>
                {POOL_RULES.map((rule) => (
                  <option key={rule} value={rule}>
                    {RULE_LABELS[rule]}
                  </option>
                ))}
              </select>
              {form.rule && <Hint id={`${control.id}-hint`}>{RULE_HINTS[form.rule]}</Hint>}
            </>
          )}
        </Field>

        <label className="checkbox">
          <input type="checkbox" checked={form.private} onChange={(event) => set('private', event.target.checked)} data-testid="bo-pool-private" />
          Private: listed only to investors who enter a key an operator issued them
        </label>

        <h2 className="card-title">Terms</h2>
        <div className="form-grid form-grid-2">
          {text('feePercent', 'Management fee (% a year)', {
            placeholder: 'e.g. 1.5',
            hint: `0 to ${String(POOL_MAX_FEE_PERCENT)}, at most 2 decimals; taken daily from the pool, no performance fee`,
          })}
          {text('minAmount', 'Least subscription (EUR)', { placeholder: 'e.g. 100', hint: 'the least amount of one subscription' })}
        </div>

        <Field label="Reason (written to the audit log)" error={errors.reason}>
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={500}
              value={form.reason}
              onChange={(event) => set('reason', event.target.value)}
              data-testid="bo-pool-reason"
            />
          )}
        </Field>

        <p className="muted small robot-new-note">
          Investors see the fee and the least subscription beside the pool&apos;s NAV, its benchmark and its returns, all marked simulated; the
          ranking orders pools by their {POOL_RANKING_DAYS}-day return after fees.
        </p>

        <div className="form-actions">
          <Link to="/pools" className="btn">
            Cancel
          </Link>
          <button type="submit" className="btn btn-primary" disabled={create.isPending} data-testid="bo-pool-create">
            {create.isPending ? 'Opening…' : 'Open pool'}
          </button>
        </div>
      </form>
    </section>
  );
}
