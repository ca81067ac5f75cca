import type { zFundCreate, zFundDay, zFundOrderInput } from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db, Sql } from '../../db/db';
import { notFound } from '../../errors';
import { Dec } from '../../lib/decimal';
import { dayToIso } from '../../market/calendars';
import type { MarketProvider } from '../../market/types';
import type { FundEngine } from './engine';
import * as repo from './repository';
import type { ProductRow } from './repository';
import { DAY_MS, orderTiming } from './rules';

// What the investor's and the operator's use cases share: the service's options, given to both as is,
// and the few helpers both sides call.

export type FundServiceOptions = { db: Db; engine: FundEngine; provider: MarketProvider; now: () => number };

export type Operator = { operatorId: number; ip: string | null };
export type OrderInput = z.output<typeof zFundOrderInput>;
export type CreateInput = z.output<typeof zFundCreate>;
export type FundDay = z.infer<typeof zFundDay>;

export const iso = (day: number) => dayToIso(day / DAY_MS);
export const ZERO = new Dec(0);

export const timingOf = (p: ProductRow, at: number) => orderTiming({ calendar: p.calendar!, cutoffMinutes: p.cutoff_minutes!, navLag: p.nav_lag }, at);

export async function lockProduct(sql: Sql, id: number): Promise<ProductRow> {
  const p = await repo.product(sql, id, true);
  if (!p) throw notFound();
  return p;
}
