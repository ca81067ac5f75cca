import type { FundHoldingStatus, FundProductKind } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import type { CalendarId } from '../../market/types';

// Every statement of funds and deposit terms on `fund_products`, `fund_weights`, `fund_navs`,
// `deposit_incomes`, `fund_holdings`, `fund_orders`, `fund_order_lots` and `deposit_accruals`
// (migration 0019). Days are epoch ms (bigint, read as numbers); money and units decimal strings.

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

export interface IncomeRow {
  product_id: number;
  day: number;
  income_per10k: string;
}

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

/** Regular holdings whose term has ended by `day` and are still held, locked. */
export const maturedHoldings = (sql: Sql, productId: number, day: number) =>
  sql.query<HoldingRow>(
    `select ${HOLDING_COLUMNS} from fund_holdings h where h.product_id = $1 and h.remaining > 0 and h.end_day <= $2 order by h.id for update`,
    [productId, day],
  );

/** Per product: holders (anyone with units left or a purchase waiting), units outstanding, open orders. */
export const productTotals = (sql: Sql) =>
  sql.query<{ product_id: number; holders: number; outstanding: string; pending_orders: number }>(
    `select p.id as product_id,
            (select count(distinct user_id)::int from fund_holdings h where h.product_id = p.id and (h.remaining > 0 or h.units is null)) as holders,
            (select coalesce(sum(remaining), 0)::text from fund_holdings h where h.product_id = p.id) as outstanding,
            (select count(*)::int from fund_orders o where o.product_id = p.id and o.status <> 'done') as pending_orders
       from fund_products p order by p.id`,
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

// ---- the portfolio's reads (issue 32): one user's whole history, for the value now and at past instants ----

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

/** One user's credited Current income of the UTC days given, per holding. */
export const userAccrualsOn = (sql: Sql, userId: number, days: readonly number[]) =>
  days.length === 0
    ? Promise.resolve([] as Array<{ holding_id: number; day: number; income: string }>)
    : sql.query<{ holding_id: number; day: number; income: string }>(
        `select a.holding_id, a.day, a.income::text from deposit_accruals a join fund_holdings h on h.id = a.holding_id
          where h.user_id = $1 and a.day = any($2::bigint[]) order by a.holding_id, a.day`,
        [userId, [...days]],
      );
