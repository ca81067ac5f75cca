import { Dec, fixed } from '../../../lib/decimal';
import { dayToIso } from '../../../market/calendars';
import { postExitLoad, postRedemptionPaid } from '../postings';
import * as repo from '../repository';
import type { FundRow } from '../repository';
import { DAY_MS, localDayOf } from '../rules';
import type { EngineContext, Pushes } from './context';

/** The fundPayout job. */
export function createPayoutJob(ctx: EngineContext) {
  const { db, notices, now } = ctx;

  /** fundPayout: each fund's priced redemptions whose payday (a day of its calendar) has begun: net to the investor, the load to the house. */
  async function runPayout() {
    let paid = 0;
    for (const listed of await repo.products(db)) {
      if (listed.kind !== 'fund') continue;
      const pushes: Pushes = [];
      paid += await db.tx(async (sql) => {
        const p = (await repo.product(sql, listed.id, true)) as FundRow;
        const today = localDayOf(p.calendar, now());
        const due = await repo.payableOrders(sql, p.id, today);
        const at = new Date(now());
        for (const o of due) {
          const net = new Dec(o.net!);
          const load = new Dec(o.exit_load);
          if (net.gt(0)) await postRedemptionPaid(sql, { userId: o.user_id, orderId: o.id, amount: net }, { at });
          if (load.gt(0)) await postExitLoad(sql, { userId: o.user_id, orderId: o.id, amount: load }, { at });
          await repo.markPaid(sql, o.id, at);
          pushes.push(
            await notices.notify(sql, o.user_id, 'fund.paid', {
              name: p.name,
              units: fixed(o.units!, 3),
              nav: fixed(o.nav!, 4),
              day: dayToIso(o.nav_day! / DAY_MS),
              net: fixed(net, 2),
              load: fixed(load, 2),
            }),
          );
        }
        await repo.setPaidThrough(sql, p.id, today);
        return due.length;
      });
      pushes.forEach((push) => push());
    }
    return { paid };
  }

  return { runPayout };
}
