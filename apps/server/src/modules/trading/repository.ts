import {
  KycStatus,
  MarketSource,
  OrderDirection,
  OrderStatus,
  OrderType,
  type CloseReason,
  type POSITION_EVENTS,
  type SESSION_PHASES,
  type TimeInForce,
  type TrailingKind,
  type WalletCode,
} from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { journalCtes, journalError, type PreparedJournal } from '../../ledger/ledger';
import { type Dec, plain } from '../../lib/decimal';
import type { NoticeKind } from '../notices';

// Every statement of trading on `positions` and `position_events`. Status codes are interpolated
// from the contract's enum rather than bound: the partial index `positions_symbol_active`
// (migration 0005) is written `where status in (0, 1)`, and the planner only uses it when the
// query's predicate is the same literal list.

const ENTRUSTED = OrderStatus.WaitingConfirmation;
const OPEN = OrderStatus.InProgress;
const SETTLED = OrderStatus.Settled;
const CANCELLED = OrderStatus.Cancelled;
const ACTIVE = `(${ENTRUSTED}, ${OPEN})`;

export interface PositionRow {
  id: number;
  user_id: number;
  symbol: string;
  wallet_code: WalletCode;
  wallet_currency: string;
  currency: string;
  direction: number;
  type: number;
  status: number;
  price: string;
  open_price: string | null;
  quantity: string;
  leverage: number;
  margin: string;
  open_fee: string;
  close_price: string | null;
  close_fee: string | null;
  realised: string | null;
  close_reason: CloseReason | null;
  /** Wallet currency per instrument currency at which the margin was set; null on rows from before migration 0008. */
  open_rate: string | null;
  /** Unrounded running totals of the parts closed off this row (migration 0008). */
  parts_profit: string;
  parts_fee: string;
  large_order: boolean;
  /** The specification's market source the position came through (a block trade: 4); null is its instrument's own. */
  source: number | null;
  /** Not to be closed before this moment: placement shares' lock-up (migration 0013). */
  locked_until: Date | null;
  parent_id: number | null;
  /** A copy's follow and the agency position it copies (migration 0016); null for any other position. */
  follow_id: number | null;
  copy_of: number | null;
  /** A robot's fill (modules/robots). */
  robot_order_id: number | null;
  /** The stops the trigger engine closes it by, and the trailing stop's mark (migration 0029). */
  stop_loss: string | null;
  take_profit: string | null;
  trailing_kind: TrailingKind | null;
  trailing_distance: string | null;
  trailing_mark: string | null;
  trailing_stop: string | null;
  time_in_force: TimeInForce;
  /** A day order's end: its trading day's close (`dayOrderExpiry`). */
  expires_at: Date | null;
  /** Whether it may fill in extended hours (migration 0033); without, only in the regular session. */
  extended_hours: boolean;
  /** The journal holding allotted IPO shares' money, which no order of theirs holds (migration 0035). */
  hold_journal_id: number | null;
  placed_session: SessionPhase | null;
  filled_session: SessionPhase | null;
  created_at: Date;
  filled_at: Date | null;
  updated_at: Date;
  closed_at: Date | null;
}

export type { CloseReason };
export type PositionEventName = (typeof POSITION_EVENTS)[number];
export type SessionPhase = (typeof SESSION_PHASES)[number];

/** The tick a fill or a close was made at, the fee it booked and the session it was in (migration 0029). */
export interface Explanation {
  bid: string;
  ask: string;
  /** The tick's time, epoch ms. */
  time: number;
  fee: Dec | string | null;
  session: SessionPhase;
}

export interface EventRow {
  event: PositionEventName;
  status: number;
  price: string | null;
  quantity: string | null;
  created_at: Date;
  bid: string | null;
  ask: string | null;
  quoted_at: Date | null;
  fee: string | null;
  session: SessionPhase | null;
}

export interface NewPosition {
  userId: number;
  symbol: string;
  walletCode: WalletCode;
  walletCurrency: string;
  currency: string;
  direction: number;
  type: number;
  /** Filled now (open) or entrusted until the quote crosses its price. */
  filled: boolean;
  price: Dec;
  quantity: Dec;
  leverage: number;
  margin: Dec;
  fee: Dec;
  /** The exchange rate the margin and fee were converted at. */
  rate: string;
  largeOrder: boolean;
  idempotencyKey: string | null;
  /** Set where the order did not come through the instrument's own market (a block trade: MarketSource.BlockTrade). */
  source?: number;
  /** A copy: its follow and the agency position it copies (modules/follow). */
  followId?: number;
  copyOf?: number;
  /** A robot's fill: its robot order (modules/robots). */
  robotOrderId?: number;
  /** When it was placed and filled, if not now (an agency's backfilled trade). */
  at?: Date | undefined;
}

/** What closing settles: the figures written on the settled row. */
export interface Settlement {
  quantity: Dec;
  margin: Dec;
  price: Dec;
  fee: Dec;
  realised: Dec;
  reason: CloseReason;
  /** The closed part's share of the opening fee. */
  openFee: Dec;
  /** The running totals the open rest carries after a partial close. */
  parts: { profit: string; fee: string };
  /** When, if not now (an agency's backfilled trade). */
  at?: Date | undefined;
}

const one = async (rows: Promise<PositionRow[]>) => (await rows)[0]!;

/** $1 to $22 of a new position's insert, in the order of its columns (insertPosition, insertOrder). */
const positionParams = (n: NewPosition) => [
  n.userId,
  n.symbol,
  n.walletCode,
  n.walletCurrency,
  n.currency,
  n.direction,
  n.type,
  n.filled ? OPEN : ENTRUSTED,
  n.price.toFixed(),
  n.filled ? n.price.toFixed() : null,
  n.quantity.toFixed(),
  n.leverage,
  n.margin.toFixed(),
  n.fee.toFixed(),
  n.largeOrder,
  n.idempotencyKey,
  n.rate,
  n.source ?? null,
  n.at ?? null,
  n.followId ?? null,
  n.copyOf ?? null,
  n.robotOrderId ?? null,
];

export async function insertPosition(sql: Sql, n: NewPosition): Promise<PositionRow> {
  return one(
    sql.query<PositionRow>(
      `insert into positions (user_id, symbol, wallet_code, wallet_currency, currency, direction, type, status, price, open_price, quantity, leverage,
                              margin, open_fee, large_order, idempotency_key, open_rate, source, filled_at, created_at, follow_id, copy_of, robot_order_id)
       values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18, case when $8::smallint = ${OPEN} then coalesce($19::timestamptz, now()) end,
               coalesce($19::timestamptz, now()), $20, $21, $22) returning *`,
      positionParams(n),
    ),
  );
}

/** One line of a new order's history, written with the order. */
export interface NewEvent {
  status: number;
  event: PositionEventName;
  price: Dec | string | null;
  quantity: Dec | string | null;
  /** The tick a fill was made at, to explain it (an order filled now). */
  why?: Explanation | undefined;
}

/** What a new order's row carries without terms of its own: the columns' defaults (migrations 0029, 0033). */
const NO_TERMS: OrderTerms = {
  stopLoss: null,
  takeProfit: null,
  trailing: null,
  timeInForce: 'gtc',
  expiresAt: null,
  extendedHours: false,
  placedSession: null,
  filledSession: null,
};

/** A notice to the order's owner, written with the order (`notices` stores its kind and parameters). */
export interface NewNotice {
  kind: NoticeKind;
  params: Record<string, unknown>;
}

/**
 * An order's row with its terms, its first history lines, its journal and its notice, in one
 * statement (an order's statements are what its rate is made of). With `requireKyc`, nothing is
 * written unless the user's identity is verified, and the answer is undefined.
 */
export async function insertOrder(
  sql: Sql,
  n: NewPosition,
  o: { events: NewEvent[]; terms: OrderTerms | undefined; requireKyc: boolean; journal: PreparedJournal; notice: NewNotice | undefined },
): Promise<{ row: PositionRow; noticeId: number | null } | undefined> {
  const params: unknown[] = positionParams(n);
  const $ = (value: unknown, type: string) => `$${params.push(value)}::${type}`;
  const t = o.terms ?? NO_TERMS;
  const [stopLoss, takeProfit, trailingKind, trailingDistance, trailingMark, trailingStop] = stopParams(t);
  const terms = [
    $(stopLoss, 'numeric'),
    $(takeProfit, 'numeric'),
    $(trailingKind, 'text'),
    $(trailingDistance, 'numeric'),
    $(trailingMark, 'numeric'),
    $(trailingStop, 'numeric'),
    $(t.timeInForce, 'text'),
    $(t.expiresAt, 'timestamptz'),
    $(t.extendedHours, 'boolean'),
    $(t.placedSession, 'text'),
    $(t.filledSession, 'text'),
  ].join(', ');
  const verified = `not ${$(o.requireKyc, 'boolean')} or exists (select 1 from users where id = $1::bigint and kyc_status = ${KycStatus.Verified})`;
  const events = [
    $(
      o.events.map((e) => e.status),
      'int[]',
    ),
    $(
      o.events.map((e) => e.event),
      'text[]',
    ),
    $(
      o.events.map((e) => (e.price === null ? null : plain(e.price))),
      'numeric[]',
    ),
    $(
      o.events.map((e) => (e.quantity === null ? null : plain(e.quantity))),
      'numeric[]',
    ),
    $(
      o.events.map((e) => e.why?.bid ?? null),
      'numeric[]',
    ),
    $(
      o.events.map((e) => e.why?.ask ?? null),
      'numeric[]',
    ),
    $(
      o.events.map((e) => (e.why ? new Date(e.why.time).toISOString() : null)),
      'timestamptz[]',
    ),
    $(
      o.events.map((e) => (e.why?.fee == null ? null : plain(e.why.fee))),
      'numeric[]',
    ),
    $(
      o.events.map((e) => e.why?.session ?? null),
      'text[]',
    ),
  ].join(', ');
  const notice = o.notice
    ? `, n as (insert into notices (user_id, kind, params) select p.user_id, ${$(o.notice.kind, 'text')}, ${$(JSON.stringify(o.notice.params), 'jsonb')} from p returning id)`
    : '';
  // The order's journal rides on the same statement, referring to the new row (none without it).
  const j = journalCtes(o.journal, params.length + 1, { from: 'p', refId: 'p.id' });
  params.push(...j.params);
  const rows = await sql
    .query<PositionRow & { notice_id: number | null }>(
      `with p as (
       insert into positions (user_id, symbol, wallet_code, wallet_currency, currency, direction, type, status, price, open_price, quantity, leverage,
                              margin, open_fee, large_order, idempotency_key, open_rate, source, filled_at, created_at, follow_id, copy_of, robot_order_id,
                              stop_loss, take_profit, trailing_kind, trailing_distance, trailing_mark, trailing_stop,
                              time_in_force, expires_at, extended_hours, placed_session, filled_session)
       select $1::bigint, $2::text, $3::text, $4::text, $5::text, $6::int, $7::int, $8::int, $9::numeric, $10::numeric, $11::numeric, $12::int,
              $13::numeric, $14::numeric, $15::boolean, $16::text, $17::numeric, $18::int,
              case when $8::int = ${OPEN} then coalesce($19::timestamptz, now()) end, coalesce($19::timestamptz, now()), $20::bigint, $21::bigint, $22::bigint,
              ${terms}
        where ${verified}
       returning *
     ), e as (
       insert into position_events (position_id, status, event, price, quantity, bid, ask, quoted_at, fee, session, created_at)
       select p.id, v.status, v.event, v.price, v.quantity, v.bid, v.ask, v.quoted_at, v.fee, v.session, coalesce($19::timestamptz, now())
         from p, unnest(${events}) with ordinality as v(status, event, price, quantity, bid, ask, quoted_at, fee, session, n)
        order by v.n
     )${notice}, ${j.text}
     select p.*, ${o.notice ? '(select id from n)' : 'null::bigint'} as notice_id from p`,
      params,
    )
    .catch((err: unknown) => journalError(err, o.journal.journal));
  const [first] = rows;
  if (!first) return undefined;
  const { notice_id: noticeId, ...row } = first;
  return { row, noticeId };
}

/** What an IPO allotment hands to trading: the allotted shares, bought at the final offer price (decision 0019). */
export interface AllottedShares {
  userId: number;
  symbol: string;
  walletCode: WalletCode;
  walletCurrency: string;
  currency: string;
  price: string;
  quantity: string;
  margin: string;
  fee: string;
  /** The subscription's rate: the one its money was held at. */
  rate: string;
  /** The journal that holds the shares' money until they are sold: the allotment's, or the subscription's. */
  holdJournalId: number;
}

/**
 * An IPO allotment's position (source NewStock): a leverage-1 buy filled at the offer price, waiting for its
 * listing (`ToBeSettled`). Until the listing makes it an open position it is in no list of open
 * positions, the trigger engine never sees it and it cannot be closed: its instrument has no quote yet.
 */
export function insertAllotted(sql: Sql, a: AllottedShares): Promise<PositionRow> {
  return one(
    sql.query<PositionRow>(
      `insert into positions (user_id, symbol, wallet_code, wallet_currency, currency, direction, type, status, price, open_price, quantity, leverage,
                              margin, open_fee, open_rate, source, filled_at, hold_journal_id)
       values ($1, $2, $3, $4, $5, $6, $7, ${OrderStatus.ToBeSettled}, $8, $8, $9, 1, $10, $11, $12, $13, now(), $14) returning *`,
      [
        a.userId,
        a.symbol,
        a.walletCode,
        a.walletCurrency,
        a.currency,
        OrderDirection.Buy,
        OrderType.Market,
        a.price,
        a.quantity,
        a.margin,
        a.fee,
        a.rate,
        MarketSource.NewStock,
        a.holdJournalId,
      ],
    ),
  );
}

/** The listing makes allotted shares an open position, as a fill of /stock/create leaves it; none when it is not waiting any more. */
export async function openAllotted(sql: Sql, id: number): Promise<PositionRow | undefined> {
  const [p] = await sql.query<PositionRow>(
    `update positions set status = ${OPEN}, updated_at = now() where id = $1 and status = ${OrderStatus.ToBeSettled} returning *`,
    [id],
  );
  return p;
}

/** One of the user's rows; `lock` takes its row lock for the rest of the transaction. */
export async function findOwn(sql: Sql, userId: number, id: number, lock = false): Promise<PositionRow | undefined> {
  const [p] = await sql.query<PositionRow>(`select * from positions where id = $1 and user_id = $2${lock ? ' for update' : ''}`, [id, userId]);
  return p;
}

/** Close the whole row. */
export function settle(sql: Sql, id: number, s: Settlement): Promise<PositionRow> {
  return one(
    sql.query<PositionRow>(
      `update positions set status = ${SETTLED}, close_price = $2, close_fee = $3, realised = $4, close_reason = $5, closed_at = coalesce($6::timestamptz, now()),
              updated_at = coalesce($6::timestamptz, now())
        where id = $1 returning *`,
      [id, plain(s.price), plain(s.fee), plain(s.realised), s.reason, s.at ?? null],
    ),
  );
}

/**
 * Close part of the row: the open row keeps the rest, and the closed part becomes a settled row
 * of its own pointing at it, so each row's margin, share of the opening fee and realised profit
 * stay its own. The open row carries the running totals the next close rounds on.
 */
export async function settlePart(sql: Sql, id: number, s: Settlement): Promise<PositionRow> {
  const part = await one(
    sql.query<PositionRow>(
      `insert into positions (user_id, symbol, wallet_code, wallet_currency, currency, direction, type, status, price, open_price, quantity, leverage,
                              margin, open_fee, close_price, close_fee, realised, close_reason, parent_id, large_order, open_rate, source, created_at, filled_at, closed_at)
       select user_id, symbol, wallet_code, wallet_currency, currency, direction, type, ${SETTLED}, price, open_price, $2, leverage,
              $3, $8, $4, $5, $6, $7, id, large_order, open_rate, source, created_at, filled_at, now() from positions where id = $1 returning *`,
      [id, plain(s.quantity), plain(s.margin), plain(s.price), plain(s.fee), plain(s.realised), s.reason, plain(s.openFee)],
    ),
  );
  await sql.query(
    'update positions set quantity = quantity - $2, margin = margin - $3, open_fee = open_fee - $4, parts_profit = $5, parts_fee = $6, updated_at = now() where id = $1',
    [id, plain(s.quantity), plain(s.margin), plain(s.openFee), s.parts.profit, s.parts.fee],
  );
  return part;
}

export const markCancelled = (sql: Sql, id: number) =>
  one(sql.query<PositionRow>(`update positions set status = ${CANCELLED}, updated_at = now() where id = $1 returning *`, [id]));

export const addToMargin = (sql: Sql, id: number, amount: string) =>
  one(sql.query<PositionRow>('update positions set margin = margin + $2, updated_at = now() where id = $1 returning *', [id, amount]));

/** An entrusted order becomes an open position at its limit price. */
export const markFilled = (sql: Sql, id: number, session: SessionPhase | null = null) =>
  one(
    sql.query<PositionRow>(
      `update positions set status = ${OPEN}, open_price = price, filled_at = now(), filled_session = $2, updated_at = now() where id = $1 returning *`,
      [id, session],
    ),
  );

export async function insertEvent(
  sql: Sql,
  p: PositionRow,
  event: PositionEventName,
  price: Dec | string | null,
  quantity: Dec | string | null,
  at?: Date,
  why?: Explanation,
) {
  await sql.query(
    `insert into position_events (position_id, status, event, price, quantity, created_at, bid, ask, quoted_at, fee, session)
     values ($1, $2, $3, $4, $5, coalesce($6::timestamptz, now()), $7, $8, $9, $10, $11)`,
    [p.id, p.status, event, price === null ? null : plain(price), quantity === null ? null : plain(quantity), at ?? null, ...explanationParams(why)],
  );
}

const explanationParams = (why: Explanation | undefined) =>
  why ? [why.bid, why.ask, new Date(why.time), why.fee === null ? null : plain(why.fee), why.session] : [null, null, null, null, null];

/** What an order carries beyond its fill: its stops, how long it waits and the session it was placed (and filled) in. */
export interface OrderTerms {
  stopLoss: Dec | null;
  takeProfit: Dec | null;
  trailing: { kind: TrailingKind; distance: Dec; mark: Dec | null; stop: Dec | null } | null;
  timeInForce: TimeInForce;
  expiresAt: Date | null;
  extendedHours: boolean;
  placedSession: SessionPhase | null;
  filledSession: SessionPhase | null;
}

const stopParams = (t: Pick<OrderTerms, 'stopLoss' | 'takeProfit' | 'trailing'>) => [
  t.stopLoss === null ? null : plain(t.stopLoss),
  t.takeProfit === null ? null : plain(t.takeProfit),
  t.trailing?.kind ?? null,
  t.trailing ? plain(t.trailing.distance) : null,
  t.trailing?.mark ? plain(t.trailing.mark) : null,
  t.trailing?.stop ? plain(t.trailing.stop) : null,
];

/** Replace a position's stops (null removes one). */
export const setStops = (sql: Sql, id: number, t: Pick<OrderTerms, 'stopLoss' | 'takeProfit' | 'trailing'>) =>
  one(
    sql.query<PositionRow>(
      `update positions set stop_loss = $2, take_profit = $3, trailing_kind = $4, trailing_distance = $5, trailing_mark = $6, trailing_stop = $7, updated_at = now()
        where id = $1 returning *`,
      [id, ...stopParams(t)],
    ),
  );

/** A trailing stop's mark moved toward the price, and its stop with it. */
export const moveTrailing = (sql: Sql, id: number, mark: Dec, stop: Dec) =>
  one(sql.query<PositionRow>('update positions set trailing_mark = $2, trailing_stop = $3 where id = $1 returning *', [id, plain(mark), plain(stop)]));

/** Entrusted day orders past their end, oldest first; each is claimed and rechecked by the caller. */
export async function expiredIds(sql: Sql, at: Date): Promise<number[]> {
  const rows = await sql.query<{ id: number }>(
    `select id from positions where status = ${ENTRUSTED} and expires_at is not null and expires_at <= $1 order by id`,
    [at],
  );
  return rows.map((r) => r.id);
}

/** A settled part of a partial close shares its parent's earlier history (placed, filled). */
export function history(sql: Sql, p: PositionRow): Promise<EventRow[]> {
  return sql.query<EventRow>(
    `select event, status, price, quantity, created_at, bid, ask, quoted_at, fee, session from position_events
      where position_id = $1 or (position_id = $2 and created_at <= coalesce($3::timestamptz, now()) and event in ('placed', 'filled'))
      order by created_at, id`,
    [p.id, p.parent_id ?? 0, p.closed_at],
  );
}

export type Listing = 'open' | 'closed' | 'entrusted';
const LISTINGS: Record<Listing, { status: number; order: string }> = {
  open: { status: OPEN, order: 'id desc' },
  closed: { status: SETTLED, order: 'closed_at desc, id desc' },
  entrusted: { status: ENTRUSTED, order: 'id desc' },
};

export async function page(sql: Sql, userId: number, listing: Listing, pageNo: number, size: number) {
  const { status, order } = LISTINGS[listing];
  const [count] = await sql.query<{ n: number }>(`select count(*)::int as n from positions where user_id = $1 and status = ${status}`, [userId]);
  const rows = await sql.query<PositionRow>(`select * from positions where user_id = $1 and status = ${status} order by ${order} limit $2 offset $3`, [
    userId,
    size,
    (pageNo - 1) * size,
  ]);
  return { rows, total: count?.n ?? 0 };
}

export const allOpen = (sql: Sql, userId: number) => sql.query<PositionRow>(`select * from positions where user_id = $1 and status = ${OPEN}`, [userId]);

export const openOfSymbol = (sql: Sql, userId: number, symbol: string) =>
  sql.query<PositionRow>(`select * from positions where user_id = $1 and symbol = $2 and status = ${OPEN} order by id desc`, [userId, symbol]);

/**
 * The active rows of a symbol the quote acts on, oldest first, in one statement: entrusted orders
 * it crosses (a buy at the ask, a sell at the bid), open positions whose equity at the exit side
 * (margin + floating profit at the open's rate) is at or below margin × `maintenance`, in exact
 * numeric arithmetic, the contract's `reachesMaintenance` multiplied out, and open positions whose
 * exit side reaches a stop or passes its trailing mark (the mark moves; a filled order's trailing
 * stop gets its first mark). A row from before open
 * rates were kept (migration 0008) is always a candidate. The caller rechecks each under its lock.
 * Outside the regular session (`regular` false) only entrusted orders that asked for extended hours fill.
 */
export async function dueIds(sql: Sql, symbol: string, quote: { bid: string; ask: string }, maintenance: string, regular = true): Promise<number[]> {
  const BUY = OrderDirection.Buy;
  const rows = await sql.query<{ id: number }>(
    `select id from positions where symbol = $1 and status in ${ACTIVE} and (
       (status = ${ENTRUSTED} and ($5::boolean or extended_hours)
        and ((direction = ${BUY} and price >= $3::numeric) or (direction <> ${BUY} and price <= $2::numeric)))
       or (status = ${OPEN} and (open_rate is null or open_price is null
         or margin + (case when direction = ${BUY} then $2::numeric - open_price else open_price - $3::numeric end) * quantity * open_rate
            <= margin * $4::numeric
         or (direction = ${BUY} and (stop_loss >= $2::numeric or take_profit <= $2::numeric or trailing_stop >= $2::numeric or trailing_mark < $2::numeric
                                     or (trailing_kind is not null and trailing_mark is null)))
         or (direction <> ${BUY} and (stop_loss <= $3::numeric or take_profit >= $3::numeric or trailing_stop <= $3::numeric or trailing_mark > $3::numeric
                                      or (trailing_kind is not null and trailing_mark is null))))))
     order by id`,
    [symbol, quote.bid, quote.ask, maintenance, regular],
  );
  return rows.map((r) => r.id);
}

/**
 * Claim an active row for this transaction, or nothing when another runner holds it or it is no
 * longer active: whoever holds the lock does the work, the other skips without waiting.
 */
export async function claimActive(sql: Sql, id: number): Promise<PositionRow | undefined> {
  const [p] = await sql.query<PositionRow>(`select * from positions where id = $1 and status in ${ACTIVE} for update skip locked`, [id]);
  return p;
}

export async function activeSymbols(sql: Sql): Promise<string[]> {
  const rows = await sql.query<{ symbol: string }>(`select distinct symbol from positions where status in ${ACTIVE}`);
  return rows.map((r) => r.symbol);
}

/** Fills at or above the large-order size, first fills only (a partial close's settled part is not another fill). */
export const largeFills = (sql: Sql, symbol: string, size: number) =>
  sql.query<{ direction: number; quantity: string; open_price: string; filled_at: Date }>(
    `select direction, quantity, open_price, filled_at from positions
      where symbol = $1 and large_order and parent_id is null and filled_at is not null order by filled_at desc limit $2`,
    [symbol, size],
  );

export async function availableBalance(sql: Sql, userId: number, code: WalletCode, currency: string): Promise<string | undefined> {
  const [row] = await sql.query<{ balance: string }>(
    "select balance from ledger_accounts where user_id = $1 and code = $2 and part = 'available' and currency = $3",
    [userId, code, currency],
  );
  return row?.balance;
}

export interface LeverageRiskRow {
  version: number;
  acknowledged_at: Date;
}

/** The caller's acknowledgement of the leverage risk warning (migration 0009), if any. */
export async function leverageRiskOf(sql: Sql, userId: number): Promise<LeverageRiskRow | undefined> {
  const [row] = await sql.query<LeverageRiskRow>('select version, acknowledged_at from leverage_risk_acknowledgements where user_id = $1', [userId]);
  return row;
}

/**
 * Record the acknowledgement of `version`: the first one stands (a repeat of the same version keeps
 * its time); a newer version replaces an older one. Safe under parallel calls (one row per user).
 */
export async function acknowledgeLeverageRisk(sql: Sql, userId: number, version: number): Promise<void> {
  await sql.query(
    `insert into leverage_risk_acknowledgements (user_id, version) values ($1, $2)
     on conflict (user_id) do update set version = excluded.version, acknowledged_at = now()
     where leverage_risk_acknowledgements.version < excluded.version`,
    [userId, version],
  );
}
