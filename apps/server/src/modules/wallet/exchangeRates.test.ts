import { DOLLAR_PAIRS, dollarsPerUnit, exchangeRateOf } from '@tradeapp/contract';
import { describe, expect, it } from 'vitest';
import type { MarketService } from '../market/service';
import { createExchangeRates } from './exchangeRates';

// The server converts with the contract's dollar pairs, so a screen's estimate from the same prices
// is the server's rate to the digit.
const LAST: Record<string, string> = { EURUSD: '1.085', USDHKD: '7.8', USDJPY: '151.25', GBPUSD: '1.27', BTCUSDT: '96000' };
const market = { snapshot: (symbol: string) => ({ last: LAST[symbol] ?? '1', time: 0 }) } as unknown as MarketService;
const rates = createExchangeRates(market);

describe('exchange rates', () => {
  it('agree with the contract’s pairs for every pair of priced currencies', () => {
    const currencies = Object.keys(DOLLAR_PAIRS);
    for (const from of currencies) {
      for (const to of currencies) {
        const price = (c: string) => {
          const pair = DOLLAR_PAIRS[c];
          return pair ? (LAST[pair.symbol] ?? '1') : undefined;
        };
        const expected = from === to ? '1' : exchangeRateOf(dollarsPerUnit(from, price(from))!, dollarsPerUnit(to, price(to))!);
        expect(rates.rate(from, to).toFixed(), `${from} → ${to}`).toBe(expected);
      }
    }
  });

  it('prices Hong Kong dollars in euros through USDHKD and EURUSD', () => {
    // 1 ÷ (7.8 × 1.085) = 0.1181614084839891…, to 12 places.
    expect(rates.rate('HKD', 'EUR').toFixed()).toBe('0.118161408484');
  });

  it('knows no currency outside the pairs, not even an object’s own names', () => {
    for (const currency of ['XYZ', 'constructor', 'toString']) {
      expect(rates.supports(currency), currency).toBe(false);
      expect(() => rates.rate(currency, 'EUR')).toThrow();
    }
  });
});
