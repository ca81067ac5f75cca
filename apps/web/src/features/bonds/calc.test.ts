import { WalletCode } from '@tradeapp/contract';
import { describe, expect, it } from 'vitest';
import { bondWallet, daysUntil, faceProblem, purchaseBill, saleBill } from './calc';

// What the bond screens work out before the investor confirms, against figures worked by hand.

describe('a purchase and a sale of face', () => {
  const quote = { bid: '99.8650', ask: '99.8705', accrued: '0.24175', markup: '0.25' };

  it('prices each line per 100 face and rounds it to the cent half up, as the server books it', () => {
    // 1,000 face: 998.705 → 998.71, 2.4175 → 2.42, 2.50 → 1,003.63 (the dirty price as a whole, 1,003.6225, would give 1,003.62).
    expect(purchaseBill(quote, '1000')).toEqual({ clean: '998.71', accrued: '2.42', fee: '2.50', total: '1003.63' });
    // 100 face: 99.87050 → 99.87, 0.241750 → 0.24, 0.25.
    expect(purchaseBill(quote, '100')).toEqual({ clean: '99.87', accrued: '0.24', fee: '0.25', total: '100.36' });
    // A sale: 998.65 + 2.42 − 2.50.
    expect(saleBill(quote, '1000')).toEqual({ clean: '998.65', accrued: '2.42', fee: '2.50', total: '998.57' });
  });

  it('has no bill until the face is a whole number', () => {
    expect(purchaseBill(quote, '')).toBeNull();
    expect(purchaseBill(quote, '10.5')).toBeNull();
    expect(saleBill(quote, '0')).toBeNull();
  });
});

describe('the face rule', () => {
  it('asks for a whole amount, a multiple of the increment, and no more than is held', () => {
    expect(faceProblem('', '100')).toEqual({ key: 'v.enterPurchaseAmount' });
    expect(faceProblem('1.5', '100')).toEqual({ key: 'v.bondFace' });
    expect(faceProblem('1500', '1000.00')).toEqual({ key: 'bonds.faceIncrement', params: { increment: '1,000' } });
    expect(faceProblem('3000', '100', { face: '2000.00', currency: 'USD' })).toEqual({ key: 'bonds.faceMost', params: { face: '$2,000' } });
    expect(faceProblem('2000', '100', { face: '2000.00', currency: 'USD' })).toBeNull();
  });
});

describe('where a bond is kept and when it matures', () => {
  it('keeps dollars in the US stock wallet, pesos in the Mexican one, euros in the stock wallet', () => {
    expect([bondWallet('USD'), bondWallet('MXN'), bondWallet('EUR')]).toEqual([WalletCode.UsStock, WalletCode.MexicoStock, WalletCode.Stock]);
  });

  it('counts whole days from today (UTC) to the maturity day, in seconds or milliseconds', () => {
    const now = Date.UTC(2026, 10, 24, 23, 59);
    expect(daysUntil(Date.UTC(2028, 9, 31), now)).toBe(707);
    expect(daysUntil(Date.UTC(2028, 9, 31) / 1000, now)).toBe(707);
    expect(daysUntil(Date.UTC(2026, 10, 24), now)).toBe(0);
  });
});
