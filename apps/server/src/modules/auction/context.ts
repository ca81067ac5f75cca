import { AuctionOrderStatus, OrderType, type AuctionOrder, type WalletCode } from '@tradeapp/contract';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { Dec, fixed } from '../../lib/decimal';
import type { Instrument, MarketProvider } from '../../market/types';
import type { PushHub } from '../../push/hub';
import { exchangeTime, type MarketService } from '../market';
import type { Notices } from '../notices';
import { createPricing, type HeldOrder } from '../trading';
import type { ExchangeRates } from '../wallet';
import { auctionLimitBand } from './matcher';
import type { BookRow, Figures, OrderRow } from './repository';
import { AUCTION_CALENDAR, AUCTION_TIME_ZONE, auctionDayOfIso, phaseOf, upcoming, type AuctionDay } from './session';

/** What `createAuctionService` is made of: the use-case files share one context built from these. */
export interface AuctionOptions {
  db: Db;
  market: MarketService;
  /** The market engine itself: the model's figures of a whole day, asked for at fixed instants rather than "now". */
  provider: MarketProvider;
  exchangeRates: ExchangeRates;
  notices: Notices;
  hub: PushHub;
  now?: () => number;
  /** Trading's trigger engine: new positions and entrusted orders of a symbol to watch. */
  watch?: (symbol: string) => void;
}

const REF_TYPE = 'auction_order';

export const placesOf = (tick: string) => (tick.includes('.') ? tick.split('.')[1]!.length : 0);
export const quantityLot = (i: Instrument) => new AppError('e.quantityLot', { quantity: 'e.quantityLot' }, { lot: i.lotSize, min: i.minQuantity });

/** The auction stocks: the Hong Kong stocks of the universe, the ones with a pre-opening session. */
export const isAuctionStock = (i: Instrument) => i.assetClass === 'stock' && i.calendar === AUCTION_CALENDAR;

export const heldOf = (o: OrderRow): HeldOrder => ({ refType: REF_TYPE, id: o.id, userId: o.user_id, walletCode: o.wallet_code as WalletCode, held: o.held });

/**
 * What the auction's use cases share, built once per service: the options, the pricing, the
 * auction stocks, each day's figures (cached), and an order as the wire shows it.
 */
export function createAuctionContext(opts: AuctionOptions) {
  const { db, market, provider, notices, hub } = opts;
  const now = opts.now ?? Date.now;
  const pricing = createPricing(opts.exchangeRates);
  const stocks = market.instruments.filter(isAuctionStock);

  const figureCache = new Map<string, Figures>();
  /**
   * A stock's figures for a day, from the model at fixed instants of that day (so every node and
   * every call agrees): the band around the previous close and the reference price, the model's
   * opening price of the day kept within the band (the auction cannot print outside it).
   */
  function figuresOf(i: Instrument, d: AuctionDay): Figures {
    const key = `${i.symbol}|${d.tradingDay}`;
    const hit = figureCache.get(key);
    if (hit) return hit;
    const previousClose = provider.snapshot(i.symbol, d.inputFrom).previousClose;
    const band = auctionLimitBand(previousClose, i.tickSize);
    const open = new Dec(provider.snapshot(i.symbol, d.openAt).open);
    const within = Dec.min(Dec.max(open, band.low), band.high);
    const f = { previousClose, bandLow: band.low, bandHigh: band.high, referencePrice: within.toFixed(placesOf(i.tickSize)) };
    if (figureCache.size > 10_000) figureCache.clear();
    figureCache.set(key, f);
    return f;
  }

  const fromBook = (b: BookRow): Figures => ({
    previousClose: b.previous_close,
    bandLow: b.band_low,
    bandHigh: b.band_high,
    referencePrice: b.reference_price,
  });

  function closedError(at: number) {
    const next = upcoming(at);
    const opensAt = at < next.inputFrom ? next.inputFrom : upcoming(next.openAt).inputFrom;
    return new AppError('e.auctionClosed', undefined, { opensAt: exchangeTime(opensAt, AUCTION_TIME_ZONE), timeZone: AUCTION_TIME_ZONE });
  }

  function toOrder(o: OrderRow, at: number): AuctionOrder {
    const i = market.resolve(o.symbol);
    const dp = placesOf(i.tickSize);
    const d = auctionDayOfIso(o.trading_day);
    return {
      id: o.id,
      symbol: o.symbol,
      stockCode: i.code,
      stockName: i.name,
      currency: o.currency,
      walletCode: o.wallet_code as WalletCode,
      walletCurrency: o.wallet_currency,
      tradingDay: o.trading_day,
      direction: o.direction as AuctionOrder['direction'],
      type: o.type === 'limit' ? OrderType.Limit : OrderType.Market,
      price: o.price === null ? null : fixed(o.price, dp),
      quantity: new Dec(o.quantity).toFixed(),
      leverage: o.leverage,
      status: o.status,
      holdPrice: fixed(o.hold_price, dp),
      held: fixed(o.held, 2),
      filledQuantity: new Dec(o.filled_quantity).toFixed(),
      fillPrice: o.fill_price === null ? null : fixed(o.fill_price, dp),
      positionId: o.position_id,
      entrustedId: o.entrusted_id,
      cancellable: o.status === AuctionOrderStatus.Collected && d !== null && phaseOf(d, at) === 'input',
      createTimeTimestamp: o.created_at.getTime(),
      modifyTimeTimestamp: o.updated_at.getTime(),
    };
  }

  function auctionStock(stockCode: string): Instrument {
    const i = market.resolve(stockCode);
    if (!isAuctionStock(i)) throw new AppError('e.auctionStock', { stockCode: 'e.auctionStock' });
    return i;
  }

  return { opts, db, market, provider, notices, hub, now, pricing, stocks, figuresOf, fromBook, closedError, toOrder, auctionStock };
}

export type AuctionContext = ReturnType<typeof createAuctionContext>;
