import { OrderDirection, OrderType } from '@tradeapp/contract';
import { describe, expect, it } from 'vitest';
import { closeShare, entryPrice, estimateOrder, liquidationPrice, toWalletCurrency } from './calc';
import { orderRouteFor } from './api';

const quote = { bid: '99.50', ask: '100.50', price_nominal: '100.00' };

describe('order estimates', () => {
  it('prices a market buy at the ask, a sell at the bid, a limit at its price', () => {
    expect(entryPrice(quote, OrderDirection.Buy, OrderType.Market, '')).toBe('100.50');
    expect(entryPrice(quote, OrderDirection.Sell, OrderType.Market, '')).toBe('99.50');
    expect(entryPrice(quote, OrderDirection.Buy, OrderType.Limit, '90')).toBe('90');
    expect(entryPrice(quote, OrderDirection.Buy, OrderType.Limit, '')).toBeNull();
  });

  it('computes notional, margin, fee and liquidation exactly', () => {
    const est = estimateOrder({ price: '100.50', quantity: '3', leverage: 5, direction: OrderDirection.Buy, feeRate: '0.0005', maintenanceRatio: '0.5', priceDecimals: 2 });
    expect(est?.notional).toMatch(/^301\.50*$/);
    expect(est?.margin).toMatch(/^60\.30*$/);
    expect(est?.fee).toMatch(/^0\.150750*$/);
    // 100.50 × (1 − 0.5 / 5) = 90.45
    expect(est?.liquidation).toBe('90.45');
    expect(estimateOrder({ price: '100', quantity: '0', leverage: 5, direction: 0, feeRate: '0', maintenanceRatio: '0.5', priceDecimals: 2 })).toBeNull();
  });

  it('puts a short position’s liquidation above the entry', () => {
    expect(liquidationPrice('200', OrderDirection.Sell, 10, '0.5', 2)).toBe('210.00');
    expect(liquidationPrice('200', OrderDirection.Buy, 1, '0', 2)).toBeNull();
  });

  it('converts dollars and USDT to euros through EURUSD', () => {
    expect(toWalletCurrency('108.5', 'USDT', 'EUR', '1.085')).toMatch(/^100\.0*$/);
    expect(toWalletCurrency('10', 'EUR', 'EUR', undefined)).toBe('10');
    expect(toWalletCurrency('10', 'JPY', 'EUR', '1.1')).toBeNull();
  });

  it('realises the closed share of the floating P&L', () => {
    expect(closeShare('-30.00', '1', '3')).toBe('-10.00');
    expect(closeShare('12.34', '5', '5')).toBe('12.34');
    expect(closeShare('12.34', '0', '5')).toBeNull();
  });

  it('routes each asset class to its create call', () => {
    expect(orderRouteFor('stock', 'US')).toBe('orderStock');
    expect(orderRouteFor('stock', 'HK')).toBe('orderHk');
    expect(orderRouteFor('energy', 'FUT')).toBe('orderCrude');
    expect(orderRouteFor('agri', 'FUT')).toBe('orderCrude');
    expect(orderRouteFor('crypto', 'CRYPTO')).toBe('orderGold');
    expect(orderRouteFor('metal', 'FUT')).toBe('orderGold');
    expect(orderRouteFor('index', 'INDEX')).toBeNull();
    expect(orderRouteFor('bond', 'BOND')).toBeNull();
  });
});
