import {
  JournalKind,
  MarketSource,
  OrderDirection,
  OrderStatus,
  PlacementState,
  QIP_FLOOR_DAYS,
  VENUES,
  dayClose,
  dayToIso,
  isoToDay,
  localDay,
  qipFloorOf,
  qipMinPriceOf,
  qipPriceAllowed,
  type zPlacementInput,
  type PlacementState as State,
  type zListQuery,
} from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { Dec, plain } from '../../lib/decimal';
import { findKey, issueKey, keysOfSubject, markKeyUsed, revokeKey } from '../../lib/keys';
import { USER_REF_COLUMNS } from '../../lib/review';
import { findHoldJournal } from '../../ledger/ledger';
import type { Instrument, MarketProvider } from '../../market/types';
import { requireVerifiedKyc } from '../kyc';
import type { MarketService } from '../market';
import type { Notices } from '../notices';
import { createPricing, onGrid, RULES, lockupEndText, type TradingService } from '../trading';
import type { ExchangeRates } from '../wallet';
import { createPlacementView, stateOf, type AdminOrderRow, type OwnOrderRow, type PlacementRow } from './view';

// Placements (decision 0019, "Placements, keys"): an operator creates a private sale of a listed
// stock's shares (a QIP priced at most 5 % below the average close of the ten trading days before
// today's, an SPO at any price) and issues keys to chosen investors through their notices. An
// investor's key unlocks the placement for them; they buy within its window, paying from the
// instrument's trading wallet as an order would, and the shares become a leverage-1 position that
// trading refuses to close until the lock-up ends.

type ListQuery = z.output<typeof zListQuery>;

const DAY = 86_400_000;
/** Ten trading days of closes are found within this many calendar days, holidays included. */
const CLOSES_LOOKBACK_DAYS = 31;

export interface Operator {
  operatorId: number;
  ip: string;
}

const PLACEMENT_COLUMNS = `id, symbol, kind, currency, price, last_close, floor_price, quantity_offered, quantity_sold, min_quantity,
  opens_at, closes_at, lockup_days, status, close_reason, closed_by, closed_at, created_by, created_at`;

/** The SQL condition of a state at the moment `$n` (a timestamptz parameter), as `stateOf` decides it. */
function stateCondition(state: State, at: string): string {
  const sold = 'quantity_sold >= quantity_offered';
  switch (state) {
    case PlacementState.Closed:
      return "status = 'closed'";
    case PlacementState.Ended:
      return `status = 'open' and closes_at <= ${at}`;
    case PlacementState.SoldOut:
      return `status = 'open' and closes_at > ${at} and ${sold}`;
    case PlacementState.Upcoming:
      return `status = 'open' and closes_at > ${at} and not ${sold} and opens_at > ${at}`;
    case PlacementState.Open:
      return `status = 'open' and closes_at > ${at} and not ${sold} and opens_at <= ${at}`;
  }
}

/** Open first, then those still to open, then the rest; newest first within each. */
const STATE_RANK: Record<State, number> = { open: 0, upcoming: 1, soldOut: 2, ended: 3, closed: 4 };

export function createPlacementService(opts: {
  db: Db;
  market: MarketService;
  provider: MarketProvider;
  exchangeRates: ExchangeRates;
  trading: TradingService;
  notices: Notices;
  now?: () => number;
  /** Tells the trigger engine about a symbol that now has an open position. */
  watch?: (symbol: string) => void;
}) {
  const { db, market, provider, notices, trading } = opts;
  const now = opts.now ?? Date.now;
  const pricing = createPricing(opts.exchangeRates);
  const view = createPlacementView(market, opts.exchangeRates);
  const rule = RULES.stock!;

  /** A stock of the universe, or the refusal of anything else. */
  function stockOf(symbol: string): Instrument {
    let i: Instrument;
    try {
      i = market.resolve(symbol);
    } catch {
      throw new AppError('e.placementNotStock', { symbol: 'e.placementNotStock' });
    }
    if (!market.isStock(i)) throw new AppError('e.placementNotStock', { symbol: 'e.placementNotStock' });
    return i;
  }

  /**
   * The closes of the instrument's completed regular sessions as of `at`, oldest first: a day
   * counts once its close (closing auction included, `dayClose`) has passed on its calendar. So
   * on a Monday before the open the last one is Friday's, and after a day's close it is that day's.
   */
  function completedCloses(i: Instrument, at: number) {
    return provider
      .candles(i.symbol, '1d', at - CLOSES_LOOKBACK_DAYS * DAY, at + 1)
      .map((c) => ({ tradingDay: provider.session(i.symbol, c.time).tradingDay, close: c.close }))
      .filter((c) => {
        const closesAt = dayClose(i.calendar, isoToDay(c.tradingDay));
        return closesAt !== null && closesAt <= at;
      });
  }

  /**
   * The discount's base is the last completed session's close. The QIP floor averages the closes
   * of the `QIP_FLOOR_DAYS` trading days before the placement's date on the exchange's calendar:
   * that day's own close is left out even after it, as SEBI's "relevant date" rule has it.
   */
  function reference(i: Instrument, at: number) {
    const completed = completedCloses(i, at);
    const last = completed.at(-1);
    if (!last) throw new AppError('e.placementNoHistory');
    const relevantDate = dayToIso(localDay(VENUES[i.calendar].timeZone, at));
    const closes = completed.filter((c) => c.tradingDay < relevantDate).slice(-QIP_FLOOR_DAYS);
    const floor = closes.length === QIP_FLOOR_DAYS ? qipFloorOf(closes.map((c) => c.close)) : null;
    return { closes, lastClose: last.close, floor, minPrice: floor === null ? null : qipMinPriceOf(floor) };
  }

  async function loadRow(sql: Sql, id: number, lock = false): Promise<PlacementRow> {
    const [row] = await sql.query<PlacementRow>(`select ${PLACEMENT_COLUMNS} from placements where id = $1${lock ? ' for update' : ''}`, [id]);
    if (!row) throw notFound();
    return row;
  }

  async function detail(sql: Sql, id: number) {
    const p = await loadRow(sql, id);
    const orders = await sql.query<AdminOrderRow>(
      `select o.*, ${USER_REF_COLUMNS} from placement_orders o join users u on u.id = o.user_id where o.placement_id = $1 order by o.id desc`,
      [id],
    );
    const keys = await keysOfSubject(sql, 'placement', id);
    return {
      ...view.admin(p, { orders: orders.length, keys: keys.length }, now()),
      orders: orders.map(view.adminOrder),
      keys,
    };
  }

  /** The placement as the audit log keeps it: every figure the rules were checked against. */
  const audited = (p: PlacementRow) => ({
    symbol: p.symbol,
    kind: p.kind,
    price: plain(p.price),
    lastClose: plain(p.last_close),
    floorPrice: p.floor_price === null ? null : plain(p.floor_price),
    quantityOffered: plain(p.quantity_offered),
    quantitySold: plain(p.quantity_sold),
    minQuantity: plain(p.min_quantity),
    opensAt: p.opens_at.toISOString(),
    closesAt: p.closes_at.toISOString(),
    lockupDays: p.lockup_days,
    status: p.status,
  });

  /** Refuses a step that needs the placement still running: closed early, or past its window. */
  function requireRunning(p: PlacementRow) {
    const state = stateOf(p, now());
    if (state === PlacementState.Closed || state === PlacementState.Ended) throw new AppError('e.placementClosed');
  }

  /** The placement's window as a notice says it: UTC, to the minute, as a lock-up's end. */
  const when = lockupEndText;

  return {
    // ---- the back office ----

    floor(symbol: string) {
      const i = stockOf(symbol);
      const r = reference(i, now());
      if (r.floor === null) throw new AppError('e.placementNoHistory');
      return {
        symbol: i.symbol,
        name: i.name,
        currency: i.currency,
        tickSize: i.tickSize,
        lotSize: i.lotSize,
        // The closes as the market quotes them (on the tick); the floor and its bound exactly.
        lastClose: r.lastClose,
        floorPrice: plain(r.floor),
        minPrice: plain(r.minPrice!),
        closes: r.closes,
      };
    },

    async create(by: Operator, input: z.output<typeof zPlacementInput>) {
      const at = now();
      const i = stockOf(input.symbol);
      const price = new Dec(input.price);
      const offered = new Dec(input.quantity);
      const min = new Dec(input.minQuantity);
      if (!onGrid(price, i.tickSize)) throw new AppError('e.priceTick', { price: 'e.priceTick' }, { tick: i.tickSize });
      for (const [field, q] of [
        ['quantity', offered],
        ['minQuantity', min],
      ] as const) {
        if (!onGrid(q, i.lotSize) || q.lt(i.minQuantity))
          throw new AppError('e.quantityLot', { [field]: 'e.quantityLot' }, { lot: i.lotSize, min: i.minQuantity });
      }
      if (min.gt(offered)) throw new AppError('e.placementMinQuantity', { minQuantity: 'e.placementMinQuantity' });
      if (input.closesAtTimestamp <= at) throw new AppError('e.placementWindow', { closesAtTimestamp: 'e.placementWindow' });
      const r = reference(i, at);
      if (input.kind === 'QIP') {
        if (r.floor === null) throw new AppError('e.placementNoHistory');
        if (!qipPriceAllowed(price.toFixed(), r.floor)) {
          throw new AppError('e.qipBelowFloor', { price: 'e.qipBelowFloor' }, { floor: plain(r.floor), min: plain(r.minPrice!), currency: i.currency });
        }
      }
      return db.tx(async (sql) => {
        const [row] = await sql.query<PlacementRow>(
          `insert into placements (symbol, kind, currency, price, last_close, floor_price, quantity_offered, min_quantity, opens_at, closes_at, lockup_days, created_by)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning ${PLACEMENT_COLUMNS}`,
          [
            i.symbol,
            input.kind,
            i.currency,
            price.toFixed(),
            r.lastClose,
            input.kind === 'QIP' ? r.floor : null,
            offered.toFixed(),
            min.toFixed(),
            new Date(input.opensAtTimestamp),
            new Date(input.closesAtTimestamp),
            input.lockupDays,
            by.operatorId,
          ],
        );
        // The closes the floor was computed from go with it: anyone can check the rule later.
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'placement.create',
          targetType: 'placement',
          targetId: row!.id,
          after: { ...audited(row!), closes: input.kind === 'QIP' ? r.closes : undefined },
          ip: by.ip,
        });
        return detail(sql, row!.id);
      });
    },

    async list(state: State | undefined, page: number, size: number) {
      const at = new Date(now());
      // $1 is named in every form of the query, so its type is known even where the state does not read it.
      const where = `where $1::timestamptz is not null${state ? ` and ${stateCondition(state, '$1::timestamptz')}` : ''}`;
      const [count] = await db.query<{ n: number }>(`select count(*)::int as n from placements ${where}`, [at]);
      const rows = await db.query<PlacementRow & { order_count: number; key_count: number }>(
        `select ${PLACEMENT_COLUMNS},
                (select count(*)::int from placement_orders o where o.placement_id = placements.id) as order_count,
                (select count(*)::int from access_keys k where k.purpose = 'placement' and k.subject_id = placements.id) as key_count
           from placements ${where} order by id desc limit $2 offset $3`,
        [at, size, (page - 1) * size],
      );
      return { list: rows.map((r) => view.admin(r, { orders: r.order_count, keys: r.key_count }, at.getTime())), total: count?.n ?? 0, page, size };
    },

    detail: (id: number) => detail(db, id),

    async close(by: Operator, id: number, reason: string) {
      return db.tx(async (sql) => {
        const p = await loadRow(sql, id, true);
        requireRunning(p);
        const [closed] = await sql.query<PlacementRow>(
          `update placements set status = 'closed', close_reason = $2, closed_by = $3, closed_at = $4 where id = $1 returning ${PLACEMENT_COLUMNS}`,
          [id, reason, by.operatorId, new Date(now())],
        );
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'placement.close',
          targetType: 'placement',
          targetId: id,
          before: { status: p.status, state: stateOf(p, now()), quantitySold: plain(p.quantity_sold) },
          after: { status: closed!.status, quantitySold: plain(closed!.quantity_sold) },
          reason,
          ip: by.ip,
        });
        return detail(sql, id);
      });
    },

    /** A key for `investor` (user number or account name), sent in a notice; the operator never sees it. */
    async issueKey(by: Operator, id: number, investor: string) {
      const { answer, push } = await db.tx(async (sql) => {
        const p = await loadRow(sql, id, true);
        requireRunning(p);
        const byNumber = /^\d{1,15}$/.test(investor);
        const [user] = await sql.query<{ id: number; username: string }>(
          `select id, username from users where role = 'investor' and ${byNumber ? 'id = $1' : 'lower(username) = lower($1)'}`,
          [byNumber ? Number(investor) : investor],
        );
        if (!user) throw new AppError('e.investorNotFound', { investor: 'e.investorNotFound' });
        const [live] = await sql.query('select id from access_keys where purpose = $1 and subject_id = $2 and user_id = $3 and revoked_at is null', [
          'placement',
          id,
          user.id,
        ]);
        if (live) throw new AppError('e.placementKeyLive', { investor: 'e.placementKeyLive' });
        const issued = await issueKey(sql, { userId: user.id, purpose: 'placement', subjectId: id, issuedBy: by.operatorId });
        // The key's id, never the key: the audit log is read by every operator.
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'placement.issueKey',
          targetType: 'placement',
          targetId: id,
          after: { keyId: issued.id, userId: user.id, userName: user.username },
          ip: by.ip,
        });
        const i = market.resolve(p.symbol);
        // Rendered in the reader's language when read: the notice is how the key reaches them.
        const push = await notices.notify(sql, user.id, 'placement.key', {
          key: issued.key,
          name: i.name,
          kind: p.kind,
          // On the instrument's tick, as every screen shows the price.
          price: view.placement(p, now()).price,
          currency: p.currency,
          opens: when(p.opens_at),
          closes: when(p.closes_at),
        });
        return { answer: await detail(sql, id), push };
      });
      push();
      return answer;
    },

    /** The key stops unlocking its placement; shares bought with it stay bought. */
    async revokeKey(by: Operator, keyId: number, reason: string) {
      const { answer, push } = await db.tx(async (sql) => {
        const [k] = await sql.query<{ id: number; user_id: number; subject_id: number; revoked_at: Date | null; used_at: Date | null }>(
          "select id, user_id, subject_id, revoked_at, used_at from access_keys where id = $1 and purpose = 'placement' for update",
          [keyId],
        );
        if (!k) throw notFound();
        if (k.revoked_at) throw new AppError('e.keyRevoked');
        await revokeKey(sql, k.id);
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'placement.revokeKey',
          targetType: 'placement',
          targetId: k.subject_id,
          before: { keyId: k.id, userId: k.user_id, status: k.used_at ? 'used' : 'sent' },
          after: { keyId: k.id, userId: k.user_id, status: 'revoked' },
          reason,
          ip: by.ip,
        });
        const p = await loadRow(sql, k.subject_id);
        const push = await notices.notify(sql, k.user_id, 'placement.revoked', { name: market.resolve(p.symbol).name, reason });
        return { answer: await detail(sql, k.subject_id), push };
      });
      push();
      return answer;
    },

    // ---- the investor ----

    /**
     * The key from a placement notice. Any key but one of the caller's own live ones (mistyped,
     * revoked, someone else's) is refused with the same message and nothing changes. Entering it
     * unlocks the placement for the caller; entering it again answers the same.
     */
    async checkSecret(userId: number, candidate: string) {
      return db.tx(async (sql) => {
        const key = await findKey(sql, userId, 'placement', candidate);
        if (!key || key.revoked_at !== null || key.subject_id === null) throw new AppError('e.keyInvalid', { key: 'e.keyInvalid' });
        if (key.used_at === null) await markKeyUsed(sql, key.id);
        return view.placement(await loadRow(sql, key.subject_id), now());
      });
    },

    async unlocked(userId: number) {
      const at = now();
      const rows = await db.query<PlacementRow>(
        `select ${PLACEMENT_COLUMNS} from placements where id in (
           select subject_id from access_keys where user_id = $1 and purpose = 'placement' and used_at is not null and revoked_at is null)
         order by id desc`,
        [userId],
      );
      return rows.map((r) => view.placement(r, at)).sort((a, b) => STATE_RANK[a.state] - STATE_RANK[b.state] || b.id - a.id);
    },

    /**
     * A purchase: the caller's unlocked key, the window open, at least the minimum and at most what
     * remains. Paid and opened by trading's order path (`openAt`: identity check, wallet, journal,
     * history, fill notice) at the placement's price, leverage 1; the position then carries the
     * lock-up. The placement's row lock orders purchases, so two cannot sell the same shares.
     */
    async buy(userId: number, input: { placementId: number; quantity: string }, idempotencyKey: string | undefined) {
      const done = await db.tx(async (sql) => {
        await requireVerifiedKyc(sql, userId);
        const p = await loadRow(sql, input.placementId, true);
        // Locked, so an operator's revocation waits for this purchase (or this purchase finds the key revoked).
        const [key] = await sql.query<{ id: number }>(
          `select id from access_keys where user_id = $1 and purpose = 'placement' and subject_id = $2 and used_at is not null and revoked_at is null
           order by id desc limit 1 for update`,
          [userId, p.id],
        );
        if (!key) throw new AppError('e.placementKeyRequired');
        const at = now();
        const remaining = new Dec(p.quantity_offered).sub(p.quantity_sold);
        const state = stateOf(p, at);
        if (state === PlacementState.SoldOut) throw new AppError('e.placementRemaining', { quantity: 'e.placementRemaining' }, { remaining: '0' });
        if (state !== PlacementState.Open) throw new AppError('e.placementNotOpen');
        const i = market.resolve(p.symbol);
        const quantity = new Dec(input.quantity);
        if (!onGrid(quantity, i.lotSize)) throw new AppError('e.quantityLot', { quantity: 'e.quantityLot' }, { lot: i.lotSize, min: plain(p.min_quantity) });
        if (quantity.lt(p.min_quantity)) throw new AppError('e.placementBelowMin', { quantity: 'e.placementBelowMin' }, { min: plain(p.min_quantity) });
        if (quantity.gt(remaining)) throw new AppError('e.placementRemaining', { quantity: 'e.placementRemaining' }, { remaining: plain(remaining) });
        const price = new Dec(p.price);
        const { margin, fee, rate } = pricing.costs(i, rule, OrderDirection.Buy, price, quantity, 1);
        const placed = await trading.openAt(sql, userId, {
          i,
          direction: OrderDirection.Buy,
          price,
          quantity,
          leverage: 1,
          margin,
          fee,
          rate,
          source: MarketSource.PlacingStock,
          idempotencyKey: idempotencyKey ?? null,
        });
        const lockedUntil = new Date(at + p.lockup_days * DAY);
        await sql.query('update positions set locked_until = $2 where id = $1', [placed.row.id, lockedUntil]);
        await sql.query('update placements set quantity_sold = quantity_sold + $2 where id = $1', [p.id, quantity.toFixed()]);
        const journalId = await findHoldJournal(sql, { refType: 'position', refId: placed.row.id, kind: JournalKind.OrderOpen });
        const [order] = await sql.query<OwnOrderRow>(
          `with o as (
             insert into placement_orders (placement_id, user_id, key_id, quantity, price, wallet_code, wallet_currency, rate, amount, fee, journal_id, position_id, locked_until, created_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning *)
           select o.*, $15::text as kind, $16::text as symbol, $17::text as currency, $18::smallint as position_status, $4::numeric as position_quantity from o`,
          [
            p.id,
            userId,
            key.id,
            quantity.toFixed(),
            price.toFixed(),
            placed.row.wallet_code,
            placed.row.wallet_currency,
            rate,
            margin.toFixed(),
            fee.toFixed(),
            journalId,
            placed.row.id,
            lockedUntil,
            new Date(at),
            p.kind,
            p.symbol,
            p.currency,
            OrderStatus.InProgress,
          ],
        );
        return { order: order!, push: placed.push, at };
      });
      done.push();
      opts.watch?.(done.order.symbol);
      return view.order(done.order, done.at);
    },

    async orders(userId: number, page: number, size: number) {
      const [count] = await db.query<{ n: number }>('select count(*)::int as n from placement_orders where user_id = $1', [userId]);
      const rows = await db.query<OwnOrderRow>(
        `select o.*, p.kind, p.symbol, p.currency, pos.status as position_status, pos.quantity as position_quantity
           from placement_orders o join placements p on p.id = o.placement_id join positions pos on pos.id = o.position_id
          where o.user_id = $1 order by o.id desc limit $2 offset $3`,
        [userId, size, (page - 1) * size],
      );
      const at = now();
      return { list: rows.map((r) => view.order(r, at)), total: count?.n ?? 0, page, size };
    },

    /** What of the caller's open placement positions (of a symbol, one position, or all) may be sold now. */
    async flatCount(userId: number, filter: { stockCode?: string | undefined; positionId?: number | undefined }) {
      const symbol = filter.stockCode ? market.resolve(filter.stockCode).symbol : null;
      const rows = await db.query<{ id: number; symbol: string; quantity: string; locked_until: Date }>(
        `select pos.id, pos.symbol, pos.quantity, o.locked_until
           from placement_orders o join positions pos on pos.id = o.position_id
          where o.user_id = $1 and pos.user_id = $1 and pos.status = ${OrderStatus.InProgress}
            and ($2::text is null or pos.symbol = $2) and ($3::bigint is null or pos.id = $3)
          order by o.locked_until, pos.id`,
        [userId, symbol, filter.positionId ?? null],
      );
      const at = now();
      let quantity = new Dec(0);
      let sellable = new Dec(0);
      let nextUnlock: number | null = null;
      const positions = rows.map((r) => {
        const locked = r.locked_until.getTime() > at;
        quantity = quantity.add(r.quantity);
        if (!locked) sellable = sellable.add(r.quantity);
        else nextUnlock = Math.min(nextUnlock ?? Infinity, r.locked_until.getTime());
        return {
          positionId: r.id,
          symbol: r.symbol,
          quantity: plain(r.quantity),
          sellable: locked ? '0' : plain(r.quantity),
          lockedUntilTimestamp: r.locked_until.getTime(),
        };
      });
      return { quantity: plain(quantity), sellable: plain(sellable), locked: plain(quantity.sub(sellable)), nextUnlockTimestamp: nextUnlock, positions };
    },

    // ---- the market's list (`/m_ft/sale_list`, `/m_ft/get_sale_time`) ----

    /** Placements open or still to open, soonest first: anyone may see them; buying needs a key. */
    async saleList(query: ListQuery, callerId: number | null) {
      const at = new Date(now());
      const running = "status = 'open' and closes_at > $1";
      const [count] = await db.query<{ n: number }>(`select count(*)::int as n from placements where ${running}`, [at]);
      const rows = await db.query<PlacementRow>(`select ${PLACEMENT_COLUMNS} from placements where ${running} order by opens_at, id limit $2 offset $3`, [
        at,
        query.size,
        (query.page - 1) * query.size,
      ]);
      const watched = await market.watchedSymbols(callerId);
      const list = rows.map((r) => {
        const p = view.placement(r, at.getTime());
        return {
          id: p.id,
          symbol: p.symbol,
          name: p.name,
          kind: p.kind,
          price: p.price,
          discountPercent: p.discountPercent,
          minQuantity: p.minQuantity,
          open: p.state === PlacementState.Open,
          nextChangeTimestamp: p.state === PlacementState.Upcoming ? p.opensAtTimestamp : p.closesAtTimestamp,
          quote: market.quoteOf(r.symbol, watched.has(r.symbol)),
        };
      });
      return { list, total: count?.n ?? 0, page: query.page, size: query.size };
    },

    /** The window of the running placement of `symbol` (the soonest), or of the next placement of any stock. */
    async saleTime(symbol: string | undefined) {
      const at = now();
      const resolved = symbol ? market.resolve(symbol).symbol : null;
      const [row] = await db.query<PlacementRow>(
        `select ${PLACEMENT_COLUMNS} from placements where status = 'open' and closes_at > $1 and ($2::text is null or symbol = $2) order by opens_at, id limit 1`,
        [new Date(at), resolved],
      );
      if (!row) return { symbol: resolved, open: false, nextChangeTimestamp: null };
      const state = stateOf(row, at);
      return {
        symbol: row.symbol,
        open: state === PlacementState.Open,
        nextChangeTimestamp: state === PlacementState.Upcoming ? row.opens_at.getTime() : row.closes_at.getTime(),
      };
    },
  };
}

export type PlacementService = ReturnType<typeof createPlacementService>;
