import { JournalKind, MarketSource, OrderDirection, OrderStatus, PlacementState, type PlacementState as State, type zListQuery } from '@tradeapp/contract';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { Dec, plain } from '../../lib/decimal';
import { findKey, markKeyUsed } from '../../lib/keys';
import { findHoldJournal } from '../../ledger/ledger';
import { requireVerifiedKyc } from '../kyc';
import { createPricing, onGrid, RULES } from '../trading';
import { DAY, PLACEMENT_COLUMNS, type PlacementContext } from './context';
import { stateOf, type OwnOrderRow, type PlacementRow } from './view';

// The investor's use cases of placements: unlocking one with a key, buying, their purchases and
// what of them may be sold; and the market's list of placements, which anyone may read.

type ListQuery = z.output<typeof zListQuery>;

/** Open first, then those still to open, then the rest; newest first within each. */
const STATE_RANK: Record<State, number> = { open: 0, upcoming: 1, soldOut: 2, ended: 3, closed: 4 };

export function createPlacementInvestor(ctx: PlacementContext) {
  const { db, market, trading, now, view, loadRow } = ctx;
  const pricing = createPricing(ctx.exchangeRates);
  const rule = RULES.stock!;

  return {
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
      ctx.watch?.(done.order.symbol);
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
