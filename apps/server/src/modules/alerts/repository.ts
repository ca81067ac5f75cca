import type { Alert, AlertDirection, AlertKind, AlertStatus } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import type { Instrument } from '../../market/types';

// The SQL of price alerts. Every statement an investor's call makes names the caller's user id.

export interface AlertRow {
  id: number;
  user_id: number;
  symbol: string;
  kind: AlertKind;
  direction: AlertDirection;
  level: string | null;
  percent: string | null;
  period: number | null;
  interval: '1m' | '1d' | null;
  status: AlertStatus;
  armed: boolean;
  created_at: Date;
  triggered_at: Date | null;
  triggered_price: string | null;
  triggered_value: string | null;
}

export const view = (r: AlertRow, i: Instrument | undefined): Alert => ({
  id: r.id,
  symbol: r.symbol,
  stockCode: i?.code ?? r.symbol,
  name: i?.name ?? r.symbol,
  currency: i?.currency ?? '',
  kind: r.kind,
  direction: r.direction,
  level: r.level,
  percent: r.percent,
  period: r.period,
  interval: r.interval,
  status: r.status,
  createTimestamp: r.created_at.getTime(),
  triggeredPrice: r.triggered_price,
  triggeredTimestamp: r.triggered_at?.getTime() ?? null,
  triggeredValue: r.triggered_value,
});

export async function insert(
  sql: Sql,
  a: {
    userId: number;
    symbol: string;
    kind: AlertKind;
    direction: AlertDirection;
    level: string | null;
    percent: string | null;
    period: number | null;
    interval: string | null;
    armed: boolean;
  },
) {
  const [row] = await sql.query<AlertRow>(
    `insert into price_alerts (user_id, symbol, kind, direction, level, percent, period, interval, armed)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`,
    [a.userId, a.symbol, a.kind, a.direction, a.level, a.percent, a.period, a.interval, a.armed],
  );
  return row!;
}

export async function list(sql: Sql, userId: number, triggered: boolean, size: number, offset: number) {
  const where = triggered ? `status = 'triggered'` : `status <> 'triggered'`;
  const rows = await sql.query<AlertRow>(
    `select * from price_alerts where user_id = $1 and ${where} order by ${triggered ? 'triggered_at desc, ' : ''}id desc limit $2 offset $3`,
    [userId, size, offset],
  );
  const [count] = await sql.query<{ total: number; active: number }>(
    `select count(*) filter (where ${where})::int as total, count(*) filter (where status = 'active')::int as active from price_alerts where user_id = $1`,
    [userId],
  );
  return { rows, total: count?.total ?? 0, active: count?.active ?? 0 };
}

/** Serialises one investor's creations and resumptions, so two at once cannot both pass the limit. */
export const lockUser = (sql: Sql, userId: number) => sql.query('select id from users where id = $1 for update', [userId]);

export async function activeCount(sql: Sql, userId: number) {
  const [row] = await sql.query<{ n: number }>(`select count(*)::int as n from price_alerts where user_id = $1 and status = 'active'`, [userId]);
  return row?.n ?? 0;
}

export async function owned(sql: Sql, userId: number, id: number) {
  const [row] = await sql.query<AlertRow>('select * from price_alerts where id = $1 and user_id = $2', [id, userId]);
  return row;
}

export async function setStatus(sql: Sql, userId: number, id: number, from: AlertStatus, to: AlertStatus, armed: boolean) {
  const [row] = await sql.query<AlertRow>('update price_alerts set status = $4, armed = $5 where id = $1 and user_id = $2 and status = $3 returning *', [
    id,
    userId,
    from,
    to,
    armed,
  ]);
  return row;
}

export async function remove(sql: Sql, userId: number, id: number) {
  const rows = await sql.query('delete from price_alerts where id = $1 and user_id = $2 returning id', [id, userId]);
  return rows.length;
}

// The engine's statements: not an investor's call, so by symbol and by the row's own id.

export const activeOf = (sql: Sql, symbol: string) =>
  sql.query<AlertRow>(`select * from price_alerts where symbol = $1 and status = 'active' order by id`, [symbol]);

export async function activeSymbols(sql: Sql) {
  return (await sql.query<{ symbol: string }>(`select distinct symbol from price_alerts where status = 'active'`)).map((r) => r.symbol);
}

export const arm = (sql: Sql, ids: number[]) =>
  sql.query(`update price_alerts set armed = true where id = any($1::bigint[]) and status = 'active' and not armed`, [ids]);

/** Claim an active alert as fired by a tick: only while it is still active, so it fires once whoever looks twice. */
export async function fire(sql: Sql, id: number, at: Date, price: string, value: string | null) {
  const [row] = await sql.query<AlertRow>(
    `update price_alerts set status = 'triggered', triggered_at = $2, triggered_price = $3, triggered_value = $4
     where id = $1 and status = 'active' returning *`,
    [id, at, price, value],
  );
  return row;
}
