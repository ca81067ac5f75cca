import type { Sql } from '../../../db/db';

// `fund_weights` and `fund_navs`: a fund's basket and its NAVs.

export interface WeightRow {
  product_id: number;
  symbol: string;
  weight: string;
}

export interface NavRow {
  product_id: number;
  day: number;
  nav: string;
  ratio: string | null;
}

export const weights = (sql: Sql) => sql.query<WeightRow>('select product_id, symbol, weight::text from fund_weights order by product_id, weight desc, symbol');
export const weightsOf = (sql: Sql, productId: number) =>
  sql.query<WeightRow>('select product_id, symbol, weight::text from fund_weights where product_id = $1 order by weight desc, symbol', [productId]);

export async function insertWeights(sql: Sql, productId: number, basket: ReadonlyArray<{ symbol: string; weight: string }>) {
  for (const w of basket) await sql.query('insert into fund_weights (product_id, symbol, weight) values ($1, $2, $3)', [productId, w.symbol, w.weight]);
}

export const insertNav = (sql: Sql, n: { productId: number; day: number; nav: string; ratio: string | null }) =>
  sql.query('insert into fund_navs (product_id, day, nav, ratio) values ($1, $2, $3, $4)', [n.productId, n.day, n.nav, n.ratio]);

/** A fund's NAVs, oldest first; `from` keeps those from that day on. */
export const navs = (sql: Sql, productId: number, from?: number) =>
  sql.query<NavRow>(
    `select product_id, day, nav::text, ratio::text from fund_navs where product_id = $1${from === undefined ? '' : ' and day >= $2'} order by day`,
    from === undefined ? [productId] : [productId, from],
  );

export async function navOf(sql: Sql, productId: number, day: number): Promise<NavRow | undefined> {
  const [row] = await sql.query<NavRow>('select product_id, day, nav::text, ratio::text from fund_navs where product_id = $1 and day = $2', [productId, day]);
  return row;
}

/** Each fund's latest two NAVs, newest first. */
export const latestNavs = (sql: Sql) =>
  sql.query<NavRow>(
    `select product_id, day, nav::text, ratio::text from (
       select n.*, row_number() over (partition by product_id order by day desc) as k from fund_navs n) x
      where k <= 2 order by product_id, day desc`,
  );

/** The latest two NAVs of each of `productIds`, newest first: what a holder's line is valued at. */
export const latestNavsOf = (sql: Sql, productIds: readonly number[]) =>
  sql.query<NavRow>(
    `select p.id as product_id, n.day, n.nav::text, n.ratio::text
       from unnest($1::int[]) as p(id)
       cross join lateral (select day, nav, ratio from fund_navs where product_id = p.id order by day desc limit 2) n
      order by p.id, n.day desc`,
    [[...productIds]],
  );
