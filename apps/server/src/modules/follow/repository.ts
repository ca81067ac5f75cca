import { OrderStatus, WalletCode, type AgencyStrategy, type FollowStatus } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { heldByRef } from '../../ledger/ledger';
import type { PositionRow } from '../trading';

// Every statement of copy-following on `agencies`, `follows`, `follow_additions`, `skipped_copies`
// and the copies' and agencies' rows of `positions` (migration 0016).

const OPEN = OrderStatus.InProgress;

export interface AgencyRow {
  id: number;
  user_id: number;
  strategy: AgencyStrategy;
  capital: string;
  start_at: Date;
  live_from: Date;
  /** Epoch ms as text (bigint), or null before its first day. */
  decided_through: string | null;
  paused_at: Date | null;
  paused_reason: string | null;
  paused_by: number | null;
}

export interface FollowRow {
  id: number;
  user_id: number;
  agency_id: number;
  amount: string;
  stop_loss_percent: number;
  copy_open: boolean;
  status: FollowStatus;
  stop_reason: 'user' | 'stopLoss' | null;
  created_at: Date;
  stopped_at: Date | null;
}

export const agencies = (sql: Sql) => sql.query<AgencyRow>('select * from agencies order by id');

export async function agency(sql: Sql, id: number, lock = false): Promise<AgencyRow | undefined> {
  const [row] = await sql.query<AgencyRow>(`select * from agencies where id = $1${lock ? ' for update' : ''}`, [id]);
  return row;
}

export async function agencyOfUser(sql: Sql, userId: number): Promise<AgencyRow | undefined> {
  const [row] = await sql.query<AgencyRow>('select * from agencies where user_id = $1', [userId]);
  return row;
}

/** The agency's user and row, created once; answers the row and whether it was new. */
export async function insertAgency(sql: Sql, strategy: AgencyStrategy, capital: string, startAt: Date): Promise<AgencyRow | undefined> {
  const [user] = await sql.query<{ id: number }>(
    `insert into users (username, password_hash, account_type, role, invitation_code) values ($1, '!', 2, 'agency', $2)
     on conflict do nothing returning id`,
    [`agency-${strategy}`, `AGENCY-${strategy.toUpperCase()}`],
  );
  if (!user) return undefined;
  const [row] = await sql.query<AgencyRow>('insert into agencies (user_id, strategy, capital, start_at) values ($1, $2, $3, $4) returning *', [
    user.id,
    strategy,
    capital,
    startAt,
  ]);
  return row;
}

/** Only ever forward: a run that fell behind another (the job and the test route at once) never makes a day due again. */
export const setDecided = (sql: Sql, id: number, through: number) =>
  sql.query('update agencies set decided_through = $2 where id = $1 and (decided_through is null or decided_through < $2)', [id, through]);

export const setPaused = (sql: Sql, id: number, by: number | null, reason: string | null) =>
  sql.query<AgencyRow>(
    `update agencies set paused_at = case when $2::bigint is null then null else now() end, paused_by = $2, paused_reason = $3 where id = $1 returning *`,
    [id, by, reason],
  );

/** An owner's open positions, oldest first; `lock` takes their row locks (a row the trigger engine settled meanwhile drops out). */
export const openPositions = (sql: Sql, userId: number, lock = false) =>
  sql.query<PositionRow>(`select * from positions where user_id = $1 and status = ${OPEN} order by id${lock ? ' for update' : ''}`, [userId]);

/** An agency's closed positions (whole or parts), newest first. */
export const closedPositions = (sql: Sql, userId: number) =>
  sql.query<PositionRow>(`select * from positions where user_id = $1 and status = ${OrderStatus.Settled} order by closed_at desc, id desc`, [userId]);

/** A page of an agency's closed positions, newest first (the same order as `closedPositions`), and how many there are in all. */
export async function closedPage(sql: Sql, userId: number, limit: number, offset: number) {
  const [count] = await sql.query<{ n: number }>(`select count(*)::int as n from positions where user_id = $1 and status = ${OrderStatus.Settled}`, [userId]);
  const rows = await sql.query<PositionRow>(
    `select * from positions where user_id = $1 and status = ${OrderStatus.Settled} order by closed_at desc, id desc limit $2 offset $3`,
    [userId, limit, offset],
  );
  return { rows, total: count!.n };
}

/** The follow wallet's balance of a user (available and held) after every journal up to `at`, in dollars, by journal time. */
export interface CashEntry {
  at: Date;
  amount: string;
}
export const walletEntries = (sql: Sql, userId: number) =>
  sql.query<CashEntry>(
    `select j.created_at as at, e.amount::text as amount from ledger_entries e join ledger_journals j on j.id = e.journal_id
       join ledger_accounts a on a.id = e.account_id
      where a.user_id = $1 and a.code = '${WalletCode.Follow}' and a.currency = 'USD' order by j.created_at, j.id`,
    [userId],
  );

export async function lastJournalId(sql: Sql, userId: number): Promise<number> {
  const [row] = await sql.query<{ id: number | null }>('select max(id)::int as id from ledger_journals where user_id = $1', [userId]);
  return row!.id ?? 0;
}

/** A follow's money not in a copy: what its own journals put on the follow wallet's held side. */
export const followCash = (sql: Sql, id: number) => heldByRef(sql, 'follow', id, WalletCode.Follow);

export async function insertFollow(sql: Sql, f: { userId: number; agencyId: number; amount: string; stopLossPercent: number; copyOpen: boolean }) {
  const [row] = await sql.query<FollowRow>(
    'insert into follows (user_id, agency_id, amount, stop_loss_percent, copy_open) values ($1, $2, $3, $4, $5) returning *',
    [f.userId, f.agencyId, f.amount, f.stopLossPercent, f.copyOpen],
  );
  return row!;
}

export async function follow(sql: Sql, id: number, lock = false): Promise<FollowRow | undefined> {
  const [row] = await sql.query<FollowRow>(`select * from follows where id = $1${lock ? ' for update' : ''}`, [id]);
  return row;
}

export async function ownFollow(sql: Sql, userId: number, id: number, lock = false): Promise<FollowRow | undefined> {
  const [row] = await sql.query<FollowRow>(`select * from follows where id = $1 and user_id = $2${lock ? ' for update' : ''}`, [id, userId]);
  return row;
}

export async function runningFollowOf(sql: Sql, userId: number, agencyId: number): Promise<FollowRow | undefined> {
  const [row] = await sql.query<FollowRow>("select * from follows where user_id = $1 and agency_id = $2 and status = 'following'", [userId, agencyId]);
  return row;
}

/** An agency's follows that copy its new trades, locked in id order (the copies are opened in it). */
export const followingOf = (sql: Sql, agencyId: number) =>
  sql.query<FollowRow>("select * from follows where agency_id = $1 and status = 'following' order by id for update", [agencyId]);

/** Follows not yet stopped, for the guard: running ones (stop-loss) and stopping ones (copies left to close). */
export const unstoppedIds = async (sql: Sql) =>
  (await sql.query<{ id: number }>("select id from follows where status <> 'stopped' order by id")).map((r) => r.id);

export const userFollows = (sql: Sql, userId: number, limit: number, offset: number) =>
  sql.query<FollowRow>(`select * from follows where user_id = $1 order by case status when 'stopped' then 1 else 0 end, id desc limit $2 offset $3`, [
    userId,
    limit,
    offset,
  ]);

export async function countUserFollows(sql: Sql, userId: number): Promise<number> {
  const [row] = await sql.query<{ n: number }>('select count(*)::int as n from follows where user_id = $1', [userId]);
  return row!.n;
}

export const addToAmount = (sql: Sql, id: number, amount: string) => sql.query('update follows set amount = amount + $2 where id = $1', [id, amount]);

export const insertAddition = (sql: Sql, followId: number, amount: string) =>
  sql.query('insert into follow_additions (follow_id, amount) values ($1, $2)', [followId, amount]);

export const additions = (sql: Sql, followId: number) =>
  sql.query<{ amount: string; created_at: Date }>('select amount::text, created_at from follow_additions where follow_id = $1 order by id', [followId]);

export const markStopping = (sql: Sql, id: number, reason: 'user' | 'stopLoss') =>
  sql.query("update follows set status = 'stopping', stop_reason = $2 where id = $1 and status = 'following'", [id, reason]);

export const markStopped = (sql: Sql, id: number) => sql.query("update follows set status = 'stopped', stopped_at = now() where id = $1", [id]);

/** A follow's copies: open first, then closed, newest first. */
export const copies = (sql: Sql, followId: number) =>
  sql.query<PositionRow>(`select * from positions where follow_id = $1 order by case status when ${OPEN} then 0 else 1 end, id desc`, [followId]);

export const openCopies = (sql: Sql, followId: number) =>
  sql.query<PositionRow>(`select * from positions where follow_id = $1 and status = ${OPEN} order by id for update`, [followId]);

/** The open copies of an agency position, locked: they close with it. */
export const openCopiesOf = (sql: Sql, agencyPositionId: number) =>
  sql.query<PositionRow>(`select * from positions where copy_of = $1 and status = ${OPEN} order by id for update`, [agencyPositionId]);

export const insertSkipped = (sql: Sql, s: { followId: number; agencyPositionId: number; quantity: string; reason: string; at: Date | undefined }) =>
  sql.query(
    `insert into skipped_copies (follow_id, agency_position_id, quantity, reason, created_at) values ($1, $2, $3, $4, coalesce($5::timestamptz, now()))
     on conflict (follow_id, agency_position_id) do nothing`,
    [s.followId, s.agencyPositionId, s.quantity, s.reason, s.at ?? null],
  );

export interface SkippedRow {
  id: number;
  quantity: string;
  reason: string;
  created_at: Date;
  symbol: string;
  direction: number;
  agency_quantity: string;
}
export const skipped = (sql: Sql, followId: number) =>
  sql.query<SkippedRow>(
    `select s.id, s.quantity::text, s.reason, s.created_at, p.symbol, p.direction, p.quantity::text as agency_quantity
       from skipped_copies s join positions p on p.id = s.agency_position_id where s.follow_id = $1 order by s.id desc limit 100`,
    [followId],
  );

export async function skippedCount(sql: Sql, followId: number): Promise<number> {
  const [row] = await sql.query<{ n: number }>('select count(*)::int as n from skipped_copies where follow_id = $1', [followId]);
  return row!.n;
}

/** Followers and the money put into running follows, per agency. */
export const followingTotals = (sql: Sql) =>
  sql.query<{ agency_id: number; followers: number; amount: string }>(
    "select agency_id, count(*)::int as followers, sum(amount)::text as amount from follows where status = 'following' group by agency_id",
  );

/** A copy's fees and net results so far: the closed copies' net (after both fees) and every fee paid. */
export const closedCopies = (sql: Sql, followId: number) =>
  sql.query<PositionRow>(`select * from positions where follow_id = $1 and status = ${OrderStatus.Settled}`, [followId]);
