import type { FundProductKind } from '@tradeapp/contract';
import type { Sql } from '../../../db/db';
import type { CalendarId } from '../../../market/types';

// `fund_products`: the products, their terms and the jobs' progress.

export interface ProductRow {
  id: number;
  kind: FundProductKind;
  code: string;
  name: string;
  min_amount: string;
  calendar: CalendarId | null;
  cutoff_minutes: number | null;
  nav_lag: boolean;
  expense_percent: string | null;
  exit_load_percent: string;
  exit_load_days: number;
  free_units_percent: string;
  lock_in_days: number;
  curve_currency: string | null;
  launch_day: number | null;
  term_days: number | null;
  rate_percent: string | null;
  penalty_percent: string | null;
  nav_through: number | null;
  paid_through: number | null;
  accrued_through: number | null;
  seed_key: string | null;
  paused_at: Date | null;
  paused_reason: string | null;
  created_at: Date;
}

/** A fund as the NAV is struck: its product row with the fields a fund always has. */
export type FundRow = ProductRow & { calendar: CalendarId; cutoff_minutes: number; expense_percent: string; launch_day: number; nav_through: number };

const PRODUCT_COLUMNS = `id, kind, code, name, min_amount::text, calendar, cutoff_minutes, nav_lag, expense_percent::text, exit_load_percent::text,
  exit_load_days, free_units_percent::text, lock_in_days, curve_currency, launch_day, term_days, rate_percent::text, penalty_percent::text,
  nav_through, paid_through, accrued_through, seed_key, paused_at, paused_reason, created_at`;

export const products = (sql: Sql) => sql.query<ProductRow>(`select ${PRODUCT_COLUMNS} from fund_products order by id`);

/** The products of `ids`: a holder's page reads those held, not all ~25 columns of every product. */
export const productsByIds = (sql: Sql, ids: readonly number[]) =>
  sql.query<ProductRow>(`select ${PRODUCT_COLUMNS} from fund_products where id = any($1::int[]) order by id`, [[...ids]]);

export async function product(sql: Sql, id: number, lock = false): Promise<ProductRow | undefined> {
  const [row] = await sql.query<ProductRow>(`select ${PRODUCT_COLUMNS} from fund_products where id = $1${lock ? ' for update' : ''}`, [id]);
  return row;
}

export async function productByCode(sql: Sql, code: string, lock = false): Promise<ProductRow | undefined> {
  const [row] = await sql.query<ProductRow>(`select ${PRODUCT_COLUMNS} from fund_products where code = $1${lock ? ' for update' : ''}`, [code]);
  return row;
}

export interface NewProduct {
  kind: FundProductKind;
  code: string;
  name: string;
  minAmount: string;
  calendar?: CalendarId | null;
  cutoffMinutes?: number | null;
  navLag?: boolean;
  expensePercent?: string | null;
  exitLoadPercent?: string;
  exitLoadDays?: number;
  freeUnitsPercent?: string;
  lockInDays?: number;
  curveCurrency?: string | null;
  launchDay?: number | null;
  termDays?: number | null;
  ratePercent?: string | null;
  penaltyPercent?: string | null;
  seedKey?: string | null;
  createdBy?: number | null;
  /** When it opened, on the funds' clock: a Current term credits days from then. */
  at: Date;
}

/** A product, or undefined when one with its code (or seed key) exists: seeding twice, or on two nodes at once, adds it once. */
export async function insertProduct(sql: Sql, p: NewProduct): Promise<ProductRow | undefined> {
  const [row] = await sql.query<ProductRow>(
    `insert into fund_products (kind, code, name, min_amount, calendar, cutoff_minutes, nav_lag, expense_percent, exit_load_percent, exit_load_days,
       free_units_percent, lock_in_days, curve_currency, launch_day, nav_through, term_days, rate_percent, penalty_percent, seed_key, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15, $16, $17, $18, $19, $20)
     on conflict do nothing returning ${PRODUCT_COLUMNS}`,
    [
      p.kind,
      p.code,
      p.name,
      p.minAmount,
      p.calendar ?? null,
      p.cutoffMinutes ?? null,
      p.navLag ?? false,
      p.expensePercent ?? null,
      p.exitLoadPercent ?? '0',
      p.exitLoadDays ?? 0,
      p.freeUnitsPercent ?? '0',
      p.lockInDays ?? 0,
      p.curveCurrency ?? null,
      p.launchDay ?? null,
      p.termDays ?? null,
      p.ratePercent ?? null,
      p.penaltyPercent ?? null,
      p.seedKey ?? null,
      p.createdBy ?? null,
      p.at,
    ],
  );
  return row;
}

export const amendProduct = (
  sql: Sql,
  id: number,
  p: { name: string; minAmount: string; expensePercent: string | null; ratePercent: string | null; penaltyPercent: string | null },
) =>
  sql.query('update fund_products set name = $2, min_amount = $3, expense_percent = $4, rate_percent = $5, penalty_percent = $6 where id = $1', [
    id,
    p.name,
    p.minAmount,
    p.expensePercent,
    p.ratePercent,
    p.penaltyPercent,
  ]);

export const setPaused = (sql: Sql, id: number, by: number | null, reason: string | null) =>
  sql.query(`update fund_products set paused_at = case when $2::bigint is null then null else now() end, paused_by = $2, paused_reason = $3 where id = $1`, [
    id,
    by,
    reason,
  ]);

/** The jobs' progress only ever moves forward. */
export const setNavThrough = (sql: Sql, id: number, day: number) =>
  sql.query('update fund_products set nav_through = $2 where id = $1 and nav_through < $2', [id, day]);
export const setPaidThrough = (sql: Sql, id: number, day: number) =>
  sql.query('update fund_products set paid_through = $2 where id = $1 and (paid_through is null or paid_through < $2)', [id, day]);
export const setAccruedThrough = (sql: Sql, id: number, day: number) =>
  sql.query('update fund_products set accrued_through = $2 where id = $1 and (accrued_through is null or accrued_through < $2)', [id, day]);

/** Per product: holders (anyone with units left or a purchase waiting), units outstanding, open orders. */
export const productTotals = (sql: Sql) =>
  sql.query<{ product_id: number; holders: number; outstanding: string; pending_orders: number }>(
    `select p.id as product_id,
            (select count(distinct user_id)::int from fund_holdings h where h.product_id = p.id and (h.remaining > 0 or h.units is null)) as holders,
            (select coalesce(sum(remaining), 0)::text from fund_holdings h where h.product_id = p.id) as outstanding,
            (select count(*)::int from fund_orders o where o.product_id = p.id and o.status <> 'done') as pending_orders
       from fund_products p order by p.id`,
  );
