import { SubscriptionStatus, type DealExchange, type DealStatus, type DealInput, type DealMarket } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { USER_REF_COLUMNS, type UserRefColumns } from '../../lib/review';

// Every statement on `deals` and `deal_subscriptions` (migration 0010). Dates are read as text
// (YYYY-MM-DD): a `date` parsed into a JavaScript Date would land on the reader's midnight.

export interface DealRow {
  id: number;
  name: string;
  code: string;
  symbol: string;
  market: DealMarket;
  exchange: DealExchange;
  currency: 'USD' | 'HKD';
  price_low: string;
  price_high: string;
  final_price: string | null;
  lot_size: number;
  public_lots: number;
  fee_rate: string;
  handling_fee: string;
  prospectus_date: string;
  fund_raising: string;
  subscription_opens_at: Date;
  subscription_closes_at: Date;
  allotment_date: string;
  listing_date: string;
  profile: string;
  status: DealStatus;
  cancel_reason: string | null;
  allotment_seed: string | null;
  allotment_table: unknown;
  first_day_price: string | null;
  listed_on: string | null;
  listed_at: Date | null;
  listing_oversubscription: string | null;
  first_day_close: string | null;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}

export interface SubscriptionRow {
  id: number;
  deal_id: number;
  user_id: number;
  lots: number;
  price_held: string;
  rate: string;
  amount_held: string;
  handling_fee_paid: string;
  hold_journal_id: number;
  status: SubscriptionStatus;
  reconfirm_required: boolean;
  reconfirmed_at: Date | null;
  lots_allotted: number | null;
  amount_allotted: string | null;
  fee_allotted: string | null;
  refund_journal_id: number | null;
  cancel_journal_id: number | null;
  position_id: number | null;
  created_at: Date;
  updated_at: Date;
}

/** Statuses of a subscription that still applies for shares or holds them. */
export const LIVE = [SubscriptionStatus.Subscribed, SubscriptionStatus.Allotted, SubscriptionStatus.NotAllotted];

const DEAL = `id, name, code, symbol, market, exchange, currency, price_low, price_high, final_price, lot_size, public_lots, fee_rate, handling_fee,
  prospectus_date::text as prospectus_date, fund_raising, subscription_opens_at, subscription_closes_at, allotment_date::text as allotment_date,
  listing_date::text as listing_date, profile, status, cancel_reason, allotment_seed, allotment_table, first_day_price, listed_on::text as listed_on, listed_at,
  listing_oversubscription, first_day_close, created_by, created_at, updated_at`;

type Lock = 'update' | 'share' | undefined;
const lockClause = (lock: Lock) => (lock ? ` for ${lock}` : '');

const dealValues = (d: DealInput, currency: string) => [
  d.name,
  d.code,
  d.symbol,
  d.market,
  d.exchange,
  currency,
  d.priceLow,
  d.priceHigh,
  d.lotSize,
  d.publicLots,
  d.feeRate,
  d.handlingFee,
  d.prospectusDate,
  d.fundRaising,
  new Date(d.subscriptionOpensTimestamp),
  new Date(d.subscriptionClosesTimestamp),
  d.allotmentDate,
  d.listingDate,
  d.profile,
];

export async function insertDeal(sql: Sql, d: DealInput, currency: string, createdBy: number | null): Promise<DealRow> {
  const [row] = await sql.query<DealRow>(
    `insert into deals (name, code, symbol, market, exchange, currency, price_low, price_high, lot_size, public_lots, fee_rate, handling_fee,
                        prospectus_date, fund_raising, subscription_opens_at, subscription_closes_at, allotment_date, listing_date, profile, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) returning ${DEAL}`,
    [...dealValues(d, currency), createdBy],
  );
  return row!;
}

export async function updateDeal(sql: Sql, id: number, d: DealInput, currency: string): Promise<DealRow> {
  const [row] = await sql.query<DealRow>(
    `update deals set name = $2, code = $3, symbol = $4, market = $5, exchange = $6, currency = $7, price_low = $8, price_high = $9, lot_size = $10,
                      public_lots = $11, fee_rate = $12, handling_fee = $13, prospectus_date = $14, fund_raising = $15, subscription_opens_at = $16,
                      subscription_closes_at = $17, allotment_date = $18, listing_date = $19, profile = $20, updated_at = now()
      where id = $1 returning ${DEAL}`,
    [id, ...dealValues(d, currency)],
  );
  return row!;
}

export async function findDeal(sql: Sql, id: number, lock?: Lock): Promise<DealRow | undefined> {
  const [row] = await sql.query<DealRow>(`select ${DEAL} from deals where id = $1${lockClause(lock)}`, [id]);
  return row;
}

/** A deal by id, or by code or symbol (a cancelled deal only when nothing else has it). */
export async function findDealBy(sql: Sql, ref: { dealId?: number | undefined; stockCode?: string | undefined }, lock?: Lock): Promise<DealRow | undefined> {
  if (ref.dealId !== undefined) return findDeal(sql, ref.dealId, lock);
  const [row] = await sql.query<DealRow>(
    `select ${DEAL} from deals where upper(code) = upper($1) or upper(symbol) = upper($1)
      order by (status = 'cancelled'), id desc limit 1${lockClause(lock)}`,
    [ref.stockCode ?? ''],
  );
  return row;
}

/** Move a deal to `status`, with what the step fixes (a final price, a reason, the allotment). */
export async function setDealStatus(
  sql: Sql,
  id: number,
  status: DealStatus,
  extra: { finalPrice?: string; cancelReason?: string; seed?: string; table?: unknown; opensAt?: Date; closesAt?: Date } = {},
): Promise<DealRow> {
  const [row] = await sql.query<DealRow>(
    `update deals set status = $2, final_price = coalesce($3, final_price), cancel_reason = coalesce($4, cancel_reason),
                      allotment_seed = coalesce($5, allotment_seed), allotment_table = coalesce($6::jsonb, allotment_table),
                      subscription_opens_at = coalesce($7, subscription_opens_at), subscription_closes_at = coalesce($8, subscription_closes_at),
                      updated_at = now()
      where id = $1 returning ${DEAL}`,
    [
      id,
      status,
      extra.finalPrice ?? null,
      extra.cancelReason ?? null,
      extra.seed ?? null,
      extra.table === undefined ? null : JSON.stringify(extra.table),
      extra.opensAt ?? null,
      extra.closesAt ?? null,
    ],
  );
  return row!;
}

/** Open deals first, then those to come, then the rest, newest first within each. */
const LIST_ORDER = `case status when 'open' then 0 when 'announced' then 1 when 'closed' then 2 when 'priced' then 2 when 'allotted' then 3
  when 'listed' then 4 else 5 end, subscription_opens_at desc, id desc`;

export async function pageOfDeals(sql: Sql, status: DealStatus | undefined, page: number, size: number, order: 'lifecycle' | 'newest') {
  const where = status ? 'where status = $1' : 'where $1::text is null';
  const [count] = await sql.query<{ n: number }>(`select count(*)::int as n from deals ${where}`, [status ?? null]);
  const rows = await sql.query<DealRow>(`select ${DEAL} from deals ${where} order by ${order === 'lifecycle' ? LIST_ORDER : 'id desc'} limit $2 offset $3`, [
    status ?? null,
    size,
    (page - 1) * size,
  ]);
  return { rows, total: count?.n ?? 0 };
}

export const countDeals = async (sql: Sql) => (await sql.query<{ n: number }>('select count(*)::int as n from deals'))[0]!.n;

/**
 * Deals whose next step is due at `now`: announced ones whose window has begun, open ones whose
 * window has ended, priced ones (whose allotment date the caller reads on the exchange's calendar),
 * allotted ones whose listing date has come somewhere on Earth and listed ones whose first day is
 * not yet recorded (the caller reads the exchange's open and close).
 */
export async function dueDealIds(sql: Sql, now: Date): Promise<{ id: number; status: DealStatus }[]> {
  return sql.query<{ id: number; status: DealStatus }>(
    `select id, status from deals
      where (status = 'announced' and subscription_opens_at <= $1) or (status = 'open' and subscription_closes_at <= $1) or status = 'priced'
         or (status = 'allotted' and listing_date <= ($1::timestamptz at time zone 'UTC')::date + 1)
         or (status = 'listed' and first_day_close is null)
      order by id`,
    [now],
  );
}

/** Lock a deal for one step of the job; nothing when another runner holds it. */
export async function claimDeal(sql: Sql, id: number): Promise<DealRow | undefined> {
  const [row] = await sql.query<DealRow>(`select ${DEAL} from deals where id = $1 for update skip locked`, [id]);
  return row;
}

export interface DealStats {
  deal_id: number;
  applicants: number;
  demand_lots: number;
  reconfirm_pending: number;
}

/** Live subscriptions per deal: how many, the lots they apply for, and how many wait for a reconfirmation. */
export async function statsOf(sql: Sql, dealIds: number[]): Promise<Map<number, DealStats>> {
  const rows = await sql.query<DealStats>(
    `select deal_id, count(*)::int as applicants, coalesce(sum(lots), 0)::bigint as demand_lots,
            count(*) filter (where reconfirm_required and status = 'subscribed')::int as reconfirm_pending
       from deal_subscriptions where deal_id = any($1::bigint[]) and status = any($2::text[]) group by deal_id`,
    [dealIds, LIVE],
  );
  return new Map(rows.map((r) => [r.deal_id, r]));
}

/** The applications of deals still to be allotted (ids and lots), for their odds. */
export async function applicationsOf(sql: Sql, dealIds: number[]) {
  return sql.query<{ id: number; deal_id: number; user_id: number; lots: number }>(
    `select id, deal_id, user_id, lots from deal_subscriptions where deal_id = any($1::bigint[]) and status = 'subscribed' order by id`,
    [dealIds],
  );
}

/** The caller's live subscription of each deal. */
export async function ownOf(sql: Sql, userId: number, dealIds: number[]): Promise<Map<number, SubscriptionRow>> {
  const rows = await sql.query<SubscriptionRow>(
    'select * from deal_subscriptions where user_id = $1 and deal_id = any($2::bigint[]) and status = any($3::text[])',
    [userId, dealIds, LIVE],
  );
  return new Map(rows.map((r) => [r.deal_id, r]));
}

/** The caller's live subscription to a deal, locked when asked. */
export async function findOwn(sql: Sql, userId: number, dealId: number, lock = false): Promise<SubscriptionRow | undefined> {
  const [row] = await sql.query<SubscriptionRow>(
    `select * from deal_subscriptions where user_id = $1 and deal_id = $2 and status = any($3::text[])${lock ? ' for update' : ''}`,
    [userId, dealId, LIVE],
  );
  return row;
}

/** A subscription's id before it is written, so that its journal can name it. */
export async function nextSubscriptionId(sql: Sql): Promise<number> {
  const [row] = await sql.query<{ id: number }>("select nextval(pg_get_serial_sequence('deal_subscriptions', 'id'))::bigint as id");
  return row!.id;
}

export interface NewSubscription {
  id: number;
  dealId: number;
  userId: number;
  lots: number;
  priceHeld: string;
  rate: string;
  amountHeld: string;
  handlingFee: string;
  holdJournalId: number;
  idempotencyKey: string | null;
}

export async function insertSubscription(sql: Sql, n: NewSubscription): Promise<SubscriptionRow> {
  const [row] = await sql.query<SubscriptionRow>(
    `insert into deal_subscriptions (id, deal_id, user_id, lots, price_held, rate, amount_held, handling_fee_paid, hold_journal_id, idempotency_key)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning *`,
    [n.id, n.dealId, n.userId, n.lots, n.priceHeld, n.rate, n.amountHeld, n.handlingFee, n.holdJournalId, n.idempotencyKey],
  );
  return row!;
}

/** A changed or reconfirmed offer: its new lots, held at a new price and rate by a new journal. */
export async function rehold(
  sql: Sql,
  id: number,
  h: { lots: number; priceHeld: string; rate: string; amountHeld: string; holdJournalId: number; reconfirmed: boolean },
): Promise<SubscriptionRow> {
  const [row] = await sql.query<SubscriptionRow>(
    `update deal_subscriptions set lots = $2, price_held = $3, rate = $4, amount_held = $5, hold_journal_id = $6,
            reconfirm_required = case when $7::boolean then false else reconfirm_required end,
            reconfirmed_at = case when $7::boolean then now() else reconfirmed_at end, updated_at = now()
      where id = $1 returning *`,
    [id, h.lots, h.priceHeld, h.rate, h.amountHeld, h.holdJournalId, h.reconfirmed],
  );
  return row!;
}

/** Every subscription of a deal in one of `statuses`, oldest first, locked for the step acting on them. */
export function subscriptionsOf(sql: Sql, dealId: number, statuses: readonly SubscriptionStatus[]): Promise<SubscriptionRow[]> {
  return sql.query<SubscriptionRow>('select * from deal_subscriptions where deal_id = $1 and status = any($2::text[]) order by id for update', [
    dealId,
    statuses,
  ]);
}

/** Ask the deal's live offers to reconfirm: every one, or those held below the final price. Answers the ones asked. */
export function requireReconfirmation(sql: Sql, dealId: number, every: boolean, finalPrice: string): Promise<SubscriptionRow[]> {
  return sql.query<SubscriptionRow>(
    `update deal_subscriptions set reconfirm_required = true, updated_at = now()
      where deal_id = $1 and status = 'subscribed' and ($2::boolean or price_held < $3::numeric) returning *`,
    [dealId, every, finalPrice],
  );
}

export interface Outcome {
  status: SubscriptionStatus;
  lotsAllotted: number;
  amountAllotted: string | null;
  feeAllotted: string | null;
  refundJournalId: number | null;
  positionId: number | null;
}

/** The allotment's result for one subscription. */
export async function settleOutcome(sql: Sql, id: number, o: Outcome): Promise<SubscriptionRow> {
  const [row] = await sql.query<SubscriptionRow>(
    `update deal_subscriptions set status = $2, lots_allotted = $3, amount_allotted = $4, fee_allotted = $5, refund_journal_id = $6, position_id = $7,
            updated_at = now() where id = $1 returning *`,
    [id, o.status, o.lotsAllotted, o.amountAllotted, o.feeAllotted, o.refundJournalId, o.positionId],
  );
  return row!;
}

export async function markCancelled(sql: Sql, id: number, cancelJournalId: number | null): Promise<void> {
  await sql.query(`update deal_subscriptions set status = 'cancelled', cancel_journal_id = $2, updated_at = now() where id = $1`, [id, cancelJournalId]);
}

/** The caller's subscriptions, newest first. */
export async function pageOfOwn(sql: Sql, userId: number, status: SubscriptionStatus | undefined, page: number, size: number) {
  const where = 'where user_id = $1 and ($2::text is null or status = $2)';
  const [count] = await sql.query<{ n: number }>(`select count(*)::int as n from deal_subscriptions ${where}`, [userId, status ?? null]);
  const rows = await sql.query<SubscriptionRow>(`select * from deal_subscriptions ${where} order by id desc limit $3 offset $4`, [
    userId,
    status ?? null,
    size,
    (page - 1) * size,
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** A deal's applications with their investors, oldest first (the back office's list). */
export async function pageOfDeal(sql: Sql, dealId: number, status: SubscriptionStatus | undefined, page: number, size: number) {
  const where = 'where s.deal_id = $1 and ($2::text is null or s.status = $2)';
  const [count] = await sql.query<{ n: number }>(`select count(*)::int as n from deal_subscriptions s ${where}`, [dealId, status ?? null]);
  const rows = await sql.query<SubscriptionRow & UserRefColumns>(
    `select s.*, ${USER_REF_COLUMNS} from deal_subscriptions s join users u on u.id = s.user_id ${where} order by s.id limit $3 offset $4`,
    [dealId, status ?? null, size, (page - 1) * size],
  );
  return { rows, total: count?.n ?? 0 };
}

export async function dealsByIds(sql: Sql, ids: number[]): Promise<Map<number, DealRow>> {
  const rows = await sql.query<DealRow>(`select ${DEAL} from deals where id = any($1::bigint[])`, [ids]);
  return new Map(rows.map((r) => [r.id, r]));
}

/** The deal of a symbol: the one not cancelled, else the latest cancelled one. */
export async function dealOfSymbol(sql: Sql, symbol: string): Promise<DealRow | undefined> {
  const [row] = await sql.query<DealRow>(`select ${DEAL} from deals where symbol = $1 order by (status = 'cancelled'), id desc limit 1`, [symbol]);
  return row;
}

/** The listing: the deal's instrument trades from `listedOn`, its first-day move drawn around `oversubscription`. */
export async function markListed(sql: Sql, id: number, l: { listedOn: string; oversubscription: string; at: Date }): Promise<DealRow> {
  const [row] = await sql.query<DealRow>(
    `update deals set status = 'listed', listed_on = $2, listing_oversubscription = $3, listed_at = $4, updated_at = now()
      where id = $1 returning ${DEAL}`,
    [id, l.listedOn, l.oversubscription, l.at],
  );
  return row!;
}

/** The first day's open or close, each written once, when it has happened. */
export async function recordFirstDay(sql: Sql, id: number, f: { price?: string; close?: string }): Promise<DealRow> {
  const [row] = await sql.query<DealRow>(
    `update deals set first_day_price = coalesce(first_day_price, $2), first_day_close = coalesce(first_day_close, $3), updated_at = now()
      where id = $1 returning ${DEAL}`,
    [id, f.price ?? null, f.close ?? null],
  );
  return row!;
}

/** Every listed deal: what each node's market needs to price their instruments. */
export function listedDeals(sql: Sql): Promise<DealRow[]> {
  return sql.query<DealRow>(`select ${DEAL} from deals where status = 'listed' order by id`);
}

/** Listed deals with a first-day close, and those of them that closed their first day below the final price. */
export async function firstDayCloses(sql: Sql): Promise<{ closed: number; broken: number }> {
  const [row] = await sql.query<{ closed: number; broken: number }>(
    `select count(*)::int as closed, count(*) filter (where first_day_close < final_price)::int as broken
       from deals where status = 'listed' and first_day_close is not null`,
  );
  return row ?? { closed: 0, broken: 0 };
}
