import { describe, expect, it } from 'vitest';
import { Dec, plain } from '../../lib/decimal';
import { Rng } from '../../market/random';
import { matchAuction, type AuctionOrder } from './matcher';

describe('matchAuction: random books', () => {
  // An independent, slow reading of the rules, to hold the matcher against.
  type Level = { price: Dec; demand: Dec; supply: Dec; volume: Dec; imbalance: Dec };
  function levels(orders: AuctionOrder[], reference: Dec, tick: Dec): Level[] {
    const limits = orders.filter((o) => o.type === 'limit').map((o) => new Dec(o.price!));
    const candidates = limits.length > 0 ? limits : [reference.div(tick).toDecimalPlaces(0, Dec.ROUND_HALF_UP).mul(tick)];
    return candidates.map((price) => {
      let demand = new Dec(0);
      let supply = new Dec(0);
      for (const o of orders) {
        const q = new Dec(o.quantity);
        if (o.side === 'buy' && (o.type === 'auction' || new Dec(o.price!).gte(price))) demand = demand.plus(q);
        if (o.side === 'sell' && (o.type === 'auction' || new Dec(o.price!).lte(price))) supply = supply.plus(q);
      }
      return { price, demand, supply, volume: Dec.min(demand, supply), imbalance: demand.minus(supply) };
    });
  }

  function expectedPrice(all: Level[], reference: Dec): Dec {
    const maxVolume = Dec.max(...all.map((l) => l.volume));
    let tied = all.filter((l) => l.volume.eq(maxVolume));
    const minImbalance = Dec.min(...tied.map((l) => l.imbalance.abs()));
    tied = tied.filter((l) => l.imbalance.abs().eq(minImbalance));
    const nearest = Dec.min(...tied.map((l) => l.price.minus(reference).abs()));
    tied = tied.filter((l) => l.price.minus(reference).abs().eq(nearest));
    tied.sort((a, b) => a.price.cmp(b.price));
    const [low, high] = [tied[0]!, tied[tied.length - 1]!];
    return low.imbalance.gt(0) && high.imbalance.gt(0) ? high.price : low.price;
  }

  /** Negative when `a` comes before `b` in its side's queue. */
  function priority(a: AuctionOrder, b: AuctionOrder): number {
    if (a.type !== b.type) return a.type === 'auction' ? -1 : 1;
    if (a.type === 'limit') {
      const c = a.side === 'buy' ? new Dec(b.price!).cmp(a.price!) : new Dec(a.price!).cmp(b.price!);
      if (c !== 0) return c;
    }
    return a.sequence - b.sequence || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  }

  function book(rng: Rng): { orders: AuctionOrder[]; referencePrice: string; tickSize: string } {
    const tickSize = ['0.01', '0.05', '0.5', '1'][rng.below(4)]!;
    const tick = new Dec(tickSize);
    const centre = 100 + rng.below(100);
    // Now and then a model price off the grid, as the model's opening price can be.
    const referencePrice = plain(tick.mul(centre).plus(rng.below(3) === 0 ? tick.mul(rng.below(10)).div(10) : 0));
    const spread = 1 + rng.below(12);
    const auctionShare = rng.below(4) / 10;
    const n = rng.below(30);
    const orders: AuctionOrder[] = [];
    for (let i = 0; i < n; i += 1) {
      const side = rng.next() < 0.5 ? 'buy' : 'sell';
      // Whole lots or tenths, so sums stay exact and ties are frequent.
      const quantity = plain(new Dec(1 + rng.below(rng.next() < 0.5 ? 20 : 500)).div(rng.next() < 0.3 ? 10 : 1));
      const sequence = rng.below(n * 2);
      const id = `O${i}`;
      if (rng.next() < auctionShare) orders.push({ id, side, type: 'auction', quantity, sequence });
      else orders.push({ id, side, type: 'limit', price: plain(tick.mul(centre - spread + rng.below(2 * spread + 1))), quantity, sequence });
    }
    return { orders, referencePrice, tickSize };
  }

  const SEEDS = 2000;

  it(`holds its invariants over ${SEEDS} seeded books`, () => {
    let crossed = 0;
    for (let seed = 1; seed <= SEEDS; seed += 1) {
      const input = book(new Rng(seed));
      const r = matchAuction(input);
      const all = levels(input.orders, new Dec(input.referencePrice), new Dec(input.tickSize));
      const maxVolume = Dec.max(new Dec(0), ...all.map((l) => l.volume));
      const context = `seed ${seed}`;

      expect(r.matchedVolume, context).toBe(plain(maxVolume));
      const filled = new Map(r.fills.map((f) => [f.id, new Dec(f.quantity)]));
      const left = new Map(r.unfilled.map((u) => [u.id, new Dec(u.quantity)]));
      expect(filled.size, context).toBe(r.fills.length);
      expect(left.size, context).toBe(r.unfilled.length);
      expect(r.fills.every((f) => new Dec(f.quantity).gt(0)) && r.unfilled.every((u) => new Dec(u.quantity).gt(0)), context).toBe(true);

      // Nothing is lost or made: fill + leftover = the order, so no fill exceeds its order.
      for (const o of input.orders) {
        const got = filled.get(o.id) ?? new Dec(0);
        expect(got.lte(o.quantity), context).toBe(true);
        expect(plain(got.plus(left.get(o.id) ?? 0)), context).toBe(plain(o.quantity));
        expect(r.unfilled.find((u) => u.id === o.id)?.type ?? o.type, context).toBe(o.type);
      }

      if (maxVolume.isZero()) {
        expect(r.price, context).toBeNull();
        expect(r.fills, context).toEqual([]);
        expect(r.imbalance, context).toEqual({ side: null, quantity: '0' });
        continue;
      }
      crossed += 1;
      const price = new Dec(r.price!);
      const chosen = all.find((l) => l.price.eq(price));
      expect(chosen, context).toBeDefined();
      expect(price.eq(expectedPrice(all, new Dec(input.referencePrice))), context).toBe(true);
      expect(plain(chosen!.volume), context).toBe(r.matchedVolume);
      const sign = chosen!.imbalance.cmp(0);
      expect(r.imbalance, context).toEqual({ side: sign > 0 ? 'buy' : sign < 0 ? 'sell' : null, quantity: plain(chosen!.imbalance.abs()) });

      for (const side of ['buy', 'sell'] as const) {
        const mine = input.orders.filter((o) => o.side === side);
        const total = mine.reduce((sum, o) => sum.plus(filled.get(o.id) ?? 0), new Dec(0));
        expect(plain(total), `${context} ${side}`).toBe(r.matchedVolume);
        for (const o of mine) {
          if (!filled.has(o.id) || o.type === 'auction') continue;
          // No buy above its limit, no sell below it.
          expect(side === 'buy' ? price.lte(o.price!) : price.gte(o.price!), `${context} ${o.id}`).toBe(true);
        }
        // Priority: an eligible order left with something means nothing behind it was filled.
        const eligible = mine.filter((o) => o.type === 'auction' || (side === 'buy' ? price.lte(o.price!) : price.gte(o.price!)));
        for (const waiting of eligible.filter((o) => left.has(o.id))) {
          const jumped = eligible.filter((o) => priority(waiting, o) < 0 && filled.has(o.id)).map((o) => o.id);
          expect(jumped, `${context} ${waiting.id}`).toEqual([]);
        }
      }
    }
    // The generator must actually exercise the crossing paths, not only empty books.
    expect(crossed).toBeGreaterThan(SEEDS / 2);
  });
});
