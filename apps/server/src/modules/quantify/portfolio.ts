import { translate, WalletCode, type MessageKey, type PoolOrderKind, type PoolRule } from '@tradeapp/contract';
import { Dec } from '../../lib/decimal';
import type { OffLedgerValue, PortfolioDeps, PortfolioSource, SourceLine } from '../portfolio';
import { DAY_MS, dayOf } from './engine';

// The pools' lines of the portfolio (issue 32). Units are held outside the investor's ledger
// accounts (the euros went to the pool's own account when they were priced), so a pool is worth
// the units × its latest NAV. A subscription not yet priced is still the investor's euros on the
// financial wallet's held side (`pool.hold`): its line is that money at cost and claims it. A
// redemption not yet priced is units still held, owed back in euros at the next NAV: its line
// values them at the latest NAV until then.

interface OrderRow {
  id: number;
  pool_id: number;
  kind: PoolOrderKind;
  status: 'pending' | 'done';
  amount: string | null;
  units: string | null;
  created_at: Date;
  done_at: Date | null;
}

interface DayRow {
  pool_id: number;
  day: Date;
  nav: string;
}

/** To the cent, as the portfolio shows it: a line's profit is its value less its cost as both are shown (never a "-0.00"). */
const cents = (v: Dec) => v.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
const profit = (value: Dec, cost: Dec) => cents(value).sub(cents(cost));

const poolName = (rule: PoolRule) => translate('en', `q.${rule}` as MessageKey);
const code = (poolId: number) => `POOL-${poolId}`;

/** The units and the cost (average cost of the units held: what their subscriptions paid, less the cost of the units redeemed) of each pool. */
function holdingsOf(done: readonly OrderRow[]) {
  const held = new Map<number, { units: Dec; cost: Dec }>();
  for (const o of done) {
    const h = held.get(o.pool_id) ?? { units: new Dec(0), cost: new Dec(0) };
    const units = new Dec(o.units!);
    if (o.kind === 'subscribe') {
      h.cost = h.cost.add(o.amount!);
      h.units = h.units.add(units);
    } else {
      // A redemption takes its share of the cost with it.
      h.cost = h.units.isZero() ? new Dec(0) : h.cost.sub(h.cost.mul(units).div(h.units));
      h.units = h.units.sub(units);
    }
    held.set(o.pool_id, h);
  }
  return held;
}

export function createQuantifyPortfolioSource(deps: PortfolioDeps): PortfolioSource {
  const { db } = deps;

  /** The investor's priced orders in the order they were priced (a day's subscriptions before its redemptions), and the pending ones. */
  const ordersOf = (userId: number) =>
    db.query<OrderRow>(
      `select id, pool_id, kind, status, amount::text, units::text, created_at, done_at from pool_orders
        where user_id = $1 and status in ('pending', 'done')
        order by done_at nulls last, case kind when 'subscribe' then 0 else 1 end, id`,
      [userId],
    );

  /** The NAVs of the pools, newest first. */
  const daysOf = (poolIds: readonly number[]) =>
    db.query<DayRow>('select pool_id, day, nav::text from pool_days where pool_id = any($1::int[]) order by pool_id, day desc', [[...poolIds]]);

  return {
    module: 'quantify',
    products: ['pool'],
    holds: "exists (select 1 from pool_orders where user_id = $1 and status in ('pending', 'done'))",

    async lines(userId) {
      const orders = await ordersOf(userId);
      if (orders.length === 0) return [];
      const poolIds = [...new Set(orders.map((o) => o.pool_id))];
      const [pools, days] = await Promise.all([
        db.query<{ id: number; rule: PoolRule }>('select id, rule from pools where id = any($1::int[])', [poolIds]),
        daysOf(poolIds),
      ]);
      const ruleOf = new Map(pools.map((p) => [p.id, p.rule]));
      const done = orders.filter((o) => o.status === 'done');
      const pending = orders.filter((o) => o.status === 'pending');
      const holdings = holdingsOf(done);
      const today = dayOf(deps.clocks.quantify());
      const lines: SourceLine[] = [];

      for (const [poolId, h] of holdings) {
        const navs = days.filter((d) => d.pool_id === poolId);
        const last = navs[0];
        if (h.units.isZero() || !last) continue;
        const nav = new Dec(last.nav);
        const struck = last.day.getTime() + DAY_MS;
        const rule = ruleOf.get(poolId)!;
        // Today's change: the units held through the latest valued day × its change of NAV, when that NAV was struck today.
        // Units bought at it were bought at that NAV; those redeemed at it are paid and gone.
        const previous = navs[1];
        const bought = done
          .filter((o) => o.pool_id === poolId && o.kind === 'subscribe' && o.done_at!.getTime() === struck)
          .reduce((s, o) => s.add(o.units!), new Dec(0));
        const through = Dec.max(h.units.sub(bought), new Dec(0));
        const change = previous && struck >= today ? nav.sub(previous.nav) : new Dec(0);
        const asking = pending.filter((o) => o.pool_id === poolId && o.kind === 'redeem');
        const redeeming = asking.reduce((s, o) => s.add(o.units!), new Dec(0));
        const base = {
          product: 'pool' as const,
          instrument: code(poolId),
          wallet: WalletCode.Financial,
          priceCurrency: 'EUR',
          priceSource: 'nav' as const,
          priceTimestamp: struck,
          currency: 'EUR',
        };
        // Each line its share of the units' cost and of today's change; the holding's line takes what is left, so the parts add up exactly.
        let cost = h.cost;
        let dayChange = cents(through.mul(change));
        for (const o of asking) {
          const units = new Dec(o.units!);
          const value = units.mul(nav);
          const share = h.cost.mul(units).div(h.units);
          const moved = cents(through.mul(change).mul(units).div(h.units));
          cost = cost.sub(share);
          dayChange = dayChange.sub(moved);
          lines.push({
            ...base,
            id: `redemption:${o.id}`,
            name: `${poolName(rule)}: redemption`,
            quantity: units,
            price: nav,
            value,
            cost: share,
            pnl: profit(value, share),
            dayChange: moved,
          });
        }
        const units = h.units.sub(redeeming);
        if (units.gt(0)) {
          const value = units.mul(nav);
          lines.push({ ...base, id: String(poolId), name: poolName(rule), quantity: units, price: nav, value, cost, pnl: profit(value, cost), dayChange });
        } else if (!dayChange.isZero()) {
          // Every unit asked back: the last redemption's line takes the cent its share's rounding left.
          const lastLine = lines[lines.length - 1]!;
          lastLine.dayChange = lastLine.dayChange!.add(dayChange);
        }
      }

      for (const o of pending) {
        if (o.kind !== 'subscribe') continue;
        const amount = new Dec(o.amount!);
        lines.push({
          id: `subscription:${o.id}`,
          product: 'pool',
          instrument: code(o.pool_id),
          name: `${poolName(ruleOf.get(o.pool_id)!)}: subscription`,
          wallet: WalletCode.Financial,
          priceSource: 'cost',
          priceTimestamp: o.created_at.getTime(),
          currency: 'EUR',
          value: amount,
          cost: amount,
          pnl: new Dec(0),
          held: { wallet: WalletCode.Financial, amount },
        });
      }
      return lines;
    },

    /**
     * At each day end: the units priced before that instant × the pool's NAV of the day that ends
     * there (the latest struck by then). Units priced at that very instant are not yet counted, as
     * their euros are still on the held side until the journal of that instant, which analytics
     * counts in the next day; so with a redemption's units until its payout.
     */
    async offLedgerAt(userId, ends) {
      const done = (await ordersOf(userId)).filter((o) => o.status === 'done');
      if (done.length === 0) return ends.map(() => []);
      const poolIds = [...new Set(done.map((o) => o.pool_id))];
      const days = await daysOf(poolIds);
      return ends.map((end) => {
        const values: OffLedgerValue[] = [];
        const holdings = holdingsOf(done.filter((o) => o.done_at!.getTime() < end));
        for (const [poolId, h] of holdings) {
          if (h.units.isZero()) continue;
          const nav = days.find((d) => d.pool_id === poolId && d.day.getTime() + DAY_MS <= end);
          if (!nav) continue;
          values.push({ product: 'pool', side: 'asset', currency: 'EUR', value: h.units.mul(nav.nav) });
        }
        return values;
      });
    },
  };
}
