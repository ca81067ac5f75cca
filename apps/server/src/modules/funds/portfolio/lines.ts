import { WalletCode } from '@tradeapp/contract';
import { Dec } from '../../../lib/decimal';
import type { SourceLine } from '../../portfolio';
import * as repo from '../repository';
import type { NavRow, RedemptionLotRow } from '../repository';
import { DAY_MS, grossFor, loadFor, localDayOf, utcDayOf } from '../rules';
import { book, declaredIncomes, incomeOfDay, instants, regularInterest, sum, uncreditedDays, ZERO, type FundsPortfolioContext } from './book';

const FINANCIAL = WalletCode.Financial;

/** One user's lines now: each fund's units, purchases waiting, redemptions unpaid; each deposit term's holding. */
export async function lines(ctx: FundsPortfolioContext, userId: number): Promise<SourceLine[]> {
  const { db, provider, clock } = ctx;
  const at = clock();
  const b = await book(db, userId);
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
    fundIds.length > 0 ? instants(db, provider) : null,
    // The last day read is yesterday: today's income is earned at tomorrow's start (uncreditedDays).
    declaredIncomes(db, b, [firstUncredited, yesterday]),
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
    /** What the lots would pay at a NAV: each lot's gross rounded down, less its exit load (engine/nav.ts's `price`). */
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
