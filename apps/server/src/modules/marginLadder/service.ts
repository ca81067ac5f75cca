import { exitPriceOf, floatingProfit, MARGIN_WARNING_LEVELS, OrderDirection, type MarginWarning } from '@tradeapp/contract';
import type { Db } from '../../db/db';
import { Dec, fixed, plain } from '../../lib/decimal';
import type { Snapshot } from '../../market/types';
import type { MarketService } from '../market';
import type { Notices } from '../notices';
import { type PositionRow, RULES, type TradingService } from '../trading';
import * as repo from './repository';

/** A fraction as the notices and the screens say it: 0.8 is 80, 0.5 is 50. */
const percent = (fraction: Dec | string) => new Dec(fraction).mul(100).toFixed();

/**
 * The margin warning ladder: an open leveraged position whose equity falls to 80 % and then to
 * 65 % of its margin is told so, once per level, with its liquidation price and its equity ratio,
 * before the trigger engine liquidates it at its rule's maintenance ratio (decision 0025).
 *
 * Equity is margin plus floating profit at the exit side, valued at the exchange rate its margin
 * was set at, exactly as the liquidation check values it (trading/pricing.ts, reachesMaintenance):
 * the ladder's levels then lie in order before the liquidation price the notice gives, whatever the
 * exchange rate does meanwhile. A row from before that rate was kept is valued by the trading
 * service's `floating` at the live rate, as the liquidation check also does for it.
 *
 * Once per level: the warning is a row keyed by position and level, inserted with `on conflict do
 * nothing` in the transaction that writes the notice; a second tick or a second node conflicts and
 * sends nothing. The position row itself is never locked (see repository.ts).
 *
 * Again after margin: when the investor has added margin since a level warned and the equity is back
 * above it, the level is armed again and warns again if equity falls there later. A price that only
 * recovers arms nothing: a price wavering about a level would otherwise warn on every swing.
 *
 * A price falling through several levels in one tick sends one notice, of the deepest level, and
 * records the others as warned. A price at or below the maintenance level sends none: that position
 * is the trigger engine's to liquidate, and its notice says so.
 */
export function createMarginLadder(opts: { db: Db; market: MarketService; trading: TradingService; notices: Notices }) {
  const { db, market, trading, notices } = opts;

  const ruleOf = (symbol: string) => RULES[market.resolve(symbol).assetClass];

  /** Equity and its ratio to the margin at the quote; null for a position without margin. */
  function valued(p: PositionRow, s: Snapshot) {
    const floating =
      p.open_rate === null
        ? trading.floating(p, s)
        : new Dec(
            floatingProfit({
              direction: p.direction,
              openPrice: plain(p.open_price!),
              exitPrice: exitPriceOf(p.direction, s),
              quantity: plain(p.quantity),
              rate: plain(p.open_rate),
            }),
          );
    const margin = new Dec(p.margin);
    if (margin.lte(0)) return null;
    const equity = margin.add(floating);
    return { equity, ratio: equity.div(margin) };
  }

  /** The ladder's levels at or above `ratio`, highest first; none at or below the maintenance level. */
  const reached = (ratio: Dec, maintenance: string) => (ratio.lte(maintenance) ? [] : MARGIN_WARNING_LEVELS.filter((l) => ratio.lte(l)));

  /** Warn one position if the quote has brought it to a level it has not been warned at. */
  async function warn(id: number, s: Snapshot, maintenance: string) {
    const push = await db.tx(async (sql) => {
      const p = await repo.openPosition(sql, id);
      if (!p) return null;
      const v = valued(p, s);
      if (!v) return null;
      const levels = reached(v.ratio, maintenance);
      if (levels.length === 0) return null;
      const shown = trading.toPosition(p);
      const recorded = await repo.record(
        sql,
        {
          positionId: p.id,
          userId: p.user_id,
          margin: plain(p.margin),
          ratio: plain(v.ratio),
          liquidationPrice: shown.liquidationPrice ?? '0',
          price: exitPriceOf(p.direction, s),
        },
        [...levels],
      );
      const deepest = levels[levels.length - 1]!;
      if (!recorded.includes(deepest)) return null;
      return notices.notify(sql, p.user_id, 'position.marginWarning', {
        side: p.direction === OrderDirection.Buy ? 't.buy' : 't.sell',
        quantity: shown.quantity,
        name: shown.stockName,
        code: shown.stockCode,
        level: percent(deepest),
        price: exitPriceOf(p.direction, s),
        currency: p.currency,
        equity: fixed(v.equity, 2),
        ratio: fixed(v.ratio.mul(100), 2),
        margin: shown.margin,
        walletCurrency: p.wallet_currency,
        liquidationPrice: shown.liquidationPrice ?? '',
        maintenance: percent(maintenance),
      });
    });
    push?.();
    return push ? 1 : 0;
  }

  return {
    /**
     * The ladder's work for one symbol at one snapshot: levels armed again where margin was added,
     * then a notice for each position at a level it has not been warned at. Answers how many notices.
     */
    async onQuote(symbol: string, s: Snapshot): Promise<number> {
      if (!s.session.tradable) return 0;
      const rule = ruleOf(symbol);
      if (!rule) return 0;
      const quote = { bid: new Dec(s.bid).toFixed(), ask: new Dec(s.ask).toFixed() };
      await repo.rearm(db, symbol, quote);
      let sent = 0;
      for (const id of await repo.dueIds(db, symbol, quote, MARGIN_WARNING_LEVELS, rule.maintenanceRatio)) sent += await warn(id, s, rule.maintenanceRatio);
      return sent;
    },

    /** The caller's open positions at a level of the ladder now, deepest first, valued at the live quote. */
    async warnings(userId: number): Promise<MarginWarning[]> {
      const listed = new Set(market.instruments.map((i) => i.symbol));
      const out: Array<MarginWarning & { at: Dec }> = [];
      for (const p of await repo.openOf(db, userId)) {
        if (!listed.has(p.symbol)) continue;
        const rule = ruleOf(p.symbol);
        const v = rule && valued(p, market.snapshot(p.symbol));
        if (!rule || !v) continue;
        const level = MARGIN_WARNING_LEVELS.filter((l) => v.ratio.lte(l)).pop();
        if (!level) continue;
        const shown = trading.toPosition(p);
        const warned = p.warned?.find((w) => new Dec(w.level).eq(level));
        out.push({
          positionId: p.id,
          symbol: p.symbol,
          stockCode: shown.stockCode,
          stockName: shown.stockName,
          level,
          ratio: fixed(v.ratio.mul(100), 2),
          equity: fixed(v.equity, 2),
          margin: shown.margin,
          walletCurrency: p.wallet_currency,
          liquidationPrice: shown.liquidationPrice,
          currency: p.currency,
          warnedTimestamp: warned ? Date.parse(warned.at) : null,
          at: v.ratio,
        });
      }
      return out.sort((a, b) => a.at.cmp(b.at) || a.positionId - b.positionId).map(({ at: _, ...w }) => w);
    },

    /** Symbols with open positions the ladder watches. */
    activeSymbols: async (): Promise<Set<string>> => new Set(await repo.activeSymbols(db)),
  };
}

export type MarginLadder = ReturnType<typeof createMarginLadder>;
