import { Dec } from '../../../lib/decimal';
import type { OffLedgerValue } from '../../portfolio';
import * as repo from '../repository';
import type { RedemptionLotRow } from '../repository';
import { DAY_MS, utcDayOf } from '../rules';
import { book, declaredIncomes, incomeOfDay, instants, regularInterest, sum, ZERO, type FundsPortfolioContext } from './book';

const ms = (d: Date | null) => (d === null ? null : d.getTime());

/** When a redemption's units left their lot (priced, for a fund; paid at once, for a deposit); null while asked. */
const settledAt = (l: RedemptionLotRow) => ms(l.priced_at ?? l.done_at);

/**
 * At each instant (a UTC day's end, oldest first): the fund units allotted before it and not yet
 * priced out × the NAV struck last by then, the redemptions priced and not yet paid, and each
 * deposit's principal with the interest earned by then and not on the ledger before it (a Regular
 * term's until its payment; a Current day's income until its credit, stamped at that day's end).
 * An event at the instant itself is after it, as analytics reads the ledger (`created_at < end`).
 */
export async function offLedgerAt(ctx: FundsPortfolioContext, userId: number, ends: readonly number[]): Promise<OffLedgerValue[][]> {
  const { db, provider } = ctx;
  if (ends.length === 0) return [];
  const b = await book(db, userId);
  if (b.holdings.length === 0) return ends.map(() => []);
  const first = Math.min(...ends);
  const fundIds = [...new Set(b.holdings.filter((h) => b.products.get(h.product_id)!.kind === 'fund').map((h) => h.product_id))];
  const [instantOf, declared, credited, navRows] = await Promise.all([
    instants(db, provider),
    declaredIncomes(db, b),
    repo.userAccrualsOn(
      db,
      userId,
      ends.map((t) => utcDayOf(t) - DAY_MS),
    ),
    Promise.all(fundIds.map((id) => repo.navs(db, id, first - 15 * DAY_MS))),
  ]);
  // Each fund's NAVs with the moment each was struck, oldest first.
  const navs = new Map(fundIds.map((id, k) => [id, navRows[k]!.map((n) => ({ ...n, at: instantOf(b.products.get(id)!, n.day) }))]));
  const orders = new Map<number, RedemptionLotRow>();
  for (const l of b.lots) orders.set(l.order_id, l);

  return ends.map((t) => {
    let fund = ZERO;
    let deposit = ZERO;
    for (const id of fundIds) {
      let units = ZERO;
      for (const h of b.holdings.filter((x) => x.product_id === id)) {
        if (h.units === null || h.allotted_at === null || h.allotted_at.getTime() >= t) continue;
        const out = sum(
          b
            .lotsOf(h)
            .filter((l) => (settledAt(l) ?? Infinity) < t)
            .map((l) => new Dec(l.units)),
        );
        units = units.add(new Dec(h.units).sub(out));
      }
      if (units.lte(0)) continue;
      const nav = navs
        .get(id)!
        .filter((n) => n.at <= t)
        .at(-1);
      if (nav) fund = fund.add(units.mul(nav.nav));
    }
    // Priced and not yet paid by then: owed.
    for (const o of orders.values()) {
      if (b.products.get(o.product_id)!.kind !== 'fund' || o.priced_at === null || o.priced_at.getTime() >= t) continue;
      if (o.done_at !== null && o.done_at.getTime() < t) continue;
      fund = fund.add(o.net ?? 0);
    }
    for (const h of b.holdings) {
      const p = b.products.get(h.product_id)!;
      if (p.kind === 'fund' || h.created_at.getTime() >= t) continue;
      const lots = b.lotsOf(h);
      const principal = new Dec(h.units ?? h.amount).sub(sum(lots.filter((l) => l.done_at !== null && l.done_at.getTime() < t).map((l) => new Dec(l.units))));
      if (p.kind === 'regular') {
        if (principal.gt(0)) deposit = deposit.add(principal).add(regularInterest(h, principal, t));
        continue;
      }
      deposit = deposit.add(Dec.max(principal, ZERO));
      // Each ended day's income not on the ledger before `t`: not credited yet, or credited at `t` itself.
      const days = declared.get(p.id) ?? new Map<number, string>();
      for (let d = utcDayOf(t) - DAY_MS; d >= utcDayOf(h.created_at.getTime()); d -= DAY_MS) {
        if (p.accrued_through !== null && d <= p.accrued_through) {
          if (d + DAY_MS === t) deposit = deposit.add(credited.find((c) => c.holding_id === h.id && c.day === d)?.income ?? 0);
          break;
        }
        deposit = deposit.add(incomeOfDay(h, lots, days, d));
      }
    }
    const values: OffLedgerValue[] = [];
    if (!fund.isZero()) values.push({ product: 'fund', side: 'asset', currency: 'EUR', value: fund });
    if (!deposit.isZero()) values.push({ product: 'depositTerm', side: 'asset', currency: 'EUR', value: deposit });
    return values;
  });
}
