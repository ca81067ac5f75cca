import {
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
} from '@tradeapp/contract';
import type { z } from 'zod';
import type { Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { Dec, plain } from '../../lib/decimal';
import { issueKey, keysOfSubject, revokeKey } from '../../lib/keys';
import { USER_REF_COLUMNS } from '../../lib/review';
import type { Instrument } from '../../market/types';
import { lockupEndText, onGrid } from '../trading';
import { DAY, PLACEMENT_COLUMNS, type Operator, type PlacementContext } from './context';
import { stateOf, type AdminOrderRow, type PlacementRow } from './view';

// The back office's use cases of placements: the QIP floor, creating and closing a placement, and
// issuing and revoking the keys that reach investors through their notices.

/** Ten trading days of closes are found within this many calendar days, holidays included. */
const CLOSES_LOOKBACK_DAYS = 31;

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

export function createPlacementOperator(ctx: PlacementContext) {
  const { db, market, provider, notices, now, view, loadRow } = ctx;

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
  };
}
