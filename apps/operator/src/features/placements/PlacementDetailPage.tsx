import { useQuery } from '@tanstack/react-query';
import { PlacementState, type PlacementDetail, type PlacementKey } from '@tradeapp/contract';
import { Link, useParams } from 'react-router';
import { Detail } from '../../ui/Detail';
import { formatAmount, formatDateTime } from '../../ui/format';
import { IssueKeyForm, KeyCells, RevokeKeyCell } from '../../ui/InvestorKeys';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { Spinner } from '../../ui/Spinner';
import { Empty, PageState, QueryState, TableRows } from '../../ui/States';
import { TableHead } from '../../ui/TableHead';
import { useMutationDialog } from '../../ui/useMutationDialog';
import { auditLinkOf, placementQueryOptions, usePlacementAction, type PlacementAction } from './api';
import { discountText, formatQuantity, StateBadge } from './shared';

// One placement: its figures, the keys issued for it (issue one to an investor; revoke one), its
// purchases, and closing it early. Every action is written to the audit log.

const running = (p: PlacementDetail) => p.state !== PlacementState.Closed && p.state !== PlacementState.Ended;

function Figures({ p }: { p: PlacementDetail }) {
  return (
    <div className="card card-padded">
      <h2 className="card-title">Terms</h2>
      <dl className="details">
        <Detail label="Price" testId="bo-placement-price">
          <span className="mono">
            {p.price} {p.currency}
          </span>{' '}
          <span className="muted small">({discountText(p.discountPercent)})</span>
        </Detail>
        <Detail label="Last close">
          <span className="mono">
            {p.lastClose} {p.currency}
          </span>
        </Detail>
        {p.floorPrice !== null && (
          <Detail label="QIP floor" testId="bo-placement-detail-floor">
            <span className="mono">
              {p.floorPrice} {p.currency}
            </span>{' '}
            <span className="muted small">
              (lowest price {p.minPrice} {p.currency})
            </span>
          </Detail>
        )}
        <Detail label="Sold / offered" testId="bo-placement-sold">
          <span className="mono">
            {formatQuantity(p.quantitySold)} / {formatQuantity(p.quantityOffered)}
          </span>{' '}
          <span className="muted small">({formatQuantity(p.quantityRemaining)} left)</span>
        </Detail>
        <Detail label="Minimum purchase (shares)">{formatQuantity(p.minQuantity)}</Detail>
        <Detail label="Window">
          {formatDateTime(p.opensAtTimestamp)} to {formatDateTime(p.closesAtTimestamp)}
        </Detail>
        <Detail label="Lock-up">{p.lockupDays} days from each purchase</Detail>
        <Detail label="Paid from">
          {p.walletCode} wallet ({p.walletCurrency}), with the stock fee
        </Detail>
        <Detail label="Created">{formatDateTime(p.createTimeTimestamp)}</Detail>
        {p.closeReason && (
          <Detail label="Closed early">
            {formatDateTime(p.closedAtTimestamp)}: {p.closeReason}
          </Detail>
        )}
      </dl>
    </div>
  );
}

/** Issue a key to one investor while the placement runs. */
function IssueKey({ p }: { p: PlacementDetail }) {
  const mutation = usePlacementAction(p.id);
  if (!running(p)) return <p className="muted small">The placement is over: no more keys.</p>;
  return <IssueKeyForm mutation={mutation} problemOf={(who) => (who ? null : 'Please enter user ID')} testIdPrefix="bo-placement" />;
}

function RevokeCell({ p, k }: { p: PlacementDetail; k: PlacementKey }) {
  const mutation = usePlacementAction(p.id);
  return (
    <RevokeKeyCell
      investorKey={k}
      mutation={mutation}
      noun="placement"
      testIdPrefix="bo-placement"
      effect={
        <>
          The key of <strong>{k.userName}</strong> stops unlocking {p.symbol}; shares bought with it stay bought.
        </>
      }
    />
  );
}

const KEY_COLUMNS = [{ label: 'Investor' }, { label: 'Key' }, { label: 'Issued' }, { label: 'Entered' }, { label: 'Action' }];
const ORDER_COLUMNS = [{ label: 'Investor' }, { label: 'Shares' }, { label: 'Amount' }, { label: 'Fee' }, { label: 'Locked until' }, { label: 'Bought' }];

function IssueKeyCard({ p }: { p: PlacementDetail }) {
  return (
    <div className="card card-padded">
      <h2 className="card-title">Issue a key</h2>
      <p className="muted small">The key goes to the investor’s notices in their language; it is never shown here.</p>
      <IssueKey p={p} />
    </div>
  );
}

function Keys({ p }: { p: PlacementDetail }) {
  return (
    <div className="card">
      <h2 className="card-title card-title-padded">Keys</h2>
      <table className="table">
        <TableHead columns={KEY_COLUMNS} />
        <tbody>
          <TableRows rows={p.keys} colSpan={KEY_COLUMNS.length} empty="No keys issued yet.">
            {(k) => (
              <tr key={k.id} data-testid="bo-placement-key" data-status={k.status}>
                <KeyCells investorKey={k} />
                <RevokeCell p={p} k={k} />
              </tr>
            )}
          </TableRows>
        </tbody>
      </table>
    </div>
  );
}

function Orders({ p }: { p: PlacementDetail }) {
  return (
    <div className="card">
      <h2 className="card-title card-title-padded">Purchases</h2>
      <table className="table">
        <TableHead columns={ORDER_COLUMNS} />
        <tbody>
          <TableRows rows={p.orders} colSpan={ORDER_COLUMNS.length} empty="No purchases yet.">
            {(o) => (
              <tr key={o.id} data-testid="bo-placement-order">
                <td>
                  <Link to={`/users/${String(o.userId)}`}>{o.userName}</Link>
                </td>
                <td className="mono">{formatQuantity(o.quantity)}</td>
                <td className="mono nowrap">
                  {formatAmount(o.amount)} {o.walletCurrency}
                </td>
                <td className="mono nowrap">
                  {formatAmount(o.fee)} {o.walletCurrency}
                </td>
                <td className="nowrap small">{formatDateTime(o.lockedUntilTimestamp)}</td>
                <td className="nowrap small">{formatDateTime(o.createTimeTimestamp)}</td>
              </tr>
            )}
          </TableRows>
        </tbody>
      </table>
    </div>
  );
}

function CloseEarly({ p }: { p: PlacementDetail }) {
  const dialog = useMutationDialog<'close', PlacementAction>(usePlacementAction(p.id));
  if (!running(p)) return null;
  return (
    <>
      <button type="button" className="btn btn-danger-outline" onClick={() => dialog.setOpen('close')} data-testid="bo-placement-close">
        Close early
      </button>
      {dialog.open && (
        <ReasonDialog
          title="Close placement early"
          formId={`close-placement-${String(p.id)}`}
          reasonLabel="Reason (written to the audit log)"
          confirmLabel="Close placement"
          {...dialog.bind((reason: string) => ({ action: 'close', reason }))}
        >
          <p>
            No purchase of <strong>{p.symbol}</strong> after this; the {formatQuantity(p.quantitySold)} shares bought stay bought and keep their lock-up.
          </p>
        </ReasonDialog>
      )}
    </>
  );
}

export function PlacementDetailPage() {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ ...placementQueryOptions(id), enabled: valid });

  const back = (
    <Link to="/placements" className="back-link">
      ‹ Placements
    </Link>
  );
  if (!valid || detail.isPending || detail.isError) {
    return <PageState back={back}>{valid ? <QueryState query={detail} loadingLabel="Loading placement…" /> : <Empty>No such placement.</Empty>}</PageState>;
  }
  const p = detail.data;

  return (
    <section className="page" data-testid="bo-placement-detail" data-state={p.state}>
      {back}
      <header className="page-header">
        <div>
          <h1 className="title-with-badges">
            {p.symbol} · {p.kind}
            <StateBadge state={p.state} />
          </h1>
          <p className="muted">
            {p.name} · placement #{p.id} ·{' '}
            <Link to={auditLinkOf(p.id)} className="audit-link" data-testid="bo-audit-link">
              Audit log
            </Link>
          </p>
        </div>
        <div className="page-actions">
          {detail.isFetching && <Spinner label="Refreshing" />}
          <CloseEarly key={p.state} p={p} />
        </div>
      </header>
      <div className="grid-2">
        <Figures p={p} />
        <IssueKeyCard p={p} />
      </div>
      <Keys p={p} />
      <Orders p={p} />
    </section>
  );
}
