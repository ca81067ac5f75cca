import { WalletCode } from '@tradeapp/contract';
import type { AssetClass, Instrument } from '../../market/types';

/**
 * What may be traded and on what terms, per asset class (docs/decisions/0015-trading-rules.md).
 * Fee rates are fractions of the notional, charged on open and on close; a position is
 * liquidated when its equity (margin plus floating profit) falls to `maintenanceRatio` of its margin.
 */
export interface TradingRule {
  buyRate: string;
  sellRate: string;
  leverages: number[];
  maintenanceRatio: string;
}

export const RULES: Partial<Record<AssetClass, TradingRule>> = {
  stock: { buyRate: '0.0005', sellRate: '0.0005', leverages: [1, 2, 5, 10], maintenanceRatio: '0.5' },
  future: { buyRate: '0.0003', sellRate: '0.0003', leverages: [1, 5, 10, 20, 50], maintenanceRatio: '0.5' },
  metal: { buyRate: '0.0003', sellRate: '0.0003', leverages: [1, 5, 10, 20, 50], maintenanceRatio: '0.5' },
  energy: { buyRate: '0.0004', sellRate: '0.0004', leverages: [1, 5, 10, 20], maintenanceRatio: '0.5' },
  agri: { buyRate: '0.0004', sellRate: '0.0004', leverages: [1, 5, 10, 20], maintenanceRatio: '0.5' },
  forex: { buyRate: '0.0002', sellRate: '0.0002', leverages: [1, 10, 50, 100, 200], maintenanceRatio: '0.5' },
  crypto: { buyRate: '0.001', sellRate: '0.001', leverages: [1, 2, 5, 10, 20], maintenanceRatio: '0.5' },
};

/** The trading wallet an instrument's margin, fees and profits live in. */
export function walletFor(i: Instrument): WalletCode {
  if (i.assetClass === 'stock') {
    if (i.market === 'US') return WalletCode.UsStock;
    if (i.market === 'HK') return WalletCode.HkStock;
    if (i.market === 'MX') return WalletCode.MexicoStock;
    return WalletCode.Stock;
  }
  if (i.assetClass === 'forex' || i.assetClass === 'crypto') return WalletCode.Forex;
  return WalletCode.Future;
}

export type OrderRoute = 'orderStock' | 'orderHk' | 'orderGold' | 'orderCrude';

/** Which creation call of the specification orders an instrument. */
export function routeFor(i: Instrument): OrderRoute {
  if (i.assetClass === 'stock') return i.market === 'HK' ? 'orderHk' : 'orderStock';
  if (i.assetClass === 'energy' || i.assetClass === 'agri') return 'orderCrude';
  return 'orderGold';
}

export const LARGE_ORDER_QUANTITY = 10_000;
