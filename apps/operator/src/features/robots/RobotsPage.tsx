import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../ui/Badges';
import { formatAmount, formatDate } from '../../ui/format';
import { ListTable } from '../../ui/ListTable';
import { PauseResumeButton } from '../../ui/PauseResumeButton';
import { Spinner } from '../../ui/Spinner';
import type { Column } from '../../ui/TableHead';
import { useMutationDialog } from '../../ui/useMutationDialog';
import { auditLinkOf, robotsQueryOptions, useRobotAction, type RobotAction, type RobotAdmin } from './api';
import { countText, cycleText, energyText, eurText, ownersText, stateOf, strategyText } from './labels';

// AI robots (decision 0021): strategy templates on one crypto pair that investors rent for a cycle or
// buy. Operators offer new robots, pause one (nobody can start it; orders already working carry on)
// or resume it, each with a reason written to the audit log. A robot order's result is computed from
// its positions and journals: nothing here sets one.

const COLUMNS: Column[] = [
  { label: 'Robot' },
  { label: 'Strategy' },
  { label: 'Cycle', className: 'num' },
  { label: 'Rent / price', className: 'num' },
  { label: 'Amount', className: 'num' },
  { label: 'Orders', className: 'num' },
  { label: 'State' },
  { label: 'Action' },
];

/** What pausing leaves as it is: the orders still trading. */
function runningText(running: number): string {
  if (running === 0) return 'None of its orders is running now.';
  const orders =
    running === 1 ? 'Its running order carries on to the end of its cycle' : `Its ${countText(running)} running orders carry on to the end of their cycles`;
  return `${orders}, and investors can redeem ${running === 1 ? 'it' : 'them'} as before.`;
}

const nameOf = (robot: RobotAdmin) => `${robot.symbol} ${robot.kind === 'grid' ? 'grid' : 'DCA'} robot`;

function StateCell({ robot }: { robot: RobotAdmin }) {
  return (
    <>
      {robot.paused ? <Badge tone="warning">Paused</Badge> : <Badge tone="success">Offered</Badge>}
      {robot.paused && (
        <div className="small robot-reason" data-testid="bo-robot-paused-reason">
          {robot.pausedReason ?? '—'}
        </div>
      )}
      <div className="small">
        <Link to={auditLinkOf(robot.id)} className="audit-link" data-testid="bo-audit-link">
          History<span className="visually-hidden"> of robot #{robot.id}</span>
        </Link>
      </div>
    </>
  );
}

/** Pause (while offered) or Resume (while paused), each asking for a reason. */
function PauseResume({ robot }: { robot: RobotAdmin }) {
  const dialog = useMutationDialog<'pause' | 'resume', RobotAction>(useRobotAction(robot.id));
  const name = nameOf(robot);
  return (
    <PauseResumeButton
      paused={robot.paused}
      dialog={dialog}
      noun="robot"
      testIdPrefix="bo-robot"
      formKey={`robot-${String(robot.id)}`}
      hiddenName={`robot #${String(robot.id)}`}
      pauseEffect={
        <>
          Nobody can start the <strong>{name}</strong> (robot #{robot.id}) while it is paused. {runningText(robot.runningOrders)}
        </>
      }
      resumeEffect={
        <>
          The <strong>{name}</strong> (robot #{robot.id}) is offered again: investors can rent or buy it and start it.
        </>
      }
    />
  );
}

function RobotRow({ robot, created }: { robot: RobotAdmin; created: boolean }) {
  const strategy = strategyText(robot.params);
  return (
    <tr data-testid="bo-robot-row" data-robot-id={robot.id} data-state={stateOf(robot)} className={created ? 'row-new' : undefined}>
      <td className="col-robot">
        <div className="strong mono">{robot.symbol}</div>
        <div className="muted small">
          {robot.stockName} · #{robot.id}
        </div>
        <div className="muted small nowrap">since {formatDate(robot.createTimestamp)}</div>
      </td>
      <td className="col-strategy" data-testid="bo-robot-strategy">
        <div className="strong">{strategy.title}</div>
        <div className="muted small">{strategy.detail}</div>
      </td>
      <td className="num nowrap">
        <div data-testid="bo-robot-offer-cycle">{cycleText(robot.cycleDays)}</div>
        <div className="muted small" data-testid="bo-robot-offer-energy">
          energy {energyText(robot.energy)}
        </div>
      </td>
      <td className="num nowrap">
        <div className="mono" data-testid="bo-robot-offer-rent">
          {eurText(robot.rent)}
        </div>
        <div className="muted small" data-testid="bo-robot-offer-price">
          buy {eurText(robot.price)}
        </div>
      </td>
      <td className="num nowrap" data-testid="bo-robot-offer-bounds">
        <div className="mono">{formatAmount(robot.minAmount)} –</div>
        <div className="mono">{eurText(robot.maxAmount)}</div>
      </td>
      <td className="num nowrap">
        <div data-testid="bo-robot-orders">{countText(robot.orders)}</div>
        <div className="muted small" data-testid="bo-robot-running">
          {countText(robot.runningOrders)} running
        </div>
        <div className="muted small" data-testid="bo-robot-owners">
          {ownersText(robot.owners)}
        </div>
      </td>
      <td className="col-state">
        <StateCell robot={robot} />
      </td>
      <td>
        <PauseResume key={stateOf(robot)} robot={robot} />
      </td>
    </tr>
  );
}

export function RobotsPage() {
  const list = useQuery(robotsQueryOptions());
  const [searchParams] = useSearchParams();
  const createdId = Number(searchParams.get('created'));
  const created = list.data?.find((robot) => robot.id === createdId);

  return (
    <section className="page page-wide" data-testid="bo-robots">
      <header className="page-header">
        <div>
          <h1>Robots</h1>
          <p className="muted">
            Grid and DCA robots on a crypto pair, which investors rent for a cycle or buy, paying from their financial account. A robot order&apos;s result is
            computed from its positions and journals: operators offer, pause and resume robots but cannot set a result.
          </p>
          <p className="muted small">
            Energy is the number of fills one cycle includes; running orders are those still trading (statuses 1–4). Pausing stops new starts only.
          </p>
        </div>
        <div className="page-actions">
          {list.isFetching && !list.isPending && <Spinner label="Refreshing" />}
          <Link to="/robots/new" className="btn btn-primary" data-testid="bo-robot-new">
            New robot
          </Link>
        </div>
      </header>

      {created && (
        <div className="alert alert-success" role="status" data-testid="bo-robot-created">
          Robot #{created.id}, the {nameOf(created)}, is offered to investors.
        </div>
      )}

      <ListTable
        caption="Robots"
        columns={COLUMNS}
        scrollClassName="robot-table-scroll"
        query={list}
        rows={list.data}
        loadingLabel="Loading robots…"
        empty="No robots yet."
      >
        {(robot) => <RobotRow key={robot.id} robot={robot} created={robot.id === createdId} />}
      </ListTable>
    </section>
  );
}
