import type { FundDetail, FundHoldingStatus, FundOrder, FundProductKind, FundStat } from '@tradeapp/contract';
import { notFound } from '../../errors';
import { Dec, fixed } from '../../lib/decimal';
import { requireVerifiedKyc } from '../kyc';
import * as repo from './repository';
import { utcDayOf } from './rules';
import { lockProduct, ZERO, type FundDay, type FundServiceOptions, type OrderInput } from './context';
import { createOrderPlacing } from './orders';
import { createRedemptionPlans } from './redemptions';
import { figures, holdingOf, orderOf, productOf, yieldInputs } from './views';

/** The investor's use cases: the products, their holdings and orders, a purchase or redemption and its preview. */
export function createInvestorUseCases(ctx: FundServiceOptions) {
  const { db, now } = ctx;
  const plans = createRedemptionPlans(ctx);
  const { previewIn } = plans;
  const { buy, redeem } = createOrderPlacing(ctx, plans);

  const page = <T>(all: readonly T[], p: number, size: number) => ({ list: all.slice((p - 1) * size, p * size), total: all.length, page: p, size });

  return {
    async products(userId: number | null, kind: FundProductKind | undefined, pageNo: number, size: number) {
      const f = await figures(db, now);
      const mine = userId === null ? [] : await repo.userTotals(db, userId);
      const list = f.products
        .filter((p) => !kind || p.kind === kind)
        .map((p) =>
          productOf(
            p,
            f,
            now,
            mine.find((m) => m.product_id === p.id),
          ),
        );
      return page(list, pageNo, size);
    },

    async detail(userId: number | null, id: number): Promise<FundDetail> {
      const f = await figures(db, now);
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
      return { ...productOf(p, f, now, mine), days, yieldInputs: inputs };
    },

    async holdings(userId: number, q: { productId?: number; kind?: FundProductKind; status?: FundHoldingStatus; page: number; size: number }) {
      const [f, rows] = await Promise.all([figures(db, now), repo.userHoldings(db, userId, { ...q, limit: q.size, offset: (q.page - 1) * q.size })]);
      return { list: rows.map((h) => holdingOf(h, f)), total: rows[0]?.total ?? 0, page: q.page, size: q.size };
    },

    async profits(userId: number, q: { productId?: number; kind?: FundProductKind; page: number; size: number }) {
      const [f, rows] = await Promise.all([figures(db, now), repo.userHoldings(db, userId, { ...q, limit: q.size, offset: (q.page - 1) * q.size })]);
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
      const [f, rows, accruals] = await Promise.all([figures(db, now), repo.userHoldings(db, userId), repo.accrualsOn(db, userId)]);
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
  };
}
