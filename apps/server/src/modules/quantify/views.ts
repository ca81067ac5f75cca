import { POOL_RANKING_DAYS, POOL_UNIT_DECIMALS, type Pool, type PoolOrder } from '@tradeapp/contract';
import { Dec, fixed } from '../../lib/decimal';
import { DAY_MS } from './engine';
import { POOL_STRATEGIES } from './pools';
import type { PoolDayRow, PoolOrderRow, PoolRow } from './repository';

// The pools' and orders' shapes on the wire, from their rows: shared by the investor's calls and the back office's.

const percent = (ratio: Dec) => fixed(ratio.sub(1).mul(100), 2);
/** Units and NAVs on the wire: always their six decimals. */
export const six = (x: Dec | string) => fixed(x, POOL_UNIT_DECIMALS);

/** The figures of a pool's days: returns (percent, after fees) since the start, since live, over the ranking window; its benchmark's; its deepest fall. */
export function figuresOf(p: Pick<PoolRow, 'live_from'>, days: readonly PoolDayRow[]) {
  const last = days[days.length - 1];
  if (!last) {
    return {
      nav: null,
      navDay: null,
      totalReturn: null,
      liveReturn: null,
      rankingReturn: null,
      benchmarkReturn: null,
      benchmarkRankingReturn: null,
      maxDrawdown: null,
    };
  }
  const nav = new Dec(last.nav);
  const dayAt = (t: number) => days.find((d) => d.day.getTime() === t);
  const windowStart = dayAt(last.day.getTime() - POOL_RANKING_DAYS * DAY_MS);
  // The last day valued before it went live is where its live record starts.
  const beforeLive = [...days].reverse().find((d) => d.day.getTime() + DAY_MS <= p.live_from.getTime());
  let peak = new Dec(1);
  let drawdown = new Dec(0);
  for (const d of days) {
    const v = new Dec(d.nav);
    if (v.gt(peak)) peak = v;
    const fall = new Dec(1).sub(v.div(peak));
    if (fall.gt(drawdown)) drawdown = fall;
  }
  return {
    nav: six(nav),
    navDay: last.day.getTime(),
    // The NAV is 1 at the start.
    totalReturn: percent(nav),
    liveReturn: beforeLive && beforeLive !== last ? percent(nav.div(beforeLive.nav)) : null,
    rankingReturn: windowStart ? percent(nav.div(windowStart.nav)) : null,
    benchmarkReturn: percent(new Dec(last.benchmark)),
    benchmarkRankingReturn: windowStart ? percent(new Dec(last.benchmark).div(windowStart.benchmark)) : null,
    maxDrawdown: fixed(drawdown.mul(100), 2),
  };
}

/** An investor's daily profit in one pool: per day, the units held through it (priced before it) × the change of NAV. */
export function profitsOf(orders: readonly PoolOrderRow[], days: readonly PoolDayRow[]) {
  const rows: Array<{ day: number; units: Dec; nav: Dec; previousNav: Dec; profit: Dec }> = [];
  let units = new Dec(0);
  let k = 0;
  for (let n = 1; n < days.length; n += 1) {
    const day = days[n]!.day.getTime();
    // Orders priced at an earlier day's NAV are held through this one.
    while (k < orders.length && orders[k]!.nav_day.getTime() < day) {
      const o = orders[k]!;
      units = o.kind === 'subscribe' ? units.add(o.units!) : units.sub(o.units!);
      k += 1;
    }
    if (units.isZero()) continue;
    const nav = new Dec(days[n]!.nav);
    const previousNav = new Dec(days[n - 1]!.nav);
    rows.push({ day, units, nav, previousNav, profit: units.mul(nav.sub(previousNav)) });
  }
  return rows;
}

export function poolOf(p: PoolRow, days: readonly PoolDayRow[], mine?: { units: string; pending: string }): Pool {
  const f = figuresOf(p, days);
  const units = new Dec(mine?.units ?? 0);
  return {
    id: p.id,
    rule: p.rule,
    symbols: [...POOL_STRATEGIES[p.rule].symbols],
    private: p.private,
    paused: p.paused_at !== null,
    feePercent: fixed(p.fee_percent, 2),
    minAmount: fixed(p.min_amount, 2),
    ...f,
    startTimestamp: p.start_at.getTime(),
    liveTimestamp: p.live_from.getTime(),
    units: six(units),
    value: f.nav ? fixed(units.mul(f.nav), 2) : '0.00',
    pending: fixed(mine?.pending ?? 0, 2),
  };
}

export const orderOf = (o: PoolOrderRow, p: Pick<PoolRow, 'rule'>): PoolOrder => ({
  id: o.id,
  poolId: o.pool_id,
  rule: p.rule,
  kind: o.kind,
  status: o.status,
  amount: o.amount === null ? null : fixed(o.amount, 2),
  units: o.units === null ? null : six(o.units),
  nav: o.nav === null ? null : six(o.nav),
  navDay: o.nav_day.getTime(),
  createTimeTimestamp: o.created_at.getTime(),
  doneTimestamp: o.done_at?.getTime() ?? null,
});
