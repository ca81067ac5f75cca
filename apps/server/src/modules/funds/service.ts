import {
  REGULAR_TERM_DAYS,
  sevenDayYield,
  yieldWindow,
  type FundAdmin,
  type zFundDay,
  type FundDetail,
  type FundHolding,
  type FundHoldingStatus,
  type FundOrder,
  type FundProduct,
  type FundProductKind,
  type FundRedeemPreview,
  type FundStat,
  type zDepositIncomeDeclare,
  type zFundCreate,
  type zFundOrderInput,
} from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { Dec, fixed, plain } from '../../lib/decimal';
import { CALENDARS, dayToIso } from '../../market/calendars';
import type { CalendarId, MarketProvider } from '../../market/types';
import { requireVerifiedKyc } from '../kyc';
import { fundable, type FundEngine } from './engine';
import { postDepositBought, postEarlyPenalty, postPurchaseHeld, postRedemptionPaid } from './postings';
import * as repo from './repository';
import type { HoldingRow, HoldingView, IncomeRow, NavRow, OrderRow, ProductRow, WeightRow } from './repository';
import {
  cutoffMinutesOf,
  cutoffText,
  DAY_MS,
  earlyRedemption,
  exitLoadUntil,
  grossFor,
  latestNavDayAt,
  loadFor,
  lockedUntil,
  maturityPayDay,
  orderTiming,
  payDayOf,
  previousNavDay,
  simpleInterest,
  takeLots,
  utcDayOf,
  type LotTake,
} from './rules';

// Funds and deposit terms for investors and operators (decision 0022): products with their NAVs or
// declared incomes, the caller's holdings (one per purchase) and orders, and every purchase and
// redemption as journals on the FINANCIAL wallet in euros. The jobs' side is engine.ts.

type Operator = { operatorId: number; ip: string | null };
type OrderInput = z.output<typeof zFundOrderInput>;
type CreateInput = z.output<typeof zFundCreate>;
type FundDay = z.infer<typeof zFundDay>;

const iso = (day: number) => dayToIso(day / DAY_MS);
const ZERO = new Dec(0);

/** What the wire shows of a product's days: a fund's NAVs, a Current term's declared incomes. */
interface Figures {
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

export function createFundService(opts: { db: Db; engine: FundEngine; provider: MarketProvider; now: () => number }) {
  const { db, engine, provider, now } = opts;

  async function figures(sql: Sql): Promise<Figures> {
    const [products, weights, navs, incomes] = await Promise.all([
      repo.products(sql),
      repo.weights(sql),
      repo.latestNavs(sql),
      repo.incomesAround(sql, utcDayOf(now()) - DAY_MS),
    ]);
    return { products, weights, navs: group(navs), incomes: group(incomes) };
  }

  const latestNav = (f: Figures, productId: number) => f.navs.get(productId)?.[0];

  /**
   * The 7-day yield's inputs, newest first: the incomes of the 7 UTC days ending yesterday, the last
   * day already earned (today's declared income is earned only when today ends: issue 32), from the
   * product's first day a holder could earn (the day after it opened).
   */
  const yieldInputs = (p: ProductRow, incomes: readonly IncomeRow[], today: number) =>
    yieldWindow(
      incomes.map((i) => ({ day: i.day, incomePer10k: fixed(i.income_per10k, 4) })),
      today - DAY_MS,
      utcDayOf(p.created_at.getTime()) + DAY_MS,
    );

  /** A product as the wire shows it; `mine`: the caller's units left and purchases waiting. */
  function productOf(p: ProductRow, f: Figures, mine?: { remaining: string; pending: string }): FundProduct {
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

  function holdingOf(h: HoldingView, f: Figures): FundHolding {
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

  function orderOf(o: OrderRow, p: ProductRow): FundOrder {
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

  const timingOf = (p: ProductRow, at: number) => orderTiming({ calendar: p.calendar!, cutoffMinutes: p.cutoff_minutes!, navLag: p.nav_lag }, at);

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

  async function lockProduct(sql: Sql, id: number): Promise<ProductRow> {
    const p = await repo.product(sql, id, true);
    if (!p) throw notFound();
    return p;
  }

  async function buy(sql: Sql, userId: number, p: ProductRow, input: OrderInput, key: string | undefined): Promise<FundOrder> {
    if (p.paused_at) throw new AppError('e.fundPaused');
    const amount = new Dec(input.amount!);
    if (amount.lt(p.min_amount)) throw new AppError('e.fundMinAmount', { amount: 'e.fundMinAmount' }, { min: fixed(p.min_amount, 2) });
    const at = now();
    const when = { at: new Date(at), idempotencyKey: key ?? null };
    if (p.kind === 'fund') {
      const h = await repo.insertHolding(sql, { productId: p.id, userId, amount: plain(amount), units: null, at: new Date(at) });
      const o = await repo.insertOrder(sql, {
        productId: p.id,
        userId,
        side: 'buy',
        status: 'pending',
        holdingId: h.id,
        amount: plain(amount),
        navDay: timingOf(p, at).orderNavDay,
        at: new Date(at),
      });
      await postPurchaseHeld(sql, { userId, orderId: o.id, amount }, when);
      return orderOf(o, p);
    }
    // A deposit is bought at once; a Regular term's interest runs from the next UTC day for its term.
    const endDay = p.kind === 'regular' ? utcDayOf(at) + (1 + p.term_days!) * DAY_MS : null;
    const h = await repo.insertHolding(sql, {
      productId: p.id,
      userId,
      amount: plain(amount),
      units: plain(amount),
      ratePercent: p.rate_percent,
      endDay,
      interest: p.kind === 'regular' ? plain(simpleInterest(amount, p.rate_percent!, p.term_days!)) : null,
      at: new Date(at),
    });
    const o = await repo.insertOrder(sql, {
      productId: p.id,
      userId,
      side: 'buy',
      status: 'done',
      holdingId: h.id,
      amount: plain(amount),
      units: plain(amount),
      at: new Date(at),
    });
    await postDepositBought(sql, { userId, orderId: o.id, amount }, when);
    return orderOf(o, p);
  }

  async function redeem(sql: Sql, userId: number, p: ProductRow, input: OrderInput, key: string | undefined): Promise<{ order: FundOrder; push?: () => void }> {
    const at = now();
    const stamp = new Date(at);
    if (p.kind === 'fund') {
      const plan = await planFundRedemption(sql, p, userId, input.units, at);
      const o = await repo.insertOrder(sql, {
        productId: p.id,
        userId,
        side: 'redeem',
        status: 'pending',
        units: plain(plan.units),
        navDay: plan.navDay,
        payDay: plan.payDay,
        at: stamp,
      });
      for (const t of plan.takes) {
        await repo.insertOrderLot(sql, { orderId: o.id, holdingId: t.holdingId, units: plain(t.units), free: plain(t.free), loaded: plain(t.loaded) });
        if (
          t.free.gt(0) &&
          plan.navDay <
            exitLoadUntil(
              plan.lots.find((l) => l.id === t.holdingId)!,
              { exitLoadDays: p.exit_load_days },
            )
        ) {
          await repo.useFreeUnits(sql, t.holdingId, plain(t.free));
        }
      }
      return { order: orderOf(o, p) };
    }
    const when = { at: stamp, idempotencyKey: key ?? null };
    if (p.kind === 'current') {
      const plan = await planCurrentRedemption(sql, p, userId, input);
      const amount = plain(plan.units);
      const o = await repo.insertOrder(sql, {
        productId: p.id,
        userId,
        side: 'redeem',
        status: 'done',
        amount,
        units: amount,
        exitLoad: '0',
        net: amount,
        at: stamp,
      });
      for (const t of plan.takes) {
        await repo.insertOrderLot(sql, {
          orderId: o.id,
          holdingId: t.holdingId,
          units: plain(t.units),
          free: plain(t.units),
          loaded: '0',
          gross: plain(t.units),
          exitLoad: '0',
        });
        await repo.reduceHolding(sql, t.holdingId, plain(t.units));
      }
      await postRedemptionPaid(sql, { userId, orderId: o.id, amount: plan.units }, when);
      return { order: orderOf(o, p) };
    }
    const { h, matured, early } = await planRegularRedemption(sql, p, userId, input, at);
    if (matured) {
      const { order: o, push } = await engine.mature(sql, p, h, stamp);
      return { order: orderOf(o, p), push };
    }
    const o = await repo.insertOrder(sql, {
      productId: p.id,
      userId,
      side: 'redeem',
      status: 'done',
      amount: plain(early.gross),
      units: plain(h.remaining),
      exitLoad: plain(early.charge),
      net: plain(early.net),
      at: stamp,
    });
    await repo.insertOrderLot(sql, {
      orderId: o.id,
      holdingId: h.id,
      units: plain(h.remaining),
      free: '0',
      loaded: plain(h.remaining),
      gross: plain(early.gross),
      exitLoad: plain(early.charge),
    });
    await repo.reduceHolding(sql, h.id, plain(h.remaining));
    if (early.penalty.gt(0)) await postEarlyPenalty(sql, { userId, orderId: o.id, amount: early.penalty }, when);
    await postRedemptionPaid(sql, { userId, orderId: o.id, amount: early.net }, when);
    return { order: orderOf(o, p) };
  }

  // ---- the back office ----

  async function adminOf(sql: Sql, p: ProductRow, f?: Figures, totals?: Awaited<ReturnType<typeof repo.productTotals>>): Promise<FundAdmin> {
    const fig = f ?? (await figures(sql));
    const mine = (totals ?? (await repo.productTotals(sql))).find((t) => t.product_id === p.id)!;
    const { units: _u, value: _v, pending: _p, ...product } = productOf(p, fig);
    const nav = latestNav(fig, p.id);
    const outstanding = new Dec(mine.outstanding);
    const today = utcDayOf(now());
    return {
      ...product,
      holders: mine.holders,
      outstanding: fixed(outstanding, p.kind === 'fund' ? 3 : 2),
      value: fixed(p.kind === 'fund' ? (nav ? outstanding.mul(nav.nav) : ZERO) : outstanding, 2),
      pendingOrders: mine.pending_orders,
      pausedReason: p.paused_reason,
      declared: (fig.incomes.get(p.id) ?? [])
        .filter((i) => i.day >= today)
        .map((i): FundDay => ({ day: i.day, value: fixed(i.income_per10k, 4), ratio: null })),
    };
  }

  /** A new fund's basket checked: listed instruments a fund can hold, each once, weights summing to 1. */
  function checkBasket(basket: NonNullable<CreateInput['basket']>) {
    if (basket.length === 0 || new Set(basket.map((w) => w.symbol)).size !== basket.length) throw new AppError('e.fundBasket', { basket: 'e.fundBasket' });
    for (const w of basket) {
      const i = provider.instrument(w.symbol);
      if (!i || !fundable(i)) throw new AppError('e.fundSymbol', { basket: 'e.fundSymbol' }, { symbol: w.symbol });
      if (new Dec(w.weight).lte(0)) throw new AppError('e.fundBasket', { basket: 'e.fundBasket' });
    }
    if (!basket.reduce((s, w) => s.add(w.weight), ZERO).eq(1)) throw new AppError('e.fundBasket', { basket: 'e.fundBasket' });
    return [...basket].sort((a, b) => new Dec(b.weight).cmp(a.weight) || a.symbol.localeCompare(b.symbol));
  }

  /** The calendar a new fund follows: the basket's exchange in the time zone asked for, or its largest holding's. */
  function calendarOf(basket: ReadonlyArray<{ symbol: string }>, timeZone: string | undefined): CalendarId {
    const calendars = basket.map((w) => provider.instrument(w.symbol)!.calendar);
    if (!timeZone) return calendars[0]!;
    const match = calendars.find((c) => CALENDARS[c].timeZone === timeZone);
    if (!match) throw new AppError('e.fundTimeZone', { timeZone: 'e.fundTimeZone' });
    return match;
  }

  async function create(sql: Sql, input: CreateInput, by: Operator): Promise<ProductRow> {
    const at = now();
    let fields: Omit<repo.NewProduct, 'kind' | 'code' | 'name' | 'minAmount' | 'at'> = {};
    let basket: Array<{ symbol: string; weight: string }> = [];
    if (input.kind === 'fund') {
      if (!input.basket || !input.expensePercent) throw new AppError('e.fundTermsMissing');
      basket = checkBasket(input.basket).map((w) => ({ symbol: w.symbol, weight: w.weight }));
      const calendar = calendarOf(basket, input.timeZone);
      const cutoffMinutes = cutoffMinutesOf(input.cutoff ?? '15:00');
      // Its first NAV is on the last trading day already closed.
      let launch = latestNavDayAt(calendar, at);
      if (
        engine.instantOf(
          calendar,
          basket.map((w) => w.symbol),
          launch,
        ) > at
      )
        launch = previousNavDay(calendar, launch);
      fields = {
        calendar,
        cutoffMinutes,
        expensePercent: input.expensePercent,
        exitLoadPercent: '1.00',
        exitLoadDays: 365,
        freeUnitsPercent: '10.00',
        lockInDays: input.lockInDays ?? 0,
        launchDay: launch,
      };
    } else if (input.kind === 'regular') {
      if (input.termDays === undefined || !input.ratePercent || !input.penaltyPercent) throw new AppError('e.fundTermsMissing');
      if (!(REGULAR_TERM_DAYS as readonly number[]).includes(input.termDays)) throw new AppError('e.fundTerm', { termDays: 'e.fundTerm' });
      fields = { termDays: input.termDays, ratePercent: input.ratePercent, penaltyPercent: input.penaltyPercent };
    }
    const p = await repo.insertProduct(sql, {
      kind: input.kind,
      code: input.code,
      name: input.name,
      minAmount: input.minAmount,
      ...fields,
      createdBy: by.operatorId,
      at: new Date(at),
    });
    if (!p) throw new Error(`fund product ${input.code} appeared meanwhile`);
    await repo.insertWeights(sql, p.id, basket);
    if (p.kind === 'fund') await engine.launchNav(sql, p);
    await writeAudit(sql, { actorId: by.operatorId, action: 'fund.create', targetType: 'fund', targetId: p.id, after: input, reason: input.reason, ip: by.ip });
    return p;
  }

  /**
   * An operator's create of a code that exists amends it: its name and least purchase always, a
   * Regular term's declared rate and penalty (for purchases from now on), a fund's expense ratio only
   * while nobody holds it. Its basket, time zone, cut-off, lock-in and term never change.
   */
  async function amend(sql: Sql, p: ProductRow, input: CreateInput, by: Operator): Promise<ProductRow> {
    if (p.kind !== input.kind) throw new AppError('e.fundKindMismatch', { code: 'e.fundKindMismatch' });
    const weights = await repo.weightsOf(sql, p.id);
    const sameBasket =
      !input.basket ||
      (input.basket.length === weights.length && input.basket.every((w) => weights.some((x) => x.symbol === w.symbol && new Dec(x.weight).eq(w.weight))));
    const fixedTerms =
      sameBasket &&
      (input.timeZone === undefined || (p.calendar !== null && CALENDARS[p.calendar].timeZone === input.timeZone)) &&
      (input.cutoff === undefined || (p.cutoff_minutes !== null && cutoffText(p.cutoff_minutes) === input.cutoff)) &&
      (input.lockInDays === undefined || input.lockInDays === p.lock_in_days) &&
      (input.termDays === undefined || input.termDays === p.term_days);
    if (!fixedTerms) throw new AppError('e.fundTermsFixed');
    const expense = p.kind === 'fund' ? (input.expensePercent ?? p.expense_percent) : null;
    if (p.kind === 'fund' && !new Dec(expense!).eq(p.expense_percent!)) {
      const totals = (await repo.productTotals(sql)).find((t) => t.product_id === p.id)!;
      if (totals.holders > 0) throw new AppError('e.fundHasHolders', { expensePercent: 'e.fundHasHolders' });
    }
    const after = {
      name: input.name,
      minAmount: input.minAmount,
      expensePercent: expense,
      ratePercent: p.kind === 'regular' ? (input.ratePercent ?? p.rate_percent) : null,
      penaltyPercent: p.kind === 'regular' ? (input.penaltyPercent ?? p.penalty_percent) : null,
    };
    await repo.amendProduct(sql, p.id, after);
    await writeAudit(sql, {
      actorId: by.operatorId,
      action: 'fund.amend',
      targetType: 'fund',
      targetId: p.id,
      before: { name: p.name, minAmount: p.min_amount, expensePercent: p.expense_percent, ratePercent: p.rate_percent, penaltyPercent: p.penalty_percent },
      after,
      reason: input.reason,
      ip: by.ip,
    });
    return (await repo.product(sql, p.id))!;
  }

  async function setPaused(id: number, by: Operator, reason: string, pause: boolean): Promise<FundAdmin> {
    return db.tx(async (sql) => {
      const p = await lockProduct(sql, id);
      await repo.setPaused(sql, id, pause ? by.operatorId : null, pause ? reason : null);
      await writeAudit(sql, {
        actorId: by.operatorId,
        action: pause ? 'fund.pause' : 'fund.resume',
        targetType: 'fund',
        targetId: id,
        before: { paused: p.paused_at !== null, reason: p.paused_reason },
        after: { paused: pause },
        reason,
        ip: by.ip,
      });
      return adminOf(sql, (await repo.product(sql, id))!);
    });
  }

  const page = <T>(all: readonly T[], p: number, size: number) => ({ list: all.slice((p - 1) * size, p * size), total: all.length, page: p, size });

  return {
    async products(userId: number | null, kind: FundProductKind | undefined, pageNo: number, size: number) {
      const f = await figures(db);
      const mine = userId === null ? [] : await repo.userTotals(db, userId);
      const list = f.products
        .filter((p) => !kind || p.kind === kind)
        .map((p) =>
          productOf(
            p,
            f,
            mine.find((m) => m.product_id === p.id),
          ),
        );
      return page(list, pageNo, size);
    },

    async detail(userId: number | null, id: number): Promise<FundDetail> {
      const f = await figures(db);
      const p = f.products.find((x) => x.id === id);
      if (!p) throw notFound();
      const mine = userId === null ? undefined : (await repo.userTotals(db, userId)).find((m) => m.product_id === id);
      const today = utcDayOf(now());
      let days: FundDay[] = [];
      let inputs: string[] = [];
      if (p.kind === 'fund')
        days = (await repo.navs(db, id)).map((n) => ({ day: n.day, value: fixed(n.nav, 4), ratio: n.ratio === null ? null : new Dec(n.ratio).toFixed(8) }));
      if (p.kind === 'current') {
        const all = await repo.incomes(db, id);
        days = all.map((i) => ({ day: i.day, value: fixed(i.income_per10k, 4), ratio: null }));
        inputs = yieldInputs(p, all, today);
      }
      return { ...productOf(p, f, mine), days, yieldInputs: inputs };
    },

    async holdings(userId: number, q: { productId?: number; kind?: FundProductKind; status?: FundHoldingStatus; page: number; size: number }) {
      const [f, rows] = await Promise.all([figures(db), repo.userHoldings(db, userId, { ...q, limit: q.size, offset: (q.page - 1) * q.size })]);
      return { list: rows.map((h) => holdingOf(h, f)), total: rows[0]?.total ?? 0, page: q.page, size: q.size };
    },

    async profits(userId: number, q: { productId?: number; kind?: FundProductKind; page: number; size: number }) {
      const [f, rows] = await Promise.all([figures(db), repo.userHoldings(db, userId, { ...q, limit: q.size, offset: (q.page - 1) * q.size })]);
      return {
        list: rows.map((h) => {
          const x = holdingOf(h, f);
          return {
            holdingId: x.id,
            productId: x.productId,
            code: x.code,
            name: x.name,
            kind: x.kind,
            profit: x.profit,
            buyTimeStamp: x.buyTimeStamp,
            sellTimeStamp: x.sellTimeStamp,
          };
        }),
        total: rows[0]?.total ?? 0,
        page: q.page,
        size: q.size,
      };
    },

    async orders(userId: number, q: { productId?: number; kind?: FundProductKind; status?: 'inProgress' | 'completed'; page: number; size: number }) {
      const [products, rows] = await Promise.all([repo.products(db), repo.userOrders(db, userId, { ...q, limit: q.size, offset: (q.page - 1) * q.size })]);
      return {
        list: rows.map((o) =>
          orderOf(
            o,
            products.find((p) => p.id === o.product_id)!,
          ),
        ),
        total: rows[0]?.total ?? 0,
        page: q.page,
        size: q.size,
      };
    },

    /**
     * The caller's total at the latest NAVs and principals; today's earnings: the units held through
     * each fund's latest NAV day × its change, plus the Current income of the latest credited day;
     * earnings: value + paid − invested over every holding.
     */
    async stat(userId: number): Promise<FundStat> {
      const [f, rows, accruals] = await Promise.all([figures(db), repo.userHoldings(db, userId), repo.accrualsOn(db, userId)]);
      const sums = { total: ZERO, earnings: ZERO, pending: ZERO, redeeming: ZERO, fund: ZERO, current: ZERO, regular: ZERO };
      for (const h of rows) {
        const x = holdingOf(h, f);
        if (h.units === null) {
          sums.pending = sums.pending.add(h.amount);
          continue;
        }
        sums.total = sums.total.add(x.value);
        sums[x.kind] = sums[x.kind].add(x.value);
        sums.earnings = sums.earnings.add(x.profit);
        sums.redeeming = sums.redeeming.add(h.owed);
      }
      let today = accruals.reduce((s, a) => s.add(a.income), ZERO);
      for (const productId of new Set(rows.filter((h) => h.nav_day !== null).map((h) => h.product_id))) {
        const [last, previous] = f.navs.get(productId) ?? [];
        if (!last || !previous) continue;
        const [held] = await repo.unitsHeldThrough(db, userId, productId, last.day);
        today = today.add(new Dec(held!.units).mul(new Dec(last.nav).sub(previous.nav)));
      }
      return {
        total: fixed(sums.total, 2),
        today: fixed(today, 2),
        earnings: fixed(sums.earnings, 2),
        pending: fixed(sums.pending, 2),
        redeeming: fixed(sums.redeeming, 2),
        fund: fixed(sums.fund, 2),
        current: fixed(sums.current, 2),
        regular: fixed(sums.regular, 2),
      };
    },

    /** A purchase or a redemption, in one transaction under the product's row lock (the jobs take it too). */
    async order(userId: number, input: OrderInput, key: string | undefined): Promise<FundOrder> {
      const { order, push } = await db.tx(async (sql) => {
        await requireVerifiedKyc(sql, userId);
        const p = await lockProduct(sql, input.productId);
        if (input.side === 'buy') return { order: await buy(sql, userId, p, input, key) };
        return redeem(sql, userId, p, input, key);
      });
      push?.();
      return order;
    },

    /** What redeeming now would pay, lot by lot, at the latest NAV; nothing is changed. */
    preview: (userId: number, input: { productId: number; units?: string; holdingId?: number }) => db.tx((sql) => previewIn(sql, userId, input)),

    // ---- operators ----

    async operatorList(): Promise<FundAdmin[]> {
      const [f, totals] = await Promise.all([figures(db), repo.productTotals(db)]);
      return Promise.all(f.products.map((p) => adminOf(db, p, f, totals)));
    },

    async operatorCreate(input: CreateInput, by: Operator): Promise<FundAdmin> {
      return db.tx(async (sql) => {
        const existing = await repo.productByCode(sql, input.code, true);
        const p = existing ? await amend(sql, existing, input, by) : await create(sql, input, by);
        return adminOf(sql, p);
      });
    },

    pause: (id: number, by: Operator, reason: string) => setPaused(id, by, reason, true),
    resume: (id: number, by: Operator, reason: string) => setPaused(id, by, reason, false),

    /** A Current term's income for a UTC day not yet begun (at most a year ahead), declared once. */
    async declareIncome(id: number, input: z.output<typeof zDepositIncomeDeclare>, by: Operator): Promise<FundAdmin> {
      return db.tx(async (sql) => {
        const p = await lockProduct(sql, id);
        if (p.kind !== 'current') throw new AppError('e.depositNotCurrent');
        const day = Date.parse(`${input.day}T00:00:00Z`);
        const at = now();
        if (!Number.isFinite(day) || iso(day) !== input.day || day <= at || day > utcDayOf(at) + 366 * DAY_MS) {
          throw new AppError('e.depositIncomeDay', { day: 'e.depositIncomeDay' });
        }
        if (!(await repo.declareIncome(sql, { productId: p.id, day, incomePer10k: input.incomePer10k, by: by.operatorId }))) {
          throw new AppError('e.depositIncomeDeclared', { day: 'e.depositIncomeDeclared' }, { day: input.day });
        }
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'fund.declareIncome',
          targetType: 'fund',
          targetId: p.id,
          after: { day: input.day, incomePer10k: fixed(input.incomePer10k, 4) },
          reason: input.reason,
          ip: by.ip,
        });
        return adminOf(sql, p);
      });
    },
  };

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
}

export type FundService = ReturnType<typeof createFundService>;
