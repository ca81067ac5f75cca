import { describe, expect, it } from 'vitest';
import { BLOCK_BAND_PERCENT, blockBandOf, blockQuoteOf, blockSpreadOf, isBlockQuantity, OrderDirection } from '../src/index';

const { Buy, Sell } = OrderDirection;

describe('the house’s block quote, worked by hand', () => {
  it('spreads 0.10 % on the first 10,000 shares, 0.01 % more per further whole 10,000, at most 0.50 %', () => {
    expect(blockSpreadOf('10000')).toBe('0.001');
    expect(blockSpreadOf('19999')).toBe('0.001');
    expect(blockSpreadOf('20000')).toBe('0.0011');
    expect(blockSpreadOf('250000')).toBe('0.0034');
    expect(blockSpreadOf('410000')).toBe('0.005');
    expect(blockSpreadOf('5000000')).toBe('0.005');
  });

  it('buys above the mid and sells below it, rounded to the tick against the investor', () => {
    // Mid (39.99 + 40.01) / 2 = 40; 40 x 1.001 = 40.04 on the grid already.
    expect(blockQuoteOf({ bid: '39.99', ask: '40.01', tickSize: '0.01', direction: Buy, quantity: '10000' })).toEqual({
      reference: '40',
      spread: '0.001',
      price: '40.04',
      bandLow: '38.8',
      bandHigh: '41.2',
      difference: '0.04',
      differencePercent: '0.10',
    });
    // 25,000 shares: 0.11 %; 12.34 x 0.9989 = 12.326426, down to 12.32 (0.16 % below the mid, not 0.11 %).
    expect(blockQuoteOf({ bid: '12.33', ask: '12.35', tickSize: '0.01', direction: Sell, quantity: '25000' })).toMatchObject({
      reference: '12.34',
      spread: '0.0011',
      price: '12.32',
      difference: '-0.02',
      differencePercent: '-0.16',
    });
    // A mid between two ticks: (200.00 + 200.01) / 2 = 200.005; x 1.001 = 200.205005, up to 200.21.
    expect(blockQuoteOf({ bid: '200.00', ask: '200.01', tickSize: '0.01', direction: Buy, quantity: '10000' })).toMatchObject({
      reference: '200.005',
      price: '200.21',
      bandLow: '194.01',
      bandHigh: '206',
      difference: '0.205',
      differencePercent: '0.10',
    });
  });

  it('caps the spread for a very large block', () => {
    // 450,000 shares: 0.10 % + 44 x 0.01 % = 0.54 %, capped at 0.50 %: 40 x 0.995 = 39.80.
    expect(blockQuoteOf({ bid: '39.99', ask: '40.01', tickSize: '0.01', direction: Sell, quantity: '450000' })).toMatchObject({
      spread: '0.005',
      price: '39.8',
      differencePercent: '-0.50',
    });
  });

  it('keeps the price within ±3 % where one tick is more than that', () => {
    // Mid 0.20: a buy's 0.2002 would round up to 0.21 (+5 %); the band's top tick is 0.20 (0.206 down).
    expect(blockBandOf('0.2', '0.01')).toEqual({ low: '0.2', high: '0.2' });
    expect(blockQuoteOf({ bid: '0.19', ask: '0.21', tickSize: '0.01', direction: Buy, quantity: '10000' })).toMatchObject({ price: '0.2', difference: '0' });
    expect(blockQuoteOf({ bid: '0.19', ask: '0.21', tickSize: '0.01', direction: Sell, quantity: '10000' })).toMatchObject({ price: '0.2', difference: '0' });
    expect(BLOCK_BAND_PERCENT).toBe('3');
  });

  it('takes blocks of at least 10,000 shares', () => {
    expect(isBlockQuantity('9999')).toBe(false);
    expect(isBlockQuantity('10000')).toBe(true);
    expect(isBlockQuantity('x')).toBe(false);
  });
});
