import '../../ui/money.css';
import type { PoolOrder, PoolOrderStatus, PoolProfit, PoolRule } from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatDateTime, formatInCurrency, formatQuantity, riseFallColor } from '../../lib/format';
import { StatusBadge } from '../../ui/records';
import { useConfirmedCancel } from '../../ui/useConfirmedCancel';
import { Profit } from '../trading';
import { cancelOrder } from './api';
import { dayIso, formatDay, formatNav, formatReturn } from './calc';

// Pieces shared by the AI quantify screens: a pool's name, its tags, a figure, a simulated return,
// an order's row with its status in its colour and the way to withdraw it, a day's profit.

export const money = (v: string | null | undefined) => formatInCurrency(v, 'EUR');

/** The page's positive whole `id` (or another parameter), 0 for none or anything else. */
export function useIdParam(name = 'id'): number {
  const [params] = useSearchParams();
  const raw = Number(params.get(name) ?? 0);
  return Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
}

/** A pool is named by its rule: "Momentum across US index futures". Re-renders when the language changes. */
export function useRuleName(): (rule: PoolRule) => string {
  const { t } = useTranslation();
  return (rule) => t(`quantify.rules.${rule}.name`);
}

/** A label over its figure, in a grid of figures (a <dl>). */
export function Figure({ label, children, testId, wide }: { label: ReactNode; children: ReactNode; testId?: string; wide?: boolean }) {
  return (
    <div className={wide ? 'figure quant-figure wide' : 'figure quant-figure'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** The small "Simulated" tag every return carries. */
export function SimulatedTag() {
  const { t } = useTranslation();
  return <span className="record-tag quant-sim">{t('quantify.simulated')}</span>;
}

/** A return in percent in its rise or fall colour, tagged simulated; "—" for none. */
export function SimReturn({ value, testId }: { value: string | null | undefined; testId?: string }) {
  return (
    <span className="quant-return">
      <span className="quant-percent" style={{ color: riseFallColor(value) }} data-testid={testId} data-value={value ?? ''}>
        {formatReturn(value)}
      </span>{' '}
      <SimulatedTag />
    </span>
  );
}

/** Private and paused, said beside a pool's name. */
export function PoolTags({ pool, testPrefix = 'quant' }: { pool: { private: boolean; paused: boolean }; testPrefix?: string }) {
  const { t } = useTranslation();
  if (!pool.private && !pool.paused) return null;
  return (
    <span className="quant-tags">
      {pool.private && (
        <span className="record-tag strong" data-testid={`${testPrefix}-private`}>
          {t('quantify.private')}
        </span>
      )}
      {pool.paused && (
        <span className="status-badge tone-muted" data-testid={`${testPrefix}-paused`}>
          {t('quantify.paused')}
        </span>
      )}
    </span>
  );
}

/** Results are simulated on the simulated market, after fees, and nothing is promised. */
export function SimulatedNote({ testId = 'quant-simulated-note' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <p className="quant-simulated" data-testid={testId}>
      <span className="record-tag">{t('quantify.simulated')}</span> {t('quantify.simulatedNote')}
    </p>
  );
}

const STATUS_TONE: Record<PoolOrderStatus, string> = { pending: 'progress', done: 'done', cancelled: 'muted' };

export function OrderStatusBadge({ status, testId }: { status: PoolOrderStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={STATUS_TONE[status]} testId={testId}>
      {t(`quantify.order.status.${status}`)}
    </StatusBadge>
  );
}

function OrderRow({ o, busy, onWithdraw }: { o: PoolOrder; busy: boolean; onWithdraw: (id: number) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useRuleName();
  // A redemption of "all" names its units once priced.
  const units = o.units !== null ? formatQuantity(o.units) : o.kind === 'redeem' ? t('quantify.order.allUnits') : '—';
  return (
    <li className="quant-row" data-testid="quant-order" data-id={o.id} data-status={o.status} data-kind={o.kind}>
      <div className="quant-row-head">
        <div className="quant-row-name">
          <h3>
            <button type="button" className="card-open" data-testid="quant-order-pool" onClick={() => void navigate(paths.quantify.detail(o.poolId))}>
              {t(`quantify.order.kinds.${o.kind}`)} · {nameOf(o.rule)}
            </button>
          </h3>
          <p>{t('quantify.order.placed', { time: formatDateTime(o.createTimeTimestamp) })}</p>
          {o.doneTimestamp !== null && <p>{t('quantify.order.settled', { time: formatDateTime(o.doneTimestamp) })}</p>}
        </div>
        <span className="quant-row-status">
          <OrderStatusBadge status={o.status} testId="quant-order-status" />
        </span>
      </div>
      <dl className="figures quant-figures three">
        <Figure label={t(o.kind === 'redeem' ? 'quantify.order.paid' : 'quantify.order.amount')} testId="quant-order-amount">
          {o.amount !== null ? money(o.amount) : '—'}
        </Figure>
        <Figure label={t('quantify.order.units')} testId="quant-order-units">
          {units}
        </Figure>
        <Figure label={t('quantify.order.nav')} testId="quant-order-nav">
          {formatNav(o.nav)}
        </Figure>
        <Figure label={t('quantify.order.navDay')} testId="quant-order-day" wide>
          {formatDay(o.navDay)}
        </Figure>
      </dl>
      {o.status === 'pending' && (
        <div className="quant-row-actions">
          <Button size="small" shape="rounded" color="danger" fill="outline" loading={busy} data-testid="quant-order-withdraw" onClick={() => onWithdraw(o.id)}>
            {t('quantify.order.withdraw')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The caller's orders; a pending one can be withdrawn, once confirmed, under its own idempotency key. */
export function OrderRows({ rows }: { rows: readonly PoolOrder[] }) {
  const { t } = useTranslation();
  const { busy, onCancel } = useConfirmedCancel({
    question: <p data-testid="quant-withdraw-question">{t('quantify.order.withdrawQuestion')}</p>,
    confirmText: <span data-testid="quant-withdraw-confirm">{t('quantify.order.withdrawYes')}</span>,
    done: t('quantify.order.withdrawn'),
    cancel: cancelOrder,
  });
  return (
    <ul className="quant-rows" data-testid="quant-orders">
      {rows.map((o) => (
        <OrderRow key={o.id} o={o} busy={busy === o.id} onWithdraw={(id) => void onCancel(id)} />
      ))}
    </ul>
  );
}

/** One day of the caller's profit in one pool: the units held through it × the day's change of NAV. */
export function ProfitRows({ rows, showRule = true }: { rows: readonly PoolProfit[]; showRule?: boolean }) {
  const { t } = useTranslation();
  const nameOf = useRuleName();
  return (
    <ul className="quant-rows" data-testid="quant-profits">
      {rows.map((p) => (
        <li key={`${p.poolId}-${p.day}`} className="quant-row" data-testid="quant-profit" data-pool={p.poolId} data-day={p.day} data-backtested={p.backtested}>
          <div className="quant-row-head">
            <div className="quant-row-name">
              <h3>
                <time dateTime={dayIso(p.day)} data-testid="quant-profit-day">
                  {formatDay(p.day)}
                </time>
                {p.backtested && (
                  <span className="record-tag quant-backtested" data-testid="quant-profit-backtested">
                    {t('quantify.backtested')}
                  </span>
                )}
              </h3>
              {showRule && <p>{nameOf(p.rule)}</p>}
            </div>
            <span className="quant-row-amount">
              <Profit value={p.profit} currency="EUR" testId="quant-profit-amount" />
            </span>
          </div>
          <dl className="figures quant-figures">
            <Figure label={t('quantify.profit.units')} testId="quant-profit-units">
              {formatQuantity(p.units)}
            </Figure>
            <Figure label={t('quantify.profit.nav')} testId="quant-profit-nav">
              {t('quantify.profit.navChange', { previous: formatNav(p.previousNav), nav: formatNav(p.nav) })}
            </Figure>
          </dl>
        </li>
      ))}
    </ul>
  );
}
