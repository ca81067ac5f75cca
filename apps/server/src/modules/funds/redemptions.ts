import type { FundRedeemPreview } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { Dec, fixed } from '../../lib/decimal';
import * as repo from './repository';
import type { HoldingRow, ProductRow } from './repository';
import { DAY_MS, earlyRedemption, grossFor, loadFor, lockedUntil, maturityPayDay, payDayOf, takeLots, utcDayOf, type LotTake } from './rules';
import { iso, timingOf, ZERO, type FundServiceOptions } from './context';

/** What a redemption would take and pay: the plans an order acts on and the preview shows. */
export function createRedemptionPlans(ctx: FundServiceOptions) {
  const { now } = ctx;

  /** The fund lots a redemption could take now: allotted, with units neither redeemed nor asked back. */
  async function openLots(sql: Sql, holdings: readonly HoldingRow[]) {
    const bought = holdings.filter((h) => h.units !== null && new Dec(h.remaining).gt(0));
    const reserved = await repo.reservedUnits(
      sql,
      bought.map((h) => h.id),
    );
    return bought.map((h) => ({
      id: h.id,
      units: h.units!,
      available: new Dec(h.remaining).sub(reserved.get(h.id) ?? 0),
      freeUsed: h.free_used,
      navDay: h.nav_day!,
    }));
  }

  /** Which lots a fund redemption of `units` (or all) takes now; the refusal when it cannot. */
  async function planFundRedemption(sql: Sql, p: ProductRow, userId: number, units: string | undefined, at: number) {
    const lots = await openLots(sql, await repo.lockHoldings(sql, userId, p.id));
    const navDay = timingOf(p, at).orderNavDay;
    const terms = { exitLoadDays: p.exit_load_days, freeUnitsPercent: p.free_units_percent, lockInDays: p.lock_in_days };
    const probe = takeLots(lots, 0, navDay, terms, at);
    const wanted = units === undefined || units === 'all' ? probe.redeemable : new Dec(units);
    const plan = takeLots(lots, wanted, navDay, terms, at);
    if (plan.takes.length === 0) {
      if (plan.nextUnlock !== null)
        throw new AppError('e.fundLockedIn', { units: 'e.fundLockedIn' }, { units: plan.redeemable.toFixed(3), until: iso(plan.nextUnlock) });
      throw new AppError('e.fundUnits', { units: 'e.fundUnits' }, { units: plan.redeemable.toFixed(3) });
    }
    return { ...plan, units: wanted, navDay, payDay: payDayOf(p.calendar!, navDay), lots };
  }

  /** Which Current holdings a redemption of `units` euros (or all) takes, first in first out, or of the one named. */
  async function planCurrentRedemption(sql: Sql, p: ProductRow, userId: number, input: { units?: string; holdingId?: number }) {
    const all = await repo.lockHoldings(sql, userId, p.id);
    if (input.holdingId && !all.some((h) => h.id === input.holdingId)) throw notFound();
    const mine = all.filter((h) => new Dec(h.remaining).gt(0) && (!input.holdingId || h.id === input.holdingId));
    if (input.holdingId && mine.length === 0) throw new AppError('e.fundRedeemed');
    const available = mine.reduce((s, h) => s.add(h.remaining), ZERO);
    const wanted = input.units === undefined || input.units === 'all' ? available : new Dec(input.units);
    if (wanted.decimalPlaces() > 2) throw new AppError('v.amountRule', { units: 'v.amountRule' });
    if (wanted.lte(0) || wanted.gt(available)) throw new AppError('e.depositRemaining', { units: 'e.depositRemaining' }, { amount: fixed(available, 2) });
    let left = wanted;
    const takes: LotTake[] = [];
    for (const h of mine) {
      if (left.isZero()) break;
      const take = Dec.min(left, h.remaining);
      takes.push({ holdingId: h.id, units: take, free: take, loaded: ZERO });
      left = left.sub(take);
    }
    return { units: wanted, takes };
  }

  /** The Regular holding named, still held; what redeeming it now pays. */
  async function planRegularRedemption(sql: Sql, p: ProductRow, userId: number, input: { units?: string; holdingId?: number }, at: number) {
    if (!input.holdingId) throw new AppError('e.depositChoose', { holdingId: 'e.depositChoose' });
    const h = (await repo.lockHoldings(sql, userId, p.id)).find((x) => x.id === input.holdingId);
    if (!h) throw notFound();
    if (new Dec(h.remaining).lte(0)) throw new AppError('e.fundRedeemed');
    if (input.units !== undefined && input.units !== 'all' && !new Dec(input.units).eq(h.remaining))
      throw new AppError('e.depositWhole', { units: 'e.depositWhole' });
    const matured = h.end_day! <= at;
    // Its term is over but its payday, the next business day, has not come: the job pays it then.
    if (matured && maturityPayDay(h.end_day!) > at) throw new AppError('e.depositMaturing', undefined, { day: iso(maturityPayDay(h.end_day!)) });
    // Interest runs from the day after the purchase's UTC day.
    const elapsed = Math.floor((utcDayOf(at) - (utcDayOf(h.created_at.getTime()) + DAY_MS)) / DAY_MS);
    const early = earlyRedemption(h.remaining, h.rate_percent!, p.penalty_percent!, elapsed);
    return { h, matured, early };
  }

  async function previewIn(sql: Sql, userId: number, input: { productId: number; units?: string; holdingId?: number }): Promise<FundRedeemPreview> {
    const p = await repo.product(sql, input.productId);
    if (!p) throw notFound();
    const at = now();
    if (p.kind === 'fund') {
      const plan = await planFundRedemption(sql, p, userId, input.units, at);
      const latest = (await repo.navOf(sql, p.id, p.nav_through!))!.nav;
      const created = new Map((await repo.lockHoldings(sql, userId, p.id)).map((h) => [h.id, h.created_at.getTime()]));
      const taken = plan.takes.map((t) => ({
        holdingId: t.holdingId,
        buyTimeStamp: created.get(t.holdingId)!,
        units: t.units.toFixed(3),
        free: t.free.toFixed(3),
        loaded: t.loaded.toFixed(3),
        exitLoad: loadFor(t.loaded, latest, p.exit_load_percent).toFixed(2),
        locked: false,
      }));
      // The lots still in their lock-in, shown so the investor sees what waits and until when.
      const locked = plan.lots
        .filter((l) => lockedUntil(l, { lockInDays: p.lock_in_days }) > at && new Dec(l.available).gt(0))
        .map((l) => ({
          holdingId: l.id,
          buyTimeStamp: created.get(l.id)!,
          units: new Dec(l.available).toFixed(3),
          free: '0.000',
          loaded: '0.000',
          exitLoad: null,
          locked: true,
        }));
      const gross = plan.takes.reduce((s, t) => s.add(grossFor(t.units, latest)), ZERO);
      const load = plan.takes.reduce((s, t) => s.add(loadFor(t.loaded, latest, p.exit_load_percent)), ZERO);
      return {
        productId: p.id,
        units: plan.units.toFixed(3),
        nav: fixed(latest, 4),
        gross: fixed(gross, 2),
        exitLoad: fixed(load, 2),
        net: fixed(gross.sub(load), 2),
        navDay: plan.navDay,
        payDay: plan.payDay,
        lots: [...taken, ...locked],
      };
    }
    if (p.kind === 'current') {
      const plan = await planCurrentRedemption(sql, p, userId, input);
      const created = new Map((await repo.lockHoldings(sql, userId, p.id)).map((h) => [h.id, h.created_at.getTime()]));
      const amount = fixed(plan.units, 2);
      return {
        productId: p.id,
        units: amount,
        nav: null,
        gross: amount,
        exitLoad: '0.00',
        net: amount,
        navDay: null,
        payDay: null,
        lots: plan.takes.map((t) => ({
          holdingId: t.holdingId,
          buyTimeStamp: created.get(t.holdingId) ?? 0,
          units: fixed(t.units, 2),
          free: fixed(t.units, 2),
          loaded: '0.00',
          exitLoad: '0.00',
          locked: false,
        })),
      };
    }
    const { h, matured, early } = await planRegularRedemption(sql, p, userId, input, at);
    const principal = fixed(h.remaining, 2);
    const gross = matured ? new Dec(h.remaining).add(h.interest ?? 0) : early.gross;
    const charge = matured ? ZERO : early.charge;
    return {
      productId: p.id,
      units: principal,
      nav: null,
      gross: fixed(gross, 2),
      exitLoad: fixed(charge, 2),
      net: fixed(gross.sub(charge), 2),
      navDay: null,
      payDay: null,
      lots: [
        {
          holdingId: h.id,
          buyTimeStamp: h.created_at.getTime(),
          units: principal,
          free: matured ? principal : '0.00',
          loaded: matured ? '0.00' : principal,
          exitLoad: fixed(charge, 2),
          locked: false,
        },
      ],
    };
  }

  return { planFundRedemption, planCurrentRedemption, planRegularRedemption, previewIn };
}

export type RedemptionPlans = ReturnType<typeof createRedemptionPlans>;
