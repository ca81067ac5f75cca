import { KycStatus, MarketSource, OrderDirection, OrderStatus, OrderType, type WalletCode } from '@tradeapp/contract';
import type { Sql } from '../../../db/db';
import { journalCtes, journalError, type PreparedJournal } from '../../../ledger/ledger';
import { type Dec, plain } from '../../../lib/decimal';
import type { NoticeKind } from '../../notices';
import { ENTRUSTED, one, OPEN, stopParams, type Explanation, type OrderTerms, type PositionEventName, type PositionRow } from './rows';

// A new row of `positions`: an order (with its history, journal and notice) or allotted IPO shares.

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
