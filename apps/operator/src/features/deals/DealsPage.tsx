import { useQuery } from '@tanstack/react-query';
import { DEAL_EXCHANGES, DEAL_STATUSES, type DealExchange, type DealStatus } from '@tradeapp/contract';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Pagination } from '../../ui/Pagination';
import { Segmented } from '../../ui/Segmented';
import { Spinner } from '../../ui/Spinner';
import { QueryState, TableRows } from '../../ui/States';
import { TableHead, type Column } from '../../ui/TableHead';
import { pageParam, useSearchUpdate } from '../../ui/useSearchUpdate';
import { DEALS_LOADED_MAX, DEALS_PAGE_SIZE, dealsQueryOptions, EXCHANGE_LABELS, STATUS_LABELS, type Deal } from './api';
import { isValidMonth, monthOf } from './calendar';
import { DealCalendar } from './DealCalendar';
import { count, DealStatusBadge, priceLabel, timesLabel } from './parts';
import { formatDay, formatMoment, ownToday, zoneOf } from './time';

const COLUMNS: Column[] = [
  { label: 'Deal' },
  { label: 'Status' },
  { label: 'Offer price' },
  { label: 'Window opens / closes' },
  { label: 'Allotment / listing' },
  { label: 'Demand', className: 'num' },
];

type View = 'list' | 'calendar';

const isStatus = (value: string | null): value is DealStatus => (DEAL_STATUSES as readonly string[]).includes(value ?? '');
const isExchange = (value: string | null): value is DealExchange => (DEAL_EXCHANGES as readonly string[]).includes(value ?? '');

function DealRow({ deal, onOpen }: { deal: Deal; onOpen: () => void }) {
  const tz = zoneOf(deal.market);
  return (
    <tr className="clickable" data-testid="bo-deal-row" data-deal-id={deal.id} onClick={onOpen}>
      <td className="col-deal">
        <Link to={`/deals/${String(deal.id)}`} className="strong" onClick={(event) => event.stopPropagation()}>
          {deal.name}
        </Link>
        <div className="muted small">
          <span className="mono">
            {deal.code}
            {deal.symbol !== deal.code && ` · ${deal.symbol}`}
          </span>{' '}
          · {EXCHANGE_LABELS[deal.exchange]}
        </div>
      </td>
      <td>
        <DealStatusBadge status={deal.dealStatus} />
      </td>
      <td className="nowrap">
        {priceLabel(deal)}
        {deal.finalPrice !== null && <div className="muted small">final</div>}
      </td>
      <td className="nowrap small">
        <div>{formatMoment(deal.subscriptionOpensTimestamp, tz)}</div>
        <div>{formatMoment(deal.subscriptionClosesTimestamp, tz)}</div>
      </td>
      <td className="nowrap small">
        <div>{formatDay(deal.allotmentDate)}</div>
        <div>{formatDay(deal.listedOn ?? deal.listingDate)}</div>
      </td>
      <td className="num nowrap">
        {deal.applicants === 0 ? (
          <span className="muted">none yet</span>
        ) : (
          <>
            <div>{timesLabel(deal.oversubscription)}</div>
            <div className="muted small">
              {count(deal.applicants)} {deal.applicants === 1 ? 'applicant' : 'applicants'}
            </div>
          </>
        )}
      </td>
    </tr>
  );
}

export function DealsPage() {
  const navigate = useNavigate();
  const [searchParams, update] = useSearchUpdate();
  const rawStatus = searchParams.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const rawExchange = searchParams.get('exchange');
  const exchange = isExchange(rawExchange) ? rawExchange : undefined;
  const view: View = searchParams.get('view') === 'calendar' ? 'calendar' : 'list';
  const page = pageParam(searchParams);
  const rawMonth = searchParams.get('month');
  const [thisMonth] = useState(() => monthOf(ownToday()));
  const month = isValidMonth(rawMonth) ? rawMonth : thisMonth;

  const deals = useQuery(dealsQueryOptions(status));
  const shown = useMemo(() => deals.data?.list.filter((d) => exchange === undefined || d.exchange === exchange) ?? [], [deals.data, exchange]);
  const pageRows = shown.slice((page - 1) * DEALS_PAGE_SIZE, page * DEALS_PAGE_SIZE);
  const filtered = status !== undefined || exchange !== undefined;

  const open = (id: number) => void navigate(`/deals/${String(id)}`);

  return (
    <section className="page" data-testid="bo-deals">
      <header className="page-header">
        <div>
          <h1>IPO deals</h1>
          <p className="muted">New listings in New York and Hong Kong: their windows, allotments and listings. Every step is audited.</p>
        </div>
        <div className="page-actions">
          <Segmented
            label="View"
            options={[
              { value: 'list', label: 'List' },
              { value: 'calendar', label: 'Calendar' },
            ]}
            value={view}
            onChange={(value) => update({ view: value === 'calendar' ? 'calendar' : undefined, page: undefined })}
            testId="bo-deals-view"
            all="none"
          />
          <Link to="/deals/new" className="btn btn-primary" data-testid="bo-deal-new">
            New deal
          </Link>
        </div>
      </header>

      <div className="toolbar toolbar-wrap">
        <Segmented
          label="Status"
          options={DEAL_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
          value={status}
          onChange={(value) => update({ status: value, page: undefined })}
          testId="bo-deals-status"
        />
        <Segmented
          label="Exchange"
          options={DEAL_EXCHANGES.map((value) => ({ value, label: EXCHANGE_LABELS[value] }))}
          value={exchange}
          onChange={(value) => update({ exchange: value, page: undefined })}
          testId="bo-deals-exchange"
        />
        {deals.isFetching && !deals.isPending && <Spinner label="Refreshing" />}
      </div>

      {deals.data && deals.data.total > deals.data.list.length && (
        <p className="note" role="status">
          Showing the newest {count(DEALS_LOADED_MAX)} of {count(deals.data.total)} deals; narrow the list by status to see older ones.
        </p>
      )}

      {view === 'calendar' ? (
        deals.isPending || deals.isError ? (
          <div className="card">
            <QueryState query={deals} loadingLabel="Loading deals…" />
          </div>
        ) : (
          <DealCalendar deals={shown} month={month} onMonth={(next) => update({ month: next })} />
        )
      ) : (
        <div className="card">
          <table className="table table-hover">
            <TableHead columns={COLUMNS} />
            <tbody>
              <TableRows
                rows={pageRows}
                colSpan={COLUMNS.length}
                query={deals}
                loadingLabel="Loading deals…"
                empty={filtered ? 'No deal matches these filters.' : 'No deals yet.'}
              >
                {(deal) => <DealRow key={deal.id} deal={deal} onOpen={() => open(deal.id)} />}
              </TableRows>
            </tbody>
          </table>
          {deals.data && (
            <Pagination page={page} size={DEALS_PAGE_SIZE} total={shown.length} onPage={(next) => update({ page: String(next) })} disabled={deals.isFetching} />
          )}
        </div>
      )}
    </section>
  );
}
