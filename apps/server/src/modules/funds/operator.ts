import { REGULAR_TERM_DAYS, type FundAdmin, type zDepositIncomeDeclare } from '@tradeapp/contract';
import type { z } from 'zod';
import type { Sql } from '../../db/db';
import { AppError } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { Dec, fixed } from '../../lib/decimal';
import { CALENDARS } from '../../market/calendars';
import type { CalendarId } from '../../market/types';
import { fundable } from './engine';
import * as repo from './repository';
import type { ProductRow } from './repository';
import { cutoffMinutesOf, cutoffText, DAY_MS, latestNavDayAt, previousNavDay, utcDayOf } from './rules';
import { iso, lockProduct, ZERO, type CreateInput, type FundDay, type FundServiceOptions, type Operator } from './context';
import { figures, latestNav, productOf, type Figures } from './views';

/** The back office's use cases: the products with their figures; create or amend, pause, resume, declare a Current income. */
export function createOperatorUseCases(ctx: FundServiceOptions) {
  const { db, engine, provider, now } = ctx;

  async function adminOf(sql: Sql, p: ProductRow, f?: Figures, totals?: Awaited<ReturnType<typeof repo.productTotals>>): Promise<FundAdmin> {
    const fig = f ?? (await figures(sql, now));
    const mine = (totals ?? (await repo.productTotals(sql))).find((t) => t.product_id === p.id)!;
    const { units: _u, value: _v, pending: _p, ...product } = productOf(p, fig, now);
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

  return {
    async operatorList(): Promise<FundAdmin[]> {
      const [f, totals] = await Promise.all([figures(db, now), repo.productTotals(db)]);
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
}
