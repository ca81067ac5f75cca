import { POOL_MAX_FEE_PERCENT, POOL_RANKING_DAYS, POOL_RULES } from '@tradeapp/contract';
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormActions, FormRefusalAlert, ReasonField, useFormChecks } from '../../ui/CheckedForm';
import { describedBy, Field, FieldHint, TextField } from '../../ui/Field';
import { useCreatePool } from './api';
import { checkForm, emptyForm, inputOf, refusalOf, type FormField, type PoolForm } from './form';
import { RULE_HINTS, RULE_LABELS } from './labels';

// A new pool: its rule, public or private, its declared yearly fee and least subscription, and the
// reason for the audit log. The server backtests it from the house strategies' first day; its NAV
// and every return are recomputed from its journals, never set. The browser checks each field with
// the contract's zPoolCreate; the server checks again and answers in its own words.

export function PoolNewPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<PoolForm>(emptyForm);
  const { errors, refusal, formRef, forget, submit } = useFormChecks<FormField>();
  const create = useCreatePool();

  const set = <F extends FormField>(field: F, value: PoolForm[F]) => {
    setForm((current) => ({ ...current, [field]: value }));
    forget(field);
  };

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    submit(event, create, {
      problems: () => checkForm(form),
      input: () => inputOf(form),
      refusalOf,
      onSuccess: (pool) => void navigate(`/pools?created=${String(pool.id)}`),
    });
  }

  const text = (field: 'feePercent' | 'minAmount', label: string, props: { placeholder: string; hint: ReactNode }) => (
    <TextField
      label={label}
      error={errors[field]}
      value={form[field]}
      onChange={(value) => set(field, value)}
      testId={`bo-pool-${field}`}
      placeholder={props.placeholder}
      inputMode="decimal"
      mono
      hint={props.hint}
    />
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
            A pool on one of the house rules, backtested from the strategies&apos; first day and then run live from its own financial account. Its NAV and every
            return are recomputed from its journals and positions, never set.
          </p>
        </div>
      </header>

      <form ref={formRef} className="card card-padded robot-new" onSubmit={onSubmit} noValidate data-testid="bo-pool-form">
        <FormRefusalAlert refusal={refusal} testId="bo-pool-error" />

        <h2 className="card-title">Rule and access</h2>
        <Field label="Rule" error={errors.rule}>
          {(control) => (
            <>
              <select
                {...control}
                aria-describedby={describedBy(form.rule ? `${control.id}-hint` : null, control['aria-describedby'])}
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
              {form.rule && <FieldHint id={`${control.id}-hint`}>{RULE_HINTS[form.rule]}</FieldHint>}
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

        <ReasonField value={form.reason} error={errors.reason} onChange={(value) => set('reason', value)} testId="bo-pool-reason" />

        <p className="muted small robot-new-note">
          Investors see the fee and the least subscription beside the pool&apos;s NAV, its benchmark and its returns, all marked simulated; the ranking orders
          pools by their {POOL_RANKING_DAYS}-day return after fees.
        </p>

        <FormActions cancelTo="/pools" pending={create.isPending} label="Open pool" pendingLabel="Opening…" testId="bo-pool-create" />
      </form>
    </section>
  );
}
