import { FUND_PRODUCT_KINDS, REGULAR_TERM_DAYS, type FundProductKind } from '@tradeapp/contract';
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormActions, FormRefusalAlert, ReasonField, useFormChecks } from '../../ui/CheckedForm';
import { describedBy, Field, FieldHint, TextField } from '../../ui/Field';
import { FieldError } from '../../ui/FieldError';
import { useCreateFund } from './api';
import { checkForm, emptyForm, emptyRow, inputOf, refusalOf, type BasketRow, type FundForm, type ScalarField } from './form';
import { FUND_TIME_ZONES, KIND_HINTS, KIND_LABELS } from './labels';

// A new fund or deposit term: its code, name and least purchase; for a fund its basket (instruments
// and fixed weights adding up to exactly 1), expense ratio, time zone, cut-off and lock-in; for a
// Regular term its term, rate and early-redemption penalty; and the reason for the audit log. The
// browser checks each field with the contract's zFundCreate and the basket's sum; the server checks
// again (the symbols are listed, the code is free) and answers in its own words.

const BASKET_TITLE_ID = 'fund-basket-title';
const BASKET_HINT_ID = 'fund-basket-hint';
const BASKET_ERROR_ID = 'fund-basket-error';

export function FundNewPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<FundForm>(emptyForm);
  const { errors, setErrors, refusal, formRef, forget, submit } = useFormChecks<string>();
  const create = useCreateFund();

  const set = <F extends ScalarField>(field: F, value: FundForm[F]) => {
    setForm((current) => ({ ...current, [field]: value }));
    forget(field);
  };

  const setRow = (index: number, field: keyof BasketRow, value: string) => {
    setForm((current) => ({ ...current, basket: current.basket.map((row, i) => (i === index ? { ...row, [field]: value } : row)) }));
    forget(`basket.${String(index)}.${field}`, 'basket');
  };

  const addRow = () => {
    setForm((current) => ({ ...current, basket: [...current.basket, emptyRow()] }));
    forget('basket');
  };

  const removeRow = (index: number) => {
    setForm((current) => ({ ...current, basket: current.basket.filter((_, i) => i !== index) }));
    // The rows below move up: their marks would name the wrong rows.
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith('basket'))));
  };

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    submit(event, create, {
      problems: () => checkForm(form),
      input: () => inputOf(form),
      refusalOf,
      onSuccess: (fund) => void navigate(`/funds?created=${String(fund.id)}`),
    });
  }

  const text = (
    field: ScalarField,
    label: string,
    props: { placeholder?: string; hint?: ReactNode; inputMode?: 'decimal' | 'numeric' | 'text'; mono?: boolean },
  ) => (
    <TextField
      label={label}
      error={errors[field]}
      value={form[field]}
      onChange={(value) => set(field, value)}
      testId={`bo-fund-${field}`}
      placeholder={props.placeholder}
      inputMode={props.inputMode ?? 'text'}
      mono={props.mono}
      hint={props.hint}
    />
  );

  return (
    <section className="page">
      <Link to="/funds" className="back-link">
        ‹ Funds and deposit terms
      </Link>
      <header className="page-header">
        <div>
          <h1>New fund or deposit term</h1>
          <p className="muted">
            A product investors buy from their financial account in euros. A fund&apos;s NAV is struck from closing prices; a Current term&apos;s income is
            declared day by day in advance; a Regular term&apos;s rate is fixed at purchase. None of these figures can be set afterwards.
          </p>
        </div>
      </header>

      <form ref={formRef} className="card card-padded robot-new" onSubmit={onSubmit} noValidate data-testid="bo-fund-form">
        <FormRefusalAlert refusal={refusal} testId="bo-fund-error" />

        <fieldset className="field radio-group">
          <legend className="field-label">Kind</legend>
          {FUND_PRODUCT_KINDS.map((kind: FundProductKind) => (
            <label className="radio" key={kind}>
              <input
                type="radio"
                name="fund-kind"
                checked={form.kind === kind}
                onChange={() => {
                  set('kind', kind);
                  setErrors({});
                }}
                data-testid={`bo-fund-kind-${kind}`}
              />
              {KIND_LABELS[kind]}
            </label>
          ))}
          <span className="field-hint robot-kind-hint">{KIND_HINTS[form.kind]}</span>
        </fieldset>

        <h2 className="card-title">Product</h2>
        <div className="form-grid">
          {text('code', 'Code', { placeholder: 'e.g. USLC', hint: '2 to 12 capital letters or digits', mono: true })}
          {text('name', 'Name', { placeholder: 'e.g. US large-cap index' })}
          {text('minAmount', 'Least purchase (EUR)', { placeholder: 'e.g. 100', inputMode: 'decimal', mono: true })}
        </div>

        {form.kind === 'fund' && (
          <>
            <h2 className="card-title" id={BASKET_TITLE_ID}>
              Basket
            </h2>
            <div
              role="group"
              aria-labelledby={BASKET_TITLE_ID}
              aria-describedby={describedBy(BASKET_HINT_ID, errors.basket ? BASKET_ERROR_ID : null)}
              data-testid="bo-fund-basket"
            >
              <p className="field-hint" id={BASKET_HINT_ID}>
                Listed instruments and their fixed weights: fractions with at most 4 decimals adding up to exactly 1 (e.g. 0.6 and 0.4).
              </p>
              {form.basket.map((row, index) => (
                <div className="form-grid" key={index} data-testid="bo-fund-basket-row">
                  <TextField
                    label={`Instrument ${String(index + 1)}`}
                    error={errors[`basket.${String(index)}.symbol`]}
                    value={row.symbol}
                    onChange={(value) => setRow(index, 'symbol', value)}
                    testId="bo-fund-symbol"
                    placeholder="e.g. AAPL"
                    mono
                  />
                  <TextField
                    label={`Weight ${String(index + 1)}`}
                    error={errors[`basket.${String(index)}.weight`]}
                    value={row.weight}
                    onChange={(value) => setRow(index, 'weight', value)}
                    testId="bo-fund-weight"
                    placeholder="e.g. 0.25"
                    inputMode="decimal"
                    mono
                  />
                  <div className="field">
                    <span className="field-label" aria-hidden="true">
                      &nbsp;
                    </span>
                    <div>
                      <button
                        type="button"
                        className="btn btn-small"
                        onClick={() => removeRow(index)}
                        disabled={form.basket.length === 1}
                        data-testid="bo-fund-remove-row"
                      >
                        Remove<span className="visually-hidden"> instrument {index + 1}</span>
                      </button>
                    </div>
                  </div>
                </div>
              ))}
              <FieldError id={BASKET_ERROR_ID} message={errors.basket} />
              <div className="field">
                <div>
                  <button type="button" className="btn btn-small" onClick={addRow} data-testid="bo-fund-add-row">
                    Add instrument
                  </button>
                </div>
              </div>
            </div>

            <h2 className="card-title">Terms</h2>
            <div className="form-grid">
              {text('expensePercent', 'Expense ratio (% a year)', {
                placeholder: 'e.g. 0.20',
                inputMode: 'decimal',
                mono: true,
                hint: '0 to 9.99, at most 2 decimals; taken in the NAV each trading day, fixed once the fund has holders',
              })}
              <Field label="Time zone" error={errors.timeZone}>
                {(control) => (
                  <>
                    <select
                      {...control}
                      aria-describedby={describedBy(`${control.id}-hint`, control['aria-describedby'])}
                      value={form.timeZone}
                      onChange={(event) => set('timeZone', event.target.value)}
                      data-testid="bo-fund-timeZone"
                    >
                      <option value="">The exchange of its largest holding</option>
                      {FUND_TIME_ZONES.map((zone) => (
                        <option key={zone} value={zone}>
                          {zone}
                        </option>
                      ))}
                    </select>
                    <FieldHint id={`${control.id}-hint`}>that of an exchange of the basket: its calendar sets the trading days</FieldHint>
                  </>
                )}
              </Field>
              {text('cutoff', 'Cut-off (HH:mm)', {
                placeholder: '15:00',
                mono: true,
                hint: 'an order before it gets the day’s NAV, after it the next trading day’s',
              })}
              {text('lockInDays', 'Lock-in (days)', {
                placeholder: '0',
                inputMode: 'numeric',
                mono: true,
                hint: '0 for none; a lot cannot be redeemed before it',
              })}
            </div>
          </>
        )}

        {form.kind === 'regular' && (
          <>
            <h2 className="card-title">Term</h2>
            <div className="form-grid">
              <Field label="Term (days)" error={errors.termDays}>
                {(control) => (
                  <select {...control} value={form.termDays} onChange={(event) => set('termDays', event.target.value)} data-testid="bo-fund-termDays">
                    <option value="">Choose a term…</option>
                    {REGULAR_TERM_DAYS.map((days) => (
                      <option key={days} value={String(days)}>
                        {days} days
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              {text('ratePercent', 'Rate (% a year)', { placeholder: 'e.g. 3.50', inputMode: 'decimal', mono: true, hint: 'fixed for a purchase at purchase' })}
              {text('penaltyPercent', 'Early-redemption penalty (%)', {
                placeholder: 'e.g. 0.50',
                inputMode: 'decimal',
                mono: true,
                hint: 'of the principal, beside the forfeited interest',
              })}
            </div>
          </>
        )}

        {form.kind === 'current' && (
          <p className="muted small" data-testid="bo-fund-current-note">
            A Current term earns nothing until an income is declared for a day: declare each day&apos;s income per 10,000 units on the funds page, before the
            day begins.
          </p>
        )}

        <ReasonField value={form.reason} error={errors.reason} onChange={(value) => set('reason', value)} testId="bo-fund-reason" />

        <FormActions
          cancelTo="/funds"
          pending={create.isPending}
          label={`Open ${form.kind === 'fund' ? 'fund' : 'deposit term'}`}
          pendingLabel="Opening…"
          testId="bo-fund-create"
        />
      </form>
    </section>
  );
}
