import type { BondHoldingStatus } from '@tradeapp/contract';
import type { Sql } from '../../db/db';

// Every statement of bonds on `bond_listings`, `bond_spreads`, `bond_holdings` and `bond_payments` (migrations 0020, 0034).

export interface ListingRow {
  symbol: string;
  spread_bp: string;
  face_increment: string;
  paused_at: Date | null;
  paused_reason: string | null;
}

export interface HoldingRow {
  id: number;
  user_id: number;
  symbol: string;
  currency: string;
  coupon_rate: string;
  frequency: 0 | 1 | 2;
  maturity: Date;
  wallet_code: string;
  wallet_currency: string;
  face: string;
  remaining: string;
  price: string;
  accrued: string;
  markup: string;
  ytm: string;
  clean_amount: string;
  accrued_amount: string;
  fee: string;
  cost: string;
  rate: string;
  wallet_cost: string;
  status: BondHoldingStatus;
  next_payment: Date | null;
  /** The day the purchase settled (UTC midnight): its accrued interest was to it, and the coupons after it are its own. */
  settlement_day: Date;
  created_at: Date;
  closed_at: Date | null;
  /** What its coupons and its sales and redemption paid so far, in the bond's currency. */
  coupons: string;
  proceeds: string;
}

export interface PaymentRow {
  holding_id: number;
  kind: 'coupon' | 'sale' | 'redemption';
  /** The coupon date, the maturity, or the day the sale settles. */
  day: Date;
  face: string;
  amount: string;
}

const LISTING_COLUMNS = 'symbol, spread_bp::text, face_increment::text, paused_at, paused_reason';

/** Each bond listed once with its first terms; a listing already there keeps what operators set. */
export async function ensureListing(sql: Sql, l: { symbol: string; spreadBp: string; faceIncrement: string }) {
  const [row] = await sql.query<{ symbol: string }>(
    'insert into bond_listings (symbol, spread_bp, face_increment) values ($1, $2, $3) on conflict (symbol) do nothing returning symbol',
    [l.symbol, l.spreadBp, l.faceIncrement],
  );
  if (row) await sql.query('insert into bond_spreads (symbol, from_ms, spread_bp) values ($1, 0, $2) on conflict do nothing', [l.symbol, l.spreadBp]);
}

export const listings = (sql: Sql) => sql.query<ListingRow>(`select ${LISTING_COLUMNS} from bond_listings order by symbol`);

export async function listing(sql: Sql, symbol: string, lock = false): Promise<ListingRow | undefined> {
  const [row] = await sql.query<ListingRow>(`select ${LISTING_COLUMNS} from bond_listings where symbol = $1${lock ? ' for update' : ''}`, [symbol]);
  return row;
}

export const spreads = (sql: Sql) =>
  sql.query<{ symbol: string; from_ms: string; spread_bp: string }>('select symbol, from_ms::text, spread_bp::text from bond_spreads order by symbol, from_ms');

export async function setSpread(sql: Sql, symbol: string, spreadBp: string, from: number, by: number) {
  await sql.query('update bond_listings set spread_bp = $2 where symbol = $1', [symbol, spreadBp]);
  await sql.query(
    'insert into bond_spreads (symbol, from_ms, spread_bp, set_by) values ($1, $2, $3, $4) on conflict (symbol, from_ms) do update set spread_bp = excluded.spread_bp, set_by = excluded.set_by',
    [symbol, from, spreadBp, by],
  );
}

export const setPaused = (sql: Sql, symbol: string, by: number | null, reason: string | null) =>
  sql.query(
    'update bond_listings set paused_at = case when $2::bigint is null then null else now() end, paused_by = $2, paused_reason = $3 where symbol = $1',
    [symbol, by, reason],
  );

const HOLDING_COLUMNS = `h.id, h.user_id, h.symbol, h.currency, h.coupon_rate::text, h.frequency, h.maturity, h.wallet_code, h.wallet_currency,
  h.face::text, h.remaining::text, h.price::text, h.accrued::text, h.markup::text, h.ytm::text, h.clean_amount::text, h.accrued_amount::text,
  h.fee::text, h.cost::text, h.rate::text, h.wallet_cost::text, h.status, h.next_payment, h.settlement_day, h.created_at, h.closed_at,
  (select coalesce(sum(p.amount), 0)::text from bond_payments p where p.holding_id = h.id and p.kind = 'coupon') as coupons,
  (select coalesce(sum(p.amount), 0)::text from bond_payments p where p.holding_id = h.id and p.kind <> 'coupon') as proceeds`;

export interface NewHolding {
  userId: number;
  symbol: string;
  currency: string;
  couponRate: string;
  frequency: number;
  maturity: Date;
  walletCode: string;
  walletCurrency: string;
  face: string;
  price: string;
  accrued: string;
  markup: string;
  ytm: string;
  cleanAmount: string;
  accruedAmount: string;
  fee: string;
  cost: string;
  rate: string;
  walletCost: string;
  nextPayment: Date | null;
  settlementDay: Date;
  at: Date;
}

export async function insertHolding(sql: Sql, h: NewHolding): Promise<number> {
  const [row] = await sql.query<{ id: number }>(
    `insert into bond_holdings (user_id, symbol, currency, coupon_rate, frequency, maturity, wallet_code, wallet_currency, face, remaining, price, accrued,
       markup, ytm, clean_amount, accrued_amount, fee, cost, rate, wallet_cost, next_payment, created_at, settlement_day)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22) returning id`,
    [
      h.userId,
      h.symbol,
      h.currency,
      h.couponRate,
      h.frequency,
      h.maturity,
      h.walletCode,
      h.walletCurrency,
      h.face,
      h.price,
      h.accrued,
      h.markup,
      h.ytm,
      h.cleanAmount,
      h.accruedAmount,
      h.fee,
      h.cost,
      h.rate,
      h.walletCost,
      h.nextPayment,
      h.at,
      h.settlementDay,
    ],
  );
  return Number(row!.id);
}

export async function holding(sql: Sql, id: number, userId?: number): Promise<HoldingRow | undefined> {
  const [row] = await sql.query<HoldingRow>(
    `select ${HOLDING_COLUMNS} from bond_holdings h where h.id = $1${userId === undefined ? '' : ' and h.user_id = $2'}`,
    userId === undefined ? [id] : [id, userId],
  );
  return row;
}

/** Lock a holding row (the coupon job and a sale take it in this order: listing is never locked with it). */
export async function lockHolding(sql: Sql, id: number, userId?: number): Promise<boolean> {
  const rows = await sql.query(
    `select id from bond_holdings where id = $1${userId === undefined ? '' : ' and user_id = $2'} for update`,
    userId === undefined ? [id] : [id, userId],
  );
  return rows.length > 0;
}

export const userHoldings = (sql: Sql, userId: number, status: BondHoldingStatus | undefined, limit: number, offset: number) =>
  sql.query<HoldingRow & { total: number }>(
    `select ${HOLDING_COLUMNS}, count(*) over ()::int as total from bond_holdings h where h.user_id = $1${status ? ' and h.status = $4' : ''} order by h.id desc limit $2 offset $3`,
    status ? [userId, limit, offset, status] : [userId, limit, offset],
  );

export const openHoldings = (sql: Sql, userId: number) =>
  sql.query<HoldingRow>(`select ${HOLDING_COLUMNS} from bond_holdings h where h.user_id = $1 and h.status = 'holding' order by h.id`, [userId]);

/** Face each symbol's open holdings of one user hold. */
export const heldBySymbol = (sql: Sql, userId: number) =>
  sql.query<{ symbol: string; face: string }>(
    "select symbol, sum(remaining)::text as face from bond_holdings where user_id = $1 and status = 'holding' group by symbol",
    [userId],
  );

/** Per symbol: holders and face outstanding. */
export const outstanding = (sql: Sql) =>
  sql.query<{ symbol: string; holders: number; face: string }>(
    "select symbol, count(distinct user_id)::int as holders, sum(remaining)::text as face from bond_holdings where status = 'holding' group by symbol",
  );

/** Open holdings with a payment due on or before `day`, oldest first. */
export const dueHoldings = (sql: Sql, day: Date) =>
  sql.query<{ id: number }>("select id from bond_holdings where status = 'holding' and next_payment <= $1 order by next_payment, id", [day]);

export const payments = (sql: Sql, holdingId: number) =>
  sql.query<PaymentRow>('select holding_id, kind, day, face::text, amount::text from bond_payments where holding_id = $1 order by day, id', [holdingId]);

export async function insertPayment(
  sql: Sql,
  p: { holdingId: number; kind: PaymentRow['kind']; day: Date; face: string; amount: string; rate: string; walletAmount: string; journalId: number; at: Date },
) {
  await sql.query(
    'insert into bond_payments (holding_id, kind, day, face, amount, rate, wallet_amount, journal_id, created_at) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [p.holdingId, p.kind, p.day, p.face, p.amount, p.rate, p.walletAmount, p.journalId, p.at],
  );
}

export const setNextPayment = (sql: Sql, id: number, next: Date | null) => sql.query('update bond_holdings set next_payment = $2 where id = $1', [id, next]);

export const reduce = (sql: Sql, id: number, face: string, at: Date) =>
  sql.query(
    "update bond_holdings set remaining = remaining - $2, status = case when remaining - $2 = 0 then 'sold' else status end, closed_at = case when remaining - $2 = 0 then $3::timestamptz else closed_at end, next_payment = case when remaining - $2 = 0 then null else next_payment end where id = $1",
    [id, face, at],
  );

export const markRedeemed = (sql: Sql, id: number, at: Date) =>
  sql.query("update bond_holdings set remaining = 0, status = 'redeemed', closed_at = $2, next_payment = null where id = $1", [id, at]);

/** One payment of a holding as the portfolio reads it (issue 32): when, on what face, in the bond's currency and in the wallet's. */
export interface PortfolioPaymentRow {
  holding_id: number;
  kind: PaymentRow['kind'];
  day: Date;
  face: string;
  amount: string;
  rate: string;
  wallet_amount: string;
  created_at: Date;
}

/** The caller's holdings bought before `before`, whatever became of them since. */
export const holdingsBoughtBefore = (sql: Sql, userId: number, before: Date) =>
  sql.query<HoldingRow>(`select ${HOLDING_COLUMNS} from bond_holdings h where h.user_id = $1 and h.created_at < $2 order by h.id`, [userId, before]);

/** Every payment of some holdings, oldest first. */
export const paymentsOfHoldings = (sql: Sql, holdingIds: readonly number[]) =>
  sql.query<PortfolioPaymentRow>(
    `select holding_id, kind, day, face::text, amount::text, rate::text, wallet_amount::text, created_at from bond_payments
      where holding_id = any($1::bigint[]) order by holding_id, created_at, id`,
    [holdingIds],
  );
