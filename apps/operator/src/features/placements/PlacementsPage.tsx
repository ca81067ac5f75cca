import { useQuery } from '@tanstack/react-query';
import { PLACEMENT_STATES, type PlacementState } from '@tradeapp/contract';
import { Link } from 'react-router';
import { formatDateTime } from '../../ui/format';
import { Pagination } from '../../ui/Pagination';
import { Segmented } from '../../ui/Segmented';
import { Spinner } from '../../ui/Spinner';
import { TableRows } from '../../ui/States';
import { TableHead } from '../../ui/TableHead';
import { pageParam, useSearchUpdate } from '../../ui/useSearchUpdate';
import { PLACEMENTS_PAGE_SIZE, placementsQueryOptions } from './api';
import { discountText, formatQuantity, STATE_OPTIONS, StateBadge } from './shared';

// The placements, newest first, filtered by state; each opens its detail (purchases, keys, close).

const COLUMNS = [{ label: 'Placement' }, { label: 'Price' }, { label: 'Sold / offered' }, { label: 'Window' }, { label: 'Lock-up' }, { label: 'State' }];

const isState = (value: string | null): value is PlacementState => (PLACEMENT_STATES as readonly (string | null)[]).includes(value);

export function PlacementsPage() {
  const [searchParams, update] = useSearchUpdate();
  const raw = searchParams.get('state');
  const state = isState(raw) ? raw : undefined;
  const page = pageParam(searchParams);
  const list = useQuery(placementsQueryOptions(state, page));

  return (
    <section className="page">
      <header className="page-header">
        <div>
          <h1>Placements</h1>
          <p className="muted">
            Private sales of a listed stock (SPO, QIP) at a fixed price, within a window, with a lock-up. Investors buy with a key issued to them here and sent
            to their notices.
          </p>
        </div>
        <div className="page-actions">
          <Link to="/placements/new" className="btn btn-primary" data-testid="bo-placement-new">
            New placement
          </Link>
        </div>
      </header>

      <div className="toolbar">
        <Segmented
          label="State"
          options={STATE_OPTIONS}
          value={state}
          onChange={(value) => update({ state: value ?? null, page: null })}
          testId="bo-placement-state"
        />
        {list.isFetching && !list.isPending && <Spinner label="Refreshing" />}
      </div>

      <div className="card">
        <table className="table">
          <TableHead columns={COLUMNS} />
          <tbody>
            <TableRows
              rows={list.data?.list}
              colSpan={COLUMNS.length}
              query={list}
              loadingLabel="Loading placements…"
              empty={state ? 'No placements in this state.' : 'No placements yet.'}
            >
              {(p) => (
                <tr key={p.id} data-testid="bo-placement-row" data-placement-id={p.id} data-state={p.state}>
                  <td>
                    <Link to={`/placements/${String(p.id)}`} className="strong">
                      {p.symbol} · {p.kind}
                    </Link>
                    <div className="muted small">{p.name}</div>
                  </td>
                  <td className="nowrap">
                    <span className="mono">
                      {p.price} {p.currency}
                    </span>
                    <div className="muted small">{discountText(p.discountPercent)}</div>
                  </td>
                  <td className="nowrap mono">
                    {formatQuantity(p.quantitySold)} / {formatQuantity(p.quantityOffered)}
                  </td>
                  <td className="nowrap small">
                    {formatDateTime(p.opensAtTimestamp)}
                    <div className="muted">to {formatDateTime(p.closesAtTimestamp)}</div>
                  </td>
                  <td className="nowrap">{p.lockupDays} days</td>
                  <td>
                    <StateBadge state={p.state} />
                  </td>
                </tr>
              )}
            </TableRows>
          </tbody>
        </table>
        {list.data && (
          <Pagination
            page={page}
            size={PLACEMENTS_PAGE_SIZE}
            total={list.data.total}
            onPage={(value) => update({ page: String(value) })}
            disabled={list.isFetching}
          />
        )}
      </div>
    </section>
  );
}
