import {
  discountPercentOf,
  OrderDirection,
  openFeeRate,
  OrderStatus,
  placementStateOf,
  qipMinPriceOf,
  walletCurrency,
  walletFor,
  type Placement,
  type PlacementAdmin,
  type PlacementOrder,
  type PlacementState,
} from '@tradeapp/contract';
import { Dec, fixed, plain } from '../../lib/decimal';
import { userRefOf, type UserRefColumns } from '../../lib/review';
import type { Instrument } from '../../market/types';
import type { MarketService } from '../market';
import { RULES } from '../trading';
import type { ExchangeRates } from '../wallet';

// Rows of placements as the contract's shapes. Prices show the instrument's tick places, except the
// QIP floor and its 5 % bound, which are shown exactly: the rule is checked against them exactly.

export interface PlacementRow {
  id: number;
  symbol: string;
  kind: 'SPO' | 'QIP';
  currency: string;
  price: string;
  last_close: string;
  floor_price: string | null;
  quantity_offered: string;
  quantity_sold: string;
  min_quantity: string;
  opens_at: Date;
  closes_at: Date;
  lockup_days: number;
  status: 'open' | 'closed';
  close_reason: string | null;
  closed_by: number | null;
  closed_at: Date | null;
  created_by: number;
  created_at: Date;
}

export interface PlacementOrderRow {
  id: number;
  placement_id: number;
  user_id: number;
  quantity: string;
  price: string;
  wallet_code: string;
  wallet_currency: string;
  amount: string;
  fee: string;
  position_id: number;
  locked_until: Date;
  created_at: Date;
}

/** An investor's purchase with what its placement and its position say now. */
export interface OwnOrderRow extends PlacementOrderRow {
  kind: 'SPO' | 'QIP';
  symbol: string;
  currency: string;
  position_status: number;
  position_quantity: string;
}

export type AdminOrderRow = PlacementOrderRow & UserRefColumns;

const placesOf = (tick: string) => (tick.includes('.') ? tick.split('.')[1]!.length : 0);
const quantity = (q: string) => plain(q);

export const stateOf = (p: PlacementRow, at: number): PlacementState =>
  placementStateOf(
    { status: p.status, opensAt: p.opens_at.getTime(), closesAt: p.closes_at.getTime(), quantityOffered: p.quantity_offered, quantitySold: p.quantity_sold },
    at,
  );

export function createPlacementView(market: MarketService, rates: ExchangeRates) {
  const feeRate = openFeeRate(RULES.stock!, OrderDirection.Buy);

  function common(p: PlacementRow, i: Instrument, at: number) {
    const dp = placesOf(i.tickSize);
    const code = walletFor(i);
    const floor = p.floor_price === null ? null : plain(p.floor_price);
    return {
      id: p.id,
      symbol: p.symbol,
      stockCode: i.code,
      name: i.name,
      market: i.market,
      source: i.source,
      kind: p.kind,
      state: stateOf(p, at),
      currency: p.currency,
      tickSize: i.tickSize,
      lotSize: i.lotSize,
      price: fixed(p.price, dp),
      lastClose: fixed(p.last_close, dp),
      discountPercent: discountPercentOf(plain(p.price), plain(p.last_close)),
      floorPrice: floor,
      minPrice: floor === null ? null : plain(qipMinPriceOf(floor)),
      quantityOffered: quantity(p.quantity_offered),
      quantityRemaining: plain(new Dec(p.quantity_offered).sub(p.quantity_sold)),
      minQuantity: quantity(p.min_quantity),
      lockupDays: p.lockup_days,
      opensAtTimestamp: p.opens_at.getTime(),
      closesAtTimestamp: p.closes_at.getTime(),
      walletCode: code,
      walletCurrency: walletCurrency(code),
      feeRate,
    };
  }

  return {
    /** As a buyer sees it, with the live rate an estimate converts at. */
    placement(p: PlacementRow, at: number): Placement {
      const i = market.resolve(p.symbol);
      const c = common(p, i, at);
      return { ...c, rate: rates.rate(i.currency, c.walletCurrency).toFixed() };
    },

    admin(p: PlacementRow, counts: { orders: number; keys: number }, at: number): PlacementAdmin {
      return {
        ...common(p, market.resolve(p.symbol), at),
        status: p.status,
        quantitySold: quantity(p.quantity_sold),
        orderCount: counts.orders,
        keyCount: counts.keys,
        closeReason: p.close_reason,
        closedAtTimestamp: p.closed_at?.getTime() ?? null,
        createdBy: p.created_by,
        createTimeTimestamp: p.created_at.getTime(),
      };
    },

    /** A purchase of the caller's: its position's open rest is sellable once the lock-up is over. */
    order(o: OwnOrderRow, at: number): PlacementOrder {
      const i = market.resolve(o.symbol);
      const open = o.position_status === OrderStatus.InProgress;
      const openQuantity = open ? quantity(o.position_quantity) : '0';
      const locked = o.locked_until.getTime() > at;
      return {
        id: o.id,
        placementId: o.placement_id,
        kind: o.kind,
        symbol: o.symbol,
        stockCode: i.code,
        name: i.name,
        currency: o.currency,
        price: fixed(o.price, placesOf(i.tickSize)),
        quantity: quantity(o.quantity),
        amount: fixed(o.amount, 2),
        fee: fixed(o.fee, 2),
        total: fixed(new Dec(o.amount).add(o.fee), 2),
        walletCode: walletFor(i),
        walletCurrency: o.wallet_currency,
        positionId: o.position_id,
        positionOpen: open,
        openQuantity,
        sellableQuantity: locked ? '0' : openQuantity,
        locked,
        lockedUntilTimestamp: o.locked_until.getTime(),
        createTimeTimestamp: o.created_at.getTime(),
      };
    },

    adminOrder: (o: AdminOrderRow) => ({
      id: o.id,
      ...userRefOf(o),
      quantity: quantity(o.quantity),
      price: plain(o.price),
      amount: fixed(o.amount, 2),
      fee: fixed(o.fee, 2),
      walletCurrency: o.wallet_currency,
      positionId: o.position_id,
      lockedUntilTimestamp: o.locked_until.getTime(),
      createTimeTimestamp: o.created_at.getTime(),
    }),
  };
}

export type PlacementView = ReturnType<typeof createPlacementView>;
