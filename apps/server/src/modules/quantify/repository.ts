import type { PoolOrderKind, PoolOrderStatus, PoolRule } from '@tradeapp/contract';
import type { Sql } from '../../db/db';

// Every statement of AI quantify on `pools`, `pool_days` and `pool_orders` (migration 0018).

export interface PoolRow {
  id: number;
  user_id: number;
  rule: PoolRule;
  private: boolean;
  fee_percent: string;
  min_amount: string;
  capital: string;
  seed_units: string;
  start_at: Date;
  live_from: Date;
  /** Epoch ms as text (bigint): the last daily candle its rule acted on, and the last UTC day valued. */
  decided_through: string | null;
  valued_through: string | null;
  seed_key: string | null;
  paused_at: Date | null;
  paused_reason: string | null;
  paused_by: number | null;
  created_at: Date;
}

export interface PoolDayRow {
  pool_id: number;
  day: Date;
  nav: string;
  equity: string;
  units: string;
  fee: string;
  benchmark: string;
}

export interface PoolOrderRow {
  id: number;
  pool_id: number;
  user_id: number;
  kind: PoolOrderKind;
  status: PoolOrderStatus;
  amount: string | null;
  units: string | null;
  nav: string | null;
  nav_day: Date;
  created_at: Date;
  done_at: Date | null;
}

export const pools = (sql: Sql) => sql.query<PoolRow>('select * from pools order by id');

export async function pool(sql: Sql, id: number, lock = false): Promise<PoolRow | undefined> {
  const [row] = await sql.query<PoolRow>(`select * from pools where id = $1${lock ? ' for update' : ''}`, [id]);
  return row;
}

/** The pool's user and row, created once per seed key (a seeded pool) or each time (an operator's). */
export async function insertPool(
  sql: Sql,
  p: {
    rule: PoolRule;
    private: boolean;
    feePercent: string;
    minAmount: string;
    capital: string;
    startAt: Date;
    liveFrom: Date;
    seedKey: string | null;
    createdBy: number | null;
  },
): Promise<PoolRow | undefined> {
  if (p.seedKey) {
    const [seeded] = await sql.query('select id from pools where seed_key = $1', [p.seedKey]);
    if (seeded) return undefined;
  }
  const [{ n }] = (await sql.query<{ n: number }>("select nextval(pg_get_serial_sequence('pools', 'id'))::int as n")) as [{ n: number }];
  const [user] = await sql.query<{ id: number }>(
    `insert into users (username, password_hash, account_type, role, invitation_code) values ($1, '!', 2, 'pool', $2) returning id`,
    [`pool-${n}`, `POOL-${n}`],
  );
  const [row] = await sql.query<PoolRow>(
    `insert into pools (id, user_id, rule, private, fee_percent, min_amount, capital, seed_units, start_at, live_from, seed_key, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11) returning *`,
    [n, user!.id, p.rule, p.private, p.feePercent, p.minAmount, p.capital, p.startAt, p.liveFrom, p.seedKey, p.createdBy],
  );
  return row;
}

/** Only ever forward, as the agencies' (a run that fell behind another never makes a day due again). */
export const setDecided = (sql: Sql, id: number, through: number) =>
  sql.query('update pools set decided_through = $2 where id = $1 and (decided_through is null or decided_through < $2)', [id, through]);

export const setValued = (sql: Sql, id: number, day: number) => sql.query('update pools set valued_through = $2 where id = $1', [id, day]);

export const setPaused = (sql: Sql, id: number, by: number | null, reason: string | null) =>
  sql.query(`update pools set paused_at = case when $2::bigint is null then null else now() end, paused_by = $2, paused_reason = $3 where id = $1`, [
    id,
    by,
    reason,
  ]);

export const insertDay = (sql: Sql, d: { poolId: number; day: Date; nav: string; equity: string; units: string; fee: string; benchmark: string }) =>
  sql.query('insert into pool_days (pool_id, day, nav, equity, units, fee, benchmark) values ($1, $2, $3, $4, $5, $6, $7)', [
    d.poolId,
    d.day,
    d.nav,
    d.equity,
    d.units,
    d.fee,
    d.benchmark,
  ]);

/** A pool's days, oldest first; `from` keeps those from that day on. */
export const days = (sql: Sql, poolId: number, from?: Date) =>
  sql.query<PoolDayRow>(
    `select pool_id, day, nav::text, equity::text, units::text, fee::text, benchmark::text from pool_days where pool_id = $1${from ? ' and day >= $2' : ''} order by day`,
    from ? [poolId, from] : [poolId],
  );

/** Each pool's latest day. */
export const latestDays = (sql: Sql) =>
  sql.query<PoolDayRow>(
    `select distinct on (pool_id) pool_id, day, nav::text, equity::text, units::text, fee::text, benchmark::text from pool_days order by pool_id, day desc`,
  );

/** The units investors hold of a pool (priced subscriptions less priced redemptions). */
export async function investorUnits(sql: Sql, poolId: number): Promise<string> {
  const [row] = await sql.query<{ units: string }>(
    `select coalesce(sum(case kind when 'subscribe' then units else -units end), 0)::text as units from pool_orders where pool_id = $1 and status = 'done'`,
    [poolId],
  );
  return row!.units;
}

/**
 * The euros a pool's orders priced at the NAV struck at `at` (a day's end) brought in (subscriptions)
 * less those paid out (redemptions): the day's equity is before them, its units outstanding after.
 */
export async function flowsAt(sql: Sql, poolId: number, at: Date): Promise<string> {
  const [row] = await sql.query<{ flow: string }>(
    `select coalesce(sum(case kind when 'subscribe' then amount else -amount end), 0)::text as flow from pool_orders where pool_id = $1 and status = 'done' and done_at = $2`,
    [poolId, at],
  );
  return row!.flow;
}

/** What one investor holds of a pool, and the units already asked back by pending redemptions. */
export async function holding(sql: Sql, userId: number, poolId: number): Promise<{ units: string; redeeming: string; pending: string }> {
  const [row] = await sql.query<{ units: string; redeeming: string; pending: string }>(
    `select coalesce(sum(case when status = 'done' and kind = 'subscribe' then units when status = 'done' then -units else 0 end), 0)::text as units,
            coalesce(sum(case when status = 'pending' and kind = 'redeem' then units else 0 end), 0)::text as redeeming,
            coalesce(sum(case when status = 'pending' and kind = 'subscribe' then amount else 0 end), 0)::text as pending
       from pool_orders where user_id = $1 and pool_id = $2`,
    [userId, poolId],
  );
  return row!;
}

/** Per pool, what one investor holds: units, pending subscriptions' euros, and the euros put in and taken out by priced orders. */
export const holdings = (sql: Sql, userId: number) =>
  sql.query<{ pool_id: number; units: string; pending: string; subscribed: string; redeemed: string }>(
    `select pool_id,
            coalesce(sum(case when status = 'done' and kind = 'subscribe' then units when status = 'done' then -units else 0 end), 0)::text as units,
            coalesce(sum(case when status = 'pending' and kind = 'subscribe' then amount else 0 end), 0)::text as pending,
            coalesce(sum(case when status = 'done' and kind = 'subscribe' then amount else 0 end), 0)::text as subscribed,
            coalesce(sum(case when status = 'done' and kind = 'redeem' then amount else 0 end), 0)::text as redeemed
       from pool_orders where user_id = $1 group by pool_id order by pool_id`,
    [userId],
  );

/** An investor's priced orders of the pools, oldest first: the units they held through each day. */
export const pricedOrders = (sql: Sql, userId: number, poolId?: number) =>
  sql.query<PoolOrderRow>(
    `select id, pool_id, user_id, kind, status, amount::text, units::text, nav::text, nav_day, created_at, done_at from pool_orders
      where user_id = $1 and status = 'done'${poolId ? ' and pool_id = $2' : ''} order by nav_day, id`,
    poolId ? [userId, poolId] : [userId],
  );

const ORDER_COLUMNS = 'id, pool_id, user_id, kind, status, amount::text, units::text, nav::text, nav_day, created_at, done_at';

export async function insertOrder(
  sql: Sql,
  o: { poolId: number; userId: number; kind: PoolOrderKind; amount: string | null; units: string | null; navDay: Date },
) {
  const [row] = await sql.query<PoolOrderRow>(
    `insert into pool_orders (pool_id, user_id, kind, amount, units, nav_day) values ($1, $2, $3, $4, $5, $6) returning ${ORDER_COLUMNS}`,
    [o.poolId, o.userId, o.kind, o.amount, o.units, o.navDay],
  );
  return row!;
}

export async function ownOrder(sql: Sql, userId: number, id: number, lock = false): Promise<PoolOrderRow | undefined> {
  const [row] = await sql.query<PoolOrderRow>(`select ${ORDER_COLUMNS} from pool_orders where id = $1 and user_id = $2${lock ? ' for update' : ''}`, [
    id,
    userId,
  ]);
  return row;
}

export const userOrders = (sql: Sql, userId: number, poolId: number | undefined, limit: number, offset: number) =>
  sql.query<PoolOrderRow & { total: number }>(
    `select ${ORDER_COLUMNS}, count(*) over ()::int as total from pool_orders where user_id = $1${poolId ? ' and pool_id = $4' : ''} order by id desc limit $2 offset $3`,
    poolId ? [userId, limit, offset, poolId] : [userId, limit, offset],
  );

/** A pool's orders waiting for the NAV of `day` or an earlier one, locked in the order they came: subscriptions first. */
export const dueOrders = (sql: Sql, poolId: number, day: Date) =>
  sql.query<PoolOrderRow>(
    `select ${ORDER_COLUMNS} from pool_orders where pool_id = $1 and status = 'pending' and nav_day <= $2 order by case kind when 'subscribe' then 0 else 1 end, id for update`,
    [poolId, day],
  );

export const markDone = (sql: Sql, id: number, o: { amount: string; units: string; nav: string; at: Date }) =>
  sql.query("update pool_orders set status = 'done', amount = $2, units = $3, nav = $4, done_at = $5 where id = $1", [id, o.amount, o.units, o.nav, o.at]);

export const markCancelled = (sql: Sql, id: number) =>
  sql.query("update pool_orders set status = 'cancelled', done_at = now() where id = $1 and status = 'pending'", [id]);

/** A redemption the pool's cash could not pay waits for the next day's NAV. */
export const postpone = (sql: Sql, id: number, day: Date) => sql.query('update pool_orders set nav_day = $2 where id = $1', [id, day]);

/** The pools a user's live (entered, not revoked) keys unlock. */
export async function unlockedPools(sql: Sql, userId: number): Promise<Set<number>> {
  const rows = await sql.query<{ subject_id: number }>(
    "select subject_id from access_keys where user_id = $1 and purpose = 'pool' and used_at is not null and revoked_at is null",
    [userId],
  );
  return new Set(rows.map((r) => Number(r.subject_id)));
}

/** Per pool: investors holding units, pending orders, and every fee taken. */
export const poolTotals = (sql: Sql) =>
  sql.query<{ pool_id: number; investors: number; pending: number; fees: string }>(
    `select p.id as pool_id,
            (select count(*)::int from (select user_id from pool_orders o where o.pool_id = p.id and o.status = 'done' group by user_id
                                        having sum(case kind when 'subscribe' then units else -units end) > 0) h) as investors,
            (select count(*)::int from pool_orders o where o.pool_id = p.id and o.status = 'pending') as pending,
            (select coalesce(sum(fee), 0)::text from pool_days d where d.pool_id = p.id) as fees
       from pools p order by p.id`,
  );
