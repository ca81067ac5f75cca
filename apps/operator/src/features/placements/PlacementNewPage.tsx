import { useQuery } from '@tanstack/react-query';
import {
  compareDecimal,
  discountPercentOf,
  isDecimal,
  isMessageKey,
  PlacementKind,
  qipPriceAllowed,
  translate,
  zPlacementInput,
  type PlacementFloor,
  type PlacementInput,
} from '@tradeapp/contract';
import dayjs from 'dayjs';
import { useState, type SubmitEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { messageOf } from '../../api';
import { Detail } from '../../ui/Detail';
import { fieldErrorsOf } from '../../ui/errors';
import { Field } from '../../ui/Field';
import { ErrorState, Loading } from '../../ui/States';
import { TableHead } from '../../ui/TableHead';
import { useDebounced } from '../../ui/useDebounced';
import { floorQueryOptions, useCreatePlacement } from './api';
import { discountText } from './shared';

// A new placement: the stock, SPO or QIP, price, quantities, window and lock-up. Beside the form,
// the stock's last close and its QIP floor (the average close of the ten trading days before
// today's) with those closes, and what the typed price is against them. The server checks the
// 5 % rule again against the floor of the moment it creates the placement.

/** A moment as the operator types it, in their own time zone (a date picker's fields would each take a Tab stop). */
const LOCAL = 'YYYY-MM-DD HH:mm';
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

/** Epoch ms of a `LOCAL` text; NaN when it is not one (the schema then names the field). */
function parseLocal(value: string): number {
  const m = LOCAL_PATTERN.exec(value.trim());
  if (!m) return Number.NaN;
  const [, y, mo, d, h, mi] = m.map(Number) as [number, number, number, number, number, number];
  const at = new Date(y, mo - 1, d, h, mi);
  // 2026-02-31 rolls over to March: not a date the operator meant.
  return at.getMonth() === mo - 1 && at.getDate() === d && h < 24 && mi < 60 ? at.getTime() : Number.NaN;
}
const DEFAULT_LOCKUP_DAYS = '180';

type Form = { symbol: string; kind: PlacementKind; price: string; quantity: string; minQuantity: string; opens: string; closes: string; lockupDays: string };

function initialForm(symbol: string): Form {
  const start = dayjs().startOf('minute');
  return {
    symbol,
    kind: PlacementKind.SPO,
    price: '',
    quantity: '',
    minQuantity: '',
    opens: start.format(LOCAL),
    closes: start.add(7, 'day').format(LOCAL),
    lockupDays: DEFAULT_LOCKUP_DAYS,
  };
}

/** The form as the contract's input: a datetime field is read in the operator's own time zone. */
function inputOf(f: Form): PlacementInput {
  return {
    symbol: f.symbol.trim().toUpperCase(),
    kind: f.kind,
    price: f.price.trim(),
    quantity: f.quantity.trim(),
    minQuantity: f.minQuantity.trim(),
    opensAtTimestamp: parseLocal(f.opens),
    closesAtTimestamp: parseLocal(f.closes),
    lockupDays: f.lockupDays.trim() === '' ? Number.NaN : Number(f.lockupDays),
  };
}

/** The browser-side check with the contract's schema: each field's first problem, in English. */
function checkLocally(input: PlacementInput): Record<string, string> {
  const parsed = zPlacementInput.safeParse(input);
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!errors[field]) errors[field] = isMessageKey(issue.message) ? translate('en', issue.message) : issue.message;
  }
  return errors;
}

const FIELD_OF: Record<string, keyof Form> = { opensAtTimestamp: 'opens', closesAtTimestamp: 'closes' };

function Reference({ floor, kind, price }: { floor: PlacementFloor; kind: PlacementKind; price: string }) {
  const typed = isDecimal(price) && compareDecimal(price, '0') === 1;
  const allowed = typed && qipPriceAllowed(price, floor.floorPrice);
  return (
    <>
      <dl className="details">
        <Detail label="Stock" testId="bo-placement-floor-name">
          {floor.name} ({floor.currency}, tick {floor.tickSize}, lot {floor.lotSize})
        </Detail>
        <Detail label="Last close" mono testId="bo-placement-last-close">
          {floor.lastClose} {floor.currency}
        </Detail>
        <Detail label="QIP floor" mono testId="bo-placement-floor">
          {floor.floorPrice} {floor.currency}
        </Detail>
        <Detail label="Lowest QIP price" mono testId="bo-placement-min-price">
          {floor.minPrice} {floor.currency}
        </Detail>
        {typed && (
          <Detail label="Your price" testId="bo-placement-price-check">
            {discountText(discountPercentOf(price, floor.lastClose))}
            {kind === PlacementKind.QIP && (
              <div className={allowed ? 'text-success small' : 'text-danger small'}>
                {allowed ? 'Within 5 % of the floor.' : 'More than 5 % below the floor: a QIP cannot be priced here.'}
              </div>
            )}
          </Detail>
        )}
      </dl>
      <table className="table">
        <caption className="muted small">The closes the floor is the average of</caption>
        <TableHead columns={[{ label: 'Trading day' }, { label: 'Close' }]} />
        <tbody>
          {floor.closes.map((c) => (
            <tr key={c.tradingDay}>
              <td>{c.tradingDay}</td>
              <td className="mono">{c.close}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function PlacementNewPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [form, setForm] = useState<Form>(() => initialForm(searchParams.get('symbol') ?? ''));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreatePlacement();
  const symbol = useDebounced(form.symbol.trim().toUpperCase(), 400);
  const floor = useQuery(floorQueryOptions(symbol));

  const set = (field: keyof Form, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
    create.reset();
  };

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = inputOf(form);
    const local = checkLocally(input);
    if (Object.keys(local).length > 0) {
      setErrors(Object.fromEntries(Object.entries(local).map(([k, v]) => [FIELD_OF[k] ?? k, v])));
      return;
    }
    create.mutate(input, {
      onSuccess: (detail) => void navigate(`/placements/${String(detail.id)}`),
      onError: (error) => setErrors(Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([k, v]) => [FIELD_OF[k] ?? k, v]))),
    });
  }

  const text = (field: keyof Form, label: string, props: { placeholder?: string; className?: string; inputMode?: 'decimal' | 'numeric' } = {}) => (
    <Field label={label} error={errors[field]}>
      {(control) => (
        <input
          {...control}
          type="text"
          inputMode={props.inputMode}
          className={props.className}
          placeholder={props.placeholder}
          value={form[field]}
          onChange={(event) => set(field, event.target.value)}
          data-testid={`bo-placement-${field}`}
        />
      )}
    </Field>
  );

  return (
    <section className="page">
      <Link to="/placements" className="back-link">
        ‹ Placements
      </Link>
      <header className="page-header">
        <div>
          <h1>New placement</h1>
          <p className="muted">An SPO takes any price; a QIP at most 5 % below its floor. Keys are issued once it is created.</p>
        </div>
      </header>

      <div className="grid-2">
        <form className="card card-padded" onSubmit={onSubmit} noValidate data-testid="bo-placement-form">
          {create.isError && Object.keys(errors).length === 0 && (
            <div className="alert alert-error" role="alert" data-testid="bo-placement-error">
              {messageOf(create.error)}
            </div>
          )}
          {text('symbol', 'Stock symbol', { placeholder: 'e.g. SAP.DE', className: 'mono' })}
          <fieldset className="field radio-group">
            <legend className="field-label">Kind</legend>
            <label className="radio">
              <input
                type="radio"
                name="kind"
                checked={form.kind === PlacementKind.SPO}
                onChange={() => set('kind', PlacementKind.SPO)}
                data-testid="bo-placement-kind-spo"
              />
              SPO (any price)
            </label>
            <label className="radio">
              <input
                type="radio"
                name="kind"
                checked={form.kind === PlacementKind.QIP}
                onChange={() => set('kind', PlacementKind.QIP)}
                data-testid="bo-placement-kind-qip"
              />
              QIP (at most 5 % below the floor)
            </label>
          </fieldset>
          <div className="form-grid form-grid-2">
            {text('price', `Price${floor.data ? ` (${floor.data.currency})` : ''}`, { inputMode: 'decimal', className: 'mono' })}
            {text('lockupDays', 'Lock-up (days)', { inputMode: 'numeric' })}
            {text('quantity', 'Shares offered', { inputMode: 'decimal', className: 'mono' })}
            {text('minQuantity', 'Minimum purchase (shares)', { inputMode: 'decimal', className: 'mono' })}
            {text('opens', 'Window opens (your time, YYYY-MM-DD HH:mm)', { className: 'mono' })}
            {text('closes', 'Window closes (your time, YYYY-MM-DD HH:mm)', { className: 'mono' })}
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={create.isPending} data-testid="bo-placement-create">
              {create.isPending ? 'Creating…' : 'Create placement'}
            </button>
          </div>
        </form>

        <aside className="card card-padded" aria-label="Last close and QIP floor" data-testid="bo-placement-reference">
          <h2 className="card-title">Last close and QIP floor</h2>
          {!symbol ? (
            <p className="muted">Type a stock symbol to see its last close and the floor a QIP would have.</p>
          ) : floor.isPending ? (
            <Loading label="Computing the floor…" />
          ) : floor.isError ? (
            <ErrorState error={floor.error} />
          ) : (
            <Reference floor={floor.data} kind={form.kind} price={form.price.trim()} />
          )}
        </aside>
      </div>
    </section>
  );
}
