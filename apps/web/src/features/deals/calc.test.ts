import { describe, expect, it } from 'vitest';
import type { Subscription } from '@tradeapp/contract';
import { feeRatePercent, holdEstimate, percentOfOne, poolOf, refundedOf } from './calc';

// Worked examples on the seeded Hong Kong deal (Lingnan Green Energy: lots of 500 at up to
// HK$7.80, fee rate 1.0085 %, handling fee HK$50) at 0.11 euros per Hong Kong dollar.
const LINGNAN = { market: 'HK' as const, lotSize: '500', price: '7.80', priceHigh: '7.80', feeRate: '0.010085', handlingFee: '50.00' };

describe('holdEstimate', () => {
  it('holds lots x lot size x price x (1 + fee rate), each part to the cent, and adds the handling fee', () => {
    const e = holdEstimate(LINGNAN, 2, '0.11');
    expect(e.shares).toBe('1000');
    // 7,800.00 HKD and a fee of 78.663 -> 78.66
    expect(e.inDeal).toEqual({ amount: '7800.00', fee: '78.66', total: '7878.66' });
    // 858.00 EUR and a fee of 8.65293 -> 8.65
    expect(e.inEuros).toEqual({ amount: '858.00', fee: '8.65', total: '866.65' });
    expect(e.handlingFeeEuros).toBe('5.50');
    expect(e.payNow).toBe('872.15');
  });

  it('leaves the handling fee out once it is paid (a changed or reconfirmed offer)', () => {
    expect(holdEstimate(LINGNAN, 2, '0.11', true).payNow).toBe('866.65');
  });

  it('shows the deal currency alone until the rate is in', () => {
    const e = holdEstimate(LINGNAN, 1, null);
    expect(e.inDeal.total).toBe('3939.33');
    expect(e.inEuros).toBeNull();
    expect(e.payNow).toBeNull();
  });
});

describe('poolOf', () => {
  it('puts an application of up to HK$5m at the top of the range in pool A, above it in pool B', () => {
    // 1,282 lots x 500 x 7.80 = 4,999,800; 1,283 lots = 5,003,700
    expect(poolOf(LINGNAN, 1282)).toBe('A');
    expect(poolOf(LINGNAN, 1283)).toBe('B');
    expect(poolOf({ ...LINGNAN, market: 'US' }, 1283)).toBeNull();
  });
});

describe('percentages', () => {
  it('reads odds and rates of one as percent', () => {
    expect(percentOfOne('0.1234')).toBe('12.34');
    expect(percentOfOne('1.0000')).toBe('100.00');
    expect(feeRatePercent('0.010085')).toBe('1.0085');
    expect(feeRatePercent('0')).toBe('0');
    expect(feeRatePercent('0.01')).toBe('1');
  });
});

describe('refundedOf', () => {
  const applied: Subscription = {
    id: 1,
    dealId: 3,
    name: 'Lingnan Green Energy Ltd.',
    code: '02899',
    symbol: '2899.HK',
    market: 'HK',
    exchange: 'HKEX',
    currency: 'HKD',
    listingDate: '2026-12-01',
    prospectusDate: '2026-11-21',
    fundRaising: '1950000000.00',
    subscriptionDeadline: '2026-11-27',
    subscriptionClosesTimestamp: 0,
    allotmentDate: '2026-11-29',
    priceHeld: '7.80',
    price: '7.50',
    lots: 2,
    lotSize: '500',
    quantity: '1000',
    total: '7500.00',
    allottedQuantity: null,
    actualPayment: '5.50',
    pendingPayment: '866.65',
    handlingFee: '5.50',
    allotmentFee: null,
    rate: '0.11',
    walletCode: 'SUBSCRIPTION',
    walletCurrency: 'EUR',
    state: 2,
    status: 'subscribed',
    dealStatus: 'priced',
    reconfirmRequired: false,
    positionId: null,
    createTimeTimestamp: 0,
    modifyTimeTimestamp: 0,
  };

  it('is nothing while the money is held', () => {
    expect(refundedOf(applied, LINGNAN.feeRate)).toBeNull();
  });

  it('returns the hold less what the allotted shares took', () => {
    // One lot at 7.50: 412.50 and a fee of 4.16 taken from the 866.65 held.
    const allotted = {
      ...applied,
      status: 'allotted' as const,
      state: 3 as const,
      allottedQuantity: '500',
      actualPayment: '422.16',
      pendingPayment: '0.00',
      allotmentFee: '4.16',
    };
    expect(refundedOf(allotted, LINGNAN.feeRate)).toBe('449.99');
  });

  it('returns the whole hold when nothing was allotted, and the handling fee too when the deal was cancelled', () => {
    expect(refundedOf({ ...applied, status: 'notAllotted', pendingPayment: '0.00' }, LINGNAN.feeRate)).toBe('866.65');
    expect(refundedOf({ ...applied, status: 'cancelled', actualPayment: '0.00', pendingPayment: '0.00' }, LINGNAN.feeRate)).toBe('872.15');
  });
});
