import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Pagination } from '../../ui/Pagination';
import { Empty, ErrorState, Loading, TableState } from '../../ui/States';
import { TableHead, type Column } from '../../ui/TableHead';
import { decidedQueryOptions, ITEM_NAME, QUEUE_PAGE_SIZE, queueQueryOptions, type ItemOf, type QueueKind, type QueueQuery } from './api';
import { NothingSelected, StatusCell, StatusFilter, useQueueParams, When, type StatusOption } from './shared';

// The frame shared by the KYC, deposit and withdrawal queues: the header with Refresh, the status
// filter, the table with its loading, error and empty states, the pagination and the detail panel.
// Each page supplies only its columns, its cells and its panel.

interface ReviewQueuePageProps<K extends QueueKind> {
  kind: K;
  title: string;
  description: string;
  /** The status shown when the URL names none; its empty queue reads "Nothing to review.". */
  defaultStatus: NonNullable<QueueQuery<K>['status']>;
  statusOptions: StatusOption[];
  /** The columns before the creation time and the status, which every queue shows last. */
  columns: Column[];
  /** The `<td>`s of those columns. */
  cells: (item: ItemOf[K]) => ReactNode;
  /** The label of the creation time: "Submitted" or "Requested". */
  createdLabel: string;
  badge: (item: ItemOf[K]) => ReactNode;
  loadingLabel: string;
  /** Shown for an empty list under any status but the default one. */
  emptyText: string;
  panel: (item: ItemOf[K]) => ReactNode;
  /** Shown beside the table when no row is selected. */
  nothingSelected: string;
}

export function ReviewQueuePage<K extends QueueKind>(props: ReviewQueuePageProps<K>) {
  const { kind } = props;
  const name = ITEM_NAME[kind];
  const columns = [...props.columns, { label: props.createdLabel }, { label: 'Status' }];
  const params = useQueueParams(props.defaultStatus);
  const status = params.status as QueueQuery<K>['status'];
  const queue = useQuery(queueQueryOptions(kind, { status, page: params.page }));
  // An item decided here leaves a list filtered to another status; its panel stays open with the outcome.
  const decided = useQuery(decidedQueryOptions(kind, params.selectedId ?? 0));
  const selected = queue.data?.list.find((item) => item.id === params.selectedId) ?? (params.selectedId ? decided.data : undefined);

  return (
    <section className="page">
      <header className="page-header">
        <div>
          <h1>{props.title}</h1>
          <p className="muted">{props.description}</p>
        </div>
        <button type="button" className="btn" onClick={() => void queue.refetch()} disabled={queue.isFetching}>
          Refresh
        </button>
      </header>

      <StatusFilter
        options={props.statusOptions}
        value={status}
        onChange={params.setStatus}
        busy={queue.isFetching && !queue.isPending}
        testId={`bo-${name}-status`}
      />

      <div className="split split-review">
        <div className="card">
          <table className="table table-hover table-queue">
            <TableHead columns={columns} />
            <tbody>
              {queue.isPending ? (
                <TableState colSpan={columns.length}>
                  <Loading label={props.loadingLabel} />
                </TableState>
              ) : queue.isError ? (
                <TableState colSpan={columns.length}>
                  <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
                </TableState>
              ) : queue.data.list.length === 0 ? (
                <TableState colSpan={columns.length}>
                  <Empty>{status === props.defaultStatus ? 'Nothing to review.' : props.emptyText}</Empty>
                </TableState>
              ) : (
                queue.data.list.map((item) => (
                  <tr
                    key={item.id}
                    className={`clickable${item.id === params.selectedId ? ' selected' : ''}`}
                    tabIndex={0}
                    aria-selected={item.id === params.selectedId}
                    data-testid={`bo-${name}-row`}
                    {...{ [`data-${name}-id`]: item.id }}
                    onClick={() => params.select(item.id)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') params.select(item.id);
                    }}
                  >
                    {props.cells(item)}
                    <td>
                      <When timestamp={item.createTimeTimestamp} />
                    </td>
                    <StatusCell kind={kind} id={item.id}>
                      {props.badge(item)}
                    </StatusCell>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          {queue.data && (
            <Pagination
              page={params.page}
              size={QUEUE_PAGE_SIZE}
              total={queue.data.total}
              onPage={params.setPage}
              disabled={queue.isFetching}
            />
          )}
        </div>
        {selected ? props.panel(selected) : <NothingSelected>{props.nothingSelected}</NothingSelected>}
      </div>
    </section>
  );
}
