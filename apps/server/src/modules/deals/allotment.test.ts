import { describe, expect, it } from 'vitest';
import { Rng } from '../../market/random';
import { allotHongKong, allotUnitedStates, ballotOrder, poolOdds, type Application, type HkAllotmentInput } from './allotment';

/** One lot is 500 shares at HK$10.00 = HK$5,000, so 1,000 lots is exactly the HK$5m line. */
const DEAL = { lotSize: 500, price: '10.00', poolThreshold: '5000000' } as const;
/** Pool B's one applicant: 2,000 lots = HK$10m, enough to take whatever B has. */
const BIG: Application = { id: 'big', lots: 2000 };

const hk = (applications: Application[], publicLots: number, seed = 'meridian', deal: Partial<HkAllotmentInput> = {}) =>
  allotHongKong({ ...DEAL, applications, publicLots, seed, ...deal });
const lotsOf = (allotment: { results: { id: string; lotsAllotted: number }[] }) => Object.fromEntries(allotment.results.map((r) => [r.id, r.lotsAllotted]));
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const many = (prefix: string, n: number, lots: number): Application[] => Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i + 1}`, lots }));

describe('pools', () => {
  it('splits the public tranche in two, pool A taking the odd lot', () => {
    // 101 lots: A = ceil(101 / 2) = 51, B = 50; both pools oversubscribed, so nothing moves.
    const a = hk([{ id: 'a', lots: 1000 }, BIG], 101);
    expect(a.poolLots).toEqual({ A: 51, B: 50 });
    expect(lotsOf(a)).toEqual({ a: 51, big: 50 });
    expect(a.suppliedLots).toBe(101);
  });

  it('puts an application of exactly HK$5m in pool A and one lot more in pool B', () => {
    // 1,000 lots x 500 x 10.00 = 5,000,000 (A); 1,001 lots = 5,005,000 (B).
    const a = hk(
      [
        { id: 'at', lots: 1000 },
        { id: 'above', lots: 1001 },
      ],
      10,
    );
    expect(Object.fromEntries(a.results.map((r) => [r.id, r.pool]))).toEqual({ at: 'A', above: 'B' });
  });

  it('compares the amount in exact decimals at a price with cents', () => {
    // One lot: 400 x 12.34 = 4,936. 1,012 lots = 4,995,232 (A); 1,013 lots = 5,000,168 (B).
    const a = hk(
      [
        { id: 'x', lots: 1012 },
        { id: 'y', lots: 1013 },
      ],
      10,
      'meridian',
      { lotSize: 400, price: '12.34' },
    );
    expect(a.results.map((r) => r.pool)).toEqual(['A', 'B']);
    // 1,600 lots x 1,000 x 3.125 = 5,000,000 exactly: A.
    const b = hk(
      [
        { id: 'x', lots: 1600 },
        { id: 'y', lots: 1601 },
      ],
      10,
      'meridian',
      { lotSize: 1000, price: '3.125' },
    );
    expect(b.results.map((r) => r.pool)).toEqual(['A', 'B']);
  });

  it('moves the spare lots of an undersubscribed pool A to pool B', () => {
    // 100 lots: A 50, B 50. A applies for 3 x 10 = 30, so its 20 spare lots go to B: A 30, B 70.
    const a = hk([...many('a', 3, 10), BIG], 100);
    expect(a.poolLots).toEqual({ A: 30, B: 70 });
    expect(lotsOf(a)).toEqual({ a1: 10, a2: 10, a3: 10, big: 70 });
  });

  it('moves the spare lots of an undersubscribed pool B to pool A', () => {
    // One lot: 100 x HK$10,000 = HK$1m, so up to 5 lots is pool A, 6 or more pool B.
    // 100 lots: A 50, B 50. B applies for 6 + 14 = 20: its 30 spare lots go to A (A 80, B 20),
    // which 90 one-lot applications oversubscribe.
    const deal = { lotSize: 100, price: '10000' };
    const b = [
      { id: 'b1', lots: 6 },
      { id: 'b2', lots: 14 },
    ];
    const a = hk([...many('a', 90, 1), ...b], 100, 'meridian', deal);
    expect(a.poolLots).toEqual({ A: 80, B: 20 });
    expect(sum(a.results.filter((r) => r.pool === 'A').map((r) => r.lotsAllotted))).toBe(80);
    expect(lotsOf(a)).toMatchObject({ b1: 6, b2: 14 });
    // Both pools undersubscribed (a1's 5 lots = HK$5m, pool A): nothing moves, all get everything.
    const both = hk([{ id: 'a1', lots: 5 }, ...b], 100, 'meridian', deal);
    expect(both.poolLots).toEqual({ A: 50, B: 50 });
    expect(lotsOf(both)).toEqual({ a1: 5, b1: 6, b2: 14 });
  });

  it('gives everybody everything when demand does not exceed supply', () => {
    // 1 + 2 + 3 + 40 = 46 lots applied for, 60 offered: oversubscription 46 / 60 = 0.77.
    const a = hk(
      [
        { id: 'x', lots: 1 },
        { id: 'y', lots: 2 },
        { id: 'z', lots: 3 },
        { id: 'w', lots: 40 },
      ],
      60,
    );
    expect(lotsOf(a)).toEqual({ x: 1, y: 2, z: 3, w: 40 });
    expect(a).toMatchObject({ demandLots: 46, suppliedLots: 60, oversubscription: '0.77' });
    expect(hk([], 10)).toMatchObject({ results: [], table: [], demandLots: 0, oversubscription: '0.00' });
  });
});

describe('the ballot inside a pool', () => {
  it('gives one lot to exactly `lots` applicants, the first of the ballot, when lots < applicants', () => {
    // a01..a10 apply for 1..10 lots (all pool A); 8 lots: A 4, B 4. 10 applicants > 4 lots.
    const applications = [...Array.from({ length: 10 }, (_, i) => ({ id: `a${String(i + 1).padStart(2, '0')}`, lots: i + 1 })), BIG];
    const ballot = ballotOrder(applications, 'meridian');
    // The seed fixes the ballot; changing the shuffle would make past allotments unreplayable.
    expect(ballot).toEqual(['a01', 'a06', 'a04', 'big', 'a09', 'a03', 'a10', 'a02', 'a05', 'a08', 'a07']);
    const a = hk(applications, 8);
    // Pool A in ballot order: a01, a06, a04, a09 | a03, a10, ... : the first four get one lot each.
    const winners = ballot.filter((id) => id !== 'big').slice(0, 4);
    expect(winners).toEqual(['a01', 'a06', 'a04', 'a09']);
    for (const r of a.results.filter((x) => x.pool === 'A')) expect(r.lotsAllotted).toBe(winners.includes(r.id) ? 1 : 0);
    expect(lotsOf(a).big).toBe(4);
  });

  it('shares what is left after one lot each in proportion to the lots beyond the first', () => {
    // 20 lots: A 10, B 10. Pool A: p1 1, p2 4, p3 6, p4 9 lots = 20 applied for, 4 applicants.
    // Round 1: one lot each, 6 left. Beyond the first: 0 + 3 + 5 + 8 = 16.
    //   p2: floor(6 x 3 / 16 = 1.125) = 1, p3: floor(6 x 5 / 16 = 1.875) = 1, p4: floor(6 x 8 / 16) = 3.
    // Floors hand out 5 of the 6: the last lot goes to the first of the ballot still below its
    // application. Ballot: p3, p1 (full), big (pool B), p4, p2: p3 gets it.
    const applications = [{ id: 'p1', lots: 1 }, { id: 'p2', lots: 4 }, { id: 'p3', lots: 6 }, { id: 'p4', lots: 9 }, BIG];
    expect(ballotOrder(applications, 'meridian')).toEqual(['p3', 'p1', 'big', 'p4', 'p2']);
    const a = hk(applications, 20);
    expect(lotsOf(a)).toEqual({ p1: 1, p2: 2, p3: 3, p4: 4, big: 10 });
  });

  it('hands the remainders out in ballot order', () => {
    // 10 lots in A for five applicants of 3 lots: one each, then 5 left for 5 x 2 = 10 beyond the
    // first: floor(5 x 2 / 10) = 1 each, nothing left. With 12 lots: 7 left, floor(7 x 2 / 10) = 1
    // each, 2 left: the first two of the ballot get a third lot.
    const applications = [...many('q', 5, 3), BIG];
    expect(lotsOf(hk(applications, 20))).toMatchObject({ q1: 2, q2: 2, q3: 2, q4: 2, q5: 2 });
    const ballot = ballotOrder(applications, 'meridian').filter((id) => id !== 'big');
    const a = hk(applications, 24); // A 12, B 12
    for (const id of ballot) expect(lotsOf(a)[id]).toBe(ballot.indexOf(id) < 2 ? 3 : 2);
  });

  it('publishes the basis-of-allotment table', () => {
    // 32 lots: A 16, B 16. Pool A: s1..s4 apply for 1 lot, m1..m3 for 5, l1 for 20: 8 applicants, 39 lots.
    // Round 1: one lot each, 8 left. Beyond the first: 3 x 4 + 19 = 31.
    //   m: floor(8 x 4 / 31 = 1.03) = 1 each, so 2; l1: floor(8 x 19 / 31 = 4.90) = 4, so 5.
    // 4 + 6 + 5 = 15: one lot left, to the first of the ballot below its application.
    const applications = [...many('s', 4, 1), ...many('m', 3, 5), { id: 'l1', lots: 20 }, BIG];
    // Seed ipo-1, ballot m1, s2, big, ...: m1 gets it (3 lots).
    expect(ballotOrder(applications, 'ipo-1').slice(0, 3)).toEqual(['m1', 's2', 'big']);
    const a = hk(applications, 32, 'ipo-1');
    expect(a.table).toEqual([
      {
        pool: 'A',
        lotsApplied: 1,
        applicants: 4,
        successful: 4,
        lotsAllotted: 4,
        minLots: 1,
        maxLots: 1,
        successfulPercent: '100.00',
        allottedPercent: '100.00',
      },
      // 2 + 2 + 3 = 7 of 15 lots applied for: 46.67 %.
      {
        pool: 'A',
        lotsApplied: 5,
        applicants: 3,
        successful: 3,
        lotsAllotted: 7,
        minLots: 2,
        maxLots: 3,
        successfulPercent: '100.00',
        allottedPercent: '46.67',
      },
      {
        pool: 'A',
        lotsApplied: 20,
        applicants: 1,
        successful: 1,
        lotsAllotted: 5,
        minLots: 5,
        maxLots: 5,
        successfulPercent: '100.00',
        allottedPercent: '25.00',
      },
      // 16 of 2,000: 0.80 %.
      {
        pool: 'B',
        lotsApplied: 2000,
        applicants: 1,
        successful: 1,
        lotsAllotted: 16,
        minLots: 16,
        maxLots: 16,
        successfulPercent: '100.00',
        allottedPercent: '0.80',
      },
    ]);
    // (2,039 lots applied for / 32 offered = 63.72x.)
    expect(a).toMatchObject({ demandLots: 2039, suppliedLots: 32, oversubscription: '63.72', poolLots: { A: 16, B: 16 } });

    // Seed meridian, ballot s2 (full), l1, ...: l1 gets the last lot instead.
    expect(ballotOrder(applications, 'meridian').slice(0, 2)).toEqual(['s2', 'l1']);
    const b = hk(applications, 32, 'meridian');
    expect(b.table[1]).toMatchObject({ lotsAllotted: 6, minLots: 2, maxLots: 2, allottedPercent: '40.00' });
    expect(b.table[2]).toMatchObject({ lotsAllotted: 6, minLots: 6, maxLots: 6, allottedPercent: '30.00' });
  });

  it('shows a row of unsuccessful applicants with zeros', () => {
    // 3 lots in A for 8 applicants of 1 lot: 3 successful of 8 = 37.50 %.
    const a = hk([...many('s', 8, 1), BIG], 6);
    expect(a.table[0]).toEqual({
      pool: 'A',
      lotsApplied: 1,
      applicants: 8,
      successful: 3,
      lotsAllotted: 3,
      minLots: 1,
      maxLots: 1,
      successfulPercent: '37.50',
      allottedPercent: '37.50',
    });
    // 2 lots: A 1, B 1. Three applications of 2,000 lots, all pool B: empty A gives B its lot,
    // so 2 of the 3 win one lot: 2 of 6,000 lots applied for = 0.03 %.
    const none = hk(many('s', 3, 2000), 2);
    expect(none.poolLots).toEqual({ A: 0, B: 2 });
    expect(none.table).toEqual([
      {
        pool: 'B',
        lotsApplied: 2000,
        applicants: 3,
        successful: 2,
        lotsAllotted: 2,
        minLots: 1,
        maxLots: 1,
        successfulPercent: '66.67',
        allottedPercent: '0.03',
      },
    ]);
  });
});

describe('replay', () => {
  const applications = [...many('s', 30, 1), ...many('m', 10, 7), ...many('b', 3, 1500)];

  it('gives the identical allotment for the same seed', () => {
    const first = hk(applications, 25, 'deal-42');
    expect(hk(applications, 25, 'deal-42')).toEqual(first);
    expect(first.seed).toBe('deal-42');
  });

  it('draws a different ballot from a different seed', () => {
    expect(ballotOrder(applications, 'deal-43')).not.toEqual(ballotOrder(applications, 'deal-42'));
    expect(lotsOf(hk(applications, 25, 'deal-43'))).not.toEqual(lotsOf(hk(applications, 25, 'deal-42')));
  });

  it('does not depend on the order the applications come in', () => {
    const reversed = [...applications].reverse();
    expect(hk(reversed, 25, 'deal-42')).toEqual(hk(applications, 25, 'deal-42'));
    expect(ballotOrder(reversed, 'deal-42')).toEqual(ballotOrder(applications, 'deal-42'));
    expect(hk(reversed, 25).results.map((r) => r.id)).toEqual([...applications.map((a) => a.id)].sort());
  });
});

describe('United States, random by lot', () => {
  // a, b, c apply for 1, 3 and 6 lots: tickets 0 (a), 1-3 (b), 4-9 (c); 4 lots offered.
  const applications = [
    { id: 'c', lots: 6 },
    { id: 'a', lots: 1 },
    { id: 'b', lots: 3 },
  ];

  it('lets the first `lots` tickets of the seeded shuffle win', () => {
    const a = allotUnitedStates({ applications, lots: 4, seed: 'meridian' });
    expect(lotsOf(a)).toEqual({ a: 0, b: 0, c: 4 });
    expect(lotsOf(allotUnitedStates({ applications, lots: 4, seed: 'meridian-2' }))).toEqual({ a: 0, b: 1, c: 3 });
    expect(a).toMatchObject({ poolLots: null, demandLots: 10, suppliedLots: 4, oversubscription: '2.50' });
    expect(a.results.every((r) => r.pool === null)).toBe(true);
    expect(a.table).toEqual([
      { pool: null, lotsApplied: 1, applicants: 1, successful: 0, lotsAllotted: 0, minLots: 0, maxLots: 0, successfulPercent: '0.00', allottedPercent: '0.00' },
      { pool: null, lotsApplied: 3, applicants: 1, successful: 0, lotsAllotted: 0, minLots: 0, maxLots: 0, successfulPercent: '0.00', allottedPercent: '0.00' },
      {
        pool: null,
        lotsApplied: 6,
        applicants: 1,
        successful: 1,
        lotsAllotted: 4,
        minLots: 4,
        maxLots: 4,
        successfulPercent: '100.00',
        allottedPercent: '66.67',
      },
    ]);
  });

  it('gives every lot applied for the same chance', () => {
    // 4 of 10 tickets win: each ticket wins 40 % of the time, so c expects 6 x 0.4 = 2.4 lots and a 0.4.
    const total: Record<string, number> = { a: 0, b: 0, c: 0 };
    const runs = 4000;
    for (let s = 0; s < runs; s += 1) {
      const r = lotsOf(allotUnitedStates({ applications, lots: 4, seed: `us-${s}` }));
      for (const id of Object.keys(total)) total[id]! += r[id]!;
    }
    expect(total.a! / runs).toBeCloseTo(0.4, 1);
    expect(total.b! / runs).toBeCloseTo(1.2, 1);
    expect(total.c! / runs).toBeCloseTo(2.4, 1);
  });

  it('gives everybody everything when demand does not exceed supply, whatever the order', () => {
    expect(lotsOf(allotUnitedStates({ applications, lots: 10, seed: 'x' }))).toEqual({ a: 1, b: 3, c: 6 });
    const reversed = [...applications].reverse();
    expect(allotUnitedStates({ applications: reversed, lots: 4, seed: 'meridian' })).toEqual(allotUnitedStates({ applications, lots: 4, seed: 'meridian' }));
  });
});

describe('properties over many seeds', () => {
  /** A random deal from a generator seeded by `k`, so a failure names the input that made it. */
  function randomDeal(k: number): Omit<HkAllotmentInput, 'seed'> {
    const rng = new Rng(k * 7919 + 1);
    const n = rng.below(40);
    const applications = Array.from({ length: n }, (_, i) => ({
      id: `u${rng.below(1_000_000)}-${i}`,
      // Mostly small (pool A), sometimes above the HK$5m line (pool B: more than 1,000 lots).
      lots: rng.next() < 0.15 ? 1001 + rng.below(4000) : 1 + rng.below(rng.next() < 0.5 ? 3 : 60),
    }));
    return { ...DEAL, applications, publicLots: 2 + rng.below(300) };
  }

  it('allots min(supply, demand), nobody above what was applied for, one lot each where a pool has enough', () => {
    for (let k = 0; k < 400; k += 1) {
      const deal = randomDeal(k);
      const a = allotHongKong({ ...deal, seed: `prop-${k}` });
      const demand = sum(deal.applications.map((x) => x.lots));
      expect(sum(a.results.map((r) => r.lotsAllotted)), `deal ${k}`).toBe(Math.min(deal.publicLots, demand));
      expect(a.poolLots!.A + a.poolLots!.B).toBe(deal.publicLots);
      for (const pool of ['A', 'B'] as const) {
        const members = a.results.filter((r) => r.pool === pool);
        const applied = sum(members.map((r) => r.lotsApplied));
        expect(sum(members.map((r) => r.lotsAllotted)), `deal ${k} pool ${pool}`).toBe(Math.min(a.poolLots![pool], applied));
        if (a.poolLots![pool] >= members.length) for (const r of members) expect(r.lotsAllotted, `deal ${k} ${r.id}`).toBeGreaterThanOrEqual(1);
      }
      for (const r of a.results) {
        expect(r.lotsAllotted).toBeGreaterThanOrEqual(0);
        expect(r.lotsAllotted, `deal ${k} ${r.id}`).toBeLessThanOrEqual(r.lotsApplied);
      }
      expect(sum(a.table.map((row) => row.lotsAllotted))).toBe(sum(a.results.map((r) => r.lotsAllotted)));
      expect(sum(a.table.map((row) => row.applicants))).toBe(a.results.length);
    }
  });

  it('does not depend on the order of the applications', () => {
    for (let k = 0; k < 150; k += 1) {
      const deal = randomDeal(k);
      const rng = new Rng(k);
      const shuffledApplications = [...deal.applications];
      for (let i = shuffledApplications.length - 1; i > 0; i -= 1) {
        const j = rng.below(i + 1);
        [shuffledApplications[i], shuffledApplications[j]] = [shuffledApplications[j]!, shuffledApplications[i]!];
      }
      expect(allotHongKong({ ...deal, applications: shuffledApplications, seed: `prop-${k}` })).toEqual(allotHongKong({ ...deal, seed: `prop-${k}` }));
      const us = { applications: deal.applications, lots: deal.publicLots, seed: `prop-${k}` };
      expect(allotUnitedStates({ ...us, applications: shuffledApplications })).toEqual(allotUnitedStates(us));
    }
  });

  it('allots min(supply, demand) in the United States, nobody above what was applied for', () => {
    for (let k = 0; k < 400; k += 1) {
      const deal = randomDeal(k);
      const a = allotUnitedStates({ applications: deal.applications, lots: deal.publicLots, seed: `us-${k}` });
      expect(sum(a.results.map((r) => r.lotsAllotted))).toBe(Math.min(deal.publicLots, a.demandLots));
      for (const r of a.results) expect(r.lotsAllotted).toBeLessThanOrEqual(r.lotsApplied);
    }
  });

  it('gives each applicant the one-lot chance poolOdds quotes', () => {
    // 10 one-lot applicants, 4 lots in A: 4 / 10 = 0.4 each.
    const applications = [...many('s', 10, 1), BIG];
    expect(poolOdds({ ...DEAL, applications, publicLots: 8 }).A.oneLotChance).toBe('0.4000');
    const wins = new Map<string, number>();
    const runs = 3000;
    for (let s = 0; s < runs; s += 1) {
      for (const r of hk(applications, 8, `odds-${s}`).results) wins.set(r.id, (wins.get(r.id) ?? 0) + r.lotsAllotted);
    }
    for (const [id, w] of wins) if (id !== 'big') expect(w / runs, id).toBeCloseTo(0.4, 1);
  });

  it('keeps exact lot counts near the top of the safe integers', () => {
    // Everything in pool A (threshold far above); B empty, so its 2^50 lots go to A: A = 2^51.
    const huge = '1000000000000000000000000000000';
    const applications = [
      { id: 'x', lots: 2 ** 52 },
      { id: 'y', lots: 2 ** 51 + 1 },
    ];
    const a = allotHongKong({ applications, lotSize: 1, price: '1', publicLots: 2 ** 51, poolThreshold: huge, seed: 's' });
    expect(a.poolLots).toEqual({ A: 2 ** 51, B: 0 });
    expect(sum(a.results.map((r) => r.lotsAllotted))).toBe(2 ** 51);
    // One lot each, then 2^51 - 2 shared over (2^52 - 1) + 2^51 beyond the first: about 2/3 and 1/3.
    expect(lotsOf(a).x! / 2 ** 51).toBeCloseTo(2 / 3, 6);
    const us = allotUnitedStates({ applications, lots: 1000, seed: 's' });
    expect(sum(us.results.map((r) => r.lotsAllotted))).toBe(1000);
  });
});

describe('poolOdds', () => {
  it('quotes each pool against its own supply', () => {
    // 100 lots: A 50, B 50. A: 200 one-lot applicants: 200 / 50 = 4.00x, 50 of 200 win = 0.25.
    // B: 3 x 2,000 lots = 6,000 / 50 = 120.00x, 3 applicants <= 50 lots: each certain of a lot.
    const applications = [...many('s', 200, 1), ...many('b', 3, 2000)];
    expect(poolOdds({ ...DEAL, applications, publicLots: 100 })).toEqual({
      A: { applicants: 200, lotsApplied: 200, lots: 50, oversubscription: '4.00', oneLotChance: '0.2500' },
      B: { applicants: 3, lotsApplied: 6000, lots: 50, oversubscription: '120.00', oneLotChance: '1.0000' },
    });
  });

  it('rounds to 4 decimals and follows spare lots', () => {
    // 13 lots: A 7, B 6. A: 21 one-lot applicants: 21 / 7 = 3.00x, 7 / 21 = 0.33333 -> 0.3333.
    // B: 9 applicants of 1,100 lots = 9,900 / 6 = 1,650.00x, 6 / 9 = 0.66667 -> 0.6667.
    const applications = [...many('s', 21, 1), ...many('b', 9, 1100)];
    expect(poolOdds({ ...DEAL, applications, publicLots: 13 })).toEqual({
      A: { applicants: 21, lotsApplied: 21, lots: 7, oversubscription: '3.00', oneLotChance: '0.3333' },
      B: { applicants: 9, lotsApplied: 9900, lots: 6, oversubscription: '1650.00', oneLotChance: '0.6667' },
    });
    // 7 lots: A 4, B 3, nobody in B: its 3 lots go to A, 7 lots for 7 applicants, each certain.
    // 4 lots would have given 4 / 7 = 0.5714.
    expect(poolOdds({ ...DEAL, applications: many('s', 7, 1), publicLots: 7 })).toEqual({
      A: { applicants: 7, lotsApplied: 7, lots: 7, oversubscription: '1.00', oneLotChance: '1.0000' },
      B: { applicants: 0, lotsApplied: 0, lots: 0, oversubscription: '0.00', oneLotChance: '1.0000' },
    });
    expect(poolOdds({ ...DEAL, applications: [...many('s', 7, 1), { id: 'b', lots: 3000 }], publicLots: 7 }).A).toEqual({
      applicants: 7,
      lotsApplied: 7,
      lots: 4,
      oversubscription: '1.75',
      oneLotChance: '0.5714',
    });
    // 6 lots: A 3, B 3 (B oversubscribed). A: 18 one-lot applicants: 18 / 3 = 6.00x, 3 / 18 = 0.16667 -> 0.1667.
    expect(poolOdds({ ...DEAL, applications: [...many('s', 18, 1), { id: 'b', lots: 3000 }], publicLots: 6 }).A).toEqual({
      applicants: 18,
      lotsApplied: 18,
      lots: 3,
      oversubscription: '6.00',
      oneLotChance: '0.1667',
    });
  });
});

describe('bad input', () => {
  const ok: HkAllotmentInput = { ...DEAL, applications: [{ id: 'a', lots: 1 }], publicLots: 10, seed: 's' };

  it.each([
    ['lots of zero', { applications: [{ id: 'a', lots: 0 }] }],
    ['fractional lots', { applications: [{ id: 'a', lots: 1.5 }] }],
    ['unsafe lots', { applications: [{ id: 'a', lots: 2 ** 53 }] }],
    [
      'a sum past the safe integers',
      {
        applications: [
          { id: 'a', lots: 2 ** 52 },
          { id: 'b', lots: 2 ** 52 },
        ],
      },
    ],
    [
      'a duplicate id',
      {
        applications: [
          { id: 'a', lots: 1 },
          { id: 'a', lots: 2 },
        ],
      },
    ],
    ['an empty id', { applications: [{ id: '', lots: 1 }] }],
    ['a public tranche of one lot', { publicLots: 1 }],
    ['a lot size of zero', { lotSize: 0 }],
    ['a price in exponent form', { price: '1e3' }],
    ['a negative price', { price: '-1' }],
    ['a price of zero', { price: '0.00' }],
    ['a threshold that is not a number', { poolThreshold: 'five million' }],
    ['an empty seed', { seed: '' }],
  ])('refuses %s', (_name, change) => {
    expect(() => allotHongKong({ ...ok, ...change } as HkAllotmentInput)).toThrow(RangeError);
  });

  it('refuses a US offer of no lots', () => {
    expect(() => allotUnitedStates({ applications: ok.applications, lots: 0, seed: 's' })).toThrow(RangeError);
    expect(() => allotUnitedStates({ applications: ok.applications, lots: Number.NaN, seed: 's' })).toThrow(RangeError);
  });
});
