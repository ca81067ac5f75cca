import { describe, expect, it } from 'vitest';
import { isMajorPair, LEVERAGE_RISK_VERSION, leverageCapFor, needsLeverageRiskAcknowledgement, routes, translate, type AssetClass } from '../src/index';

const cap = (assetClass: AssetClass, symbol: string) => leverageCapFor({ assetClass, symbol });

// ESMA Decision (EU) 2018/796, Annex I: 30:1 major pairs; 20:1 other pairs, gold, major indices;
// 10:1 other commodities and indices; 5:1 shares and anything else; 2:1 crypto.
describe('leverageCapFor: the ESMA retail cap by what the price follows', () => {
  it('gives major pairs (two of USD, EUR, JPY, GBP, CAD, CHF) 30:1, crosses among them included', () => {
    for (const pair of ['EURUSD', 'GBPUSD', 'USDJPY', 'USDCHF', 'USDCAD', 'EURGBP', 'EURJPY', 'GBPJPY', 'CADJPY', 'EURCHF', 'CHFJPY', 'GBPCAD']) {
      expect([pair, cap('forex', pair)]).toEqual([pair, 30]);
    }
    expect(cap('forex', 'EUR/USD')).toBe(30);
    expect(cap('forex', 'eurusd')).toBe(30);
  });

  it('gives every other pair 20:1: AUD and NZD are not among ESMA’s six, nor HKD, MXN or CNH', () => {
    for (const pair of ['AUDUSD', 'NZDUSD', 'USDHKD', 'USDMXN', 'USDCNH', 'EURTRY']) expect([pair, cap('forex', pair)]).toEqual([pair, 20]);
    expect(isMajorPair('USDUSD')).toBe(false);
    expect(isMajorPair('USD')).toBe(false);
  });

  it('gives gold 20:1 and the other metals, energy and agricultural contracts 10:1', () => {
    expect(cap('metal', 'GC')).toBe(20);
    expect(cap('forex', 'XAUUSD')).toBe(20);
    for (const [cls, symbol] of [
      ['metal', 'SI'],
      ['metal', 'HG'],
      ['metal', 'PL'],
      ['energy', 'CL'],
      ['energy', 'NG'],
      ['energy', 'RB'],
      ['energy', 'HO'],
      ['agri', 'ZC'],
      ['agri', 'ZW'],
      ['agri', 'ZS'],
      ['agri', 'KC'],
      ['agri', 'SB'],
      ['agri', 'CC'],
    ] as const) {
      expect([symbol, cap(cls, symbol)]).toEqual([symbol, 10]);
    }
  });

  it('gives the major indices 20:1 and the others 10:1; a future on a major index counts as the index', () => {
    for (const index of ['SPX', 'NDX', 'DJI', 'DAX', 'N225', 'UKX', 'SX5E', 'PX1', 'AS51', 'COMP']) expect([index, cap('index', index)]).toEqual([index, 20]);
    for (const index of ['HSI', 'AEX', 'BEL20', 'MEXBOL']) expect([index, cap('index', index)]).toEqual([index, 10]);
    for (const future of ['ES', 'NQ', 'YM', 'MES', 'MNQ', 'MYM']) expect([future, cap('future', future)]).toEqual([future, 20]);
  });

  it('gives shares, bonds and a Treasury note future 5:1 ("other reference values"), crypto 2:1', () => {
    expect(cap('stock', 'AAPL')).toBe(5);
    expect(cap('stock', '0700.HK')).toBe(5);
    expect(cap('bond', 'US10Y')).toBe(5);
    expect(cap('future', 'ZN')).toBe(5);
    expect(cap('crypto', 'BTCUSDT')).toBe(2);
    expect(cap('crypto', 'BTC/USDT')).toBe(2);
  });

  it('asks for the acknowledgement above the cap only, not at it', () => {
    const btc = { assetClass: 'crypto' as const, symbol: 'BTCUSDT' };
    expect([1, 2, 5, 10].map((n) => needsLeverageRiskAcknowledgement(btc, n))).toEqual([false, false, true, true]);
    const es = { assetClass: 'future' as const, symbol: 'ES' };
    expect([20, 50].map((n) => needsLeverageRiskAcknowledgement(es, n))).toEqual([false, true]);
  });
});

describe('the acknowledgement’s calls and refusal', () => {
  it('are caller-scoped calls outside the specification, the POST taking the current text version', () => {
    expect(routes.leverageRisk).toMatchObject({ method: 'GET', path: '/trading/leverageRisk', auth: 'user' });
    expect(routes.acknowledgeLeverageRisk).toMatchObject({ method: 'POST', path: '/trading/leverageRisk/acknowledge', auth: 'user' });
    expect(routes.acknowledgeLeverageRisk.request.safeParse({ version: LEVERAGE_RISK_VERSION }).success).toBe(true);
    expect(routes.acknowledgeLeverageRisk.request.safeParse({ version: LEVERAGE_RISK_VERSION + 1 }).success).toBe(false);
    expect(routes.acknowledgeLeverageRisk.request.safeParse({}).success).toBe(false);
  });

  it('names the cap in every language', () => {
    expect(translate('en', 'e.leverageRiskUnacknowledged', { cap: 2 })).toBe('Leverage above 2:1 on this instrument needs your risk acknowledgement first');
    expect(translate('nl', 'e.leverageRiskUnacknowledged', { cap: 2 })).toContain('2:1');
    expect(translate('zh_Hans_CN', 'e.leverageRiskUnacknowledged', { cap: 2 })).toContain('2:1');
  });
});
