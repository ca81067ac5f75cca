import { WalletCode, type RobotKind, type RobotMessageKind, type RobotParams } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { heldByRef } from '../../ledger/ledger';
import type { PositionRow } from '../trading';

export interface RobotRow {
  id: number;
  kind: RobotKind;
  symbol: string;
  params: RobotParams;
  cycle_days: number;
  rent: string;
  price: string;
  energy: number;
  min_amount: string;
  max_amount: string;
  seed_key: string | null;
  paused_at: Date | null;
  paused_reason: string | null;
  created_at: Date;
}

export interface RobotOrderRow {
  id: number;
  user_id: number;
  robot_id: number;
  mode: 'rent' | 'buy';
  amount: string;
  rent: string;
  energy: number;
  energy_left: number;
  status: number;
  state: unknown;
  /** Epoch ms as text (bigint). */
  checked_through: string;
  expires_at: Date;
  redeemed_at: Date | null;
  returned: string | null;
  created_at: Date;
}

export interface RobotMessageRow {
  id: number;
  robot_order_id: number;
  kind: RobotMessageKind;
  values: Record<string, string | number>;
  status: number;
  at: Date;
}

export const robots = (sql: Sql) => sql.query<RobotRow>('select * from robots order by id');

export async function robot(sql: Sql, id: number, lock = false): Promise<RobotRow | undefined> {
  const [row] = await sql.query<RobotRow>(`select * from robots where id = $1${lock ? ' for update' : ''}`, [id]);
  return row;
}

export async function insertRobot(
  sql: Sql,
  r: Pick<RobotRow, 'kind' | 'symbol' | 'params' | 'cycle_days' | 'rent' | 'price' | 'energy' | 'min_amount' | 'max_amount' | 'seed_key'> & {
    createdBy: number | null;
  },
): Promise<RobotRow | undefined> {
  const [row] = await sql.query<RobotRow>(
    `insert into robots (kind, symbol, params, cycle_days, rent, price, energy, min_amount, max_amount, seed_key, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) on conflict (seed_key) do nothing returning *`,
    [r.kind, r.symbol, JSON.stringify(r.params), r.cycle_days, r.rent, r.price, r.energy, r.min_amount, r.max_amount, r.seed_key, r.createdBy],
  );
  return row;
}

export const setPaused = (sql: Sql, id: number, by: number | null, reason: string | null) =>
  sql.query('update robots set paused_at = case when $2::bigint is null then null else now() end, paused_by = $2, paused_reason = $3 where id = $1', [
    id,
    by,
    reason,
  ]);

export async function owns(sql: Sql, robotId: number, userId: number): Promise<boolean> {
  const rows = await sql.query('select 1 from robot_owners where robot_id = $1 and user_id = $2', [robotId, userId]);
  return rows.length > 0;
}

export const ownedBy = async (sql: Sql, userId: number) =>
  new Set((await sql.query<{ robot_id: number }>('select robot_id from robot_owners where user_id = $1', [userId])).map((r) => r.robot_id));

export const insertOwner = (sql: Sql, robotId: number, userId: number) =>
  sql.query('insert into robot_owners (robot_id, user_id) values ($1, $2)', [robotId, userId]);

/** Per robot: the caller's orders still working. */
export async function runningOf(sql: Sql, userId: number): Promise<Map<number, number>> {
  const rows = await sql.query<{ robot_id: number; n: number }>(
    'select robot_id, count(*)::int as n from robot_orders where user_id = $1 and redeemed_at is null and status <= 4 group by robot_id',
    [userId],
  );
  return new Map(rows.map((r) => [r.robot_id, r.n]));
}

/** Per robot, for the back office: its orders, those still working, and its owners. */
export const robotCounts = (sql: Sql) =>
  sql.query<{ id: number; orders: number; running: number; owners: number }>(
    `select r.id, (select count(*)::int from robot_orders o where o.robot_id = r.id) as orders,
            (select count(*)::int from robot_orders o where o.robot_id = r.id and o.redeemed_at is null and o.status <= 4) as running,
            (select count(*)::int from robot_owners w where w.robot_id = r.id) as owners
       from robots r`,
  );

export async function insertOrder(
  sql: Sql,
  o: { userId: number; robotId: number; mode: 'rent' | 'buy'; amount: string; rent: string; energy: number; checkedThrough: number; expiresAt: Date },
): Promise<RobotOrderRow> {
  const [row] = await sql.query<RobotOrderRow>(
    `insert into robot_orders (user_id, robot_id, mode, amount, rent, energy, energy_left, checked_through, expires_at)
     values ($1, $2, $3, $4, $5, $6, $6, $7, $8) returning *`,
    [o.userId, o.robotId, o.mode, o.amount, o.rent, o.energy, o.checkedThrough, o.expiresAt],
  );
  return row!;
}

export async function order(sql: Sql, id: number, lock = false): Promise<RobotOrderRow | undefined> {
  const [row] = await sql.query<RobotOrderRow>(`select * from robot_orders where id = $1${lock ? ' for update' : ''}`, [id]);
  return row;
}

export async function ownOrder(sql: Sql, userId: number, id: number, lock = false): Promise<RobotOrderRow | undefined> {
  const [row] = await sql.query<RobotOrderRow>(`select * from robot_orders where id = $1 and user_id = $2${lock ? ' for update' : ''}`, [id, userId]);
  return row;
}

/** The caller's orders, those still working first, newest first. */
export async function ordersOf(sql: Sql, userId: number, page: number, size: number) {
  const [count] = await sql.query<{ n: number }>('select count(*)::int as n from robot_orders where user_id = $1', [userId]);
  const rows = await sql.query<RobotOrderRow>(
    `select * from robot_orders where user_id = $1 order by (redeemed_at is null and status <= 4) desc, id desc limit $2 offset $3`,
    [userId, size, (page - 1) * size],
  );
  return { rows, total: count!.n };
}

/** The orders the job looks at: not redeemed and still trading. */
export const workingIds = async (sql: Sql) =>
  (await sql.query<{ id: number }>('select id from robot_orders where redeemed_at is null and status <= 4 order by id')).map((r) => r.id);

export const saveProgress = (sql: Sql, id: number, p: { status: number; energyLeft: number; state: unknown; checkedThrough: number }) =>
  sql.query('update robot_orders set status = $2, energy_left = $3, state = $4, checked_through = $5 where id = $1', [
    id,
    p.status,
    p.energyLeft,
    JSON.stringify(p.state),
    p.checkedThrough,
  ]);

export const markRedeemed = (sql: Sql, id: number, returned: string) =>
  sql.query('update robot_orders set redeemed_at = now(), returned = $2 where id = $1', [id, returned]);

export const insertMessage = (sql: Sql, orderId: number, kind: RobotMessageKind, values: Record<string, string | number>, status: number, at: Date) =>
  sql.query('insert into robot_messages (robot_order_id, kind, "values", status, at) values ($1, $2, $3, $4, $5)', [
    orderId,
    kind,
    JSON.stringify(values),
    status,
    at,
  ]);

export const messages = (sql: Sql, orderId: number, limit: number) =>
  sql.query<RobotMessageRow>('select * from robot_messages where robot_order_id = $1 order by id desc limit $2', [orderId, limit]);

export const soldCount = async (sql: Sql, orderId: number) =>
  (await sql.query<{ n: number }>("select count(*)::int as n from robot_messages where robot_order_id = $1 and kind = 'sold'", [orderId]))[0]!.n;

/** A robot order's money not in a position: what its own journals put on the financial wallet's held side. */
export const orderCash = (sql: Sql, id: number) => heldByRef(sql, 'robot', id, WalletCode.Financial);

/** The order's positions: open first, then closed, newest first. */
export const positionsOf = (sql: Sql, orderId: number, limit = 1000) =>
  sql.query<PositionRow>('select * from positions where robot_order_id = $1 order by (status = 1) desc, id desc limit $2', [orderId, limit]);

export const openPositionsOf = (sql: Sql, orderId: number, lock = false) =>
  sql.query<PositionRow>(`select * from positions where robot_order_id = $1 and status = 1 order by id${lock ? ' for update' : ''}`, [orderId]);

/** The closed positions' sums: results before fees, close fees, opening fees; and every opening fee. */
export async function closedSums(sql: Sql, orderId: number) {
  const [row] = await sql.query<{ gross: string; close_fees: string; open_fees: string; fills: number }>(
    `select coalesce(sum(realised + close_fee) filter (where status = 3), 0)::text as gross,
            coalesce(sum(close_fee) filter (where status = 3), 0)::text as close_fees,
            coalesce(sum(open_fee), 0)::text as open_fees,
            (count(*) + count(*) filter (where status = 3))::int as fills
       from positions where robot_order_id = $1`,
    [orderId],
  );
  return row!;
}

/** The order's fills in a time range, for the robot K-line's marks. */
export const fillsBetween = (sql: Sql, orderId: number, from: Date, to: Date) =>
  sql.query<PositionRow>(`select * from positions where robot_order_id = $1 and ((filled_at between $2 and $3) or (closed_at between $2 and $3)) order by id`, [
    orderId,
    from,
    to,
  ]);
