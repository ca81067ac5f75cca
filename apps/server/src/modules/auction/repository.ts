import type { AuctionOrderStatus } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { type Dec, plain } from '../../lib/decimal';

// Every statement of the auction on `auction_books` and `auction_orders` (migration 0012). Days
// leave the database as text (`YYYY-MM-DD`): a `date` column would come back as a JS Date at the
// process's midnight, which is not Hong Kong's.

export interface BookRow {
  symbol: string;
  trading_day: string;
  previous_close: string;
  band_low: string;
  band_high: string;
  reference_price: string;
  price: string | null;
  matched_volume: string | null;
  order_count: number | null;
  matched_at: Date | null;
}

export interface OrderRow {
  id: number;
  user_id: number;
  symbol: string;
  trading_day: string;
  direction: number;
  type: 'auction' | 'limit';
  price: string | null;
  quantity: string;
  leverage: number;
  sequence: number;
  status: AuctionOrderStatus;
  wallet_code: string;
  wallet_currency: string;
  currency: string;
  hold_price: string;
  rate: string;
  held: string;
  hold_journal_id: number | null;
  release_journal_id: number | null;
  filled_quantity: string;
  fill_price: string | null;
  position_id: number | null;
  entrusted_id: number | null;
  created_at: Date;
  updated_at: Date;
}

const BOOK = `symbol, trading_day::text as trading_day, previous_close, band_low, band_high, reference_price, price, matched_volume, order_count, matched_at`;
const ORDER = `id, user_id, symbol, trading_day::text as trading_day, direction, type, price, quantity, leverage, sequence, status, wallet_code, wallet_currency,
  currency, hold_price, rate, held, hold_journal_id, release_journal_id, filled_quantity, fill_price, position_id, entrusted_id, created_at, updated_at`;

export interface Figures {
  previousClose: string;
  bandLow: string;
  bandHigh: string;
  referencePrice: string;
}

/**
 * The book of a stock's day under its row lock for the rest of the transaction, written with its
 * figures the first time. Placing, cancelling and matching all come through here first.
 */
export async function lockBook(sql: Sql, symbol: string, tradingDay: string, f: Figures): Promise<BookRow> {
  await sql.query(
    `insert into auction_books (symbol, trading_day, previous_close, band_low, band_high, reference_price)
     values ($1, $2, $3, $4, $5, $6) on conflict (symbol, trading_day) do nothing`,
    [symbol, tradingDay, f.previousClose, f.bandLow, f.bandHigh, f.referencePrice],
  );
  const [book] = await sql.query<BookRow>(`select ${BOOK} from auction_books where symbol = $1 and trading_day = $2 for update`, [symbol, tradingDay]);
  return book!;
}

export const booksOf = (sql: Sql, tradingDay: string) => sql.query<BookRow>(`select ${BOOK} from auction_books where trading_day = $1`, [tradingDay]);

/** Books whose match has not run, of `tradingDay` and before: the match job's work. */
export const unmatchedBooks = (sql: Sql, tradingDay: string) =>
  sql.query<{ symbol: string; trading_day: string }>(
    'select symbol, trading_day::text as trading_day from auction_books where trading_day <= $1 and matched_at is null order by trading_day, symbol',
    [tradingDay],
  );

export interface NewOrder {
  userId: number;
  symbol: string;
  tradingDay: string;
  direction: number;
  type: 'auction' | 'limit';
  price: Dec | null;
  quantity: Dec;
  leverage: number;
  walletCode: string;
  walletCurrency: string;
  currency: string;
  holdPrice: Dec;
  rate: string;
  held: Dec;
  idempotencyKey: string | null;
}

export async function insertOrder(sql: Sql, n: NewOrder): Promise<OrderRow> {
  const [row] = await sql.query<OrderRow>(
    `insert into auction_orders (user_id, symbol, trading_day, direction, type, price, quantity, leverage, wallet_code, wallet_currency, currency,
                                 hold_price, rate, held, idempotency_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning ${ORDER}`,
    [
      n.userId,
      n.symbol,
      n.tradingDay,
      n.direction,
      n.type,
      n.price === null ? null : plain(n.price),
      plain(n.quantity),
      n.leverage,
      n.walletCode,
      n.walletCurrency,
      n.currency,
      plain(n.holdPrice),
      n.rate,
      plain(n.held),
      n.idempotencyKey,
    ],
  );
  return row!;
}

export async function setHold(sql: Sql, id: number, journalId: number): Promise<OrderRow> {
  const [row] = await sql.query<OrderRow>(`update auction_orders set hold_journal_id = $2 where id = $1 returning ${ORDER}`, [id, journalId]);
  return row!;
}

/** One of the user's orders; `lock` takes its row lock for the rest of the transaction. */
export async function findOwn(sql: Sql, userId: number, id: number, lock = false): Promise<OrderRow | undefined> {
  const [row] = await sql.query<OrderRow>(`select ${ORDER} from auction_orders where id = $1 and user_id = $2${lock ? ' for update' : ''}`, [id, userId]);
  return row;
}

/** The collected orders of a book in time priority, locked: the match's input. */
export const collectedOf = (sql: Sql, symbol: string, tradingDay: string) =>
  sql.query<OrderRow>(`select ${ORDER} from auction_orders where symbol = $1 and trading_day = $2 and status = 'collected' order by sequence for update`, [
    symbol,
    tradingDay,
  ]);

/** Every collected order of a day, for the indicative prices of all the books at once. */
export const collectedOfDay = (sql: Sql, tradingDay: string) =>
  sql.query<OrderRow>(`select ${ORDER} from auction_orders where trading_day = $1 and status = 'collected' order by sequence`, [tradingDay]);

export const ordersOf = (sql: Sql, userId: number, tradingDay: string, symbol: string | undefined) =>
  sql.query<OrderRow>(`select ${ORDER} from auction_orders where user_id = $1 and trading_day = $2 and ($3::text is null or symbol = $3) order by id desc`, [
    userId,
    tradingDay,
    symbol ?? null,
  ]);

export async function markCancelled(sql: Sql, id: number, releaseJournalId: number): Promise<OrderRow> {
  const [row] = await sql.query<OrderRow>(
    `update auction_orders set status = 'cancelled', release_journal_id = $2, updated_at = now() where id = $1 returning ${ORDER}`,
    [id, releaseJournalId],
  );
  return row!;
}

export interface Outcome {
  status: AuctionOrderStatus;
  filledQuantity: Dec;
  fillPrice: string | null;
  positionId: number | null;
  entrustedId: number | null;
  releaseJournalId: number;
}

export async function markMatched(sql: Sql, id: number, o: Outcome): Promise<OrderRow> {
  const [row] = await sql.query<OrderRow>(
    `update auction_orders set status = $2, filled_quantity = $3, fill_price = $4, position_id = $5, entrusted_id = $6, release_journal_id = $7, updated_at = now()
      where id = $1 returning ${ORDER}`,
    [id, o.status, plain(o.filledQuantity), o.fillPrice, o.positionId, o.entrustedId, o.releaseJournalId],
  );
  return row!;
}

export async function finishBook(
  sql: Sql,
  symbol: string,
  tradingDay: string,
  r: { price: string | null; volume: string; houseBuy: string; houseSell: string; orders: number },
) {
  await sql.query(
    `update auction_books set price = $3, matched_volume = $4, house_buy = $5, house_sell = $6, order_count = $7, matched_at = now()
      where symbol = $1 and trading_day = $2`,
    [symbol, tradingDay, r.price, r.volume, r.houseBuy, r.houseSell, r.orders],
  );
}
