/**
 * The IPO allotment as pure functions (decision 0019, "Allotment"): the same applications, supply
 * and seed give the same result on any machine, so the seed written to the audit log lets anyone
 * replay an allotment.
 *
 * Ballot order. The applications are put in canonical order (by id, code unit by code unit, so the
 * order they were passed in never matters), then shuffled by Fisher-Yates, front to back
 * (`for i in 0..n-2: j = i + draw(n - i); swap(i, j)`), with `Rng(hashString(seed))`. `draw(m)`
 * takes two `Rng` words, keeps 53 bits (the top 21 bits of the first, all 32 of the second), redraws
 * while the value falls in the incomplete last block of size m, and answers the value mod m, so
 * every position is exactly equally likely (`Rng.below` rounds a float and favours some positions).
 * One shuffle covers all applications; each pool draws in that order.
 *
 * Hong Kong (`allotHongKong`):
 * 1. Pools: an application whose amount lots x lot size x price (exact decimals) is at most the
 *    threshold (HK$5m) is pool A, above it pool B.
 * 2. Supply: the public tranche splits into two equal pools, A taking the odd lot. A pool applied
 *    for less than its lots (undersubscribed) keeps what was applied for and hands the spare lots
 *    to the other pool, when the other is oversubscribed.
 * 3. Within a pool with L lots and n applicants applying for D lots in all:
 *    - D <= L: everybody gets what they applied for.
 *    - L < n: the first L applicants of the ballot get one lot each, the others nothing.
 *    - otherwise every applicant gets one lot; the R = L - n lots left are shared in proportion to
 *      the lots applied for beyond the first, e_i = applied_i - 1 out of E = D - n:
 *      floor(R x e_i / E) each (exact integers); the few lots left after the floors go one at a time,
 *      in ballot order, to applicants still below what they applied for.
 *    Nobody receives more than applied for (R < E, so every floor is below e_i).
 *
 * United States (`allotUnitedStates`), random by lot: every applied lot is a ticket, numbered in
 * canonical order (the first application's lots first); the tickets are shuffled as above and the
 * first `lots` tickets win. Only the first `lots` steps of the shuffle are run (they fix the first
 * `lots` places exactly as the full shuffle would), so memory follows the supply, not the demand.
 *
 * Lot counts are JavaScript integers, checked to be safe; a sum that leaves the safe range is
 * refused. Money (the pool test) is only ever compared in exact decimals.
 */
import { Dec, fixed, percentOf } from '../../lib/decimal';
import { hashString, Rng } from '../../market/random';

export interface Application {
  id: string;
  /** Lots applied for: a positive integer. */
  lots: number;
}

export interface HkAllotmentInput {
  applications: Application[];
  lotSize: number;
  /** The final offer price in HKD, a decimal string. */
  price: string;
  /** Lots in the public tranche (at least 2: each pool starts with one lot or more). */
  publicLots: number;
  /** HKD, e.g. '5000000': an application of lots x lotSize x price <= threshold is pool A. */
  poolThreshold: string;
  seed: string;
}

export interface AllotmentResult {
  id: string;
  /** null for the United States, which has no pools. */
  pool: 'A' | 'B' | null;
  lotsApplied: number;
  lotsAllotted: number;
}

/** One line of the basis-of-allotment table: the applications of one pool that applied for the same lots. */
export interface BasisRow {
  pool: 'A' | 'B' | null;
  lotsApplied: number;
  applicants: number;
  /** Applicants who received at least one lot. */
  successful: number;
  /** Lots allotted to the whole row. */
  lotsAllotted: number;
  /** Fewest and most lots a successful applicant of the row received; 0 when nobody succeeded. */
  minLots: number;
  maxLots: number;
  /** successful / applicants, in percent, 2 decimals. */
  successfulPercent: string;
  /** lotsAllotted / (lotsApplied x applicants), in percent, 2 decimals: the share of what was applied for that was allotted. */
  allottedPercent: string;
}

export interface Allotment {
  seed: string;
  /** One per application, in canonical order (by id), whatever order the applications came in. */
  results: AllotmentResult[];
  /** Pool A's rows then pool B's (or the US rows), by lots applied. */
  table: BasisRow[];
  /** Each pool's lots after spare lots moved; null for the United States. */
  poolLots: { A: number; B: number } | null;
  demandLots: number;
  suppliedLots: number;
  /** demandLots / suppliedLots, 2 decimals. */
  oversubscription: string;
}

export interface PoolOdds {
  applicants: number;
  lotsApplied: number;
  /** The pool's supply, after spare lots moved. */
  lots: number;
  /** lotsApplied / lots, 2 decimals ('0.00' for an empty pool). */
  oversubscription: string;
  /** The probability that an applicant of the pool gets at least one lot, 0..1, 4 decimals. */
  oneLotChance: string;
}

type Pool = 'A' | 'B';
const POOLS: readonly Pool[] = ['A', 'B'];
const TWO_32 = 4294967296;
const TWO_53 = 9007199254740992;
const DECIMAL = /^\d+(\.\d+)?$/;

export function allotHongKong(input: HkAllotmentInput): Allotment {
  const seed = checkSeed(input.seed);
  const split = splitPools(input);
  const ballot = shuffled(split.applications, seed);
  const allotted = new Map<string, number>();
  for (const pool of POOLS) {
    const members = ballot.filter((a) => split.poolOf.get(a.id) === pool);
    allotPool(members, split.lots[pool], allotted);
  }
  const results = split.applications.map((a) => ({
    id: a.id,
    pool: split.poolOf.get(a.id) ?? null,
    lotsApplied: a.lots,
    lotsAllotted: allotted.get(a.id) ?? 0,
  }));
  return {
    seed,
    results,
    table: basisTable(results),
    poolLots: { ...split.lots },
    demandLots: split.demand,
    suppliedLots: split.publicLots,
    oversubscription: ratio(split.demand, split.publicLots),
  };
}

export function allotUnitedStates(input: { applications: Application[]; lots: number; seed: string }): Allotment {
  const seed = checkSeed(input.seed);
  const { applications, demand } = canonical(input.applications);
  const supply = lotCount(input.lots, 'lots', 1);
  const won = new Map<string, number>();
  if (demand <= supply) {
    for (const a of applications) won.set(a.id, a.lots);
  } else {
    // Ticket t belongs to the application whose range [first, first + lots) holds it.
    const firsts: number[] = [];
    let next = 0;
    for (const a of applications) {
      firsts.push(next);
      next += a.lots;
    }
    const rng = new Rng(hashString(seed));
    // Only the places a later step may still swap with are stored: a sparse Fisher-Yates.
    const moved = new Map<number, number>();
    for (let i = 0; i < supply; i += 1) {
      const j = i + draw(rng, demand - i);
      const ticket = moved.get(j) ?? j;
      moved.set(j, moved.get(i) ?? i);
      moved.delete(i);
      const owner = applications[ownerOf(firsts, ticket)]!;
      won.set(owner.id, (won.get(owner.id) ?? 0) + 1);
    }
  }
  const results = applications.map((a) => ({ id: a.id, pool: null, lotsApplied: a.lots, lotsAllotted: won.get(a.id) ?? 0 }));
  return {
    seed,
    results,
    table: basisTable(results),
    poolLots: null,
    demandLots: demand,
    suppliedLots: supply,
    oversubscription: ratio(demand, supply),
  };
}

/** The investor's odds if the deal closed now: each pool's demand against its supply. */
export function poolOdds(input: Omit<HkAllotmentInput, 'seed'>): { A: PoolOdds; B: PoolOdds } {
  const split = splitPools(input);
  const odds = (pool: Pool): PoolOdds => {
    const members = split.applications.filter((a) => split.poolOf.get(a.id) === pool);
    const applicants = members.length;
    const lots = split.lots[pool];
    const lotsApplied = members.reduce((sum, a) => sum + a.lots, 0);
    // Fewer lots than applicants: the ballot picks `lots` of them uniformly, so each has lots/n.
    // An empty pool: its first applicant would get a lot, as every pool starts with one or more.
    const certain = applicants === 0 || lots >= applicants;
    return {
      applicants,
      lotsApplied,
      lots,
      oversubscription: ratio(lotsApplied, lots),
      oneLotChance: certain ? '1.0000' : fixed(new Dec(lots).div(applicants), 4),
    };
  };
  return { A: odds('A'), B: odds('B') };
}

/** The ids in ballot order, for the audit and for anyone replaying an allotment by hand. */
export function ballotOrder(applications: Application[], seed: string): string[] {
  return shuffled(canonical(applications).applications, checkSeed(seed)).map((a) => a.id);
}

interface Split {
  applications: Application[];
  demand: number;
  publicLots: number;
  poolOf: Map<string, Pool>;
  lots: Record<Pool, number>;
}

function splitPools(input: Omit<HkAllotmentInput, 'seed'>): Split {
  const { applications, demand } = canonical(input.applications);
  const lotSize = lotCount(input.lotSize, 'lotSize', 1);
  const publicLots = lotCount(input.publicLots, 'publicLots', 2);
  const lotValue = decimal(input.price, 'price').mul(lotSize);
  if (lotValue.isZero()) throw new RangeError('price must be above zero');
  const threshold = decimal(input.poolThreshold, 'poolThreshold');

  const poolOf = new Map<string, Pool>();
  const applied: Record<Pool, number> = { A: 0, B: 0 };
  for (const a of applications) {
    const pool: Pool = lotValue.mul(a.lots).lte(threshold) ? 'A' : 'B';
    poolOf.set(a.id, pool);
    applied[pool] += a.lots;
  }
  const lots: Record<Pool, number> = { A: Math.ceil(publicLots / 2), B: Math.floor(publicLots / 2) };
  for (const [under, over] of [
    ['A', 'B'],
    ['B', 'A'],
  ] as const) {
    if (applied[under] < lots[under] && applied[over] > lots[over]) {
      lots[over] += lots[under] - applied[under];
      lots[under] = applied[under];
    }
  }
  return { applications, demand, publicLots, poolOf, lots };
}

/** Allots one pool's `lots` to its members, given in ballot order (see the file's comment, step 3). */
function allotPool(ballot: Application[], lots: number, allotted: Map<string, number>): void {
  const demand = ballot.reduce((sum, a) => sum + a.lots, 0);
  if (demand <= lots) {
    for (const a of ballot) allotted.set(a.id, a.lots);
    return;
  }
  if (lots < ballot.length) {
    ballot.forEach((a, place) => allotted.set(a.id, place < lots ? 1 : 0));
    return;
  }
  const rest = BigInt(lots - ballot.length);
  const beyondFirst = BigInt(demand - ballot.length);
  let left = lots;
  for (const a of ballot) {
    // BigInt: rest x (lots - 1) may pass 2^53 even though each factor is safe.
    const share = 1 + Number((rest * BigInt(a.lots - 1)) / beyondFirst);
    allotted.set(a.id, share);
    left -= share;
  }
  // Fewer lots are left than applicants with a fraction cut off, so one pass always ends it.
  for (const a of ballot) {
    if (left === 0) break;
    const share = allotted.get(a.id)!;
    if (share < a.lots) {
      allotted.set(a.id, share + 1);
      left -= 1;
    }
  }
}

function basisTable(results: AllotmentResult[]): BasisRow[] {
  const rows = new Map<string, BasisRow>();
  for (const r of results) {
    const key = `${r.pool ?? '-'} ${r.lotsApplied}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        pool: r.pool,
        lotsApplied: r.lotsApplied,
        applicants: 0,
        successful: 0,
        lotsAllotted: 0,
        minLots: 0,
        maxLots: 0,
        successfulPercent: '',
        allottedPercent: '',
      };
      rows.set(key, row);
    }
    row.applicants += 1;
    row.lotsAllotted += r.lotsAllotted;
    if (r.lotsAllotted > 0) {
      row.minLots = row.successful === 0 ? r.lotsAllotted : Math.min(row.minLots, r.lotsAllotted);
      row.maxLots = Math.max(row.maxLots, r.lotsAllotted);
      row.successful += 1;
    }
  }
  const poolRank = (pool: Pool | null) => (pool === 'A' ? 0 : pool === 'B' ? 1 : 2);
  return [...rows.values()]
    .map((row) => ({
      ...row,
      successfulPercent: percentOf(row.successful, row.applicants),
      allottedPercent: percentOf(row.lotsAllotted, new Dec(row.lotsApplied).mul(row.applicants)),
    }))
    .sort((x, y) => poolRank(x.pool) - poolRank(y.pool) || x.lotsApplied - y.lotsApplied);
}

/** Validated copies in canonical order (by id), with the total lots applied for. */
function canonical(applications: Application[]): { applications: Application[]; demand: number } {
  if (!Array.isArray(applications)) throw new TypeError('applications must be an array');
  const seen = new Set<string>();
  let demand = 0;
  const copies: Application[] = [];
  for (const a of applications) {
    if (typeof a?.id !== 'string' || a.id === '') throw new RangeError('every application needs an id');
    if (seen.has(a.id)) throw new RangeError(`application ${a.id} appears twice`);
    seen.add(a.id);
    demand += lotCount(a.lots, `lots of application ${a.id}`, 1);
    if (!Number.isSafeInteger(demand)) throw new RangeError('the lots applied for add up beyond a safe integer');
    copies.push({ id: a.id, lots: a.lots });
  }
  // Code units, not localeCompare: the order must not depend on the machine's locale.
  copies.sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  return { applications: copies, demand };
}

function shuffled(applications: Application[], seed: string): Application[] {
  const order = [...applications];
  const rng = new Rng(hashString(seed));
  for (let i = 0; i < order.length - 1; i += 1) {
    const j = i + draw(rng, order.length - i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** A uniform integer in [0, m) for any safe m >= 1 (see the file's comment). */
function draw(rng: Rng, m: number): number {
  const limit = TWO_53 - (TWO_53 % m);
  for (;;) {
    const high = word(rng) >>> 11;
    const value = high * TWO_32 + word(rng);
    if (value < limit) return value % m;
  }
}

/** The 32-bit word behind `Rng.next()`, which answers (word + 0.5) / 2^32. */
function word(rng: Rng): number {
  return Math.floor(rng.next() * TWO_32);
}

function ownerOf(firsts: number[], ticket: number): number {
  let low = 0;
  let high = firsts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >>> 1;
    if (firsts[mid]! <= ticket) low = mid;
    else high = mid - 1;
  }
  return low;
}

function ratio(demand: number, supply: number): string {
  return supply === 0 ? '0.00' : fixed(new Dec(demand).div(supply), 2);
}

function lotCount(value: number, what: string, min: number): number {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${what} must be a safe integer of at least ${min}, not ${String(value)}`);
  return value;
}

function decimal(value: string, what: string): Dec {
  if (typeof value !== 'string' || !DECIMAL.test(value)) throw new RangeError(`${what} must be a plain decimal string, not ${String(value)}`);
  return new Dec(value);
}

function checkSeed(seed: string): string {
  if (typeof seed !== 'string' || seed === '') throw new RangeError('seed must be a non-empty string');
  return seed;
}
