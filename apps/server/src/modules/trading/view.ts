import { closedTradePnl, OrderStatus, profitPercent, roundDecimal, totalAmountOf, type Position } from '@tradeapp/contract';
import { Dec, fixed } from '../../lib/decimal';
import { CALENDARS } from '../../market/calendars';
import type { Instrument } from '../../market/types';
import type { MarketService } from '../market';
import { exitPrice, type Pricing } from './pricing';
import type { EventRow, PositionRow } from './repository';
import { RULES } from './rules';

/** Decimals of a tick size: prices are shown to the places the instrument is quoted in. */
export const placesOf = (tick: string) => (tick.includes('.') ? tick.split('.')[1]!.length : 0);

/** A settled row's gross, fees and net (the contract's `closedTradePnl`); null while it is not settled. */
export function closedPnlOf(p: Pick<PositionRow, 'realised' | 'open_fee' | 'close_fee'>): { gross: string; fees: string; net: string } | null {
  if (p.realised === null) return null;
  return closedTradePnl({ realised: new Dec(p.realised).toFixed(), openFee: new Dec(p.open_fee).toFixed(), closeFee: new Dec(p.close_fee ?? 0).toFixed() });
}

/**
 * Rows as the contract's `Position`. An open position is valued at the live quote on every read,
 * so its profit and liquidation price follow the market without anything being stored.
 */
export function createPositionView(market: MarketService, pricing: Pricing) {
  /** `known`: the instrument of a row the market does not quote yet (allotted IPO shares before their listing). */
  function positionOf(p: PositionRow, known?: Instrument): Position {
    const i = known ?? market.resolve(p.symbol);
    const rule = RULES[i.assetClass];
    const dp = placesOf(i.tickSize);
    const open = p.status === OrderStatus.InProgress;
    const s = open ? market.snapshot(p.symbol) : null;
    const profit = s ? roundDecimal(pricing.floating(p, s).toFixed(), 2)! : '0.00';
    const settled = closedPnlOf(p);
    return {
      id: p.id,
      positionNum: `P${String(p.id).padStart(8, '0')}`,
      symbol: p.symbol,
      stockCode: i.code,
      stockName: i.name,
      source: (p.source ?? i.source) as Position['source'],
      market: i.market,
      assetClass: i.assetClass,
      currency: p.currency,
      walletCode: p.wallet_code,
      walletCurrency: p.wallet_currency,
      direction: p.direction as Position['direction'],
      type: p.type as Position['type'],
      status: p.status as Position['status'],
      price: fixed(p.price, dp),
      openPrice: p.open_price === null ? null : fixed(p.open_price, dp),
      quantity: new Dec(p.quantity).toFixed(),
      totalAmount: totalAmountOf(p.open_price ?? p.price, p.quantity),
      handlingFee: fixed(p.open_fee, 2),
      closeFee: p.close_fee === null ? null : fixed(p.close_fee, 2),
      leverage: p.leverage,
      margin: fixed(p.margin, 2),
      isolatedPosition: true,
      currentPrice: s ? exitPrice(p.direction, s).toFixed(dp) : null,
      profit,
      zdf: profitPercent(profit, p.margin),
      sellProfit: p.realised === null ? null : fixed(p.realised, 2),
      // The settled row's figures, the contract's one definition (closedTradePnl): gross before
      // every fee, net after the opening fee (the row's share) and the closing fee.
      grossProfit: settled?.gross ?? null,
      netProfit: settled?.net ?? null,
      closedParts: { profit: new Dec(p.parts_profit).toFixed(), fee: new Dec(p.parts_fee).toFixed() },
      closePrice: p.close_price === null ? null : fixed(p.close_price, dp),
      liquidationPrice: open && rule ? pricing.liquidationPrice(p, rule, dp) : null,
      closeReason: p.close_reason,
      largeOrder: p.large_order,
      createTimeTimestamp: p.created_at.getTime(),
      marketDateTimestamp: p.filled_at?.getTime() ?? null,
      modifyTimeTimestamp: p.updated_at.getTime(),
      closeTimeTimestamp: p.closed_at?.getTime() ?? null,
      expiredDateTimestamp: p.expires_at?.getTime() ?? null,
      lockedUntilTimestamp: p.locked_until?.getTime() ?? null,
      followId: p.follow_id,
      robotOrderId: p.robot_order_id,
      stops: {
        stopLoss: p.stop_loss === null ? null : fixed(p.stop_loss, dp),
        takeProfit: p.take_profit === null ? null : fixed(p.take_profit, dp),
        trailing:
          p.trailing_kind === null
            ? null
            : {
                kind: p.trailing_kind,
                distance: p.trailing_kind === 'price' ? fixed(p.trailing_distance!, dp) : new Dec(p.trailing_distance!).toFixed(),
                mark: p.trailing_mark === null ? null : fixed(p.trailing_mark, dp),
                stop: p.trailing_stop === null ? null : fixed(p.trailing_stop, dp),
              },
      },
      timeInForce: p.time_in_force,
      placedSession: p.placed_session,
      filledSession: p.filled_session,
      extendedHours: p.extended_hours,
      timeZone: CALENDARS[i.calendar].timeZone,
    };
  }

  const toPosition = (p: PositionRow) => positionOf(p);

  return {
    toPosition,

    withHistory: (p: PositionRow, events: EventRow[], known?: Instrument) => {
      // A tick's prices to the places the instrument is quoted in, as the position's own prices are.
      const dp = placesOf((known ?? market.resolve(p.symbol)).tickSize);
      return {
        ...positionOf(p, known),
        history: events.map((e) => ({
          event: e.event,
          status: e.status as Position['status'],
          price: e.price === null ? null : new Dec(e.price).toFixed(),
          quantity: e.quantity === null ? null : new Dec(e.quantity).toFixed(),
          timestamp: e.created_at.getTime(),
          fill:
            e.bid === null || e.ask === null || e.quoted_at === null
              ? null
              : {
                  bid: fixed(e.bid, dp),
                  ask: fixed(e.ask, dp),
                  spread: fixed(new Dec(e.ask).sub(e.bid), dp),
                  quoteTimestamp: e.quoted_at.getTime(),
                  fee: e.fee === null ? null : fixed(e.fee, 2),
                  session: e.session,
                },
        })),
      };
    },

    /** The open positions with their sums (the list's header: total profit and margin). */
    openPage(page: { rows: PositionRow[]; total: number }, all: PositionRow[], pageNo: number, size: number) {
      const views = all.map(toPosition);
      const sum = (f: (p: Position) => string) =>
        fixed(
          views.reduce((acc, p) => acc.add(f(p)), new Dec(0)),
          2,
        );
      return { list: page.rows.map(toPosition), total: page.total, page: pageNo, size, totalProfit: sum((p) => p.profit), totalMargin: sum((p) => p.margin) };
    },

    /** A large fill for the quote page: side, size, price, time; never who. */
    largeFill: (r: { direction: number; quantity: string; open_price: string; filled_at: Date }) => ({
      direction: r.direction as Position['direction'],
      quantity: new Dec(r.quantity).toFixed(),
      price: new Dec(r.open_price).toFixed(),
      timestamp: r.filled_at.getTime(),
    }),
  };
}

export type PositionView = ReturnType<typeof createPositionView>;
