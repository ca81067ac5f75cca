import { OrderStatus, PushEvent, type TradingRule } from '@tradeapp/contract';
import type { PushHub } from '../../push/hub';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { Dec, fixed } from '../../lib/decimal';
import type { Instrument, Snapshot } from '../../market/types';
import type { Notices } from '../notices';
import { exchangeTime, type MarketService } from '../market';
import type { ExchangeRates } from '../wallet';
import { createPricing, isBuy } from './pricing';
import { postClose } from './postings';
import * as repo from './repository';
import type { CloseReason, Explanation, PositionEventName, PositionRow } from './repository';
import { RULES } from './rules';
import { createPositionView } from './view';

/** What `createTradingService` is made of: the use-case files share one context built from these. */
export interface TradingOptions {
  db: Db;
  market: MarketService;
  exchangeRates: ExchangeRates;
  notices: Notices;
  hub: PushHub;
  /** The instrument an allotted IPO position will trade as, while the market does not quote it (modules/deals). */
  unlisted?: (sql: Sql, symbol: string) => Promise<Instrument | undefined>;
  /** The clock a lock-up ends by (tests move it). */
  now?: () => number;
}

/** What an investor is told of a fill. */
export const FILL_NOTICE = 'order.filled';

/** The tick a fill or close was made at, as its history line keeps it. */
export const explanation = (s: Snapshot, fee: Dec | string | null): Explanation => ({
  bid: new Dec(s.bid).toFixed(),
  ask: new Dec(s.ask).toFixed(),
  time: s.time,
  fee,
  session: s.session.phase,
});

/**
 * What happens in the closing transaction after a position has settled (modules/follow: a copy's
 * payout returns to its follow; an agency's close closes its copies). Answers what to push once committed.
 */
export type SettleHook = (sql: Sql, p: PositionRow, settled: PositionRow, payout: Dec, at: Date | undefined) => Promise<(() => void) | void>;

/** When a lock-up ends, as the refusal and the notices say it: UTC, to the minute. */
export const lockupEndText = (at: Date) => `${exchangeTime(at.getTime(), 'UTC')} UTC`;

export const quantityLot = (i: Instrument) => new AppError('e.quantityLot', { quantity: 'e.quantityLot' }, { lot: i.lotSize, min: i.minQuantity });

/**
 * What the use cases of trading share, built once per service: the options, the pricing and the
 * position view, the settle hooks, and the steps more than one use case takes (history lines,
 * loading a row, a fill's notice, a close).
 */
export function createTradingContext(opts: TradingOptions) {
  const { db, market, notices, hub } = opts;
  const now = opts.now ?? Date.now;
  const pricing = createPricing(opts.exchangeRates);
  const view = createPositionView(market, pricing);

  const settleHooks: SettleHook[] = [];

  /** Record a state change in the row's history; returns its push, to send once committed. */
  async function record(
    sql: Sql,
    p: PositionRow,
    event: PositionEventName,
    price: Dec | string | null,
    quantity: Dec | string | null,
    at?: Date,
    why?: Explanation,
  ) {
    await repo.insertEvent(sql, p, event, price, quantity, at, why);
    return () => hub.publishUserEvent(p.user_id, PushEvent.Order, { id: p.id, status: p.status, event });
  }

  function ruleOf(i: Instrument): TradingRule {
    const rule = RULES[i.assetClass];
    if (!rule) throw new AppError('e.notTradable');
    return rule;
  }

  async function load(sql: Sql, userId: number, id: number, lock = false) {
    const p = await repo.findOwn(sql, userId, id, lock);
    if (!p) throw notFound();
    return p;
  }

  /** The notice of a fill, of an order filled now (written with it) or of an entrusted one the quote crossed. */
  function fillNotice(p: {
    direction: number;
    quantity: Dec | string;
    symbol: string;
    openPrice: Dec | string;
    currency: string;
    leverage: number;
    margin: Dec | string;
    walletCurrency: string;
  }) {
    return {
      side: isBuy(p.direction) ? 't.buy' : 't.sell',
      quantity: new Dec(p.quantity).toFixed(),
      name: market.resolve(p.symbol).name,
      price: new Dec(p.openPrice).toFixed(),
      currency: p.currency,
      leverage: p.leverage,
      margin: fixed(p.margin, 2),
      walletCurrency: p.walletCurrency,
    };
  }

  /**
   * Close `quantity` of an open position at `price`; returns the settled row and the pushes.
   * `quote`: the tick the price was taken from, kept on the history line with the fee to explain it.
   */
  async function close(
    sql: Sql,
    p: PositionRow,
    quantity: Dec,
    price: Dec,
    reason: CloseReason,
    actorId: number | null,
    idempotencyKey: string | null,
    at?: Date,
    quote?: Snapshot,
  ) {
    const c = pricing.settlement(p, ruleOf(market.resolve(p.symbol)), quantity, price);
    const s: repo.Settlement = { quantity, margin: c.margin, price, fee: c.fee, realised: c.realised, reason, openFee: c.openFee, parts: c.parts, at };
    const settled = c.whole ? await repo.settle(sql, p.id, s) : await repo.settlePart(sql, p.id, s);
    await postClose(sql, p, settled.id, { ...c, reason }, { actorId, idempotencyKey, at });
    const event: PositionEventName = reason === 'liquidation' ? 'liquidated' : c.whole ? 'closed' : 'partially_closed';
    const why = quote ? explanation(quote, c.fee) : undefined;
    const pushes: Array<() => void> = [await record(sql, settled, event, price, quantity, at, why)];
    if (!c.whole) pushes.push(await record(sql, { ...p, status: OrderStatus.InProgress }, 'partially_closed', price, quantity, at, why));
    for (const hook of settleHooks) {
      const pushed = await hook(sql, p, settled, c.payout, at);
      if (pushed) pushes.push(pushed);
    }
    return { settled, loss: c.realised.neg(), pushed: () => pushes.forEach((f) => f()) };
  }

  return { opts, db, market, notices, hub, now, pricing, view, settleHooks, record, ruleOf, load, fillNotice, close };
}

export type TradingContext = ReturnType<typeof createTradingContext>;
