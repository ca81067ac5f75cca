import { useQuery } from '@tanstack/react-query';
import { POOL_RANKING_DAYS, type PlacementKey } from '@tradeapp/contract';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messageOf } from '../../api';
import { Badge } from '../../ui/Badges';
import { fieldErrorsOf } from '../../ui/errors';
import { Field } from '../../ui/Field';
import { formatDate, formatDateTime, show } from '../../ui/format';
import { ReasonDialog } from '../../ui/ReasonDialog';
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
  KEY_LABELS,
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

const KEY_COLUMNS: Column[] = [{ label: 'Investor' }, { label: 'Status' }, { label: 'Issued' }, { label: 'Entered' }, { label: 'Revoked' }, { label: 'Action' }];

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
    <>
      {pool.paused ? (
        <button type="button" className="btn btn-small" onClick={() => dialog.setOpen('resume')} data-testid="bo-pool-resume">
          Resume<span className="visually-hidden"> pool #{pool.id}</span>
        </button>
      ) : (
        <button type="button" className="btn btn-small btn-danger-outline" onClick={() => dialog.setOpen('pause')} data-testid="bo-pool-pause">
          Pause<span className="visually-hidden"> pool #{pool.id}</span>
        </button>
      )}
      {dialog.open === 'pause' && (
        <ReasonDialog
          title="Pause pool"
          formId={`pause-pool-${String(pool.id)}`}
          reasonLabel="Reason (written to the audit log)"
          confirmLabel="Pause pool"
          {...dialog.bind((reason: string) => ({ action: 'pause', reason }))}
        >
          <p>
            Nobody can subscribe to the <strong>{name}</strong> pool (pool #{pool.id}) while it is paused. It keeps trading, and its{' '}
            {investorsText(pool.investors)} can redeem their units as before.
          </p>
        </ReasonDialog>
      )}
      {dialog.open === 'resume' && (
        <ReasonDialog
          title="Resume pool"
          formId={`resume-pool-${String(pool.id)}`}
          reasonLabel="Reason (written to the audit log)"
          confirmLabel="Resume pool"
          tone="primary"
          {...dialog.bind((reason: string) => ({ action: 'resume', reason }))}
        >
          <p>
            The <strong>{name}</strong> pool (pool #{pool.id}) takes subscriptions again.
          </p>
        </ReasonDialog>
      )}
    </>
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

/** Issue a key to one investor, by user number or account name: it goes to their notices, never here. */
function IssueKey({ pool }: { pool: PoolAdmin }) {
  const [investor, setInvestor] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const mutation = usePoolAction(pool.id);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending) return;
    const who = investor.trim();
    setSent(null);
    const problem = investorProblem(who);
    if (problem) {
      setError(problem);
      return;
    }
    mutation.mutate(
      { action: 'issueKey', investor: who },
      {
        onSuccess: () => {
          setSent(who);
          setInvestor('');
        },
        onError: (e) => setError(fieldErrorsOf(e).investor ?? messageOf(e)),
      },
    );
  }

  return (
    <form className="stack" onSubmit={onSubmit} noValidate data-testid="bo-pool-issue">
      {sent && (
        <div className="alert alert-success" role="status" data-testid="bo-pool-key-sent">
          A key was sent to the notices of {sent}.
        </div>
      )}
      <Field label="Investor (user number or account name)" error={error}>
        {(control) => (
          <input
            {...control}
            className="input-medium"
            value={investor}
            maxLength={100}
            placeholder="e.g. 42 or anna_devries"
            autoComplete="off"
            onChange={(event) => {
              setInvestor(event.target.value);
              setError(null);
            }}
            data-testid="bo-pool-investor"
          />
        )}
      </Field>
      <div>
        <button type="submit" className="btn btn-primary" disabled={mutation.isPending} data-testid="bo-pool-issue-key">
          {mutation.isPending ? 'Sending…' : 'Issue key'}
        </button>
      </div>
    </form>
  );
}

function RevokeButton({ pool, k }: { pool: PoolAdmin; k: PlacementKey }) {
  const dialog = useMutationDialog<'revoke', PoolAction>(usePoolAction(pool.id));
  if (k.status === 'revoked') return null;
  return (
    <>
      <button type="button" className="btn btn-small btn-danger-outline" onClick={() => dialog.setOpen('revoke')} data-testid="bo-pool-revoke">
        Revoke<span className="visually-hidden"> the key of {k.userName}</span>
      </button>
      {dialog.open && (
        <ReasonDialog
          title="Revoke pool key"
          formId={`revoke-pool-key-${String(k.id)}`}
          reasonLabel="Reason (the investor sees it; written to the audit log)"
          confirmLabel="Revoke key"
          {...dialog.bind((reason: string) => ({ action: 'revokeKey', keyId: k.id, reason }))}
        >
          <p>
            The key of <strong>{k.userName}</strong> no longer lets them subscribe to the {RULE_LABELS[pool.rule]} pool (pool #{pool.id}). Units
            bought with it stay theirs, and they can redeem them.
          </p>
        </ReasonDialog>
      )}
    </>
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
        A private pool is listed only to the investors who entered a key for it. A key goes to the investor’s notices in their language; it is
        never shown here.
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
                <td>
                  <Link to={`/users/${String(k.userId)}`}>{k.userName}</Link>
                  <div className="muted small">{show(k.email)}</div>
                </td>
                <td className="small" data-testid="bo-pool-key-status">
                  {KEY_LABELS[k.status]}
                </td>
                <td className="nowrap small">{formatDateTime(k.issuedAtTimestamp)}</td>
                <td className="nowrap small">{formatDateTime(k.usedAtTimestamp)}</td>
                <td className="nowrap small">{formatDateTime(k.revokedAtTimestamp)}</td>
                <td>
                  <RevokeButton pool={pool} k={k} />
                </td>
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
            AI quantify pools: house strategies over a basket of the market, backtested from their start day and then live, trading from their own
            financial account. Investors buy units at the daily NAV and redeem them at it.
          </p>
          <p className="muted small" data-testid="bo-pool-note">
            No call sets a pool&apos;s NAV or an investor&apos;s result: every figure is recomputed from the pool&apos;s journals, positions and daily
            NAVs, and every return is simulated. Operators open, pause and resume pools and issue or revoke the keys of private ones.
          </p>
          <p className="muted small">
            Returns are after fees: since the start (backtested and live) and over the ranking&apos;s {POOL_RANKING_DAYS} days. Pausing stops new
            subscriptions only; the pool keeps trading and redemptions go on.
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

      <div className="card">
        <div className="robot-table-scroll">
          <table className="table">
            <caption className="visually-hidden">Pools</caption>
            <TableHead columns={COLUMNS} />
            <tbody>
              <TableRows rows={list.data} colSpan={COLUMNS.length} query={list} loadingLabel="Loading pools…" empty="No pools yet.">
                {(pool) => (
                  <PoolRow
                    key={pool.id}
                    pool={pool}
                    created={pool.id === createdId}
                    keysOpen={pool.id === keysPool?.id}
                    onKeys={() => showKeys(pool.id === keysPool?.id ? null : pool.id)}
                  />
                )}
              </TableRows>
            </tbody>
          </table>
        </div>
      </div>

      {keysPool && <KeysPanel pool={keysPool} onClose={() => showKeys(null)} />}
    </section>
  );
}
