import { OrderStatus } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { Dec, fixed } from '../../lib/decimal';
import type { Instrument, Snapshot } from '../../market/types';
import { explanation, FILL_NOTICE, type TradingContext } from './context';
import { entryPrice, exitPrice, isBuy } from './pricing';
import { postCancel, postFill } from './postings';
import * as repo from './repository';
import type { PositionRow } from './repository';
import { RULES } from './rules';
import { STOP_CLOSES, stopReached, trailingStopAt, type StopReason } from './stops';
import { placesOf } from './view';

/**
 * What trading does without the investor's call, on the trigger engine's (triggers.ts) and the
 * jobs' calls: entrusted orders filled and positions closed by their stops or liquidated as quotes
 * come, and day orders expired.
 */
export function createAutomaticUseCases(ctx: TradingContext) {
  const { db, market, notices, now, pricing, record, fillNotice, close } = ctx;

  /** An entrusted order the quote `s` crosses fills at its limit price; a trailing stop takes its first mark from `s`. */
  async function fill(sql: Sql, p: PositionRow, s: Snapshot) {
    let filled = await repo.markFilled(sql, p.id, s.session.phase);
    if (filled.trailing_kind) filled = await markTrailing(sql, filled, exitPrice(filled.direction, s));
    // Recorded as the owner's act, like the fill of a market order: the order was theirs to give.
    await postFill(sql, filled, { actorId: p.user_id, idempotencyKey: null });
    const event = await record(sql, filled, 'filled', p.price, p.quantity, undefined, explanation(s, p.open_fee));
    const notice = await notices.notify(
      sql,
      filled.user_id,
      FILL_NOTICE,
      fillNotice({ ...filled, openPrice: filled.open_price!, walletCurrency: filled.wallet_currency }),
    );
    return () => {
      event();
      notice();
    };
  }

  /** Move a trailing stop's mark to `exit` (and its stop with it) when `exit` is better than the mark; the stop never moves back. */
  async function markTrailing(sql: Sql, p: PositionRow, exit: Dec) {
    const long = isBuy(p.direction);
    if (p.trailing_mark !== null && (long ? exit.lte(p.trailing_mark) : exit.gte(p.trailing_mark))) return p;
    const at = trailingStopAt(p.direction, p.trailing_kind!, new Dec(p.trailing_distance!), exit, market.resolve(p.symbol).tickSize);
    const kept = p.trailing_stop === null ? at : long ? Dec.max(at, p.trailing_stop) : Dec.min(at, p.trailing_stop);
    return repo.moveTrailing(sql, p.id, exit, kept);
  }

  /**
   * A stop reached: the whole position closes at the live exit price of `s` (a gap's price, not the
   * stop's), once. Its history says which stop at what level, then the close as any close is
   * recorded (with its tick and fee), which the statements and the timeline count as the trade.
   */
  async function closeByStop(sql: Sql, p: PositionRow, i: Instrument, s: Snapshot, hit: { reason: StopReason; stop: string }) {
    const reached = await record(sql, p, STOP_CLOSES[hit.reason].event, hit.stop, p.quantity);
    const { settled, pushed: closed } = await close(sql, p, new Dec(p.quantity), exitPrice(p.direction, s), hit.reason, null, null, undefined, s);
    const pushed = () => {
      reached();
      closed();
    };
    const dp = placesOf(i.tickSize);
    const notice = await notices.notify(sql, p.user_id, STOP_CLOSES[hit.reason].notice, {
      side: isBuy(p.direction) ? 't.buy' : 't.sell',
      quantity: new Dec(p.quantity).toFixed(),
      name: i.name,
      stop: fixed(hit.stop, dp),
      price: new Dec(settled.close_price!).toFixed(dp),
      currency: p.currency,
      profit: fixed(settled.realised!, 2),
      walletCurrency: p.wallet_currency,
    });
    return () => {
      pushed();
      notice();
    };
  }

  async function liquidate(sql: Sql, p: PositionRow, i: Instrument, s: Snapshot) {
    const { settled, loss, pushed } = await close(sql, p, new Dec(p.quantity), exitPrice(p.direction, s), 'liquidation', null, null, undefined, s);
    const notice = await notices.notify(sql, p.user_id, 'position.liquidated', {
      side: isBuy(p.direction) ? 't.buy' : 't.sell',
      quantity: new Dec(p.quantity).toFixed(),
      name: i.name,
      price: new Dec(settled.close_price!).toFixed(),
      currency: p.currency,
      loss: fixed(loss, 2),
      walletCurrency: p.wallet_currency,
    });
    return () => {
      pushed();
      notice();
    };
  }

  return {
    /**
     * Entrusted day orders past their trading day's close expire: each hold returns through the cancel's
     * journal and the history says 'expired'. Claimed with SKIP LOCKED and rechecked under the
     * lock, so each expires once whichever node or run gets to it. Answers how many expired.
     */
    async expireDue(): Promise<number> {
      let done = 0;
      for (const id of await repo.expiredIds(db, new Date(now()))) {
        const push = await db.tx(async (sql) => {
          const p = await repo.claimActive(sql, id);
          if (!p || p.status !== OrderStatus.WaitingConfirmation || !p.expires_at || p.expires_at.getTime() > now()) return null;
          await postCancel(sql, p, { actorId: null, idempotencyKey: null });
          const c = await repo.markCancelled(sql, p.id);
          return record(sql, c, 'expired', null, null);
        });
        if (push) {
          push();
          done++;
        }
      }
      return done;
    },

    /**
     * The trigger engine's work for one symbol at one snapshot: entrusted orders the quote
     * crosses fill at their limit price; open positions whose exit side reaches a stop close at the
     * live exit price, trailing stops follow a better exit price, and positions whose equity reached
     * the maintenance level are liquidated at the live price. Each row is claimed with SKIP LOCKED and its state
     * rechecked under the lock, so a fill or a liquidation happens exactly once whoever runs it.
     * Answers how many rows it acted on.
     */
    async onQuote(symbol: string, s: Snapshot): Promise<number> {
      if (!s.session.tradable) return 0;
      const i = market.resolve(symbol);
      const rule = RULES[i.assetClass];
      if (!rule) return 0;
      let acted = 0;
      // Only the rows this quote acts on are claimed: a transaction per active row and tick kept the
      // database busy with positions nowhere near their price (every order waited behind them).
      const regular = s.session.phase === 'regular';
      const due = await repo.dueIds(db, symbol, { bid: new Dec(s.bid).toFixed(), ask: new Dec(s.ask).toFixed() }, rule.maintenanceRatio, regular);
      for (const id of due) {
        const push = await db.tx(async (sql) => {
          const p = await repo.claimActive(sql, id);
          if (!p) return null;
          if (p.status === OrderStatus.WaitingConfirmation) {
            const touch = entryPrice(p.direction, s);
            const crosses = isBuy(p.direction) ? touch.lte(p.price) : touch.gte(p.price);
            // A day order past its end waits for the expiry (expireDue), never fills.
            if (p.expires_at && p.expires_at.getTime() <= s.time) return null;
            if (!regular && !p.extended_hours) return null;
            return crosses ? fill(sql, p, s) : null;
          }
          const exit = exitPrice(p.direction, s);
          const hit = stopReached(p, exit);
          if (hit) return closeByStop(sql, p, i, s, hit);
          const q = p.trailing_kind ? await markTrailing(sql, p, exit) : p;
          return pricing.reachesMaintenance(q, rule, s) ? liquidate(sql, q, i, s) : null;
        });
        if (push) {
          push();
          acted++;
        }
      }
      return acted;
    },

    /** Symbols with entrusted orders or open positions: the only ticks the engine needs to look at. */
    activeSymbols: async (): Promise<Set<string>> => new Set(await repo.activeSymbols(db)),
  };
}
