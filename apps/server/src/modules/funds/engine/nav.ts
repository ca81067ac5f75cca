import type { Sql } from '../../../db/db';
import { Dec, fixed, plain } from '../../../lib/decimal';
import { dayToIso } from '../../../market/calendars';
import { postPurchaseAllotted } from '../postings';
import * as repo from '../repository';
import type { FundRow, OrderRow, ProductRow } from '../repository';
import { DAY_MS, grossFor, loadFor, nextNav, nextNavDay, unitsFor } from '../rules';
import type { EngineContext, Pushes } from './context';

/** The fundNav job: each fund's NAVs struck, and the orders waiting for them allotted or priced. */
export function createNavJob(ctx: EngineContext) {
  const { db, notices, now } = ctx;
  const { instantOf, ratioOf } = ctx.prices;

  /** Allot a purchase at its NAV: units rounded down, its hold released to the funds account. */
  async function allot(sql: Sql, p: ProductRow, o: OrderRow, nav: string, at: Date, pushes: Pushes) {
    const amount = new Dec(o.amount!);
    const units = unitsFor(amount, nav);
    await postPurchaseAllotted(sql, { userId: o.user_id, orderId: o.id, amount }, { at });
    await repo.allotHolding(sql, o.holding_id!, { units: plain(units), nav, navDay: o.nav_day! });
    await repo.markAllotted(sql, o.id, { units: plain(units), nav, at });
    pushes.push(
      await notices.notify(sql, o.user_id, 'fund.allotted', {
        name: p.name,
        amount: fixed(amount, 2),
        units: units.toFixed(3),
        nav: fixed(nav, 4),
        day: dayToIso(o.nav_day! / DAY_MS),
      }),
    );
  }

  /** Price a redemption at its NAV: each lot's gross (rounded down) and exit load on its loaded units; the units leave the lots. */
  async function price(sql: Sql, p: ProductRow, o: OrderRow, nav: string, at: Date) {
    let gross = new Dec(0);
    let load = new Dec(0);
    for (const l of await repo.orderLots(sql, o.id)) {
      const g = grossFor(l.units, nav);
      const e = loadFor(l.loaded, nav, p.exit_load_percent);
      await repo.priceOrderLot(sql, o.id, l.holding_id, plain(g), plain(e));
      await repo.reduceHolding(sql, l.holding_id, l.units);
      gross = gross.add(g);
      load = load.add(e);
    }
    await repo.markPriced(sql, o.id, { amount: plain(gross), nav, exitLoad: plain(load), net: plain(gross.sub(load)), at });
  }

  /** Every order of the fund waiting for a NAV it now has, in the order they came. */
  async function priceDue(sql: Sql, p: ProductRow, through: number, pushes: Pushes): Promise<number> {
    const due = await repo.dueOrders(sql, p.id, through);
    const at = new Date(now());
    for (const o of due) {
      const nav = (await repo.navOf(sql, p.id, o.nav_day!))!.nav;
      if (o.side === 'buy') await allot(sql, p, o, nav, at, pushes);
      else await price(sql, p, o, nav, at);
    }
    return due.length;
  }

  /** Strike the fund's next NAV if its day has closed, and price what waits for it; false when nothing was due. */
  async function strikeNext(productId: number): Promise<{ struck: boolean; orders: number }> {
    const pushes: Pushes = [];
    const done = await db.tx(async (sql) => {
      const p = (await repo.product(sql, productId, true)) as FundRow | undefined;
      if (!p || p.kind !== 'fund') return { struck: false, orders: 0 };
      const ws = await repo.weightsOf(sql, p.id);
      const day = nextNavDay(p.calendar, p.nav_through);
      if (
        instantOf(
          p.calendar,
          ws.map((w) => w.symbol),
          day,
        ) > now()
      )
        return { struck: false, orders: await priceDue(sql, p, p.nav_through, pushes) };
      const previous = (await repo.navOf(sql, p.id, p.nav_through))!;
      const ratio = ratioOf(p, ws, p.nav_through, day);
      const nav = nextNav(previous.nav, ratio, p.expense_percent);
      await repo.insertNav(sql, { productId: p.id, day, nav: nav.toFixed(4), ratio: ratio.toDecimalPlaces(16, Dec.ROUND_HALF_UP).toFixed() });
      await repo.setNavThrough(sql, p.id, day);
      return { struck: true, orders: await priceDue(sql, p, day, pushes) };
    });
    pushes.forEach((push) => push());
    return done;
  }

  /** fundNav: each fund's NAVs due, one day per transaction, each followed by its orders. */
  async function runNav() {
    let navs = 0;
    let orders = 0;
    // A fund the market cannot price now (an instrument missing from a replay) holds back no other.
    const failures: unknown[] = [];
    for (const p of await repo.products(db)) {
      if (p.kind !== 'fund') continue;
      try {
        for (;;) {
          const r = await strikeNext(p.id);
          orders += r.orders;
          if (!r.struck) break;
          navs += 1;
        }
      } catch (err) {
        failures.push(err);
      }
    }
    if (failures.length) throw failures[0];
    return { navs, orders };
  }

  return { runNav };
}
