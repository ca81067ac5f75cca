import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../../ui/Badges';
import { fieldErrorsOf } from '../../ui/errors';
import { Field } from '../../ui/Field';
import { ListTable } from '../../ui/ListTable';
import { PauseResumeButton } from '../../ui/PauseResumeButton';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { Spinner } from '../../ui/Spinner';
import type { Column } from '../../ui/TableHead';
import { useMutationDialog, type MutationDialogProps } from '../../ui/useMutationDialog';
import { auditLinkOf, bondsQueryOptions, useBondAction, type BondAction, type BondAdmin } from './api';
import { couponText, dayText, faceText, holdersText, priceText, rateText, spreadProblem, spreadText, stateOf } from './labels';

// Bonds and bills (decision 0022). Every bond's clean price is the present value of its remaining cash
// flows at its currency's yield curve plus the bond's own spread; bid and ask sit around it. Operators
// pause a bond (no new purchases; sales, coupons and redemption go on) or resume it, and set its spread
// over the curve, each with a reason written to the audit log. No call sets a price.

const COLUMNS: Column[] = [
  { label: 'Bond' },
  { label: 'Curve + spread', className: 'num' },
  { label: 'Clean bid / ask', className: 'num' },
  { label: 'YTM', className: 'num' },
  { label: 'Holders', className: 'num' },
  { label: 'Face outstanding', className: 'num' },
  { label: 'State' },
];

/** The state with its reason, the actions and the history. */
function StateCell({ bond }: { bond: BondAdmin }) {
  return (
    <div className="status-cell">
      {bond.paused ? <Badge tone="warning">Paused</Badge> : <Badge tone="success">Open</Badge>}
      {bond.paused && (
        <div className="small robot-reason" data-testid="bo-bond-paused-reason">
          {bond.pausedReason ?? 'matures within the settlement day'}
        </div>
      )}
      <Actions key={stateOf(bond)} bond={bond} />
      <div className="small">
        <Link to={auditLinkOf(bond.symbol)} className="audit-link" data-testid="bo-audit-link">
          History<span className="visually-hidden"> of {bond.symbol}</span>
        </Link>
      </div>
    </div>
  );
}

/** The new spread, typed in the dialog: checked here before the reason goes. */
function SpreadDialog({ bond, onConfirm, ...dialog }: { bond: BondAdmin } & MutationDialogProps<[spreadBp: string, reason: string]>) {
  const [spread, setSpread] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // The spread is what this dialog is for: the focus starts there, not in the reason below it. This
  // effect runs after the dialog's own (a child's effects run first).
  useEffect(() => input.current?.focus(), []);
  const refused = fieldErrorsOf(dialog.error).spreadBp ?? null;
  return (
    <ReasonDialog
      title="Set spread"
      formId={`spread-bond-${bond.symbol}`}
      reasonLabel="Reason (written to the audit log)"
      confirmLabel="Set spread"
      tone="primary"
      {...dialog}
      onConfirm={(reason) => {
        const local = spreadProblem(spread);
        setProblem(local);
        if (!local) onConfirm(spread.trim(), reason);
      }}
    >
      <p>
        <strong>{bond.name}</strong> ({bond.symbol}) is priced at its curve&apos;s zero rates plus this spread, now {spreadText(bond.spreadBp)}. A new spread
        moves its bid and ask from the next quote on; no trade already made changes.
      </p>
      <Field label="Spread over the curve (basis points)" error={problem ?? refused}>
        {(control) => (
          <input
            {...control}
            ref={input}
            type="text"
            inputMode="decimal"
            className="mono input-medium"
            placeholder="e.g. 25"
            autoComplete="off"
            value={spread}
            onChange={(event) => {
              setSpread(event.target.value);
              setProblem(null);
            }}
            data-testid="bo-bond-spread-input"
          />
        )}
      </Field>
    </ReasonDialog>
  );
}

/** Pause or Resume, and Set spread, each asking for a reason. */
function Actions({ bond }: { bond: BondAdmin }) {
  const dialog = useMutationDialog<'pause' | 'resume' | 'spread', BondAction>(useBondAction(bond.symbol));
  return (
    <div className="status-cell">
      <PauseResumeButton
        paused={bond.paused}
        dialog={dialog}
        noun="bond"
        testIdPrefix="bo-bond"
        formKey={`bond-${bond.symbol}`}
        hiddenName={bond.symbol}
        pauseEffect={
          <>
            Nobody can buy <strong>{bond.name}</strong> ({bond.symbol}) while it is paused. Its {holdersText(bond.holders)} can sell as before, and its coupons
            and redemption are paid on their dates.
          </>
        }
        resumeEffect={
          <>
            <strong>{bond.name}</strong> ({bond.symbol}) takes purchases again.
          </>
        }
      >
        <button type="button" className="btn btn-small" onClick={() => dialog.setOpen('spread')} data-testid="bo-bond-spread">
          Set spread<span className="visually-hidden"> of {bond.symbol}</span>
        </button>
      </PauseResumeButton>
      {dialog.open === 'spread' && (
        <SpreadDialog bond={bond} {...dialog.bind((spreadBp: string, reason: string) => ({ action: 'spread', spreadBp, reason }))} />
      )}
    </div>
  );
}

function BondRow({ bond }: { bond: BondAdmin }) {
  return (
    <tr data-testid="bo-bond-row" data-bond-symbol={bond.symbol} data-state={stateOf(bond)}>
      <td className="col-strategy">
        <div className="strong mono" data-testid="bo-bond-symbol">
          {bond.symbol}
        </div>
        <div data-testid="bo-bond-name">{bond.name}</div>
        <div className="muted small" data-testid="bo-bond-coupon">
          {bond.currency} · {couponText(bond)}
        </div>
        <div className="muted small nowrap">
          matures <span data-testid="bo-bond-maturity">{dayText(bond.maturity)}</span>
        </div>
        <div className="muted small nowrap">
          face increment <span data-testid="bo-bond-increment">{faceText(bond.faceIncrement, bond.currency)}</span>
        </div>
      </td>
      <td className="num nowrap">
        <div className="mono" data-testid="bo-bond-curve">
          {rateText(bond.curveRate)}
        </div>
        <div className="mono small" data-testid="bo-bond-spread-bp">
          {spreadText(bond.spreadBp)}
        </div>
      </td>
      <td className="num nowrap">
        <div className="mono" data-testid="bo-bond-prices">
          {priceText(bond.bid)} / {priceText(bond.ask)}
        </div>
        <div className="muted small" data-testid="bo-bond-accrued">
          accrued {priceText(bond.accrued)}
        </div>
      </td>
      <td className="num nowrap">
        <div className="mono" data-testid="bo-bond-ytm">
          {rateText(bond.ytm)}
        </div>
        <div className="muted small">{rateText(bond.ytmAfterFees)} after markup</div>
      </td>
      <td className="num nowrap" data-testid="bo-bond-holders">
        {bond.holders.toLocaleString('en')}
      </td>
      <td className="num nowrap mono" data-testid="bo-bond-outstanding">
        {faceText(bond.outstanding, bond.currency)}
      </td>
      <td className="col-state">
        <StateCell bond={bond} />
      </td>
    </tr>
  );
}

export function BondsPage() {
  const list = useQuery(bondsQueryOptions());
  return (
    <section className="page page-wide" data-testid="bo-bonds">
      <header className="page-header">
        <div>
          <h1>Bonds</h1>
          <p className="muted">
            The listed bonds and bills. Investors buy face amounts in multiples of the face increment at the ask plus accrued interest, are paid their coupons,
            and are redeemed at par at maturity or sell earlier at the bid.
          </p>
          <p className="muted small" data-testid="bo-bond-note">
            Prices come from the yield curve and cannot be set: a bond&apos;s clean price is its remaining cash flows discounted at its currency&apos;s curve
            plus its spread, per 100 face. Setting the spread moves the price from the next quote on, never a trade already made. Pausing stops new purchases
            only; sales, coupons and redemption go on.
          </p>
        </div>
        <div className="page-actions">{list.isFetching && !list.isPending && <Spinner label="Refreshing" />}</div>
      </header>

      <ListTable
        caption="Bonds"
        columns={COLUMNS}
        scrollClassName="robot-table-scroll"
        query={list}
        rows={list.data}
        loadingLabel="Loading bonds…"
        empty="No bonds listed."
      >
        {(bond) => <BondRow key={bond.symbol} bond={bond} />}
      </ListTable>
    </section>
  );
}
