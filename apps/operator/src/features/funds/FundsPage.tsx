// Over 400 lines: the funds' and deposit terms' list with its pause, resume and income dialogs sharing one selected product; the back office's move to a component kit (issue 35) is where it splits.
import { useQuery } from '@tanstack/react-query';
import { DEPOSIT_INCOME_UNITS, DEPOSIT_YIELD_DAYS } from '@tradeapp/contract';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../ui/Badges';
import { Field, TextField } from '../../ui/Field';
import { ListTable } from '../../ui/ListTable';
import { PauseResumeButton } from '../../ui/PauseResumeButton';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { Spinner } from '../../ui/Spinner';
import { TableRows } from '../../ui/States';
import { TableHead, type Column } from '../../ui/TableHead';
import { useMutationDialog } from '../../ui/useMutationDialog';
import { auditLinkOf, fundsQueryOptions, useFundAction, type FundAction, type FundAdmin } from './api';
import { checkIncome, emptyIncome, incomeInputOf, type IncomeField, type IncomeForm } from './form';
import {
  basketText,
  changeText,
  cutoffText,
  dayText,
  declaredText,
  eurText,
  exitLoadText,
  expenseText,
  firstDeclarableDay,
  lastDeclarableDay,
  holdersText,
  incomeText,
  isoDay,
  KIND_LABELS,
  lockInText,
  navText,
  outstandingText,
  penaltyText,
  pendingText,
  percentText,
  productName,
  stateOf,
  termText,
} from './labels';

// Funds and deposit terms (decision 0022). A fund is a fixed basket of the market's instruments whose
// NAV is struck after each trading day's close from the closes, less a day's expense ratio; a Current
// deposit pays a daily income per 10,000 units that an operator declares before the day begins; a
// Regular deposit runs a fixed term at a rate fixed at purchase. Operators open a product, pause one
// (no new purchases; redemptions and payouts go on) or resume it, and declare a Current term's income
// for a day not yet begun, each with a reason written to the audit log. Nothing here sets a NAV,
// changes a declared income or declares one for a day already begun.

const COLUMNS: Column[] = [
  { label: 'Product' },
  { label: 'Terms' },
  { label: 'NAV / income', className: 'num' },
  { label: 'Holders', className: 'num' },
  { label: 'Outstanding', className: 'num' },
  { label: 'State' },
];

const INCOME_COLUMNS: Column[] = [
  { label: 'Day (UTC)' },
  { label: `Income per ${DEPOSIT_INCOME_UNITS.toLocaleString('en')} units`, className: 'num' },
  { label: 'State' },
];

/** The incomes panel's id, which its "Incomes" buttons control. */
const INCOMES_PANEL_ID = 'fund-incomes';

/** The state with its reason, the actions (pause or resume; a Current term's incomes) and the history. */
function StateCell({ fund, incomesOpen, onIncomes }: { fund: FundAdmin; incomesOpen: boolean; onIncomes: () => void }) {
  return (
    <div className="status-cell">
      {fund.paused ? <Badge tone="warning">Paused</Badge> : <Badge tone="success">Open</Badge>}
      {fund.paused && (
        <div className="small robot-reason" data-testid="bo-fund-paused-reason">
          {fund.pausedReason ?? '—'}
        </div>
      )}
      <div className="review-actions">
        <PauseResume key={stateOf(fund)} fund={fund} />
        {fund.kind === 'current' && (
          <button
            type="button"
            className="btn btn-small"
            aria-expanded={incomesOpen}
            aria-controls={incomesOpen ? INCOMES_PANEL_ID : undefined}
            onClick={onIncomes}
            data-testid="bo-fund-incomes"
          >
            Incomes<span className="visually-hidden"> of {fund.code}</span>
          </button>
        )}
      </div>
      <div className="small">
        <Link to={auditLinkOf(fund.id)} className="audit-link" data-testid="bo-audit-link">
          History<span className="visually-hidden"> of {fund.code}</span>
        </Link>
      </div>
    </div>
  );
}

/** Pause (while open) or Resume (while paused), each asking for a reason. */
function PauseResume({ fund }: { fund: FundAdmin }) {
  const dialog = useMutationDialog<'pause' | 'resume', FundAction>(useFundAction(fund.id));
  return (
    <PauseResumeButton
      paused={fund.paused}
      dialog={dialog}
      noun={fund.kind === 'fund' ? 'fund' : 'deposit term'}
      testIdPrefix="bo-fund"
      formKey={`fund-${String(fund.id)}`}
      hiddenName={fund.code}
      pauseEffect={
        <>
          Nobody can buy <strong>{productName(fund)}</strong> while it is paused. Its {holdersText(fund.holders)} keep what they hold and can redeem it; orders
          already placed are priced and paid as before.
        </>
      }
      resumeEffect={
        <>
          <strong>{productName(fund)}</strong> takes purchases again.
        </>
      }
    />
  );
}

function TermsCell({ fund }: { fund: FundAdmin }) {
  return (
    <td className="small" data-testid="bo-fund-terms">
      {fund.kind === 'fund' && (
        <>
          <div className="nowrap" data-testid="bo-fund-expense">
            expense ratio {expenseText(fund.expensePercent)}
          </div>
          <div className="nowrap" data-testid="bo-fund-cutoff">
            cut-off {cutoffText(fund)}
          </div>
          <div className="nowrap" data-testid="bo-fund-lockin">
            {lockInText(fund.lockInDays)}
          </div>
          <div className="muted">{exitLoadText(fund)}</div>
        </>
      )}
      {fund.kind === 'current' && <div>redeemable at any time; income declared day by day</div>}
      {fund.kind === 'regular' && (
        <>
          <div className="nowrap" data-testid="bo-fund-term">
            {termText(fund)}
          </div>
          <div className="muted">{penaltyText(fund.penaltyPercent)}</div>
        </>
      )}
      <div className="muted nowrap" data-testid="bo-fund-min">
        from {eurText(fund.minAmount)}
      </div>
    </td>
  );
}

function PriceCell({ fund }: { fund: FundAdmin }) {
  if (fund.kind === 'fund') {
    return (
      <td className="num nowrap">
        <div className="mono" data-testid="bo-fund-nav">
          {navText(fund.nav)}
        </div>
        <div className="muted small" data-testid="bo-fund-nav-day">
          {fund.navDay === null ? 'no NAV yet' : `of ${dayText(fund.navDay)}`}
        </div>
        {fund.navChange !== null && <div className="mono muted small">{changeText(fund.navChange)} on the day</div>}
      </td>
    );
  }
  if (fund.kind === 'current') {
    return (
      <td className="num nowrap">
        <div className="mono" data-testid="bo-fund-nav">
          {fund.incomePer10k === null ? 'none declared today' : incomeText(fund.incomePer10k)}
        </div>
        <div className="muted small" data-testid="bo-fund-nav-day">
          {fund.sevenDayYield === null ? `7-day yield after ${String(DEPOSIT_YIELD_DAYS)} earned days` : `${percentText(fund.sevenDayYield)} 7-day yield`}
        </div>
      </td>
    );
  }
  return (
    <td className="num nowrap">
      <div className="mono" data-testid="bo-fund-nav">
        {fund.ratePercent === null ? '—' : `${percentText(fund.ratePercent)} a year`}
      </div>
      <div className="muted small" data-testid="bo-fund-nav-day">
        fixed at purchase
      </div>
    </td>
  );
}

function FundRow({ fund, created, incomesOpen, onIncomes }: { fund: FundAdmin; created: boolean; incomesOpen: boolean; onIncomes: () => void }) {
  return (
    <tr data-testid="bo-fund-row" data-fund-id={fund.id} data-kind={fund.kind} data-state={stateOf(fund)} className={created ? 'row-new' : undefined}>
      <td className="col-strategy">
        <div className="strong mono" data-testid="bo-fund-code">
          {fund.code}
        </div>
        <div data-testid="bo-fund-name">{fund.name}</div>
        <div className="muted small">
          #{fund.id} · <span data-testid="bo-fund-kind">{KIND_LABELS[fund.kind]}</span>
        </div>
        {fund.basket.length > 0 && (
          <details className="small">
            <summary>
              Basket of {fund.basket.length} {fund.basket.length === 1 ? 'instrument' : 'instruments'}
            </summary>
            <div className="muted mono" data-testid="bo-fund-basket">
              {basketText(fund.basket)}
            </div>
          </details>
        )}
      </td>
      <TermsCell fund={fund} />
      <PriceCell fund={fund} />
      <td className="num nowrap">
        <div data-testid="bo-fund-holders">{fund.holders.toLocaleString('en')}</div>
        <div className="muted small" data-testid="bo-fund-pending">
          {pendingText(fund.pendingOrders)}
        </div>
      </td>
      <td className="num nowrap">
        <div className="mono" data-testid="bo-fund-outstanding">
          {outstandingText(fund)}
        </div>
        {fund.kind === 'fund' && (
          <div className="mono muted small" data-testid="bo-fund-value">
            worth {eurText(fund.value)}
          </div>
        )}
      </td>
      <td className="col-state">
        <StateCell fund={fund} incomesOpen={incomesOpen} onIncomes={onIncomes} />
      </td>
    </tr>
  );
}

/** Declare a Current term's income for a day not yet begun: checked here, then confirmed with a reason. */
function DeclareIncome({ fund }: { fund: FundAdmin }) {
  const [form, setForm] = useState<IncomeForm>(emptyIncome);
  const [errors, setErrors] = useState<Partial<Record<IncomeField, string>>>({});
  const [declared, setDeclared] = useState<IncomeForm | null>(null);
  const [confirming, setConfirming] = useState(false);
  const mutation = useFundAction(fund.id);
  // The date picker's earliest day as the panel opened; the check on submit takes the time of the submit.
  const [openedAt] = useState(() => Date.now());

  const set = (field: IncomeField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
    setDeclared(null);
  };

  const close = () => {
    mutation.reset();
    setConfirming(false);
  };

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = checkIncome(
      form,
      fund.declared.map((d) => dayText(d.day)),
      Date.now(),
    );
    setErrors(problems);
    if (Object.keys(problems).length === 0) setConfirming(true);
  }

  function onConfirm(reason: string) {
    const input = incomeInputOf(form, reason);
    mutation.mutate(
      { action: 'income', ...input },
      {
        onSuccess: () => {
          setDeclared({ day: input.day, incomePer10k: input.incomePer10k });
          setForm(emptyIncome());
          close();
        },
      },
    );
  }

  return (
    <>
      <form className="stack" onSubmit={onSubmit} noValidate data-testid="bo-fund-income-form">
        {declared && (
          <div className="alert alert-success" role="status" data-testid="bo-fund-income-declared">
            {incomeText(declared.incomePer10k)} is declared for {declared.day}.
          </div>
        )}
        <div className="form-grid form-grid-2">
          <Field label="Day (UTC), not yet begun" error={errors.day}>
            {(control) => (
              <input
                {...control}
                type="date"
                min={firstDeclarableDay(openedAt)}
                max={lastDeclarableDay(openedAt)}
                value={form.day}
                onChange={(event) => set('day', event.target.value)}
                data-testid="bo-fund-income-day"
              />
            )}
          </Field>
          <TextField
            label={`Income per ${DEPOSIT_INCOME_UNITS.toLocaleString('en')} units (EUR)`}
            error={errors.incomePer10k}
            value={form.incomePer10k}
            onChange={(value) => set('incomePer10k', value)}
            testId="bo-fund-income-value"
            placeholder="e.g. 1.25"
            inputMode="decimal"
            mono
          />
        </div>
        <div>
          <button type="submit" className="btn btn-primary" data-testid="bo-fund-declare">
            Declare income
          </button>
        </div>
      </form>
      {confirming && (
        <ReasonDialog
          title="Declare income"
          formId={`declare-income-${String(fund.id)}`}
          reasonLabel="Reason (written to the audit log)"
          confirmLabel="Declare income"
          tone="primary"
          pending={mutation.isPending}
          error={mutation.error}
          onConfirm={onConfirm}
          onClose={close}
        >
          <p>
            Every holder of <strong>{productName(fund)}</strong> earns <strong className="mono">{incomeText(form.incomePer10k.trim())}</strong> on{' '}
            <strong>{form.day.trim()}</strong> (UTC), credited the next morning.
          </p>
          <p className="small">A declared income can never be changed afterwards, and no day already begun can be declared.</p>
        </ReasonDialog>
      )}
    </>
  );
}

/** A Current term's declared incomes from today on, and the form to declare another. */
function IncomesPanel({ fund, onClose }: { fund: FundAdmin; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [today] = useState(() => isoDay(Date.now()));
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [fund.id]);
  return (
    <div ref={ref} id={INCOMES_PANEL_ID} className="card" data-testid="bo-fund-incomes-panel" data-fund-id={fund.id}>
      <div className="card-title-row">
        <h2 className="card-title">Declared incomes of {productName(fund)}</h2>
        <button type="button" className="btn btn-small" onClick={onClose} data-testid="bo-fund-incomes-close">
          Close<span className="visually-hidden"> the incomes of {fund.code}</span>
        </button>
      </div>
      <p className="card-note muted small" data-testid="bo-fund-incomes-note">
        An income is declared per {DEPOSIT_INCOME_UNITS.toLocaleString('en')} units for one day before that day begins (UTC), and is the same for every holder.
        Declared incomes can never be changed or backdated: a day already begun, or one already declared, cannot be chosen.
      </p>
      <div className="card-padded">
        <DeclareIncome key={fund.id} fund={fund} />
      </div>
      <h3 className="review-section" data-testid="bo-fund-declared-count">
        {declaredText(fund.declared.map((d) => dayText(d.day)))}
      </h3>
      <table className="table">
        <caption className="visually-hidden">Declared incomes of {fund.code} from today on</caption>
        <TableHead columns={INCOME_COLUMNS} />
        <tbody>
          <TableRows rows={fund.declared} colSpan={INCOME_COLUMNS.length} empty="No income declared from today on.">
            {(d) => (
              <tr key={d.day} data-testid="bo-fund-declared">
                <td className="nowrap">{dayText(d.day)}</td>
                <td className="num mono nowrap">{d.value}</td>
                <td className="small muted">{dayText(d.day) === today ? 'today: being earned' : 'ahead'}</td>
              </tr>
            )}
          </TableRows>
        </tbody>
      </table>
    </div>
  );
}

export function FundsPage() {
  const list = useQuery(fundsQueryOptions());
  const [searchParams, setSearchParams] = useSearchParams();
  const createdId = Number(searchParams.get('created'));
  const created = list.data?.find((fund) => fund.id === createdId);
  const incomesId = Number(searchParams.get('income'));
  const incomesFund = list.data?.find((fund) => fund.id === incomesId && fund.kind === 'current');

  const showIncomes = (id: number | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('income');
        else next.set('income', String(id));
        return next;
      },
      { replace: true },
    );

  return (
    <section className="page page-wide" data-testid="bo-funds">
      <header className="page-header">
        <div>
          <h1>Funds and deposit terms</h1>
          <p className="muted">
            Funds are fixed baskets of the market&apos;s instruments, bought and redeemed at the NAV of the day the cut-off assigns. Current deposits pay a
            declared daily income and are redeemable at any time; Regular deposits run a fixed term at a rate fixed at purchase.
          </p>
          <p className="muted small" data-testid="bo-fund-note">
            No call sets a NAV: each is struck from the trading day&apos;s closes less a day&apos;s expense ratio. An expense ratio is fixed once a fund has
            holders, and a declared income can never be changed or backdated. Pausing stops new purchases only; redemptions and payouts go on.
          </p>
        </div>
        <div className="page-actions">
          {list.isFetching && !list.isPending && <Spinner label="Refreshing" />}
          <Link to="/funds/new" className="btn btn-primary" data-testid="bo-fund-new">
            New product
          </Link>
        </div>
      </header>

      {created && (
        <div className="alert alert-success" role="status" data-testid="bo-fund-created">
          {productName(created)} ({KIND_LABELS[created.kind].toLowerCase()}) is open to investors.
        </div>
      )}

      <ListTable
        caption="Funds and deposit terms"
        columns={COLUMNS}
        scrollClassName="robot-table-scroll"
        query={list}
        rows={list.data}
        loadingLabel="Loading funds…"
        empty="No funds or deposit terms yet."
      >
        {(fund) => (
          <FundRow
            key={fund.id}
            fund={fund}
            created={fund.id === createdId}
            incomesOpen={fund.id === incomesFund?.id}
            onIncomes={() => showIncomes(fund.id === incomesFund?.id ? null : fund.id)}
          />
        )}
      </ListTable>

      {incomesFund && <IncomesPanel fund={incomesFund} onClose={() => showIncomes(null)} />}
    </section>
  );
}
