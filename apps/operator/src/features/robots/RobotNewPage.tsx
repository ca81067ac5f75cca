import { useQuery } from '@tanstack/react-query';
import { compareDecimal, type RobotKind } from '@tradeapp/contract';
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormActions, FormRefusalAlert, ReasonField, useFormChecks } from '../../ui/CheckedForm';
import { Detail } from '../../ui/Detail';
import { TextField } from '../../ui/Field';
import { formatAmount } from '../../ui/format';
import { ErrorState, Loading } from '../../ui/States';
import { cryptoPairsQueryOptions, useCreateRobot, type CryptoPair } from './api';
import { checkForm, emptyForm, inputOf, isCryptoPair, refusalOf, WHOLE_RANGES, type FormField, type RobotForm } from './form';
import { dcaCapitalPercent, gridSpan, KIND_HINTS, KIND_LABELS, MODE_HINTS, MODE_LABELS, type GridMode } from './labels';

// A new robot: its crypto pair, grid or DCA parameters, cycle, energy, rent, price and the amounts an
// investor may start it with, and the reason for the audit log. Beside the form, the pair's live
// price and what the parameters come to. The browser checks each field; the server checks the
// parameters again against the pair's live price and tick and answers in its own words.

const KINDS: RobotKind[] = ['grid', 'dca'];
const MODES: GridMode[] = ['arithmetic', 'geometric'];

function Preview({ form, pair }: { form: RobotForm; pair: CryptoPair }) {
  const range = form.rangePercent.trim();
  const span = form.kind === 'grid' && compareDecimal(range, '0') === 1 && compareDecimal(range, '100') === -1 ? gridSpan(pair.price_nominal, range) : null;
  const cells = Number(form.cells);
  const safetyOrders = /^\d+$/.test(form.safetyOrders.trim()) ? Number(form.safetyOrders) : Number.NaN;
  const used =
    form.kind === 'dca'
      ? dcaCapitalPercent({ firstOrderPercent: form.firstOrderPercent.trim(), safetyOrderPercent: form.safetyOrderPercent.trim(), safetyOrders })
      : null;
  return (
    <dl className="details">
      <Detail label="Pair" testId="bo-robot-pair-name">
        {pair.name} ({pair.stock_code})
      </Detail>
      <Detail label="Live price" mono testId="bo-robot-pair-price">
        {formatAmount(pair.price_nominal)} {pair.currency}
      </Detail>
      {form.kind === 'grid' && (
        <Detail label="Grid at this price" testId="bo-robot-preview">
          {span ? (
            <>
              <span className="mono">
                {formatAmount(span.lower)} – {formatAmount(span.upper)} {pair.currency}
              </span>
              {Number.isInteger(cells) && cells >= WHOLE_RANGES.cells[0] && (
                <div className="muted small">
                  {cells + 1} levels {MODE_HINTS[form.mode]}
                </div>
              )}
              <div className="muted small">A guide: each order takes the price at its start, and every level is put on the pair&apos;s tick.</div>
            </>
          ) : (
            <span className="muted">Type the range to see it.</span>
          )}
        </Detail>
      )}
      {form.kind === 'dca' && (
        <Detail label="Capital the buys can use" testId="bo-robot-preview">
          {used === null ? (
            <span className="muted">Type the first buy, each safety buy and how many to see it.</span>
          ) : (
            <>
              <span className="mono">{used} %</span>
              {compareDecimal(used, '100') === 1 && <div className="text-danger small">More than the capital: the server refuses this robot.</div>}
            </>
          )}
        </Detail>
      )}
    </dl>
  );
}

export function RobotNewPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<RobotForm>(emptyForm);
  const { errors, setErrors, refusal, formRef, forget, submit } = useFormChecks<FormField>();
  const create = useCreateRobot();
  const pairs = useQuery(cryptoPairsQueryOptions());
  const symbol = form.symbol.trim().toUpperCase();
  const pair = symbol && pairs.data ? pairs.data.find((p) => isCryptoPair(symbol, [p])) : undefined;

  const set = <F extends FormField>(field: F, value: RobotForm[F]) => {
    setForm((current) => ({ ...current, [field]: value }));
    forget(field);
  };

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    submit(event, create, {
      problems: () => checkForm(form, pairs.data),
      input: () => inputOf(form),
      refusalOf: (error) => refusalOf(error, form.kind),
      onSuccess: (robot) => void navigate(`/robots?created=${String(robot.id)}`),
    });
  }

  const text = (
    field: FormField,
    label: string,
    props: { placeholder?: string; inputMode?: 'decimal' | 'numeric'; hint?: ReactNode; list?: string; className?: string } = {},
  ) => (
    <TextField
      label={label}
      error={errors[field]}
      className={props.className}
      value={form[field]}
      onChange={(value) => set(field, value)}
      testId={`bo-robot-${field}`}
      placeholder={props.placeholder}
      inputMode={props.inputMode}
      mono={props.inputMode !== undefined}
      list={props.list}
      hint={props.hint}
    />
  );

  return (
    <section className="page">
      <Link to="/robots" className="back-link">
        ‹ Robots
      </Link>
      <header className="page-header">
        <div>
          <h1>New robot</h1>
          <p className="muted">
            A grid or DCA robot on one crypto pair, offered to investors at once. Its orders trade through the simulated market; their results are computed,
            never set.
          </p>
        </div>
      </header>

      <div className="grid-2 robot-new">
        <form ref={formRef} className="card card-padded" onSubmit={onSubmit} noValidate data-testid="bo-robot-form">
          <FormRefusalAlert refusal={refusal} testId="bo-robot-error" />

          <h2 className="card-title">Pair and strategy</h2>
          {text('symbol', 'Crypto pair', {
            placeholder: 'e.g. BTCUSDT',
            list: 'robot-pairs',
            hint: pairs.isError ? 'The list of pairs did not load: the server checks the pair.' : undefined,
          })}
          <datalist id="robot-pairs">
            {pairs.data?.map((p) => (
              <option key={p.symbol} value={p.symbol}>
                {p.name}
              </option>
            ))}
          </datalist>

          <fieldset className="field radio-group">
            <legend className="field-label">Strategy</legend>
            {KINDS.map((kind) => (
              <label className="radio" key={kind}>
                <input
                  type="radio"
                  name="robot-kind"
                  checked={form.kind === kind}
                  onChange={() => {
                    set('kind', kind);
                    setErrors({});
                  }}
                  data-testid={`bo-robot-kind-${kind}`}
                />
                {KIND_LABELS[kind]}
              </label>
            ))}
            <span className="field-hint robot-kind-hint">{KIND_HINTS[form.kind]}</span>
          </fieldset>

          {form.kind === 'grid' ? (
            <>
              <div className="form-grid form-grid-2">
                {text('rangePercent', 'Range (± %)', { inputMode: 'decimal', placeholder: 'e.g. 5', hint: 'around the price at the start' })}
                {text('cells', 'Cells', { inputMode: 'numeric', placeholder: 'e.g. 20', hint: `${WHOLE_RANGES.cells[0]} to ${WHOLE_RANGES.cells[1]}` })}
              </div>
              <fieldset className="field radio-group">
                <legend className="field-label">Spacing of the levels</legend>
                {MODES.map((mode) => (
                  <label className="radio" key={mode}>
                    <input
                      type="radio"
                      name="robot-mode"
                      checked={form.mode === mode}
                      onChange={() => set('mode', mode)}
                      data-testid={`bo-robot-mode-${mode}`}
                    />
                    {MODE_LABELS[mode]} <span className="muted">(levels {MODE_HINTS[mode]})</span>
                  </label>
                ))}
              </fieldset>
            </>
          ) : (
            <div className="form-grid form-grid-2">
              {text('firstOrderPercent', 'First buy (%)', { inputMode: 'decimal', placeholder: 'e.g. 10', hint: 'of the capital' })}
              {text('safetyOrderPercent', 'Each safety buy (%)', { inputMode: 'decimal', placeholder: 'e.g. 15', hint: 'of the capital' })}
              {text('safetyOrders', 'Safety buys at most', {
                inputMode: 'numeric',
                placeholder: 'e.g. 6',
                hint: `${WHOLE_RANGES.safetyOrders[0]} to ${WHOLE_RANGES.safetyOrders[1]}`,
              })}
              {text('deviationPercent', 'Safety buy step (%)', { inputMode: 'decimal', placeholder: 'e.g. 1.5', hint: 'each one this much lower' })}
              {text('takeProfitPercent', 'Take profit (%)', { inputMode: 'decimal', placeholder: 'e.g. 1.2', hint: 'over the average price' })}
            </div>
          )}

          <h2 className="card-title">Offer</h2>
          <div className="form-grid form-grid-2">
            {text('cycleDays', 'Cycle (days)', {
              inputMode: 'numeric',
              placeholder: 'e.g. 7',
              hint: `${WHOLE_RANGES.cycleDays[0]} to ${WHOLE_RANGES.cycleDays[1]}`,
            })}
            {text('energy', 'Energy (fills per cycle)', {
              inputMode: 'numeric',
              placeholder: 'e.g. 300',
              hint: `${WHOLE_RANGES.energy[0]} to ${WHOLE_RANGES.energy[1].toLocaleString('en')}`,
            })}
            {text('rent', 'Rent per cycle (EUR)', { inputMode: 'decimal', placeholder: 'e.g. 9.90' })}
            {text('price', 'Price to buy (EUR)', { inputMode: 'decimal', placeholder: 'e.g. 49.00' })}
            {text('minAmount', 'Smallest amount to start (EUR)', { inputMode: 'decimal', placeholder: 'e.g. 200' })}
            {text('maxAmount', 'Largest amount to start (EUR)', { inputMode: 'decimal', placeholder: 'e.g. 50000' })}
          </div>

          <ReasonField value={form.reason} error={errors.reason} onChange={(value) => set('reason', value)} testId="bo-robot-reason" />

          <FormActions cancelTo="/robots" pending={create.isPending} label="Offer robot" pendingLabel="Offering…" testId="bo-robot-create" />
        </form>

        <div className="card card-padded" data-testid="bo-robot-reference">
          <h2 className="card-title">The pair and what the parameters come to</h2>
          {!symbol ? (
            <p className="muted">Type a crypto pair to see its live price and what the parameters come to.</p>
          ) : pairs.isPending ? (
            <Loading label="Loading the crypto pairs…" />
          ) : pairs.isError ? (
            <ErrorState error={pairs.error} onRetry={() => void pairs.refetch()} />
          ) : pair ? (
            <Preview form={form} pair={pair} />
          ) : (
            <p className="muted">{symbol} is not one of the crypto pairs: robots trade crypto pairs only.</p>
          )}
          <p className="muted small robot-new-note">Percentages are above 0 and below 100, with at most 8 decimals.</p>
        </div>
      </div>
    </section>
  );
}
