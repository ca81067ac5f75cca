import type { Db, Sql } from '../../db/db';
import { Dec, fixed } from '../../lib/decimal';
import type { Notices } from '../notices';
import { DAY_MS, type PoolEngine } from './engine';
import * as repo from './repository';
import type { PoolDayRow, PoolRow } from './repository';
import { six } from './views';

/** What the investor's calls and the back office's both work with: the service's options. */
export interface QuantifyContext {
  db: Db;
  engine: PoolEngine;
  notices: Notices;
  now: () => number;
}

export type Operator = { operatorId: number; ip: string | null };

/**
 * The pool's size at its latest NAV: its units outstanding (the seed's and every priced order's)
 * and its equity, both after the orders priced at that NAV. The day's row holds the equity the NAV
 * was struck from, before them: the euros those orders brought in (or paid out) are added, so that
 * equity = NAV × units outstanding, to the rounding of the NAV and of the orders' units (6 places
 * each). Before, a subscription's units were counted and its euros not: the equity read its amount short.
 */
export async function sizeOf(sql: Sql, p: PoolRow, days: readonly PoolDayRow[]) {
  const last = days[days.length - 1];
  const unitsOutstanding = six(new Dec(p.seed_units).add(await repo.investorUnits(sql, p.id)));
  if (!last) return { unitsOutstanding, equity: null };
  const flow = await repo.flowsAt(sql, p.id, new Date(last.day.getTime() + DAY_MS));
  return { unitsOutstanding, equity: fixed(new Dec(last.equity).add(flow), 2) };
}
