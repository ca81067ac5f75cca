// Over 400 lines: a deal's one page holds its schedule, its subscriptions and the lifecycle's steps, each acting on the same loaded deal; the back office's move to a component kit (issue 35) is where it splits.
import { useQuery } from '@tanstack/react-query';
import { CANCELLABLE_DEAL_STATUSES, DealStatus, mulDecimal, mulPrecise, SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@tradeapp/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AuditTable } from '../../ui/AuditTable';
import { CopyButton } from '../../ui/CopyButton';
import { Detail } from '../../ui/Detail';
import { formatAmount } from '../../ui/format';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { Spinner } from '../../ui/Spinner';
import { Pagination } from '../../ui/Pagination';
import { Segmented } from '../../ui/Segmented';
import { Empty, PageState, QueryState, TableRows } from '../../ui/States';
import { numberColumns, TableHead } from '../../ui/TableHead';
import {
  APPLICATIONS_PAGE_SIZE,
  applicationsQueryOptions,
  auditLinkOf,
  dealAuditQueryOptions,
  dealQueryOptions,
  SUBSCRIPTION_LABELS,
  EXCHANGE_LABELS,
  LIFECYCLE,
  poolsQueryOptions,
  STATUS_LABELS,
  useDealStep,
  type Deal,
} from './api';
import { BasisTable } from './BasisTable';
import { PriceDialog, StepDialog, type ConfirmStep } from './StepDialogs';
import { count, DealStatusBadge, percentLabel, priceLabel, rangeLabel, timesLabel } from './parts';
import { fractionToPercent } from './draft';
import { formatDay, formatMoment, MARKET_ZONE_NAMES, zoneOf } from './time';

/** When each step of the lifecycle happened or is due, as the deal's dates say. */
function whenOf(deal: Deal, status: DealStatus): string {
  const tz = zoneOf(deal.market);
  switch (status) {
    case DealStatus.Announced:
      return formatMoment(deal.createTimeTimestamp);
    case DealStatus.Open:
      return formatMoment(deal.subscriptionOpensTimestamp, tz);
    case DealStatus.Closed:
      return formatMoment(deal.subscriptionClosesTimestamp, tz);
    case DealStatus.Priced:
      return deal.finalPrice === null ? 'after the close' : `${formatAmount(deal.finalPrice)} ${deal.currency}`;
    case DealStatus.Allotted:
      return formatDay(deal.allotmentDate);
    case DealStatus.Listed:
      return formatDay(deal.listedOn ?? deal.listingDate);
    case DealStatus.Cancelled:
      return '';
  }
}

function Lifecycle({ deal }: { deal: Deal }) {
  const cancelled = deal.dealStatus === DealStatus.Cancelled;
  const at = LIFECYCLE.indexOf(deal.dealStatus);
  return (
    <ol className="lifecycle" aria-label="Lifecycle" data-testid="bo-deal-lifecycle">
      {LIFECYCLE.map((status, index) => {
        const state = cancelled ? 'skipped' : index < at ? 'done' : index === at ? 'current' : 'next';
        return (
          <li key={status} className={`lifecycle-step lifecycle-${state}`} aria-current={state === 'current' ? 'step' : undefined}>
            <span className="lifecycle-mark" aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span className="lifecycle-text">
              <span className="lifecycle-name">
                {STATUS_LABELS[status]}
                {state === 'done' && <span className="visually-hidden"> (done)</span>}
                {state === 'current' && <span className="visually-hidden"> (current)</span>}
              </span>
              <span className="lifecycle-when">{whenOf(deal, status)}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** The next step an operator may take now, with what the lifecycle job would otherwise do and when. */
function nextStep(deal: Deal): { step: ConfirmStep | 'price'; label: string; note: string } | null {
  const tz = zoneOf(deal.market);
  switch (deal.dealStatus) {
    case DealStatus.Announced:
      return { step: 'open', label: 'Open subscriptions now', note: `Opens by itself at ${formatMoment(deal.subscriptionOpensTimestamp, tz)}.` };
    case DealStatus.Open:
      return { step: 'close', label: 'Close subscriptions now', note: `Closes by itself at ${formatMoment(deal.subscriptionClosesTimestamp, tz)}.` };
    case DealStatus.Closed:
      return { step: 'price', label: 'Set the final price…', note: 'The window has closed: price the deal before its allotment date.' };
    case DealStatus.Priced:
      return { step: 'allot', label: 'Run the allotment now', note: `Runs by itself on ${formatDay(deal.allotmentDate)}.` };
    case DealStatus.Allotted:
      return { step: 'list', label: 'List now', note: `Lists by itself at the exchange’s open on ${formatDay(deal.listingDate)}.` };
    default:
      return null;
  }
}

const POOL_COLUMNS = [{ label: 'Pool' }, ...numberColumns('Applicants', 'Lots applied', 'Lots', 'Oversubscribed', 'Chance of one lot')];

function PoolsTable({ deal }: { deal: Deal }) {
  const balloting = deal.market === 'HK' && [DealStatus.Announced, DealStatus.Open, DealStatus.Closed, DealStatus.Priced].includes(deal.dealStatus as never);
  const pools = useQuery({ ...poolsQueryOptions(deal.id), enabled: balloting });
  if (!balloting) return null;
  if (pools.isPending || pools.isError) return <QueryState query={pools} loadingLabel="Loading the pools…" />;
  if (!pools.data) return null;
  return (
    <table className="table deal-table" data-testid="bo-deal-pools">
      <caption className="table-caption">Pools if the deal closed now</caption>
      <TableHead columns={POOL_COLUMNS} />
      <tbody>
        {(['A', 'B'] as const).map((pool) => {
          const p = pools.data![pool];
          return (
            <tr key={pool}>
              <th scope="row">{pool === 'A' ? 'A (up to HK$5m)' : 'B (above HK$5m)'}</th>
              <td className="num">{count(p.applicants)}</td>
              <td className="num">{count(p.lotsApplied)}</td>
              <td className="num">{count(p.lots)}</td>
              <td className="num">{timesLabel(p.oversubscription)}</td>
              <td className="num">{percentLabel(mulDecimal(p.oneLotChance, '100', 2) ?? p.oneLotChance)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Stat({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="stat">
      <span className="stat-label">{label}</span>
      <span className="stat-value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

function DemandCard({ deal }: { deal: Deal }) {
  return (
    <div className="card" data-testid="bo-deal-demand">
      <h2 className="card-title card-title-padded">Subscriptions and demand</h2>
      <div className="stats stats-4">
        <Stat label="Applicants" testId="bo-deal-applicants">
          {count(deal.applicants)}
        </Stat>
        <Stat label="Lots applied">{count(deal.demandLots)}</Stat>
        <Stat label="Lots offered">{count(deal.publicLots)}</Stat>
        <Stat label="Oversubscribed" testId="bo-deal-oversubscription">
          {timesLabel(deal.oversubscription)}
        </Stat>
      </div>
      {deal.market === 'US' && deal.reconfirmPending > 0 && (
        <p className="note card-note">
          {count(deal.reconfirmPending)} {deal.reconfirmPending === 1 ? 'offer waits' : 'offers wait'} for the investor’s reconfirmation at the final price; one
          not reconfirmed before the allotment is refunded.
        </p>
      )}
      <PoolsTable deal={deal} />
      <p className="muted small card-note">Live subscriptions only: refunded and cancelled ones are not counted.</p>
    </div>
  );
}

function TermsCard({ deal }: { deal: Deal }) {
  const tz = zoneOf(deal.market);
  const shares = mulPrecise(deal.publicLots, deal.lotSize);
  return (
    <div className="card" data-testid="bo-deal-terms">
      <h2 className="card-title card-title-padded">Terms</h2>
      <dl className="details details-columns">
        <Detail label="Exchange">
          {EXCHANGE_LABELS[deal.exchange]} ({deal.market === 'HK' ? 'Hong Kong' : 'United States'}, {deal.currency})
        </Detail>
        <Detail label="Code · symbol">
          <span className="mono">
            {deal.code} · {deal.symbol}
          </span>
        </Detail>
        <Detail label="Price range">{rangeLabel(deal)}</Detail>
        <Detail label="Final price">{deal.finalPrice === null ? 'not priced yet' : `${formatAmount(deal.finalPrice)} ${deal.currency}`}</Detail>
        <Detail label="Lot size">{count(deal.lotSize)} shares</Detail>
        <Detail label="Public lots">
          {count(deal.publicLots)} lots, {count(shares)} shares{deal.market === 'HK' ? ' (pools A and B, half each)' : ''}
        </Detail>
        <Detail label="Fee rate">{fractionToPercent(deal.feeRate)} % of allotted shares</Detail>
        <Detail label="Handling fee">
          {formatAmount(deal.handlingFee)} {deal.currency} per application
        </Detail>
        <Detail label="Fund raising">
          {formatAmount(deal.fundRaising)} {deal.currency}
        </Detail>
        <Detail label="Prospectus">{formatDay(deal.prospectusDate)}</Detail>
        <Detail label="Window opens">
          {formatMoment(deal.subscriptionOpensTimestamp, tz)}
          <div className="muted small">your time: {formatMoment(deal.subscriptionOpensTimestamp)}</div>
        </Detail>
        <Detail label="Window closes">
          {formatMoment(deal.subscriptionClosesTimestamp, tz)}
          <div className="muted small">your time: {formatMoment(deal.subscriptionClosesTimestamp)}</div>
        </Detail>
        <Detail label="Allotment date">{formatDay(deal.allotmentDate)}</Detail>
        <Detail label="Listing date">
          {formatDay(deal.listingDate)}
          {deal.listedOn && deal.listedOn !== deal.listingDate && <div className="muted small">listed early: trades from {formatDay(deal.listedOn)}</div>}
        </Detail>
        <Detail label="Profile">{deal.profile ? <span className="pre-wrap">{deal.profile}</span> : <span className="muted">none</span>}</Detail>
      </dl>
      <p className="muted small card-note">Dates are on the exchange’s calendar, times on its clock ({MARKET_ZONE_NAMES[deal.market]}).</p>
    </div>
  );
}

function AllotmentCard({ deal }: { deal: Deal }) {
  if (deal.allotmentTable === null) return null;
  return (
    <div className="card" data-testid="bo-deal-allotment">
      <h2 className="card-title card-title-padded">Basis of allotment</h2>
      <dl className="details">
        <Detail label="Final price">{priceLabel(deal)}</Detail>
        <Detail label="Seed">
          <span className="seed">
            <code className="mono break" data-testid="bo-deal-seed">
              {deal.allotmentSeed ?? '—'}
            </code>
            {deal.allotmentSeed && <CopyButton value={deal.allotmentSeed} label="seed" />}
          </span>
        </Detail>
      </dl>
      <BasisTable market={deal.market} rows={deal.allotmentTable} />
      <p className="muted small card-note">
        The allotment is a pure function of the applications, the shares and this seed: the <code className="action">deal.allot</code> entry of the{' '}
        <Link to={auditLinkOf(deal.id)}>audit log</Link> keeps what it was given and every result, so anyone can replay it.
      </p>
    </div>
  );
}

function FirstDayCard({ deal }: { deal: Deal }) {
  if (deal.dealStatus !== DealStatus.Listed) return null;
  const change = deal.firstDayChangePercent;
  return (
    <div className="card" data-testid="bo-deal-firstday">
      <h2 className="card-title card-title-padded">First day</h2>
      <dl className="details">
        <Detail label="Trades from">{formatDay(deal.listedOn)}</Detail>
        <Detail label="First price">{deal.firstDayPrice === null ? 'at the open' : `${formatAmount(deal.firstDayPrice)} ${deal.currency}`}</Detail>
        <Detail label="First close">{deal.firstDayClose === null ? 'after the close' : `${formatAmount(deal.firstDayClose)} ${deal.currency}`}</Detail>
        <Detail label="Against the offer">
          {change === null ? (
            '—'
          ) : (
            <span className={change.startsWith('-') ? 'text-danger' : 'text-success'}>{`${change.startsWith('-') ? '' : '+'}${change} %`}</span>
          )}
        </Detail>
      </dl>
    </div>
  );
}

const APPLICATION_COLUMNS = [
  { label: 'Investor' },
  { label: 'Status' },
  { label: 'Pool' },
  ...numberColumns('Lots', 'Held (EUR)', 'Paid (EUR)', 'Allotted'),
  { label: 'Applied' },
];

/** Who applied, for how much and with what result: one page at a time, by status. */
function ApplicationsCard({ deal }: { deal: Deal }) {
  const [status, setStatus] = useState<SubscriptionStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const applications = useQuery(applicationsQueryOptions(deal.id, status, page));
  const hk = deal.market === 'HK';
  const columns = hk ? APPLICATION_COLUMNS : APPLICATION_COLUMNS.filter((c) => c.label !== 'Pool');
  return (
    <div className="card" data-testid="bo-deal-applications">
      <div className="card-title-row">
        <h2 className="card-title">Applications</h2>
        <Segmented
          label="Application status"
          options={SUBSCRIPTION_STATUSES.map((value) => ({ value, label: SUBSCRIPTION_LABELS[value] }))}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
          testId="bo-deal-application-status"
        />
      </div>
      <div className="deal-table-scroll">
        <table className="table deal-table">
          <caption className="visually-hidden">Applications</caption>
          <TableHead columns={columns} />
          <tbody>
            <TableRows
              rows={applications.data?.list}
              colSpan={columns.length}
              query={applications}
              loadingLabel="Loading applications…"
              empty={status ? 'No application has this status.' : 'No one has applied yet.'}
            >
              {(a) => (
                <tr key={a.id} data-testid="bo-deal-application" data-id={a.id} data-status={a.status}>
                  <td>
                    <Link to={`/users/${String(a.userId)}`}>{a.userName}</Link>
                  </td>
                  <td>{SUBSCRIPTION_LABELS[a.status]}</td>
                  {hk && <td>{a.pool ?? '—'}</td>}
                  <td className="num">{count(a.lots)}</td>
                  <td className="num">{formatAmount(a.pendingPayment)}</td>
                  <td className="num">{formatAmount(a.actualPayment)}</td>
                  <td className="num">{a.allottedQuantity === null ? '—' : count(a.allottedQuantity)}</td>
                  <td>{formatMoment(a.createTimeTimestamp)}</td>
                </tr>
              )}
            </TableRows>
          </tbody>
        </table>
      </div>
      <Pagination page={page} size={APPLICATIONS_PAGE_SIZE} total={applications.data?.total ?? 0} onPage={setPage} disabled={applications.isFetching} />
    </div>
  );
}

function AuditCard({ deal }: { deal: Deal }) {
  const audit = useQuery(dealAuditQueryOptions(deal.id));
  return (
    <div className="card">
      <div className="card-title-row">
        <h2 className="card-title">Audit trail</h2>
        <Link to={auditLinkOf(deal.id)} className="audit-link" data-testid="bo-deal-audit-link">
          All entries in the audit log ›
        </Link>
      </div>
      <AuditTable entries={audit.data?.list} headingLevel={3} query={audit} loadingLabel="Loading audit trail…" empty="No audit entries for this deal." />
    </div>
  );
}

function DealView({ deal, refreshing }: { deal: Deal; refreshing: boolean }) {
  const step = useDealStep(deal.id);
  const [dialog, setDialog] = useState<ConfirmStep | 'price' | 'cancel' | null>(null);
  const next = nextStep(deal);
  const cancellable = CANCELLABLE_DEAL_STATUSES.includes(deal.dealStatus);

  function openDialog(which: ConfirmStep | 'price' | 'cancel') {
    step.reset();
    setDialog(which);
  }
  const close = () => setDialog(null);
  const run = (action: Parameters<typeof step.mutate>[0]) => step.mutate(action, { onSuccess: close });

  return (
    <section className="page" data-testid="bo-deal-detail" data-status={deal.dealStatus}>
      <Link to="/deals" className="back-link">
        ‹ IPO deals
      </Link>
      <header className="page-header">
        <div>
          <h1 className="title-with-badges">
            {deal.name}
            <span data-testid="bo-deal-status">
              <DealStatusBadge status={deal.dealStatus} />
            </span>
          </h1>
          <p className="muted">
            #{deal.id} · <span className="mono">{deal.code}</span> · {EXCHANGE_LABELS[deal.exchange]} · {priceLabel(deal)} · announced{' '}
            {formatMoment(deal.createTimeTimestamp)}
          </p>
        </div>
        <div className="page-actions">
          {refreshing && <Spinner label="Refreshing" />}
          <Link to={auditLinkOf(deal.id)} className="btn">
            Audit log
          </Link>
          {deal.dealStatus === DealStatus.Announced && (
            <Link to={`/deals/${String(deal.id)}/edit`} className="btn" data-testid="bo-deal-edit">
              Edit
            </Link>
          )}
        </div>
      </header>

      {deal.dealStatus === DealStatus.Cancelled && (
        <div className="alert alert-error" data-testid="bo-deal-cancelled">
          Cancelled{deal.cancelReason ? `: ${deal.cancelReason}` : ''}. Every hold was released and every handling fee refunded.
        </div>
      )}

      <div className="card card-padded lifecycle-card">
        <Lifecycle deal={deal} />
        {(next || cancellable) && (
          <div className="lifecycle-actions">
            <p className="muted small">{next?.note}</p>
            <div className="review-actions">
              {cancellable && (
                <button type="button" className="btn btn-danger-outline" onClick={() => openDialog('cancel')} data-testid="bo-deal-cancel">
                  Cancel deal
                </button>
              )}
              {next && (
                <button type="button" className="btn btn-primary" onClick={() => openDialog(next.step)} data-testid={`bo-deal-${next.step}`}>
                  {next.label}
                </button>
              )}
            </div>
          </div>
        )}
      </div>

      <FirstDayCard deal={deal} />
      <AllotmentCard deal={deal} />
      <DemandCard deal={deal} />
      <TermsCard deal={deal} />
      <ApplicationsCard deal={deal} />

      <AuditCard deal={deal} />

      {dialog === 'price' && (
        <PriceDialog deal={deal} pending={step.isPending} error={step.error} onConfirm={(finalPrice) => run({ step: 'price', finalPrice })} onClose={close} />
      )}
      {dialog === 'cancel' && (
        <ReasonDialog
          title="Cancel deal"
          formId="deal-cancel"
          reasonLabel="Reason (told to every applicant and kept in the audit log)"
          confirmLabel="Cancel deal"
          cancelLabel="Keep deal"
          pending={step.isPending}
          error={step.error}
          onConfirm={(reason) => run({ step: 'cancel', reason })}
          onClose={close}
        >
          <p>
            <strong>{deal.name}</strong> will not list. Every subscription’s held money is released
            {deal.dealStatus === DealStatus.Allotted ? ', allotted shares are taken back' : ''} and every handling fee refunded. This cannot be undone.
          </p>
        </ReasonDialog>
      )}
      {dialog !== null && dialog !== 'price' && dialog !== 'cancel' && (
        <StepDialog deal={deal} step={dialog} pending={step.isPending} error={step.error} onConfirm={() => run({ step: dialog })} onClose={close} />
      )}
    </section>
  );
}

export function DealDetailPage() {
  const { id: param } = useParams();
  const id = Number(param);
  const valid = Number.isInteger(id) && id > 0;
  const deal = useQuery({ ...dealQueryOptions(id), enabled: valid });

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);

  if (valid && deal.data) return <DealView deal={deal.data} refreshing={deal.isFetching} />;
  const back = (
    <Link to="/deals" className="back-link">
      ‹ IPO deals
    </Link>
  );
  return (
    <PageState back={back} title="Deal">
      {valid ? <QueryState query={deal} loadingLabel="Loading deal…" /> : <Empty>No such deal.</Empty>}
    </PageState>
  );
}
