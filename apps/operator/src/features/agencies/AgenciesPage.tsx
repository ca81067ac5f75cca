import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../ui/Badges';
import { formatDateTime } from '../../ui/format';
import { ListTable } from '../../ui/ListTable';
import { PauseResumeButton } from '../../ui/PauseResumeButton';
import { Spinner } from '../../ui/Spinner';
import type { Column } from '../../ui/TableHead';
import { useMutationDialog } from '../../ui/useMutationDialog';
import { agenciesQueryOptions, useAgencyAction, type AgencyAction, type AgencyAdmin } from './api';
import { fractionText, leverageText, rankingRuleText, rankText, returnText, stateOf, STRATEGY_LABELS, usdText } from './labels';

// Copy-following's agencies (decision 0020): strategy accounts that trade the simulated market, each
// with its record, its followers and whether it is paused. Operators pause an agency (it opens
// nothing new, so its followers get no new copies) or resume it, each with a reason written to the
// audit log; nothing here edits a record.

const COLUMNS: Column[] = [
  { label: 'Agency' },
  { label: 'Markets' },
  { label: 'Equity / NAV', className: 'num' },
  { label: 'Return 30 d', className: 'num' },
  { label: 'Return 90 d', className: 'num' },
  { label: 'Return 365 d', className: 'num' },
  { label: 'Max drawdown 90 / 365 d', className: 'num' },
  { label: 'Win rate', className: 'num' },
  { label: 'Risk', className: 'num' },
  { label: 'Followers', className: 'num' },
  { label: 'Rank', className: 'num' },
  { label: 'Record' },
  { label: 'State' },
  { label: 'Action' },
];

const count = (n: number) => n.toLocaleString('en');

function StateCell({ agency }: { agency: AgencyAdmin }) {
  if (!agency.paused) return <Badge tone="success">Running</Badge>;
  return (
    <>
      <Badge tone="warning">Paused</Badge>
      <div className="small" data-testid="bo-agency-paused-reason">
        {agency.pausedReason ?? '—'}
      </div>
      <div className="muted small nowrap">{formatDateTime(agency.pausedTimestamp)}</div>
    </>
  );
}

/** Pause (while running) or Resume (while paused), each asking for a reason. */
function PauseResume({ agency }: { agency: AgencyAdmin }) {
  const dialog = useMutationDialog<'pause' | 'resume', AgencyAction>(useAgencyAction(agency.id));
  const name = STRATEGY_LABELS[agency.strategy];
  return (
    <PauseResumeButton
      paused={agency.paused}
      dialog={dialog}
      noun="agency"
      testIdPrefix="bo-agency"
      formKey={`agency-${String(agency.id)}`}
      pauseEffect={
        <>
          <strong>{name}</strong> (agency #{agency.id}) opens nothing new while paused, so its {count(agency.followers)}{' '}
          {agency.followers === 1 ? 'follower gets' : 'followers get'} no new copies. Its open positions still close by its rule, and its record goes on being
          computed from them.
        </>
      }
      resumeEffect={
        <>
          <strong>{name}</strong> (agency #{agency.id}) trades by its rule again, and its followers copy its new trades.
        </>
      }
    />
  );
}

function AgencyRow({ agency }: { agency: AgencyAdmin }) {
  const r = agency.record;
  return (
    <tr data-testid="bo-agency-row" data-agency-id={agency.id} data-state={stateOf(agency)}>
      <td className="col-agency">
        <div className="strong">{STRATEGY_LABELS[agency.strategy]}</div>
        <div className="muted small">agency #{agency.id}</div>
      </td>
      <td className="col-symbols">
        <div className="mono">{agency.symbols.join(', ')}</div>
        <div className="muted small">leverage {leverageText(agency.leverage)}</div>
      </td>
      <td className="num nowrap">
        <div className="mono">{usdText(r.equity)}</div>
        <div className="muted small">NAV {r.nav}</div>
      </td>
      <td className="num nowrap mono">{returnText(r.returns.d30)}</td>
      <td className="num nowrap mono">{returnText(r.returns.d90)}</td>
      <td className="num nowrap mono">{returnText(r.returns.d365)}</td>
      <td className="num nowrap">
        <div className="mono">{fractionText(r.maxDrawdown90)}</div>
        <div className="mono muted small">{fractionText(r.maxDrawdown365)}</div>
      </td>
      <td className="num nowrap">
        <div className="mono">{fractionText(r.winRate)}</div>
        <div className="muted small">of {count(r.closedTrades)} closed</div>
      </td>
      <td className="num nowrap">{r.riskScore} / 10</td>
      <td className="num nowrap">
        <div>{count(agency.followers)}</div>
        <div className="mono muted small">{usdText(agency.followingAmount)}</div>
      </td>
      <td className="num" data-testid="bo-agency-rank">
        {rankText(agency.rank)}
      </td>
      <td className="nowrap small">
        <div>from {r.startDay}</div>
        <div className="muted">live from {r.liveDay}</div>
      </td>
      <td>
        <StateCell agency={agency} />
      </td>
      <td>
        <PauseResume key={stateOf(agency)} agency={agency} />
      </td>
    </tr>
  );
}

export function AgenciesPage() {
  const list = useQuery(agenciesQueryOptions());

  return (
    <section className="page page-wide" data-testid="bo-agencies">
      <header className="page-header">
        <div>
          <h1>Agencies</h1>
          <p className="muted">
            {"An agency's record is computed from its positions and journals; operators can pause an agency (it opens nothing new) but cannot edit a record."}
          </p>
          <p className="muted small">{rankingRuleText()}</p>
        </div>
        <div className="page-actions">{list.isFetching && !list.isPending && <Spinner label="Refreshing" />}</div>
      </header>

      <ListTable
        caption="Agencies"
        columns={COLUMNS}
        scrollClassName="agency-table-scroll"
        query={list}
        rows={list.data}
        loadingLabel="Loading agencies…"
        empty="No agencies yet."
      >
        {(agency) => <AgencyRow key={agency.id} agency={agency} />}
      </ListTable>
    </section>
  );
}
