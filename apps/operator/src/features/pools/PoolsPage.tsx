import { useQuery } from '@tanstack/react-query';
import { POOL_RANKING_DAYS, type PlacementKey } from '@tradeapp/contract';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../ui/Badges';
import { formatDate, formatDateTime } from '../../ui/format';
import { IssueKeyForm, KeyCells, RevokeKeyCell } from '../../ui/InvestorKeys';
import { ListTable } from '../../ui/ListTable';
import { PauseResumeButton } from '../../ui/PauseResumeButton';
import { Spinner } from '../../ui/Spinner';
import { TableRows } from '../../ui/States';
import { TableHead, type Column } from '../../ui/TableHead';
import { useMutationDialog } from '../../ui/useMutationDialog';
import { auditLinkOf, poolsQueryOptions, usePoolAction, type PoolAction, type PoolAdmin } from './api';
import { investorProblem } from './form';
import {
  dayText,
  drawdownText,
  eurText,
  feeText,
  investorsText,
  keysText,
  navText,
  pendingText,
  poolName,
  RANKING_DAYS_TEXT,
  returnText,
  RULE_LABELS,
  stateOf,
  unitsText,
} from './labels';

// AI quantify pools (decision 0021): house strategies over a basket of the market, backtested from
// their start day and then live, trading from their own financial account; investors buy units at
// the daily NAV and redeem them at it. Operators open a pool, pause one (no new subscriptions; it
// keeps trading and redemptions go on) or resume it, and issue or revoke the keys of a private
// pool, each with a reason written to the audit log. A pool's NAV and an investor's result are
// recomputed from the pool's journals, positions and daily NAVs: nothing here sets them.

const COLUMNS: Column[] = [
  { label: 'Pool' },
  { label: 'Fee / least subscription', className: 'num' },
  { label: 'NAV', className: 'num' },
  { label: 'Returns (simulated)', className: 'num' },
  { label: 'Max drawdown', className: 'num' },
  { label: 'Investors', className: 'num' },
  { label: 'Units outstanding', className: 'num' },
  { label: 'Equity', className: 'num' },
  { label: 'Fees taken', className: 'num' },
  { label: 'State' },
  { label: 'Action' },
];

const KEY_COLUMNS: Column[] = [
  { label: 'Investor' },
  { label: 'Status' },
  { label: 'Issued' },
  { label: 'Entered' },
  { label: 'Revoked' },
  { label: 'Action' },
];

/** The keys panel's id, which its "Keys" buttons control. */
const KEYS_PANEL_ID = 'pool-keys';

function StateCell({ pool }: { pool: PoolAdmin }) {
  return (
    <>
      {pool.paused ? <Badge tone="warning">Paused</Badge> : <Badge tone="success">Open</Badge>}
      {pool.paused && (
        <div className="small robot-reason" data-testid="bo-pool-paused-reason">
          {pool.pausedReason ?? '—'}
        </div>
      )}
      <div className="small">
        <Link to={auditLinkOf(pool.id)} className="audit-link" data-testid="bo-audit-link">
          History<span className="visually-hidden"> of pool #{pool.id}</span>
        </Link>
      </div>
    </>
  );
}

/** Pause (while open) or Resume (while paused), each asking for a reason. */
function PauseResume({ pool }: { pool: PoolAdmin }) {
  const dialog = useMutationDialog<'pause' | 'resume', PoolAction>(usePoolAction(pool.id));
  const name = RULE_LABELS[pool.rule];
  return (
    <PauseResumeButton
      paused={pool.paused}
      dialog={dialog}
      noun="pool"
      testIdPrefix="bo-pool"
      formKey={`pool-${String(pool.id)}`}
      hiddenName={`pool #${String(pool.id)}`}
      pauseEffect={
        <>
          Nobody can subscribe to the <strong>{name}</strong> pool (pool #{pool.id}) while it is paused. It keeps trading, and its{' '}
          {investorsText(pool.investors)} can redeem their units as before.
        </>
      }
      resumeEffect={
        <>
          The <strong>{name}</strong> pool (pool #{pool.id}) takes subscriptions again.
        </>
      }
    />
  );
}

function PoolRow({ pool, created, keysOpen, onKeys }: { pool: PoolAdmin; created: boolean; keysOpen: boolean; onKeys: () => void }) {
  return (
    <tr data-testid="bo-pool-row" data-pool-id={pool.id} data-state={stateOf(pool)} className={created ? 'row-new' : undefined}>
      <td className="col-strategy">
        <div className="strong" data-testid="bo-pool-rule-name">
          {RULE_LABELS[pool.rule]}
        </div>
        <div className="muted small">
          #{pool.id} · <span className="mono">{pool.symbols.join(', ')}</span>
        </div>
        <div data-testid="bo-pool-access">{pool.private ? <Badge tone="info">Private</Badge> : <Badge tone="neutral">Public</Badge>}</div>
        <div className="muted small nowrap">backtested from {dayText(pool.startTimestamp)}</div>
        <div className="muted small nowrap">live since {formatDate(pool.liveTimestamp)}</div>
      </td>
      <td className="num nowrap">
        <div data-testid="bo-pool-fee">{feeText(pool.feePercent)}</div>
        <div className="muted small" data-testid="bo-pool-min">
          from {eurText(pool.minAmount)}
        </div>
      </td>
      <td className="num nowrap">
        <div className="mono" data-testid="bo-pool-nav">
          {navText(pool.nav)}
        </div>
        <div className="muted small" data-testid="bo-pool-nav-day">
          {pool.navDay === null ? 'no NAV yet' : `of ${dayText(pool.navDay)}`}
        </div>
      </td>
      <td className="num nowrap" data-testid="bo-pool-returns">
        <div className="mono">{returnText(pool.totalReturn)} total</div>
        <div className="mono muted small">
          {returnText(pool.rankingReturn)} {RANKING_DAYS_TEXT}
        </div>
        <div className="muted small">simulated</div>
      </td>
      <td className="num nowrap mono" data-testid="bo-pool-drawdown">
        {drawdownText(pool.maxDrawdown)}
      </td>
      <td className="num nowrap">
        <div data-testid="bo-pool-investors">{pool.investors.toLocaleString('en')}</div>
        <div className="muted small" data-testid="bo-pool-pending">
          {pendingText(pool.pendingOrders)}
        </div>
      </td>
      <td className="num nowrap mono" data-testid="bo-pool-units">
        {unitsText(pool.unitsOutstanding)}
      </td>
      <td className="num nowrap mono" data-testid="bo-pool-equity">
        {eurText(pool.equity)}
      </td>
      <td className="num nowrap mono" data-testid="bo-pool-fees">
        {eurText(pool.fees)}
      </td>
      <td className="col-state">
        <StateCell pool={pool} />
      </td>
      <td>
        <div className="page-actions">
          <PauseResume key={stateOf(pool)} pool={pool} />
          {pool.private && (
            <button
              type="button"
              className="btn btn-small"
              aria-expanded={keysOpen}
              aria-controls={keysOpen ? KEYS_PANEL_ID : undefined}
              onClick={onKeys}
              data-testid="bo-pool-keys"
            >
              Keys<span className="visually-hidden"> of pool #{pool.id}</span>
            </button>
          )}
        </div>
        {pool.private && (
          <div className="muted small nowrap" data-testid="bo-pool-key-count">
            {keysText(pool.keys)}
          </div>
        )}
      </td>
    </tr>
  );
}

/** Issue a key to one investor of the pool. */
function IssueKey({ pool }: { pool: PoolAdmin }) {
  const mutation = usePoolAction(pool.id);
  return <IssueKeyForm mutation={mutation} problemOf={investorProblem} testIdPrefix="bo-pool" autoComplete="off" />;
}

function RevokeCell({ pool, k }: { pool: PoolAdmin; k: PlacementKey }) {
  const mutation = usePoolAction(pool.id);
  return (
    <RevokeKeyCell
      investorKey={k}
      mutation={mutation}
      noun="pool"
      testIdPrefix="bo-pool"
      hiddenName={`the key of ${k.userName}`}
      effect={
        <>
          The key of <strong>{k.userName}</strong> no longer lets them subscribe to the {RULE_LABELS[pool.rule]} pool (pool #{pool.id}). Units bought with it
          stay theirs, and they can redeem them.
        </>
      }
    />
  );
}

/** A private pool's keys: issue one to an investor, see each key's status, revoke one. */
function KeysPanel({ pool, onClose }: { pool: PoolAdmin; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Into view when it opens (a browser without scrolling, as in the tests, leaves it where it is).
    ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [pool.id]);
  return (
    <div ref={ref} id={KEYS_PANEL_ID} className="card" data-testid="bo-pool-keys-panel" data-pool-id={pool.id}>
      <div className="card-title-row">
        <h2 className="card-title">Keys of the {poolName(pool)}</h2>
        <button type="button" className="btn btn-small" onClick={onClose} data-testid="bo-pool-keys-close">
          Close<span className="visually-hidden"> the keys of pool #{pool.id}</span>
        </button>
      </div>
      <p className="card-note muted small">
        A private pool is listed only to the investors who entered a key for it. A key goes to the investor’s notices in their language; it is never shown here.
      </p>
      <div className="card-padded">
        <IssueKey key={pool.id} pool={pool} />
      </div>
      <table className="table">
        <caption className="visually-hidden">Keys of pool #{pool.id}</caption>
        <TableHead columns={KEY_COLUMNS} />
        <tbody>
          <TableRows rows={pool.keys} colSpan={KEY_COLUMNS.length} empty="No keys issued yet.">
            {(k) => (
              <tr key={k.id} data-testid="bo-pool-key" data-key-id={k.id} data-status={k.status}>
                <KeyCells investorKey={k} statusTestId="bo-pool-key-status" />
                <td className="nowrap small">{formatDateTime(k.revokedAtTimestamp)}</td>
                <RevokeCell pool={pool} k={k} />
              </tr>
            )}
          </TableRows>
        </tbody>
      </table>
    </div>
  );
}

export function PoolsPage() {
  const list = useQuery(poolsQueryOptions());
  const [searchParams, setSearchParams] = useSearchParams();
  const createdId = Number(searchParams.get('created'));
  const created = list.data?.find((pool) => pool.id === createdId);
  const keysId = Number(searchParams.get('keys'));
  const keysPool = list.data?.find((pool) => pool.id === keysId && pool.private);

  const showKeys = (id: number | null) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('keys');
        else next.set('keys', String(id));
        return next;
      },
      { replace: true },
    );

  return (
    <section className="page page-wide" data-testid="bo-pools">
      <header className="page-header">
        <div>
          <h1>Pools</h1>
          <p className="muted">
            AI quantify pools: house strategies over a basket of the market, backtested from their start day and then live, trading from their own financial
            account. Investors buy units at the daily NAV and redeem them at it.
          </p>
          <p className="muted small" data-testid="bo-pool-note">
            No call sets a pool&apos;s NAV or an investor&apos;s result: every figure is recomputed from the pool&apos;s journals, positions and daily NAVs, and
            every return is simulated. Operators open, pause and resume pools and issue or revoke the keys of private ones.
          </p>
          <p className="muted small">
            Returns are after fees: since the start (backtested and live) and over the ranking&apos;s {POOL_RANKING_DAYS} days. Pausing stops new subscriptions
            only; the pool keeps trading and redemptions go on.
          </p>
        </div>
        <div className="page-actions">
          {list.isFetching && !list.isPending && <Spinner label="Refreshing" />}
          <Link to="/pools/new" className="btn btn-primary" data-testid="bo-pool-new">
            New pool
          </Link>
        </div>
      </header>

      {created && (
        <div className="alert alert-success" role="status" data-testid="bo-pool-created">
          The {poolName(created)} is open to {created.private ? 'the investors you issue a key to' : 'investors'}.
        </div>
      )}

      <ListTable
        caption="Pools"
        columns={COLUMNS}
        scrollClassName="robot-table-scroll"
        query={list}
        rows={list.data}
        loadingLabel="Loading pools…"
        empty="No pools yet."
      >
        {(pool) => (
          <PoolRow
            key={pool.id}
            pool={pool}
            created={pool.id === createdId}
            keysOpen={pool.id === keysPool?.id}
            onKeys={() => showKeys(pool.id === keysPool?.id ? null : pool.id)}
          />
        )}
      </ListTable>

      {keysPool && <KeysPanel pool={keysPool} onClose={() => showKeys(null)} />}
    </section>
  );
}
