import type { FundHoldingStatus, FundProductKind } from '@tradeapp/contract';
import type { Sql } from '../../../db/db';

// `fund_holdings`, one per purchase, with what its orders and incomes make of it.

export interface HoldingRow {
  id: number;
  product_id: number;
  user_id: number;
  amount: string;
  units: string | null;
  remaining: string;
  nav: string | null;
  nav_day: number | null;
  free_used: string;
  rate_percent: string | null;
  end_day: number | null;
  interest: string | null;
  created_at: Date;
}

/** A holding with what its orders and incomes make of it. */
export interface HoldingView extends HoldingRow {
  status: FundHoldingStatus;
  /** Paid out so far (redemptions net, incomes, interest); priced and not yet paid; asked back and not yet priced. */
  paid: string;
  owed: string;
  reserved: string;
  /** When the last of it was paid out, once nothing is left. */
  sold_at: Date | null;
}

const HOLDING_COLUMNS = `h.id, h.product_id, h.user_id, h.amount::text, h.units::text, h.remaining::text, h.nav::text, h.nav_day, h.free_used::text,
  h.rate_percent::text, h.end_day, h.interest::text, h.created_at`;

/**
 * Holdings with their status and money, newest first: `where` filters `h` (the holdings). The
 * status: pending until allotted; redeeming while a redemption of it is asked or priced and unpaid;
 * redeemed once nothing is left; bought otherwise.
 */
function holdingViews(sql: Sql, where: string, params: unknown[], f: { status?: FundHoldingStatus; limit?: number; offset?: number } = {}) {
  const all = [...params];
  const status = f.status ? `where status = $${all.push(f.status)}` : '';
  const page = f.limit === undefined ? '' : `limit $${all.push(f.limit)} offset $${all.push(f.offset ?? 0)}`;
  return sql.query<HoldingView & { total: number }>(
    `with mine as (select ${HOLDING_COLUMNS} from fund_holdings h where ${where}),
     lots as (
       select l.holding_id,
              coalesce(sum(case when o.status = 'done' then l.gross - l.exit_load end), 0) as paid,
              coalesce(sum(case when o.status = 'priced' then l.gross - l.exit_load end), 0) as owed,
              coalesce(sum(case when o.status = 'pending' then l.units end), 0) as reserved,
              bool_or(o.status <> 'done') as open,
              max(o.done_at) as last_done
         from fund_order_lots l join fund_orders o on o.id = l.order_id
        where l.holding_id in (select id from mine) group by l.holding_id),
     inc as (select holding_id, sum(income) as income from deposit_accruals where holding_id in (select id from mine) group by holding_id),
     v as (
       select m.*, (coalesce(lots.paid, 0) + coalesce(inc.income, 0))::text as paid, coalesce(lots.owed, 0)::text as owed,
              coalesce(lots.reserved, 0)::text as reserved,
              case when m.units is null then 'pending' when coalesce(lots.open, false) then 'redeeming'
                   when m.remaining::numeric = 0 then 'redeemed' else 'bought' end as status,
              case when m.units is not null and m.remaining::numeric = 0 and not coalesce(lots.open, false) then lots.last_done end as sold_at
         from mine m left join lots on lots.holding_id = m.id left join inc on inc.holding_id = m.id)
     select *, count(*) over ()::int as total from v ${status} order by id desc ${page}`,
    all,
  );
}

/** One user's holdings, newest first, filtered and paged. */
export function userHoldings(
  sql: Sql,
  userId: number,
  f: { productId?: number; kind?: FundProductKind; status?: FundHoldingStatus; limit?: number; offset?: number } = {},
) {
  const params: unknown[] = [userId];
  let where = 'h.user_id = $1';
  if (f.productId) where += ` and h.product_id = $${params.push(f.productId)}`;
  if (f.kind) where += ` and h.product_id in (select id from fund_products where kind = $${params.push(f.kind)})`;
  return holdingViews(sql, where, params, f);
}

/** Every holding of one product (the back office's figures). */
export const productHoldings = (sql: Sql, productId: number) => holdingViews(sql, 'h.product_id = $1', [productId]);

/** A user's holdings of one product, locked, first in first out. */
export const lockHoldings = (sql: Sql, userId: number, productId: number) =>
  sql.query<HoldingRow>(
    `select ${HOLDING_COLUMNS} from fund_holdings h where h.user_id = $1 and h.product_id = $2 order by h.nav_day nulls last, h.id for update`,
    [userId, productId],
  );

/** Units of each holding already asked back by redemptions not yet priced. */
export async function reservedUnits(sql: Sql, holdingIds: readonly number[]): Promise<Map<number, string>> {
  if (holdingIds.length === 0) return new Map();
  const rows = await sql.query<{ holding_id: number; units: string }>(
    `select l.holding_id, sum(l.units)::text as units from fund_order_lots l join fund_orders o on o.id = l.order_id
      where o.status = 'pending' and l.holding_id = any($1::bigint[]) group by l.holding_id`,
    [holdingIds],
  );
  return new Map(rows.map((r) => [r.holding_id, r.units]));
}

export async function insertHolding(
  sql: Sql,
  h: {
    productId: number;
    userId: number;
    amount: string;
    units: string | null;
    ratePercent?: string | null;
    endDay?: number | null;
    interest?: string | null;
    at: Date;
  },
): Promise<HoldingRow> {
  const [row] = await sql.query<HoldingRow>(
    `insert into fund_holdings as h (product_id, user_id, amount, units, remaining, rate_percent, end_day, interest, created_at)
     values ($1, $2, $3, $4, coalesce($4::numeric, 0), $5, $6, $7, $8) returning ${HOLDING_COLUMNS}`,
    [h.productId, h.userId, h.amount, h.units, h.ratePercent ?? null, h.endDay ?? null, h.interest ?? null, h.at],
  );
  return row!;
}

export const allotHolding = (sql: Sql, id: number, a: { units: string; nav: string; navDay: number }) =>
  sql.query('update fund_holdings set units = $2, remaining = $2, nav = $3, nav_day = $4 where id = $1', [id, a.units, a.nav, a.navDay]);

export const reduceHolding = (sql: Sql, id: number, units: string) =>
  sql.query('update fund_holdings set remaining = remaining - $2 where id = $1', [id, units]);

export const useFreeUnits = (sql: Sql, id: number, units: string) =>
  sql.query('update fund_holdings set free_used = free_used + $2 where id = $1', [id, units]);

/** Regular holdings whose term has ended by `day` and are still held, locked. */
export const maturedHoldings = (sql: Sql, productId: number, day: number) =>
  sql.query<HoldingRow>(
    `select ${HOLDING_COLUMNS} from fund_holdings h where h.product_id = $1 and h.remaining > 0 and h.end_day <= $2 order by h.id for update`,
    [productId, day],
  );

/**
 * Per product, one user's units held through the NAV day `day` of that product: lots allotted at an
 * earlier NAV, less redemptions priced at an earlier NAV (those priced at `day` held through it).
 */
export const unitsHeldThrough = (sql: Sql, userId: number, productId: number, day: number) =>
  sql.query<{ units: string }>(
    `select ((select coalesce(sum(units), 0) from fund_holdings where user_id = $1 and product_id = $2 and nav_day < $3)
           - (select coalesce(sum(units), 0) from fund_orders where user_id = $1 and product_id = $2 and side = 'redeem' and status <> 'pending' and nav_day < $3))::text as units`,
    [userId, productId, day],
  );

/** One user's per-product sums: units left, purchases waiting, redemptions priced and unpaid. */
export const userTotals = (sql: Sql, userId: number) =>
  sql.query<{ product_id: number; remaining: string; pending: string }>(
    `select product_id, coalesce(sum(remaining), 0)::text as remaining, coalesce(sum(case when units is null then amount end), 0)::text as pending
       from fund_holdings where user_id = $1 group by product_id`,
    [userId],
  );

// The portfolio's reads (issue 32): one user's whole history, for the value now and at past instants.

/** A holding with the moment its purchase was allotted (a fund's, when its NAV priced it; a deposit's, at once). */
export interface HoldingHistoryRow extends HoldingRow {
  allotted_at: Date | null;
}

/** Every holding of one user, oldest first, with its purchase's allotment moment. */
export const userHoldingHistory = (sql: Sql, userId: number) =>
  sql.query<HoldingHistoryRow>(
    `select ${HOLDING_COLUMNS},
            (select min(o.done_at) from fund_orders o where o.holding_id = h.id and o.side = 'buy' and o.status = 'done') as allotted_at
       from fund_holdings h where h.user_id = $1 order by h.id`,
    [userId],
  );
