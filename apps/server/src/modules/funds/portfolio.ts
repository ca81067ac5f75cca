import { WalletCode } from '@tradeapp/contract';
import { Dec } from '../../lib/decimal';
import type { CalendarId } from '../../market/types';
import type { OffLedgerValue, PortfolioDeps, PortfolioSource, SourceLine } from '../portfolio';
import * as repo from './repository';
import type { HoldingHistoryRow, IncomeRow, NavRow, ProductRow, RedemptionLotRow } from './repository';
import { currentIncome, DAY_MS, grossFor, loadFor, localDayOf, navInstant, simpleInterest, utcDayOf } from './rules';

// The funds' and deposit terms' lines of the portfolio (issue 32). Everything here is in euros on
// the FINANCIAL wallet's side of the house: a purchase's money leaves the investor's ledger when a
// deposit is bought or a fund's NAV allots units (service.ts, engine.ts), and comes back when a
// redemption is paid. So:
//  - a fund's allotted units, per fund: units × the latest struck NAV, cost what was paid for them;
//  - a fund purchase waiting for its NAV: its money, still on the wallet's held side (`fund.hold`),
//    claimed as `held` so it counts once;
//  - a fund redemption asked or priced and not yet paid: the payout owed, off the ledger until its payday;
//  - a deposit term, per holding: its principal with the interest earned and not yet paid (a
//    Regular term's pro rata at its fixed rate, a Current term's ended days not yet credited).
// Time is the funds' clock (the jobs' and the orders'), the one every figure here was made on.

const ZERO = new Dec(0);
const FINANCIAL = WalletCode.Financial;
const sum = (xs: readonly Dec[]) => xs.reduce((a, b) => a.add(b), ZERO);
const ms = (d: Date | null) => (d === null ? null : d.getTime());

/** When a redemption's units left their lot (priced, for a fund; paid at once, for a deposit); null while asked. */
const settledAt = (l: RedemptionLotRow) => ms(l.priced_at ?? l.done_at);

/**
 * Whole UTC days of a Regular term's interest earned by `at`: from the day after its purchase's UTC
 * day, at most its term. The same count as an early redemption's forfeit and, at the term's end, the
 * interest fixed at purchase (service.ts).
 */
function earnedDays(h: HoldingHistoryRow, at: number): { days: number; term: number } {
  const start = utcDayOf(h.created_at.getTime()) + DAY_MS;
  const term = Math.round((h.end_day! - start) / DAY_MS);
  return { days: Math.min(term, Math.max(0, Math.floor((utcDayOf(at) - start) / DAY_MS))), term };
}

/** A Regular term's interest earned by `at` on what is left of it: simple, at its rate fixed at purchase, rounded down to the cent. */
function regularInterest(h: HoldingHistoryRow, principal: Dec, at: number): Dec {
  const { days, term } = earnedDays(h, at);
  if (days === term && h.interest !== null && principal.eq(h.amount)) return new Dec(h.interest);
  return simpleInterest(principal, h.rate_percent!, days);
}

export function createFundsPortfolioSource(deps: PortfolioDeps): PortfolioSource {
  const { db, provider } = deps;
  const clock = deps.clocks.funds;

  /** One user's holdings and redemption lots, with their products. */
  async function book(userId: number) {
    const [holdings, lots] = await Promise.all([repo.userHoldingHistory(db, userId), repo.userRedemptionLots(db, userId)]);
    const products = holdings.length === 0 ? [] : await repo.productsByIds(db, [...new Set(holdings.map((h) => h.product_id))]);
    const lotsOf = new Map<number, RedemptionLotRow[]>();
    for (const l of lots) lotsOf.set(l.holding_id, [...(lotsOf.get(l.holding_id) ?? []), l]);
    return { products: new Map(products.map((p) => [p.id, p])), holdings, lots, lotsOf: (h: HoldingHistoryRow) => lotsOf.get(h.id) ?? [] };
  }
  type Book = Awaited<ReturnType<typeof book>>;

  /** The moment a fund's NAV of `day` is struck: its markets' last close that day (engine.ts's `instantOf`). */
  async function instants() {
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
  function uncreditedDays(p: ProductRow, at: number): number[] {
    const first = p.accrued_through === null ? utcDayOf(p.created_at.getTime()) : p.accrued_through + DAY_MS;
    const days: number[] = [];
    for (let d = first; d + DAY_MS <= at; d += DAY_MS) days.push(d);
    return days;
  }

  /**
   * A Current holding's income of UTC day `day` as the job credits it: held since before the day
   * began, on the units held through all of it (those redeemed after it ended still count).
   */
  function incomeOfDay(h: HoldingHistoryRow, lots: readonly RedemptionLotRow[], declared: ReadonlyMap<number, string>, day: number): Dec {
    const per10k = declared.get(day);
    if (per10k === undefined || !new Dec(per10k).gt(0) || h.created_at.getTime() > day) return ZERO;
    const units = new Dec(h.units ?? 0).sub(sum(lots.filter((l) => l.done_at !== null && l.done_at.getTime() < day + DAY_MS).map((l) => new Dec(l.units))));
    return units.gt(0) ? Dec.max(currentIncome(units, per10k), ZERO) : ZERO;
  }

  /**
   * The held Current terms' declared incomes, per product and day: every day's, or those of the days
   * `between` (inclusive). Incomes are declared ahead; a valuation reads only the days that have ended.
   */
  async function declaredIncomes(b: Book, between?: [number, number]): Promise<Map<number, Map<number, string>>> {
    const ids = [...new Set(b.holdings.filter((h) => b.products.get(h.product_id)?.kind === 'current').map((h) => h.product_id))];
    if (ids.length === 0) return new Map();
    const rows = between === undefined ? (await Promise.all(ids.map((id) => repo.incomes(db, id)))).flat() : await repo.incomesBetween(db, ids, ...between);
    const out = new Map<number, Map<number, string>>(ids.map((id) => [id, new Map()]));
    for (const i of rows as IncomeRow[]) out.get(i.product_id)!.set(i.day, i.income_per10k);
    return out;
  }

  async function lines(userId: number): Promise<SourceLine[]> {
    const at = clock();
    const b = await book(userId);
    if (b.holdings.length === 0) return [];
    const yesterday = utcDayOf(at) - DAY_MS;
    const fundIds = [...new Set(b.holdings.map((h) => h.product_id))].filter((id) => b.products.get(id)!.kind === 'fund');
    // The Current terms' incomes still to read: from the first day not credited (or yesterday's, for today's change).
    const firstUncredited = Math.min(
      yesterday,
      ...[...b.products.values()].filter((p) => p.kind === 'current').map((p) => uncreditedDays(p, at)[0] ?? yesterday),
    );
    const [latest, instantOf, declared, credited] = await Promise.all([
      fundIds.length > 0 ? repo.latestNavsOf(db, fundIds) : [],
      fundIds.length > 0 ? instants() : null,
      // The last day read is yesterday: today's income is earned at tomorrow's start (uncreditedDays).
      declaredIncomes(b, [firstUncredited, yesterday]),
      repo.userAccrualsOn(db, userId, [yesterday]),
    ]);
    const navsOf = (productId: number) => latest.filter((n) => n.product_id === productId);
    const out: SourceLine[] = [];

    // Funds: one line per fund of its allotted units not asked back, at the latest NAV.
    for (const p of fundIds.map((id) => b.products.get(id)!)) {
      const [nav, previous] = navsOf(p.id) as [NavRow | undefined, NavRow | undefined];
      const mine = b.holdings.filter((h) => h.product_id === p.id);
      const today = nav !== undefined && previous !== undefined && nav.day === localDayOf(p.calendar!, at);
      let units = ZERO;
      let cost = ZERO;
      let heldThrough = ZERO;
      for (const h of mine) {
        if (h.units === null || new Dec(h.units).isZero()) continue;
        const asked = sum(
          b
            .lotsOf(h)
            .filter((l) => l.status === 'pending')
            .map((l) => new Dec(l.units)),
        );
        const left = new Dec(h.remaining).sub(asked);
        if (left.lte(0)) continue;
        units = units.add(left);
        cost = cost.add(new Dec(h.amount).mul(left).div(h.units));
        if (today && h.nav_day! < nav.day) heldThrough = heldThrough.add(left);
      }
      if (units.gt(0) && nav) {
        const value = units.mul(nav.nav);
        out.push({
          id: p.code,
          product: 'fund',
          instrument: p.code,
          name: p.name,
          wallet: FINANCIAL,
          quantity: units,
          price: new Dec(nav.nav),
          priceCurrency: 'EUR',
          priceSource: 'nav',
          priceTimestamp: instantOf!(p, nav.day),
          currency: 'EUR',
          value,
          cost,
          // No fee is charged on a purchase; the expense ratio is in the NAV, an exit load only on a redemption.
          pnl: value.sub(cost),
          pnlGross: value.sub(cost),
          fees: ZERO,
          // Units allotted at the latest NAV were bought at it: only those held through it moved today.
          dayChange: today ? heldThrough.mul(new Dec(nav.nav).sub(previous.nav)) : ZERO,
        });
      }

      // Purchases waiting for their NAV: the money the `fund.hold` holds on the wallet's held side.
      for (const h of mine.filter((x) => x.units === null)) {
        const amount = new Dec(h.amount);
        out.push({
          id: `purchase-${h.id}`,
          product: 'fund',
          instrument: p.code,
          name: p.name,
          wallet: FINANCIAL,
          priceSource: 'cost',
          priceTimestamp: h.created_at.getTime(),
          currency: 'EUR',
          value: amount,
          cost: amount,
          pnl: ZERO,
          held: { wallet: FINANCIAL, amount },
        });
      }

      // Redemptions not yet paid: priced, the net payout owed; asked, the payout at the latest NAV less its exit load.
      const byOrder = new Map<number, RedemptionLotRow[]>();
      for (const l of b.lots) if (l.product_id === p.id && l.status !== 'done') byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), l]);
      const lotCost = (l: RedemptionLotRow) => {
        const h = b.holdings.find((x) => x.id === l.holding_id)!;
        return new Dec(h.amount).mul(l.units).div(h.units!);
      };
      /** What the lots would pay at a NAV: each lot's gross rounded down, less its exit load (engine.ts's pricing). */
      const payoutAt = (ls: readonly RedemptionLotRow[], n: string) => ({
        gross: sum(ls.map((l) => grossFor(l.units, n))),
        load: sum(ls.map((l) => loadFor(l.loaded, n, p.exit_load_percent))),
      });
      const olderThan = (ls: readonly RedemptionLotRow[], day: number) => ls.filter((l) => b.holdings.find((x) => x.id === l.holding_id)!.nav_day! < day);
      for (const [orderId, ls] of byOrder) {
        const o = ls[0]!;
        const cost = sum(ls.map(lotCost));
        const priced = o.status === 'priced';
        if (!priced && !nav) continue;
        const gross = priced ? new Dec(o.amount!) : payoutAt(ls, nav!.nav).gross;
        const load = priced ? new Dec(o.order_exit_load) : payoutAt(ls, nav!.nav).load;
        const value = gross.sub(load);
        let dayChange = ZERO;
        // Priced (or valued) at today's NAV: its change on the lots' value at the NAV before.
        if (today && (priced ? o.nav_day === nav.day : true)) {
          const moved = olderThan(ls, nav.day);
          const before = payoutAt(moved, previous.nav);
          const after = payoutAt(moved, nav.nav);
          dayChange = after.gross.sub(after.load).sub(before.gross.sub(before.load));
        }
        const priceDay = priced ? o.nav_day! : nav!.day;
        out.push({
          id: `redemption-${orderId}`,
          product: 'fund',
          instrument: p.code,
          name: p.name,
          wallet: FINANCIAL,
          quantity: new Dec(o.order_units),
          price: new Dec(priced ? o.nav! : nav!.nav),
          priceCurrency: 'EUR',
          priceSource: 'nav',
          priceTimestamp: instantOf!(p, priceDay),
          currency: 'EUR',
          value,
          cost,
          pnl: value.sub(cost),
          pnlGross: gross.sub(cost),
          fees: load,
          dayChange,
        });
      }
    }

    // Deposit terms: each holding with something left, its principal and the interest earned and not yet paid.
    for (const h of b.holdings) {
      const p = b.products.get(h.product_id)!;
      if (p.kind === 'fund') continue;
      const principal = new Dec(h.remaining);
      if (principal.lte(0)) continue;
      let interest: Dec;
      let dayChange: Dec;
      let through: number;
      if (p.kind === 'regular') {
        interest = regularInterest(h, principal, at);
        // The interest of the day that ended at today's start.
        dayChange = interest.sub(regularInterest(h, principal, at - DAY_MS));
        through = Math.min(utcDayOf(at), h.end_day!);
      } else {
        // Income of ended days is credited to the wallet by the next morning's job: until then it is here.
        const days = declared.get(p.id) ?? new Map<number, string>();
        const lots = b.lotsOf(h);
        interest = sum(uncreditedDays(p, at).map((d) => incomeOfDay(h, lots, days, d)));
        const paid = credited.find((c) => c.holding_id === h.id && c.day === yesterday);
        const pending = p.accrued_through === null || p.accrued_through < yesterday;
        // Yesterday's income, earned at today's start: on the wallet once credited, here until then.
        dayChange = paid ? new Dec(paid.income) : pending ? incomeOfDay(h, lots, days, yesterday) : ZERO;
        through = utcDayOf(at);
      }
      out.push({
        id: String(h.id),
        product: 'depositTerm',
        instrument: p.code,
        name: p.name,
        wallet: FINANCIAL,
        quantity: null,
        priceSource: 'accrual',
        priceTimestamp: through,
        currency: 'EUR',
        value: principal.add(interest),
        cost: principal,
        pnl: interest,
        pnlGross: interest,
        fees: ZERO,
        dayChange,
      });
    }
    return out;
  }

  /**
   * At each instant (a UTC day's end, oldest first): the fund units allotted before it and not yet
   * priced out × the NAV struck last by then, the redemptions priced and not yet paid, and each
   * deposit's principal with the interest earned by then and not on the ledger before it (a Regular
   * term's until its payment; a Current day's income until its credit, stamped at that day's end).
   * An event at the instant itself is after it, as analytics reads the ledger (`created_at < end`).
   */
  async function offLedgerAt(userId: number, ends: readonly number[]): Promise<OffLedgerValue[][]> {
    if (ends.length === 0) return [];
    const b = await book(userId);
    if (b.holdings.length === 0) return ends.map(() => []);
    const first = Math.min(...ends);
    const fundIds = [...new Set(b.holdings.filter((h) => b.products.get(h.product_id)!.kind === 'fund').map((h) => h.product_id))];
    const [instantOf, declared, credited, navRows] = await Promise.all([
      instants(),
      declaredIncomes(b),
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

  return {
    module: 'funds',
    products: ['fund', 'depositTerm'],
    // Broader than its lines (a holding redeemed and paid): every holding the investor ever had.
    holds: 'exists (select 1 from fund_holdings where user_id = $1)',
    lines: (userId) => lines(userId),
    offLedgerAt,
  };
}
