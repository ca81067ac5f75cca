import { Dec } from '../../../lib/decimal';
import type { CalendarId } from '../../../market/types';
import type { PortfolioDeps } from '../../portfolio';
import * as repo from '../repository';
import type { HoldingHistoryRow, IncomeRow, ProductRow, RedemptionLotRow } from '../repository';
import { currentIncome, DAY_MS, navInstant, simpleInterest, utcDayOf } from '../rules';

// What the funds' portfolio lines and their values at past instants both read: one user's book, and
// the incomes and interest it has earned.

/** The source's reads, made once per source: its database, the market, the funds' clock. */
export type FundsPortfolioContext = { db: PortfolioDeps['db']; provider: PortfolioDeps['provider']; clock: () => number };

export const ZERO = new Dec(0);
export const sum = (xs: readonly Dec[]) => xs.reduce((a, b) => a.add(b), ZERO);

/**
 * Whole UTC days of a Regular term's interest earned by `at`: from the day after its purchase's UTC
 * day, at most its term. The same count as an early redemption's forfeit and, at the term's end, the
 * interest fixed at purchase (orders.ts).
 */
function earnedDays(h: HoldingHistoryRow, at: number): { days: number; term: number } {
  const start = utcDayOf(h.created_at.getTime()) + DAY_MS;
  const term = Math.round((h.end_day! - start) / DAY_MS);
  return { days: Math.min(term, Math.max(0, Math.floor((utcDayOf(at) - start) / DAY_MS))), term };
}

/** A Regular term's interest earned by `at` on what is left of it: simple, at its rate fixed at purchase, rounded down to the cent. */
export function regularInterest(h: HoldingHistoryRow, principal: Dec, at: number): Dec {
  const { days, term } = earnedDays(h, at);
  if (days === term && h.interest !== null && principal.eq(h.amount)) return new Dec(h.interest);
  return simpleInterest(principal, h.rate_percent!, days);
}

/** One user's holdings and redemption lots, with their products. */
export async function book(db: FundsPortfolioContext['db'], userId: number) {
  const [holdings, lots] = await Promise.all([repo.userHoldingHistory(db, userId), repo.userRedemptionLots(db, userId)]);
  const products = holdings.length === 0 ? [] : await repo.productsByIds(db, [...new Set(holdings.map((h) => h.product_id))]);
  const lotsOf = new Map<number, RedemptionLotRow[]>();
  for (const l of lots) lotsOf.set(l.holding_id, [...(lotsOf.get(l.holding_id) ?? []), l]);
  return { products: new Map(products.map((p) => [p.id, p])), holdings, lots, lotsOf: (h: HoldingHistoryRow) => lotsOf.get(h.id) ?? [] };
}
export type Book = Awaited<ReturnType<typeof book>>;

/** The moment a fund's NAV of `day` is struck: its markets' last close that day (engine/prices.ts's `instantOf`). */
export async function instants(db: FundsPortfolioContext['db'], provider: FundsPortfolioContext['provider']) {
  const weights = await repo.weights(db);
  return (p: ProductRow, day: number) =>
    navInstant(
      p.calendar!,
      weights
        .filter((w) => w.product_id === p.id)
        .map((w) => provider.instrument(w.symbol)?.calendar)
        .filter((c): c is CalendarId => c !== undefined),
      day,
    );
}

/** The Current term's days whose income is not credited yet: from its first uncredited day to the last one ended by `at`. */
export function uncreditedDays(p: ProductRow, at: number): number[] {
  const first = p.accrued_through === null ? utcDayOf(p.created_at.getTime()) : p.accrued_through + DAY_MS;
  const days: number[] = [];
  for (let d = first; d + DAY_MS <= at; d += DAY_MS) days.push(d);
  return days;
}

/**
 * A Current holding's income of UTC day `day` as the job credits it: held since before the day
 * began, on the units held through all of it (those redeemed after it ended still count).
 */
export function incomeOfDay(h: HoldingHistoryRow, lots: readonly RedemptionLotRow[], declared: ReadonlyMap<number, string>, day: number): Dec {
  const per10k = declared.get(day);
  if (per10k === undefined || !new Dec(per10k).gt(0) || h.created_at.getTime() > day) return ZERO;
  const units = new Dec(h.units ?? 0).sub(sum(lots.filter((l) => l.done_at !== null && l.done_at.getTime() < day + DAY_MS).map((l) => new Dec(l.units))));
  return units.gt(0) ? Dec.max(currentIncome(units, per10k), ZERO) : ZERO;
}

/**
 * The held Current terms' declared incomes, per product and day: every day's, or those of the days
 * `between` (inclusive). Incomes are declared ahead; a valuation reads only the days that have ended.
 */
export async function declaredIncomes(db: FundsPortfolioContext['db'], b: Book, between?: [number, number]): Promise<Map<number, Map<number, string>>> {
  const ids = [...new Set(b.holdings.filter((h) => b.products.get(h.product_id)?.kind === 'current').map((h) => h.product_id))];
  if (ids.length === 0) return new Map();
  const rows = between === undefined ? (await Promise.all(ids.map((id) => repo.incomes(db, id)))).flat() : await repo.incomesBetween(db, ids, ...between);
  const out = new Map<number, Map<number, string>>(ids.map((id) => [id, new Map()]));
  for (const i of rows as IncomeRow[]) out.get(i.product_id)!.set(i.day, i.income_per10k);
  return out;
}
