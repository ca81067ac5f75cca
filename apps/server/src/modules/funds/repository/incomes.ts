import type { Sql } from '../../../db/db';

// `deposit_incomes` and `deposit_accruals`: a Current term's declared incomes and what they credited.

export interface IncomeRow {
  product_id: number;
  day: number;
  income_per10k: string;
}

/** The declared incomes of `productIds` from day `from` through day `through`, oldest first. */
export const incomesBetween = (sql: Sql, productIds: readonly number[], from: number, through: number) =>
  sql.query<IncomeRow>(
    'select product_id, day, income_per10k::text from deposit_incomes where product_id = any($1::int[]) and day between $2 and $3 order by product_id, day',
    [[...productIds], from, through],
  );

export const incomes = (sql: Sql, productId: number) =>
  sql.query<IncomeRow>('select product_id, day, income_per10k::text from deposit_incomes where product_id = $1 order by day', [productId]);

/** Every Current term's declared incomes from `from` on, and the 7 days up to `to`. */
export const incomesAround = (sql: Sql, to: number) =>
  sql.query<IncomeRow>(
    `select product_id, day, income_per10k::text from (
       select i.*, row_number() over (partition by product_id order by day desc) as k from deposit_incomes i where day <= $1) x
      where k <= 7
     union all select product_id, day, income_per10k::text from deposit_incomes where day > $1
     order by product_id, day`,
    [to],
  );

export async function incomeOf(sql: Sql, productId: number, day: number): Promise<IncomeRow | undefined> {
  const [row] = await sql.query<IncomeRow>('select product_id, day, income_per10k::text from deposit_incomes where product_id = $1 and day = $2', [
    productId,
    day,
  ]);
  return row;
}

/** Declares an income once: false when the day already has one. */
export async function declareIncome(sql: Sql, i: { productId: number; day: number; incomePer10k: string; by: number | null }): Promise<boolean> {
  const rows = await sql.query(
    'insert into deposit_incomes (product_id, day, income_per10k, declared_by) values ($1, $2, $3, $4) on conflict do nothing returning day',
    [i.productId, i.day, i.incomePer10k, i.by],
  );
  return rows.length === 1;
}

/**
 * A Current term's holdings not yet credited for UTC day `day` (the caller holds the product's row
 * lock, which every redemption takes too), and the units each held
 * through all of it: bought before it began; what is left now plus what was redeemed after it ended.
 */
export const unitsThroughDay = (sql: Sql, productId: number, day: number) =>
  sql.query<{ id: number; user_id: number; units: string }>(
    `select id, user_id, units::text from (
       select h.id, h.user_id,
              h.remaining + coalesce((select sum(l.units) from fund_order_lots l join fund_orders o on o.id = l.order_id
                                       where l.holding_id = h.id and o.done_at >= $4), 0) as units
         from fund_holdings h
        where h.product_id = $1 and h.units is not null and h.created_at <= $3
          and not exists (select 1 from deposit_accruals a where a.holding_id = h.id and a.day = $2)) x
      where units > 0 order by id`,
    [productId, day, new Date(day), new Date(day + 86_400_000)],
  );

export const insertAccrual = (sql: Sql, a: { holdingId: number; day: number; units: string; income: string }) =>
  sql.query('insert into deposit_accruals (holding_id, day, units, income) values ($1, $2, $3, $4)', [a.holdingId, a.day, a.units, a.income]);

/** One user's Current income credited for `day`, per product. */
export const accrualsOn = (sql: Sql, userId: number) =>
  sql.query<{ product_id: number; day: number; income: string }>(
    `select h.product_id, a.day, sum(a.income)::text as income from deposit_accruals a join fund_holdings h on h.id = a.holding_id
      where h.user_id = $1 group by h.product_id, a.day having a.day = (select accrued_through from fund_products p where p.id = h.product_id)`,
    [userId],
  );

// The portfolio's reads (issue 32): one user's whole history, for the value now and at past instants.

/** One user's credited Current income of the UTC days given, per holding. */
export const userAccrualsOn = (sql: Sql, userId: number, days: readonly number[]) =>
  days.length === 0
    ? Promise.resolve([] as Array<{ holding_id: number; day: number; income: string }>)
    : sql.query<{ holding_id: number; day: number; income: string }>(
        `select a.holding_id, a.day, a.income::text from deposit_accruals a join fund_holdings h on h.id = a.holding_id
          where h.user_id = $1 and a.day = any($2::bigint[]) order by a.holding_id, a.day`,
        [userId, [...days]],
      );
