import type { AssetClass, TradingRule } from '@tradeapp/contract';

/**
 * What may be traded and on what terms, per asset class (docs/decisions/0015-trading-rules.md).
 * Fee rates are fractions of the notional, charged on open and on close; a position is
 * liquidated when its equity (margin plus floating profit) falls to `maintenanceRatio` of its margin.
 * Indices and bonds have no rule: they are not traded. Which wallet and which order call an
 * instrument goes through is the contract's (`walletFor`, `orderCallFor`), shared with the screens.
 */
export const RULES: Partial<Record<AssetClass, TradingRule>> = {
  stock: { buyRate: '0.0005', sellRate: '0.0005', leverages: [1, 2, 5, 10], maintenanceRatio: '0.5' },
  future: { buyRate: '0.0003', sellRate: '0.0003', leverages: [1, 5, 10, 20, 50], maintenanceRatio: '0.5' },
  metal: { buyRate: '0.0003', sellRate: '0.0003', leverages: [1, 5, 10, 20, 50], maintenanceRatio: '0.5' },
  energy: { buyRate: '0.0004', sellRate: '0.0004', leverages: [1, 5, 10, 20], maintenanceRatio: '0.5' },
  agri: { buyRate: '0.0004', sellRate: '0.0004', leverages: [1, 5, 10, 20], maintenanceRatio: '0.5' },
  forex: { buyRate: '0.0002', sellRate: '0.0002', leverages: [1, 10, 50, 100, 200], maintenanceRatio: '0.5' },
  crypto: { buyRate: '0.001', sellRate: '0.001', leverages: [1, 2, 5, 10, 20], maintenanceRatio: '0.5' },
};
