import { sevenDayYield, yieldWindow, type FundHolding, type FundOrder, type FundProduct } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec, fixed } from '../../lib/decimal';
import { CALENDARS } from '../../market/calendars';
import * as repo from './repository';
import type { HoldingView, IncomeRow, NavRow, OrderRow, ProductRow, WeightRow } from './repository';
import { cutoffText, DAY_MS, exitLoadUntil, lockedUntil, orderTiming, utcDayOf } from './rules';
import { ZERO } from './context';

// Products, holdings and orders as the wire shows them, to investors and operators alike.

/** What the wire shows of a product's days: a fund's NAVs, a Current term's declared incomes. */
export interface Figures {
  products: ProductRow[];
  weights: WeightRow[];
  /** Per fund, its NAVs newest first (at least the latest two). */
  navs: Map<number, NavRow[]>;
  /** Per Current term, its declared incomes oldest first (at least the last 7 up to yesterday, and those from today on). */
  incomes: Map<number, IncomeRow[]>;
}

const group = <T extends { product_id: number }>(rows: readonly T[]) => {
  const map = new Map<number, T[]>();
  for (const r of rows) map.set(r.product_id, [...(map.get(r.product_id) ?? []), r]);
  return map;
};

export async function figures(sql: Sql, now: () => number): Promise<Figures> {
  const [products, weights, navs, incomes] = await Promise.all([
    repo.products(sql),
    repo.weights(sql),
    repo.latestNavs(sql),
    repo.incomesAround(sql, utcDayOf(now()) - DAY_MS),
  ]);
  return { products, weights, navs: group(navs), incomes: group(incomes) };
}

export const latestNav = (f: Figures, productId: number) => f.navs.get(productId)?.[0];

/**
 * The 7-day yield's inputs, newest first: the incomes of the 7 UTC days ending yesterday, the last
 * day already earned (today's declared income is earned only when today ends: issue 32), from the
 * product's first day a holder could earn (the day after it opened).
 */
export const yieldInputs = (p: ProductRow, incomes: readonly IncomeRow[], today: number) =>
  yieldWindow(
    incomes.map((i) => ({ day: i.day, incomePer10k: fixed(i.income_per10k, 4) })),
    today - DAY_MS,
    utcDayOf(p.created_at.getTime()) + DAY_MS,
  );

/** A product as the wire shows it; `mine`: the caller's units left and purchases waiting. */
export function productOf(p: ProductRow, f: Figures, now: () => number, mine?: { remaining: string; pending: string }): FundProduct {
  const at = now();
  const today = utcDayOf(at);
  const [nav, previous] = f.navs.get(p.id) ?? [];
  const isFund = p.kind === 'fund';
  const timing = isFund ? orderTiming({ calendar: p.calendar!, cutoffMinutes: p.cutoff_minutes!, navLag: p.nav_lag }, at) : null;
  const incomes = f.incomes.get(p.id) ?? [];
  const remaining = new Dec(mine?.remaining ?? 0);
  const todays = incomes.find((i) => i.day === today);
  return {
    id: p.id,
    kind: p.kind,
    code: p.code,
    name: p.name,
    paused: p.paused_at !== null,
    minAmount: fixed(p.min_amount, 2),
    basket: f.weights.filter((w) => w.product_id === p.id).map((w) => ({ symbol: w.symbol, weight: fixed(w.weight, 4) })),
    expensePercent: isFund ? fixed(p.expense_percent!, 2) : null,
    timeZone: isFund ? CALENDARS[p.calendar!].timeZone : null,
    cutoff: isFund ? cutoffText(p.cutoff_minutes!) : null,
    nav: nav ? fixed(nav.nav, 4) : null,
    navDay: nav?.day ?? null,
    navChange: nav && previous ? fixed(new Dec(nav.nav).div(previous.nav).sub(1).mul(100), 2) : null,
    cutoffAt: timing?.cutoffAt ?? null,
    orderNavDay: timing?.orderNavDay ?? null,
    nextNavDay: timing?.nextNavDay ?? null,
    exitLoadPercent: fixed(p.exit_load_percent, 2),
    exitLoadDays: p.exit_load_days,
    freeUnitsPercent: fixed(p.free_units_percent, 2),
    lockInDays: p.lock_in_days,
    incomePer10k: todays ? fixed(todays.income_per10k, 4) : null,
    sevenDayYield: p.kind === 'current' ? sevenDayYield(yieldInputs(p, incomes, today)) : null,
    termDays: p.term_days,
    ratePercent: p.rate_percent === null ? null : fixed(p.rate_percent, 2),
    penaltyPercent: p.penalty_percent === null ? null : fixed(p.penalty_percent, 2),
    units: isFund ? fixed(remaining, 3) : fixed(remaining, 2),
    value: fixed(isFund ? (nav ? remaining.mul(nav.nav) : ZERO) : remaining, 2),
    pending: fixed(mine?.pending ?? 0, 2),
  };
}

/**
 * A holding's value: what is left at the latest NAV (a fund) or its euros (a deposit), plus a
 * priced redemption not yet paid; a purchase waiting for its NAV is worth what was paid.
 */
function valueOf(h: HoldingView, p: ProductRow, f: Figures): Dec {
  if (h.units === null) return new Dec(h.amount);
  const nav = latestNav(f, p.id);
  const left = p.kind === 'fund' ? (nav ? new Dec(h.remaining).mul(nav.nav) : ZERO) : new Dec(h.remaining);
  return new Dec(fixed(left.add(h.owed), 2));
}

export function holdingOf(h: HoldingView, f: Figures): FundHolding {
  const p = f.products.find((x) => x.id === h.product_id)!;
  const value = valueOf(h, p, f);
  const isFund = p.kind === 'fund';
  const allotted = isFund && h.nav_day !== null ? { navDay: h.nav_day } : null;
  return {
    id: h.id,
    productId: p.id,
    kind: p.kind,
    code: p.code,
    name: p.name,
    status: h.status,
    amount: fixed(h.amount, 2),
    units: h.units === null ? null : fixed(h.units, isFund ? 3 : 2),
    remaining: fixed(h.remaining, isFund ? 3 : 2),
    nav: h.nav === null ? null : fixed(h.nav, 4),
    navDay: h.nav_day,
    value: fixed(value, 2),
    paid: fixed(h.paid, 2),
    profit: fixed(h.units === null ? ZERO : value.add(h.paid).sub(h.amount), 2),
    lockedUntil: allotted && p.lock_in_days > 0 ? lockedUntil(allotted, { lockInDays: p.lock_in_days }) : null,
    exitLoadUntil: allotted && p.exit_load_days > 0 ? exitLoadUntil(allotted, { exitLoadDays: p.exit_load_days }) : null,
    endTimestamp: h.end_day,
    ratePercent: h.rate_percent === null ? null : fixed(h.rate_percent, 2),
    interest: h.interest === null ? null : fixed(h.interest, 2),
    buyTimeStamp: h.created_at.getTime(),
    sellTimeStamp: h.sold_at?.getTime() ?? null,
  };
}

export function orderOf(o: OrderRow, p: ProductRow): FundOrder {
  const isFund = p.kind === 'fund';
  return {
    id: o.id,
    productId: p.id,
    kind: p.kind,
    code: p.code,
    name: p.name,
    side: o.side,
    status: o.status === 'done' ? 'completed' : 'inProgress',
    amount: o.amount === null ? null : fixed(o.amount, 2),
    units: o.units === null ? null : fixed(o.units, isFund ? 3 : 2),
    nav: o.nav === null ? null : fixed(o.nav, 4),
    navDay: o.nav_day,
    payDay: o.pay_day,
    exitLoad: fixed(o.exit_load, 2),
    net: o.net === null ? null : fixed(o.net, 2),
    createTimeTimestamp: o.created_at.getTime(),
    doneTimestamp: o.done_at?.getTime() ?? null,
  };
}
