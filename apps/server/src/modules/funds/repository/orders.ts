import type { FundProductKind } from '@tradeapp/contract';
import type { Sql } from '../../../db/db';

// `fund_orders` and `fund_order_lots`: purchases and redemptions, and the lots each redemption takes.

export interface OrderRow {
  id: number;
  product_id: number;
  user_id: number;
  side: 'buy' | 'redeem';
  status: 'pending' | 'priced' | 'done';
  holding_id: number | null;
  amount: string | null;
  units: string | null;
  nav: string | null;
  nav_day: number | null;
  pay_day: number | null;
  exit_load: string;
  net: string | null;
  created_at: Date;
  done_at: Date | null;
}

export interface OrderLotRow {
  order_id: number;
  holding_id: number;
  units: string;
  free: string;
  loaded: string;
  gross: string | null;
  exit_load: string | null;
}

const ORDER_COLUMNS = `id, product_id, user_id, side, status, holding_id, amount::text, units::text, nav::text, nav_day, pay_day, exit_load::text, net::text,
  created_at, done_at`;

export async function insertOrder(
  sql: Sql,
  o: {
    productId: number;
    userId: number;
    side: 'buy' | 'redeem';
    status: OrderRow['status'];
    holdingId?: number | null;
    amount?: string | null;
    units?: string | null;
    nav?: string | null;
    navDay?: number | null;
    payDay?: number | null;
    exitLoad?: string;
    net?: string | null;
    at: Date;
  },
): Promise<OrderRow> {
  const [row] = await sql.query<OrderRow>(
    `insert into fund_orders (product_id, user_id, side, status, holding_id, amount, units, nav, nav_day, pay_day, exit_load, net, created_at, done_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, case when $4 = 'done' then $13::timestamptz end) returning ${ORDER_COLUMNS}`,
    [
      o.productId,
      o.userId,
      o.side,
      o.status,
      o.holdingId ?? null,
      o.amount ?? null,
      o.units ?? null,
      o.nav ?? null,
      o.navDay ?? null,
      o.payDay ?? null,
      o.exitLoad ?? '0',
      o.net ?? null,
      o.at,
    ],
  );
  return row!;
}

export const insertOrderLot = (
  sql: Sql,
  l: { orderId: number; holdingId: number; units: string; free: string; loaded: string; gross?: string | null; exitLoad?: string | null },
) =>
  sql.query('insert into fund_order_lots (order_id, holding_id, units, free, loaded, gross, exit_load) values ($1, $2, $3, $4, $5, $6, $7)', [
    l.orderId,
    l.holdingId,
    l.units,
    l.free,
    l.loaded,
    l.gross ?? null,
    l.exitLoad ?? null,
  ]);

export const orderLots = (sql: Sql, orderId: number) =>
  sql.query<OrderLotRow>(
    'select order_id, holding_id, units::text, free::text, loaded::text, gross::text, exit_load::text from fund_order_lots where order_id = $1 order by holding_id',
    [orderId],
  );

export const priceOrderLot = (sql: Sql, orderId: number, holdingId: number, gross: string, exitLoad: string) =>
  sql.query('update fund_order_lots set gross = $3, exit_load = $4 where order_id = $1 and holding_id = $2', [orderId, holdingId, gross, exitLoad]);

/** A product's orders waiting for a NAV already struck (through `day`), locked, oldest first. */
export const dueOrders = (sql: Sql, productId: number, day: number) =>
  sql.query<OrderRow>(`select ${ORDER_COLUMNS} from fund_orders where product_id = $1 and status = 'pending' and nav_day <= $2 order by id for update`, [
    productId,
    day,
  ]);

/** A product's priced redemptions whose payday has come, locked, oldest first. */
export const payableOrders = (sql: Sql, productId: number, day: number) =>
  sql.query<OrderRow>(`select ${ORDER_COLUMNS} from fund_orders where product_id = $1 and status = 'priced' and pay_day <= $2 order by id for update`, [
    productId,
    day,
  ]);

export const markAllotted = (sql: Sql, id: number, a: { units: string; nav: string; at: Date }) =>
  sql.query("update fund_orders set status = 'done', units = $2, nav = $3, priced_at = $4, done_at = $4 where id = $1", [id, a.units, a.nav, a.at]);

export const markPriced = (sql: Sql, id: number, p: { amount: string; nav: string; exitLoad: string; net: string; at: Date }) =>
  sql.query("update fund_orders set status = 'priced', amount = $2, nav = $3, exit_load = $4, net = $5, priced_at = $6 where id = $1", [
    id,
    p.amount,
    p.nav,
    p.exitLoad,
    p.net,
    p.at,
  ]);

export const markPaid = (sql: Sql, id: number, at: Date) => sql.query("update fund_orders set status = 'done', done_at = $2 where id = $1", [id, at]);

export async function userOrders(
  sql: Sql,
  userId: number,
  f: { productId?: number; kind?: FundProductKind; status?: 'inProgress' | 'completed'; limit: number; offset: number },
) {
  const params: unknown[] = [userId, f.limit, f.offset];
  let where = 'user_id = $1';
  if (f.productId) where += ` and product_id = $${params.push(f.productId)}`;
  if (f.kind) where += ` and product_id in (select id from fund_products where kind = $${params.push(f.kind)})`;
  if (f.status) where += f.status === 'completed' ? " and status = 'done'" : " and status <> 'done'";
  return sql.query<OrderRow & { total: number }>(
    `select ${ORDER_COLUMNS}, count(*) over ()::int as total from fund_orders where ${where} order by id desc limit $2 offset $3`,
    params,
  );
}

// The portfolio's reads (issue 32): one user's whole history, for the value now and at past instants.

/** One lot of a redemption with its order: what it took from which holding, and when it was priced and paid. */
export interface RedemptionLotRow {
  order_id: number;
  product_id: number;
  status: OrderRow['status'];
  order_units: string;
  nav: string | null;
  nav_day: number | null;
  pay_day: number | null;
  amount: string | null;
  order_exit_load: string;
  net: string | null;
  created_at: Date;
  priced_at: Date | null;
  done_at: Date | null;
  holding_id: number;
  units: string;
  loaded: string;
  gross: string | null;
  exit_load: string | null;
}

/** Every lot of one user's redemptions (asked, priced, paid; funds and deposit terms), oldest first. */
export const userRedemptionLots = (sql: Sql, userId: number) =>
  sql.query<RedemptionLotRow>(
    `select o.id as order_id, o.product_id, o.status, o.units::text as order_units, o.nav::text, o.nav_day, o.pay_day, o.amount::text,
            o.exit_load::text as order_exit_load, o.net::text, o.created_at, o.priced_at, o.done_at,
            l.holding_id, l.units::text, l.loaded::text, l.gross::text, l.exit_load::text
       from fund_order_lots l join fund_orders o on o.id = l.order_id
      where o.user_id = $1 and o.side = 'redeem' order by o.id, l.holding_id`,
    [userId],
  );
