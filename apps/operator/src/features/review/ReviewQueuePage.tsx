import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { Pagination } from '../../ui/Pagination';
import { TableRows, type QueryStatus } from '../../ui/States';
import { TableHead, type Column } from '../../ui/TableHead';
import { auditLinkOf, decidedQueryOptions, ITEM_NAME, QUEUE_PAGE_SIZE, queueQueryOptions, type ItemOf, type QueueKind, type QueueQuery } from './api';
import { NothingSelected, QueueRow, StatusFilter, useQueueParams, type StatusOption } from './shared';

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

/** The queues' statuses are numbers, in the URL as digits. */
const parseStatus = (raw: string) => (/^\d+$/.test(raw) ? Number(raw) : undefined);

export function ReviewQueuePage<K extends QueueKind>(props: ReviewQueuePageProps<K>) {
  const { kind } = props;
  const name = ITEM_NAME[kind];
  const columns = [...props.columns, { label: props.createdLabel }, { label: 'Status' }];
  const params = useQueueParams<number>(props.defaultStatus, parseStatus);
  const status = params.status as QueueQuery<K>['status'];
  const queue = useQuery(queueQueryOptions(kind, { status, page: params.page }));
  // An item decided here leaves a list filtered to another status; its panel stays open with the outcome.
  const decided = useQuery(decidedQueryOptions(kind, params.selectedId ?? 0));
  const selected = queue.data?.list.find((item) => item.id === params.selectedId) ?? (params.selectedId ? decided.data : undefined);

  return (
    <section className="page">
      <PageHeader title={props.title} query={queue}>
        {props.description}
      </PageHeader>

      <StatusFilter
        options={props.statusOptions}
        value={status}
        onChange={params.setStatus}
        busy={queue.isFetching && !queue.isPending}
        testId={`bo-${name}-status`}
      />

      <QueueView
        columns={columns}
        query={queue}
        loadingLabel={props.loadingLabel}
        empty={status === props.defaultStatus ? 'Nothing to review.' : props.emptyText}
        page={params.page}
        size={QUEUE_PAGE_SIZE}
        onPage={params.setPage}
        panel={selected ? props.panel(selected) : <NothingSelected>{props.nothingSelected}</NothingSelected>}
      >
        {(item) => (
          <QueueRow
            key={item.id}
            selected={item.id === params.selectedId}
            onSelect={() => params.select(item.id)}
            data-testid={`bo-${name}-row`}
            {...{ [`data-${name}-id`]: item.id }}
            createdAt={item.createTimeTimestamp}
            badge={props.badge(item)}
            auditTo={auditLinkOf(kind, item.id)}
          >
            {props.cells(item)}
          </QueueRow>
        )}
      </QueueView>
    </section>
  );
}

interface QueueViewProps<T> {
  /** Every column, the creation time and the status last. */
  columns: Column[];
  query: QueryStatus & { isFetching: boolean; data?: { list: T[]; total: number } };
  loadingLabel: string;
  empty: string;
  page: number;
  size: number;
  onPage: (page: number) => void;
  /** One item's `QueueRow`. */
  children: (item: T) => ReactNode;
  /** The selected item's panel, or what stands in its place. */
  panel: ReactNode;
}

/** One page of a queue with its pager, beside the panel of the selected item. */
export function QueueView<T>({ columns, query, loadingLabel, empty, page, size, onPage, children, panel }: QueueViewProps<T>) {
  return (
    <div className="split split-review">
      <div className="card">
        <table className="table table-hover table-queue">
          <TableHead columns={columns} />
          <tbody>
            <TableRows rows={query.data?.list} colSpan={columns.length} query={query} loadingLabel={loadingLabel} empty={empty}>
              {children}
            </TableRows>
          </tbody>
        </table>
        {query.data && <Pagination page={page} size={size} total={query.data.total} onPage={onPage} disabled={query.isFetching} />}
      </div>
      {panel}
    </div>
  );
}
