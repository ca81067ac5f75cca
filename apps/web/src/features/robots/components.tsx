import { type RobotKind, type RobotMessage, type RobotParams } from '@tradeapp/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { formatInCurrency, formatQuantity, riseFallColor } from '../../lib/format';
import { StatusBadge } from '../../ui/records';
import { positionPrice } from '../trading';
import { countOf, formatParamPercent, formatRobotPercent, statusKey, statusTone, valueOf } from './calc';

// Pieces shared by the robot screens: a robot's name, its rule in words, an order's status, a
// figure, a percentage to its smallest step, the simulated note, a log line.

/** The page's positive whole `id` (or another parameter), 0 for none or anything else. */
export function useIdParam(name = 'id'): number {
  const [params] = useSearchParams();
  const raw = Number(params.get(name) ?? 0);
  return Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
}

/** "Bitcoin · Grid": a robot or a robot order by its pair and its kind. */
export function useRobotName(): (r: { stockName: string; kind: RobotKind }) => string {
  const { t } = useTranslation();
  return (r) => t('robots.name', { name: r.stockName, kind: t(`robots.kinds.${r.kind}`) });
}

/** The robot's parameters in one sentence. */
export function useStrategyText(): (params: RobotParams) => string {
  const { t } = useTranslation();
  return (p) =>
    p.kind === 'grid'
      ? t('robots.params.grid', { cells: p.cells, mode: t(`robots.gridModes.${p.mode}`), range: formatParamPercent(p.rangePercent) })
      : t('robots.params.dca', {
          first: formatParamPercent(p.firstOrderPercent),
          orders: p.safetyOrders,
          safety: formatParamPercent(p.safetyOrderPercent),
          deviation: formatParamPercent(p.deviationPercent),
          takeProfit: formatParamPercent(p.takeProfitPercent),
        });
}

/** "7 days", "1 day". */
export function useDays(): (n: number) => string {
  const { t } = useTranslation();
  return (n) => t('robots.cycleDays', { count: n, n });
}

/** "300 fills", "1 fill". */
export function useFills(): (n: number) => string {
  const { t } = useTranslation();
  return (n) => t('robots.fills', { count: n, n });
}

/** The status word in its colour (1-4 yellow, 5-6 red; redeemed grey). */
export function RobotStatusBadge({ order, testId }: { order: { status: number; redeemed: boolean }; testId?: string }) {
  const { t } = useTranslation();
  return (
    <span className="robot-status" data-status={order.status} data-redeemed={order.redeemed} data-tone={statusTone(order)}>
      <StatusBadge tone={statusTone(order)} testId={testId} status={order.status}>
        {order.redeemed ? t('robots.redeemed') : t(`robots.status.${statusKey(order.status)}`)}
      </StatusBadge>
    </span>
  );
}

/** A percentage of a robot (3 decimals) in the rise or fall colour. */
export function RobotPercent({ value, testId }: { value: string | null | undefined; testId?: string }) {
  return (
    <span className="robot-percent" style={{ color: riseFallColor(value) }} data-testid={testId} data-value={value ?? ''}>
      {formatRobotPercent(value)}
    </span>
  );
}

/** A label over its figure, in a grid of figures (a <dl>). */
export function Figure({ label, children, testId, wide }: { label: ReactNode; children: ReactNode; testId?: string; wide?: boolean }) {
  return (
    <div className={wide ? 'figure robot-figure wide' : 'figure robot-figure'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** Results are simulated on the simulated market, and nothing is promised. */
export function SimulatedNote({ testId = 'robot-simulated-note' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <p className="robot-simulated" data-testid={testId}>
      <span className="record-tag">{t('robots.simulated')}</span> {t('robots.simulatedNote')}
    </p>
  );
}

/** One line of a robot's log in words, from its kind and values; prices in the pair's `currency`. */
export function useMessageText(): (m: RobotMessage, currency: string) => string {
  const { t } = useTranslation();
  const fills = useFills();
  const days = useDays();
  return (m, currency) => {
    const price = positionPrice(valueOf(m, 'price'));
    const quantity = formatQuantity(valueOf(m, 'quantity'));
    const inPair = (name: string) => (currency ? formatInCurrency(valueOf(m, name), currency) : positionPrice(valueOf(m, name)));
    switch (m.kind) {
      case 'levels':
        return t('robots.messages.levels', {
          cells: countOf(m, 'cells'),
          lower: positionPrice(valueOf(m, 'lower')),
          upper: positionPrice(valueOf(m, 'upper')),
          price,
        });
      case 'placed':
        return t('robots.messages.placed', { count: countOf(m, 'orders'), n: countOf(m, 'orders') });
      case 'bought':
        return countOf(m, 'safety') > 0
          ? t('robots.messages.boughtSafety', { safety: countOf(m, 'safety'), quantity, price })
          : t('robots.messages.bought', { quantity, price });
      case 'sold':
        return m.values.buy !== undefined
          ? t('robots.messages.sold', { quantity, price, buy: positionPrice(valueOf(m, 'buy')), profit: inPair('profit') })
          : t('robots.messages.soldDeal', { quantity, price, profit: inPair('profit') });
      case 'noCash':
        return t('robots.messages.noCash', { quantity, price });
      case 'energyOut':
        return t('robots.messages.energyOut', { energy: fills(countOf(m, 'energy')) });
      case 'expired':
        return t('robots.messages.expired', { days: days(countOf(m, 'days')) });
      case 'redeemed':
        return t('robots.messages.redeemed', { returned: formatInCurrency(valueOf(m, 'returned'), 'EUR') });
    }
  };
}
