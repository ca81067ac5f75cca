import type { FundHoldingStatus, FundOrderStatus, FundProductKind } from '@tradeapp/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fundsEn } from '../../i18n/funds/en';
import { formatInCurrency } from '../../lib/format';
import { StatusBadge } from '../../ui/records';

// Pieces shared by the fund screens: a product's name in the UI language, a figure, the simulated
// market's note, the statuses of a holding and of an order in their colours, and a clock that ticks
// for the cut-off countdowns.

export const money = (v: string | null | undefined) => formatInCurrency(v, 'EUR');

/** A product's name: the UI language's for the products the app opens with (by code), else the server's. */
export function useProductName(): (p: { code: string; name: string }) => string {
  const { t } = useTranslation();
  return (p) => (isNamed(p.code) ? t(`funds.names.${p.code}`) : p.name);
}

type NamedCode = keyof (typeof fundsEn)['funds']['names'];
const isNamed = (code: string): code is NamedCode => Object.hasOwn(fundsEn.funds.names, code);

/** A label over its figure, in a grid of figures (a <dl>). */
export function Figure({ label, children, testId, wide }: { label: ReactNode; children: ReactNode; testId?: string; wide?: boolean }) {
  return (
    <div className={wide ? 'figure fund-figure wide' : 'figure fund-figure'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** The kind of a product, said beside its name. */
export function KindTag({ kind }: { kind: FundProductKind }) {
  const { t } = useTranslation();
  return <span className="record-tag strong fund-kind">{t(`funds.kinds.${kind}`)}</span>;
}

/** NAVs come from the simulated market's closes; deposit incomes are declared in advance. Nothing is promised. */
export function MarketNote({ kind, testId = 'fund-simulated-note' }: { kind: FundProductKind; testId?: string }) {
  const { t } = useTranslation();
  return (
    <p className="fund-simulated" data-testid={testId}>
      {kind === 'fund' && <span className="record-tag">{t('funds.simulated')}</span>} {t(`funds.notes.${kind}`)}
    </p>
  );
}

const HOLDING_TONE: Record<FundHoldingStatus, string> = { pending: 'progress', bought: 'done', redeeming: 'progress', redeemed: 'muted' };

export function HoldingStatusBadge({ status, testId }: { status: FundHoldingStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={HOLDING_TONE[status]} testId={testId}>
      {t(`funds.holdingStatus.${status}`)}
    </StatusBadge>
  );
}

const ORDER_TONE: Record<FundOrderStatus, string> = { inProgress: 'progress', completed: 'done' };

export function OrderStatusBadge({ status, testId }: { status: FundOrderStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={ORDER_TONE[status]} testId={testId}>
      {t(`funds.orderStatus.${status}`)}
    </StatusBadge>
  );
}

/** This device's time, ticking every second while `running`: the cut-off countdowns move with it. */
export function useNow(running = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
