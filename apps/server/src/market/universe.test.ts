import { MarketSource } from '@tradeapp/contract';
import { describe, expect, it } from 'vitest';
import { CALENDARS } from './calendars';
import { increment, parseSteps } from './decimal';
import type { Instrument } from './types';
import { UNIVERSE } from './universe';

const count = (pred: (i: Instrument) => boolean): number => UNIVERSE.filter(pred).length;

describe('universe', () => {
  it('has at least ten stocks on every stock market', () => {
    for (const exchange of ['NASDAQ', 'NYSE', 'AMEX', 'HKEX', 'XETRA', 'EURONEXT-AMS', 'EURONEXT-BRU', 'BMV']) {
      expect(
        count((i) => i.assetClass === 'stock' && i.exchange === exchange),
        exchange,
      ).toBeGreaterThanOrEqual(10);
    }
    expect(count((i) => i.exchange === 'NASDAQ')).toBeGreaterThanOrEqual(12);
    expect(count((i) => i.exchange === 'NYSE')).toBeGreaterThanOrEqual(12);
    expect(count((i) => i.exchange === 'AMEX')).toBeGreaterThanOrEqual(12);
  });

  it('has the listed futures, pairs, bonds, indices and coins', () => {
    const symbols = new Set(UNIVERSE.map((i) => i.symbol));
    const expected = [
      'ES',
      'NQ',
      'YM',
      'ZN',
      'GC',
      'SI',
      'HG',
      'PL',
      'CL',
      'NG',
      'RB',
      'HO',
      'ZC',
      'ZW',
      'ZS',
      'KC',
      'SB',
      'CC',
      'EURUSD',
      'GBPUSD',
      'USDJPY',
      'USDCHF',
      'AUDUSD',
      'USDCAD',
      'NZDUSD',
      'EURGBP',
      'EURJPY',
      'USDHKD',
      'USDMXN',
      'USDCNH',
      'US1M',
      'US3M',
      'US6M',
      'US2Y',
      'US5Y',
      'US10Y',
      'US30Y',
      'DE10Y',
      'NL10Y',
      'BE10Y',
      'MX10Y',
      'SPX',
      'NDX',
      'DJI',
      'HSI',
      'DAX',
      'AEX',
      'BEL20',
      'MEXBOL',
      'N225',
      'UKX',
      'SX5E',
      'BTCUSDT',
      'ETHUSDT',
      'BNBUSDT',
      'SOLUSDT',
      'XRPUSDT',
      'ADAUSDT',
      'DOGEUSDT',
      'TONUSDT',
      'AVAXUSDT',
      'DOTUSDT',
      'LINKUSDT',
      'LTCUSDT',
      '0700.HK',
      '9988.HK',
      'SAP.DE',
      'ASML.AS',
      'ABI.BR',
      'AMXB.MX',
    ];
    for (const s of expected) expect(symbols.has(s), s).toBe(true);
    expect(count((i) => i.assetClass === 'metal')).toBeGreaterThanOrEqual(4);
    expect(count((i) => i.assetClass === 'energy')).toBeGreaterThanOrEqual(4);
    expect(count((i) => i.assetClass === 'agri')).toBeGreaterThanOrEqual(6);
  });

  it('has unique symbols', () => {
    expect(new Set(UNIVERSE.map((i) => i.symbol)).size).toBe(UNIVERSE.length);
  });

  it('fills every required field with sensible values', () => {
    for (const i of UNIVERSE) {
      for (const f of ['symbol', 'code', 'name', 'exchange', 'currency', 'profile', 'classify'] as const) expect(i[f], `${i.symbol}.${f}`).not.toBe('');
      expect(CALENDARS[i.calendar], i.symbol).toBeDefined();
      const tick = increment(i.tickSize);
      expect(parseSteps(i.basePrice, tick), `${i.symbol} base price on the tick grid`).toBeGreaterThan(10);
      const lot = increment(i.lotSize);
      expect(parseSteps(i.minQuantity, lot), i.symbol).toBeGreaterThanOrEqual(1);
      const vol = Number(i.volatility);
      expect(vol, i.symbol).toBeGreaterThan(0.01);
      expect(vol, i.symbol).toBeLessThan(1);
      expect(Number(i.averageDailyVolume), i.symbol).toBeGreaterThan(0);
      if (i.assetClass === 'stock') expect(Number(i.sharesOutstanding), i.symbol).toBeGreaterThan(0);
      if (i.source === MarketSource.Future) expect(i.expiry, i.symbol).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (i.assetClass === 'bond' && i.billWeeks !== undefined) {
        // A bill rolls weekly: no fixed maturity, no coupon.
        expect([i.expiry, i.couponRate], i.symbol).toEqual([undefined, '0']);
      } else if (i.assetClass === 'bond') {
        expect(i.expiry, i.symbol).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(Number(i.couponRate), i.symbol).toBeGreaterThan(0);
        expect(Number(i.basePrice), i.symbol).toBeGreaterThan(90);
        expect(Number(i.basePrice), i.symbol).toBeLessThan(110);
      }
    }
  });

  it('gives each class its market source and calendar', () => {
    for (const i of UNIVERSE) {
      const expected =
        i.assetClass === 'stock'
          ? i.exchange === 'HKEX'
            ? MarketSource.HKStock
            : MarketSource.Stock
          : i.assetClass === 'forex'
            ? MarketSource.Forex
            : i.assetClass === 'bond'
              ? MarketSource.Bonds
              : i.assetClass === 'index'
                ? MarketSource.GlobalIndex
                : i.assetClass === 'crypto'
                  ? MarketSource.RobotCrypto
                  : MarketSource.Future;
      expect(i.source, i.symbol).toBe(expected);
      if (i.source === MarketSource.Future) expect(i.calendar).toBe('GLOBEX');
      if (i.assetClass === 'forex') expect([i.calendar, i.lotSize]).toEqual(['FX', '1000']);
      if (i.assetClass === 'crypto') expect([i.calendar, i.currency]).toEqual(['CRYPTO', 'USDT']);
      if (i.assetClass === 'bond') expect(i.calendar).toBe('BONDS');
      if (i.market === 'US') expect([i.calendar, i.currency, i.tickSize]).toEqual(['US', 'USD', '0.01']);
      if (i.market === 'HK') expect([i.calendar, i.currency, i.code]).toEqual(['HK', 'HKD', expect.stringMatching(/^\d{5}$/)]);
    }
    expect(UNIVERSE.find((i) => i.symbol === '0700.HK')).toMatchObject({ code: '00700', lotSize: '100' });
    expect(UNIVERSE.find((i) => i.symbol === 'USDJPY')?.tickSize).toBe('0.001');
  });
});
