import { describe, expect, it } from 'vitest';
import { Dec } from '../../lib/decimal';
import { onQuote, position, safetyPrice, takeProfitPrice, type DcaParams, type Deal } from './dca';

const P: DcaParams = { firstOrder: '100', safetyOrder: '100', safetyOrders: 2, deviation: '0.02', takeProfit: '0.01', lot: '0.001', tick: '0.01' };
const quote = (bid: string, ask: string) => ({ bid: new Dec(bid), ask: new Dec(ask) });

/** Run a price path through the rule; the fills as text, and the deal and energy at the end. */
function run(path: Array<[string, string]>, energy: number) {
  let deal: Deal = { fills: [] };
  const log: string[] = [];
  for (const [bid, ask] of path) {
    const r = onQuote(P, deal, quote(bid, ask), energy);
    deal = r.deal;
    energy -= r.spent;
    for (const e of r.events)
      log.push(
        e.kind === 'bought'
          ? `bought ${e.quantity.toFixed()} @ ${e.price.toFixed()} (#${e.safety})`
          : `sold ${e.quantity.toFixed()} @ ${e.price.toFixed()}, +${e.profit.toFixed()}`,
      );
  }
  return { log, deal, energy };
}

describe('a DCA robot’s rule', () => {
  it('buys first at market, a safety order each deviation lower, and sells all at the take-profit over the average', () => {
    const { log, deal, energy } = run(
      [
        ['49.99', '50.00'],
        ['48.99', '49.00'],
        ['49.98', '49.99'],
        ['49.99', '50.00'],
        ['50.09', '50.10'],
      ],
      10,
    );
    // 100 at 50 is 2 units; 100 at 49 is 2.040 (2.0408 floored to the lot). Average 199.96 / 4.04 = 49.4950…; + 1 % = 49.99 exactly.
    expect(log).toEqual(['bought 2 @ 50 (#0)', 'bought 2.04 @ 49 (#1)', 'sold 4.04 @ 49.99, +1.9996', 'bought 1.996 @ 50.1 (#0)']);
    expect(deal.fills).toHaveLength(1);
    expect(energy).toBe(6);
  });

  it('places at most its safety orders, at the first fill less n deviations on the tick, and stops at its energy', () => {
    expect(safetyPrice(P, new Dec('50'), 1).toFixed()).toBe('49');
    expect(safetyPrice(P, new Dec('33.33'), 2).toFixed()).toBe('31.99');
    const { log, energy } = run(
      [
        ['49.99', '50.00'],
        ['48.99', '49.00'],
        ['47.99', '48.00'],
        ['46.99', '47.00'],
      ],
      10,
    );
    expect(log).toEqual(['bought 2 @ 50 (#0)', 'bought 2.04 @ 49 (#1)', 'bought 2.083 @ 48 (#2)']);
    expect(energy).toBe(7);
    expect(
      run(
        [
          ['49.99', '50.00'],
          ['48.99', '49.00'],
        ],
        1,
      ).log,
    ).toEqual(['bought 2 @ 50 (#0)']);
  });

  it('states the position and its take-profit price from the fills alone', () => {
    const deal: Deal = {
      fills: [
        { price: new Dec('50'), quantity: new Dec('2') },
        { price: new Dec('49'), quantity: new Dec('2.04') },
      ],
    };
    expect(position(deal).quantity.toFixed()).toBe('4.04');
    expect(takeProfitPrice(P, deal)!.toFixed()).toBe('49.99');
    expect(takeProfitPrice(P, { fills: [] })).toBeNull();
  });
});
