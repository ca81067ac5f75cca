import type { Sql } from '../../../db/db';
import { Dec, fixed, plain } from '../../../lib/decimal';
import { postIncomeCredited, postInterestPaid, postRedemptionPaid } from '../postings';
import * as repo from '../repository';
import type { HoldingRow, OrderRow, ProductRow } from '../repository';
import { currentIncome, DAY_MS, maturityPayDay, utcDayOf } from '../rules';
import type { EngineContext, Pushes } from './context';

/** The deposit terms' job, and a Regular term's maturity, which an investor's redemption after its end pays too (orders.ts). */
export function createDepositTermsJob(ctx: EngineContext) {
  const { db, notices, now } = ctx;

  /** Pay a Regular holding at its term's end: its interest and principal, as a completed redemption. */
  async function mature(sql: Sql, p: ProductRow, h: HoldingRow, at: Date): Promise<{ order: OrderRow; push: () => void }> {
    const principal = new Dec(h.remaining);
    const interest = new Dec(h.interest ?? 0);
    const total = principal.add(interest);
    const o = await repo.insertOrder(sql, {
      productId: p.id,
      userId: h.user_id,
      side: 'redeem',
      status: 'done',
      amount: plain(total),
      units: plain(principal),
      exitLoad: '0',
      net: plain(total),
      at,
    });
    await repo.insertOrderLot(sql, {
      orderId: o.id,
      holdingId: h.id,
      units: plain(principal),
      free: plain(principal),
      loaded: '0',
      gross: plain(total),
      exitLoad: '0',
    });
    await repo.reduceHolding(sql, h.id, plain(principal));
    if (interest.gt(0)) await postInterestPaid(sql, { userId: h.user_id, orderId: o.id, amount: interest }, { at });
    await postRedemptionPaid(sql, { userId: h.user_id, orderId: o.id, amount: principal }, { at });
    return {
      order: o,
      push: await notices.notify(sql, h.user_id, 'deposit.matured', { name: p.name, principal: fixed(principal, 2), interest: fixed(interest, 2) }),
    };
  }

  /** Credit one UTC day of a Current term's income, if that day has ended and is not yet credited; false when nothing was due. */
  async function accrueNext(productId: number): Promise<{ accrued: boolean; credited: number }> {
    return db.tx(async (sql) => {
      const p = await repo.product(sql, productId, true);
      if (!p || p.kind !== 'current') return { accrued: false, credited: 0 };
      const day = p.accrued_through === null ? utcDayOf(p.created_at.getTime()) : p.accrued_through + DAY_MS;
      if (day + DAY_MS > now()) return { accrued: false, credited: 0 };
      const declared = await repo.incomeOf(sql, p.id, day);
      let credited = 0;
      if (declared && new Dec(declared.income_per10k).gt(0)) {
        const at = new Date(day + DAY_MS);
        for (const h of await repo.unitsThroughDay(sql, p.id, day)) {
          const income = currentIncome(h.units, declared.income_per10k);
          if (income.lte(0)) continue;
          await postIncomeCredited(sql, { userId: h.user_id, holdingId: h.id, amount: income }, { at });
          await repo.insertAccrual(sql, { holdingId: h.id, day, units: h.units, income: plain(income) });
          credited += 1;
        }
      }
      await repo.setAccruedThrough(sql, p.id, day);
      return { accrued: true, credited };
    });
  }

  /** The deposit terms' job: each Current term's ended days, then each Regular term's holdings whose end has come. */
  async function runDepositTerms() {
    let days = 0;
    let credited = 0;
    let matured = 0;
    for (const listed of await repo.products(db)) {
      if (listed.kind === 'current') {
        for (;;) {
          const r = await accrueNext(listed.id);
          if (!r.accrued) break;
          days += 1;
          credited += r.credited;
        }
      } else if (listed.kind === 'regular') {
        const pushes: Pushes = [];
        matured += await db.tx(async (sql) => {
          const p = (await repo.product(sql, listed.id, true))!;
          const today = utcDayOf(now());
          // A term that ended on a day off is paid on the next business day (maturityPayDay).
          const due = (await repo.maturedHoldings(sql, p.id, today)).filter((h) => maturityPayDay(h.end_day!) <= today);
          const at = new Date(now());
          for (const h of due) pushes.push((await mature(sql, p, h, at)).push);
          await repo.setAccruedThrough(sql, p.id, today);
          return due.length;
        });
        pushes.forEach((push) => push());
      }
    }
    return { days, credited, matured };
  }

  return { mature, runDepositTerms };
}
