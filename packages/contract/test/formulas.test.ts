import { describe, expect, it } from 'vitest';
import {
  addPrecise,
  affordableQuantity,
  chargedFee,
  closeFeeRate,
  closedTradePnl,
  closeSettlement,
  convertAmount,
  divPrecise,
  dollarPairOf,
  dollarsPerUnit,
  exchangeRateOf,
  feeOf,
  floatingProfit,
  halfOf,
  inverseRate,
  isLargeOrder,
  liquidationPriceOf,
  marginOf,
  marginShare,
  mulPrecise,
  notionalOf,
  openFeeRate,
  orderCallFor,
  OrderDirection,
  orderCosts,
  plainDecimal,
  productPrecise,
  profitPercent,
  reachesMaintenance,
  roundDecimal,
  subPrecise,
  totalAmountOf,
  walletFor,
  WalletCode,
} from '../src/index';

// Every figure below is worked out by hand (or digit by digit where it needs 40 of them); no
// tolerances: the screen must show the server's cent.

const { Buy, Sell } = OrderDirection;
const rule = { buyRate: '0.0005', sellRate: '0.0007' };

describe('the server’s 40-digit arithmetic', () => {
  it('rounds quotients to 40 significant digits, half up', () => {
    expect(divPrecise('2', '3')).toBe('0.6666666666666666666666666666666666666667');
    expect(divPrecise('-2', '3')).toBe('-0.6666666666666666666666666666666666666667');
    expect(divPrecise('5', '6')).toBe('0.8333333333333333333333333333333333333333');
    expect(divPrecise('1', '7.8')).toBe('0.1282051282051282051282051282051282051282');
    expect(divPrecise('123456789', '0.0007')).toBe('176366841428.5714285714285714285714285714');
    expect(divPrecise('1.5', '0.5')).toBe('3');
    expect(() => divPrecise('1', '0')).toThrow(RangeError);
  });

  it('rounds products and sums to 40 significant digits', () => {
    // 0.1111111111111111111111² = 0.012345679012345679012320987654320987654321 (42 digits) → 40.
    expect(mulPrecise('0.1111111111111111111111', '0.1111111111111111111111')).toBe('0.01234567901234567901234320987654320987654');
    expect(addPrecise(`1${'0'.repeat(40)}`, '0.5')).toBe(`1${'0'.repeat(40)}`);
    expect(subPrecise('1', `0.${'0'.repeat(44)}1`)).toBe('1');
    expect(mulPrecise('1.50', '2')).toBe('3');
    expect(plainDecimal('1.500')).toBe('1.5');
  });

  it('multiplies several factors rounding after each step, as a chain of products does', () => {
    // Worked with Python's decimal at 40 digits, half up: (a × a rounded) × 7 ends in …913578; the
    // exact a × a × 7 rounded once would end in …913580.
    const a = '0.1111111111111111111111';
    expect(productPrecise(a, a, '7')).toBe('0.08641975308641975308640246913580246913578');
    expect(productPrecise(a, a, '3')).toBe('0.03703703703703703703702962962962962962962');
    expect(productPrecise('-10.50', '2')).toBe('-21');
    expect(productPrecise('0.00', '-3')).toBe('0');
    expect(productPrecise('4.2')).toBe('4.2');
  });

  it('rounds to places half away from zero, like toFixed(n, ROUND_HALF_UP)', () => {
    expect(roundDecimal('0.005', 2)).toBe('0.01');
    expect(roundDecimal('-0.005', 2)).toBe('-0.01');
    expect(roundDecimal('0.0049999', 2)).toBe('0.00');
    expect(roundDecimal('-0.004', 2)).toBe('0.00');
    expect(roundDecimal('12', 2)).toBe('12.00');
    expect(roundDecimal('0.92165898617511520737', 12)).toBe('0.921658986175');
  });
});

describe('opening an order', () => {
  it('books margin and fee to the cent (dollar stock in the dollar wallet)', () => {
    // 10 × 187.25 = 1872.5; ÷ 5 = 374.5; × 0.0005 = 0.93625 → 0.94.
    expect(orderCosts({ price: '187.25', quantity: '10', leverage: 5, feeRate: '0.0005' })).toEqual({
      notional: '1872.5',
      margin: '374.50',
      fee: '0.94',
      total: '375.44',
    });
  });

  it('converts to the wallet’s currency at the 12-place rate before rounding', () => {
    // EUR wallet, USD instrument, EURUSD 1.085: 1 ÷ 1.085 = 0.92165898617511… → 0.921658986175.
    const rate = exchangeRateOf('1', '1.085');
    expect(rate).toBe('0.921658986175');
    const n = notionalOf('100', '10', rate);
    expect(n).toBe('921.658986175');
    expect(marginOf(n, 10)).toBe('92.17'); // 92.1658986175
    expect(feeOf(n, '0.0005')).toBe('0.46'); // 0.4608294930875
  });

  it('rounds half up at the cent', () => {
    expect(marginOf('0.05', 2)).toBe('0.03'); // 0.025
    expect(feeOf('10.1', '0.0005')).toBe('0.01'); // 0.00505
    expect(feeOf('9', '0.0005')).toBe('0.00'); // 0.0045
    expect(marginOf('100', 3)).toBe('33.33');
    expect(totalAmountOf('0.12345', '3')).toBe('0.37'); // 0.37035
  });

  it('picks the fee rate by side: open at the side’s rate, close at the other', () => {
    expect(openFeeRate(rule, Buy)).toBe('0.0005');
    expect(openFeeRate(rule, Sell)).toBe('0.0007');
    expect(closeFeeRate(rule, Buy)).toBe('0.0007');
    expect(closeFeeRate(rule, Sell)).toBe('0.0005');
  });

  it('cuts the affordable quantity to whole lots', () => {
    // Per unit 100 × (1/5 + 0.0005) = 20.05: 1000 ÷ 20.05 = 49.87… → 49; 500 ÷ 20.05 = 24.93… → 24.
    expect(affordableQuantity({ budget: '1000', price: '100', leverage: 5, feeRate: '0.0005', lotSize: '1' })).toBe('49');
    expect(affordableQuantity({ budget: halfOf('1000'), price: '100', leverage: 5, feeRate: '0.0005', lotSize: '1' })).toBe('24');
    // 100000 ÷ 10.005 = 9995.00… → 99 lots of 100.
    expect(affordableQuantity({ budget: '100000', price: '10', leverage: 1, feeRate: '0.0005', lotSize: '100' })).toBe('9900');
    expect(affordableQuantity({ budget: '1', price: '65000', leverage: 10, feeRate: '0.001', lotSize: '0.001' })).toBe('0');
    expect(affordableQuantity({ budget: '100', price: '65000', leverage: 10, feeRate: '0.001', lotSize: '0.001' })).toBe('0.015'); // 100 ÷ 6565 = 0.01523…
  });
});

describe('an open position', () => {
  it('floats profit in the wallet’s currency: + for a long that rose, + for a short that fell', () => {
    expect(floatingProfit({ direction: Buy, openPrice: '100', exitPrice: '110', quantity: '10' })).toBe('100');
    expect(floatingProfit({ direction: Sell, openPrice: '1.08517', exitPrice: '1.08412', quantity: '10000' })).toBe('10.5');
    expect(floatingProfit({ direction: Sell, openPrice: '100', exitPrice: '110', quantity: '10', rate: '0.921658986175' })).toBe('-92.1658986175');
  });

  it('shows profit as a percentage of the margin', () => {
    expect(profitPercent('-12.34', '200.00')).toBe('-6.17');
    expect(profitPercent('0.01', '3')).toBe('0.33');
    expect(profitPercent('0.02', '3')).toBe('0.67');
    expect(profitPercent('5', '0.00')).toBe('0.00');
  });

  it('is liquidated where equity reaches the maintenance level', () => {
    const long = { direction: Buy, openPrice: '100', margin: '200', quantity: '10', maintenanceRatio: '0.5' };
    expect(liquidationPriceOf(long, 2)).toBe('90.00'); // 100 − 200 × 0.5 ÷ 10
    expect(liquidationPriceOf({ ...long, direction: Sell }, 2)).toBe('110.00');
    expect(liquidationPriceOf({ ...long, margin: '5000' }, 2)).toBe('0.00'); // never below zero
    // 92.17 × 0.5 ÷ (10 × 0.921658986175) = 5.0002225000006250278…; 100 − that = 94.99977… → 95.00.
    expect(liquidationPriceOf({ ...long, margin: '92.17', rate: '0.921658986175' })).toBe('94.99977749999937497218749992187152343749');
    expect(liquidationPriceOf({ ...long, margin: '92.17', rate: '0.921658986175' }, 2)).toBe('95.00');
    expect(reachesMaintenance({ margin: '200', floating: '-100', maintenanceRatio: '0.5' })).toBe(true);
    expect(reachesMaintenance({ margin: '200', floating: '-99.99', maintenanceRatio: '0.5' })).toBe(false);
  });
});

describe('closing', () => {
  /** A long of 3 on a margin of 100.00, opened at 100: 1 of it closed at 104 at a 0.07 % fee. */
  const ONE_OF_THREE_CLOSED = {
    direction: Buy,
    openPrice: '100',
    closePrice: '104',
    quantity: '1',
    positionQuantity: '3',
    positionMargin: '100.00',
    closeFeeRate: '0.0007',
  };

  it('settles a whole close: profit less the closing fee', () => {
    // pnl (110 − 100) × 10 = 100.00; fee 1100 × 0.0005 = 0.55; payout 300.00 − 0.55.
    expect(
      closeSettlement({
        direction: Buy,
        openPrice: '100',
        closePrice: '110',
        quantity: '10',
        positionQuantity: '10',
        positionMargin: '200.00',
        closeFeeRate: '0.0005',
      }),
    ).toEqual({
      margin: '200',
      pnl: '100.00',
      closeFee: '0.55',
      fee: '0.55',
      payout: '299.45',
      book: '-100',
      realised: '99.45',
      loss: '-99.45',
      gross: '100.00',
      openFee: '0',
      fees: '0.55',
      net: '99.45',
      parts: { profit: '100', fee: '0.55' },
    });
  });

  it('states a closed trade once: gross before every fee, the fees, and net after them', () => {
    // The trade: realised −0.59 after a 0.46 closing fee, 0.46 paid at the open.
    // Gross −0.59 + 0.46 = −0.13; fees 0.46 + 0.46 = 0.92; net −0.13 − 0.92 = −1.05.
    expect(closedTradePnl({ realised: '-0.59', openFee: '0.46', closeFee: '0.46' })).toEqual({ gross: '-0.13', fees: '0.92', net: '-1.05' });
    // Financing and levies are fees too: 35.96 + 4.04 = 40.00 gross; 4.00 + 4.04 + 1.10 + 0.25 = 9.39; net 30.61.
    expect(closedTradePnl({ realised: '35.96', openFee: '4.00', closeFee: '4.04', financing: '1.10', levies: '0.25' })).toEqual({
      gross: '40.00',
      fees: '9.39',
      net: '30.61',
    });
    // A part closed: pnl 4.00, fee 0.07, a third of a 0.30 opening fee (0.10): gross 4.00, fees 0.17, net 3.83.
    expect(closeSettlement({ ...ONE_OF_THREE_CLOSED, positionOpenFee: '0.30' })).toMatchObject({
      gross: '4.00',
      fees: '0.17',
      net: '3.83',
    });
  });

  it('caps the loss at the margin and the fee at what is left', () => {
    const wiped = closeSettlement({
      direction: Sell,
      openPrice: '100',
      closePrice: '150',
      quantity: '10',
      positionQuantity: '10',
      positionMargin: '200',
      closeFeeRate: '0.0005',
    });
    expect(wiped).toMatchObject({ pnl: '-500.00', fee: '0', payout: '0', book: '200', realised: '-200', loss: '200' });
    // pnl −19.99 leaves 0.01; the 0.04 fee (80.01 × 0.0005 = 0.040005) is cut to it.
    const capped = closeSettlement({
      direction: Buy,
      openPrice: '100',
      closePrice: '80.01',
      quantity: '1',
      positionQuantity: '1',
      positionMargin: '20.00',
      closeFeeRate: '0.0005',
    });
    expect(capped).toMatchObject({ pnl: '-19.99', closeFee: '0.04', fee: '0.01', payout: '0', book: '19.99', realised: '-20' });
  });

  it('releases a partial close’s share of the margin as the server does, one cent off the exact share at the edge', () => {
    expect(marginShare('200', '5', '10')).toBe('100.00');
    expect(marginShare('200.00', '10', '10')).toBe('200');
    // 0.14 × 1/28 is exactly 0.005, but 1/28 at 40 digits is a hair low, so the server books 0.00.
    expect(marginShare('0.14', '1', '28')).toBe('0.00');
    // 0.13 × 17/26 is exactly 0.085 and books 0.08 for the same reason.
    expect(marginShare('0.13', '17', '26')).toBe('0.08');
    // 0.03 × 5/6 = 0.025: the product's own 40-digit rounding lands on 0.025 again, so 0.03.
    expect(marginShare('0.03', '5', '6')).toBe('0.03');
    const part = closeSettlement(ONE_OF_THREE_CLOSED);
    // margin 100 × 1/3 = 33.33; pnl 4.00; fee 104 × 0.0007 = 0.0728 → 0.07.
    expect(part).toMatchObject({ margin: '33.33', pnl: '4.00', fee: '0.07', payout: '37.26', realised: '3.93' });
  });
});

describe('rounding that cannot be gamed', () => {
  it('charges at least one cent of fee on an order with a non-zero fee rate', () => {
    expect(chargedFee('0.0045')).toBe('0.01');
    expect(chargedFee('0')).toBe('0.00');
    expect(chargedFee('0.015')).toBe('0.02');
    // 9 × 0.0005 = 0.0045: 0.00 without the floor, 0.01 with it.
    expect(orderCosts({ price: '9', quantity: '1', leverage: 1, feeRate: '0.0005' })).toMatchObject({ fee: '0.01', total: '9.01' });
    expect(orderCosts({ price: '9', quantity: '1', leverage: 1, feeRate: '0' })).toMatchObject({ fee: '0.00' });
  });

  it('closes in ten pieces exactly what one close books', () => {
    // Long 10 at 100 (margin 200.00, opening fee 0.50), closed at 99.9991 with a close rate of 0.0005.
    // One close: pnl −0.0009 × 10 = −0.009 → −0.01; fee 999.991 × 0.0005 = 0.4999955 → 0.50;
    // realised −0.51; net with the 0.50 opening fee −1.01.
    const base = { direction: Buy, openPrice: '100', closePrice: '99.9991', closeFeeRate: '0.0005' };
    const once = closeSettlement({ ...base, quantity: '10', positionQuantity: '10', positionMargin: '200.00', positionOpenFee: '0.50' });
    expect(once).toMatchObject({ pnl: '-0.01', fee: '0.5', realised: '-0.51', gross: '-0.01', openFee: '0.5', net: '-1.01' });
    // Ten closes of 1: each alone is −0.0009 of pnl (0.00) and 0.04999955 of fee (0.05); on the running totals
    // the pnl books −0.01 at the sixth (−0.0054) and nothing after, and the fees add to 0.50.
    let parts = { profit: '0', fee: '0' };
    let [quantity, margin, openFee] = ['10', '200.00', '0.50'];
    const booked = { pnl: '0', fee: '0', realised: '0', net: '0', openFee: '0', margin: '0' };
    for (let i = 0; i < 10; i++) {
      const c = closeSettlement({ ...base, quantity: '1', positionQuantity: quantity, positionMargin: margin, positionOpenFee: openFee, parts });
      for (const k of Object.keys(booked) as (keyof typeof booked)[]) booked[k] = addPrecise(booked[k], c[k]);
      if (i === 5) expect(c.pnl).toBe('-0.01');
      parts = c.parts;
      quantity = subPrecise(quantity, '1');
      margin = subPrecise(margin, c.margin);
      openFee = subPrecise(openFee, c.openFee);
    }
    expect(Object.values(booked).map((v) => roundDecimal(v, 2))).toEqual(['-0.01', '0.50', '-0.51', '-1.01', '0.50', '200.00']);
  });

  it('applies the fee floor once to a position closed in pieces', () => {
    // Ten closes of 1 at 10 with a rate of 0.0001: 0.001 each, 0.01 in all. The first pays the floor, the rest nothing.
    let parts = { profit: '0', fee: '0' };
    const fees: string[] = [];
    for (let i = 0; i < 10; i++) {
      const c = closeSettlement({
        direction: Buy,
        openPrice: '10',
        closePrice: '10',
        quantity: '1',
        positionQuantity: String(10 - i),
        positionMargin: '100',
        closeFeeRate: '0.0001',
        parts,
      });
      fees.push(c.closeFee);
      parts = c.parts;
    }
    expect(fees).toEqual(['0.01', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00']);
    expect(
      closeSettlement({
        direction: Buy,
        openPrice: '10',
        closePrice: '10',
        quantity: '10',
        positionQuantity: '10',
        positionMargin: '100',
        closeFeeRate: '0.0001',
      }).closeFee,
    ).toBe('0.01');
  });
});

describe('rates and conversions', () => {
  it('crosses through the dollar to 12 places', () => {
    expect(exchangeRateOf('1.085', '1')).toBe('1.085');
    expect(exchangeRateOf('1', '1')).toBe('1');
    // HKD per dollar 7.8: one HKD is 0.12820512820…; in euros ÷ 1.085 = 0.11816140848…
    expect(inverseRate('7.8')).toBe('0.1282051282051282051282051282051282051282');
    expect(exchangeRateOf(inverseRate('7.8'), '1.085')).toBe('0.118161408484');
  });

  it('converts an amount to the cent', () => {
    expect(convertAmount('100', '1.085')).toBe('108.50');
    expect(convertAmount('33.33', '1.08527')).toBe('36.17'); // 36.1720491
    expect(convertAmount('0.01', '0.5')).toBe('0.01'); // 0.005
  });
});

describe('instruments', () => {
  it('orders each asset class through its call', () => {
    expect(orderCallFor({ assetClass: 'stock', market: 'US' })).toBe('orderStock');
    expect(orderCallFor({ assetClass: 'stock', market: 'HK' })).toBe('orderHk');
    expect(orderCallFor({ assetClass: 'stock', market: 'NL' })).toBe('orderStock');
    expect(orderCallFor({ assetClass: 'energy', market: 'FUT' })).toBe('orderCrude');
    expect(orderCallFor({ assetClass: 'agri', market: 'FUT' })).toBe('orderCrude');
    for (const assetClass of ['future', 'metal', 'forex', 'crypto'] as const) expect(orderCallFor({ assetClass, market: 'FX' })).toBe('orderGold');
    expect(orderCallFor({ assetClass: 'index', market: 'INDEX' })).toBeNull();
    expect(orderCallFor({ assetClass: 'bond', market: 'BOND' })).toBeNull();
  });

  it('trades each from its wallet', () => {
    expect(walletFor({ assetClass: 'stock', market: 'US' })).toBe(WalletCode.UsStock);
    expect(walletFor({ assetClass: 'stock', market: 'HK' })).toBe(WalletCode.HkStock);
    expect(walletFor({ assetClass: 'stock', market: 'MX' })).toBe(WalletCode.MexicoStock);
    expect(walletFor({ assetClass: 'stock', market: 'DE' })).toBe(WalletCode.Stock);
    expect(walletFor({ assetClass: 'crypto', market: 'CRYPTO' })).toBe(WalletCode.Forex);
    expect(walletFor({ assetClass: 'forex', market: 'FX' })).toBe(WalletCode.Forex);
    expect(walletFor({ assetClass: 'metal', market: 'FUT' })).toBe(WalletCode.Future);
  });

  it('calls a stock order of 10,000 shares or more large', () => {
    expect(isLargeOrder({ assetClass: 'stock' }, '10000')).toBe(true);
    expect(isLargeOrder({ assetClass: 'stock' }, '9999.99')).toBe(false);
    expect(isLargeOrder({ assetClass: 'future' }, '20000')).toBe(false);
  });
});

describe('dollar pairs', () => {
  it('value a currency in dollars by its pair, quoted either way, the dollar and USDT at one', () => {
    expect(dollarsPerUnit('USD', undefined)).toBe('1');
    expect(dollarsPerUnit('USDT', undefined)).toBe('1');
    expect(dollarsPerUnit('EUR', '1.085')).toBe('1.085');
    // USDHKD quotes Hong Kong dollars per dollar: one is 1 ÷ 7.8.
    expect(dollarsPerUnit('HKD', '7.8')).toBe(divPrecise(1, '7.8'));
    expect(dollarsPerUnit('HKD', undefined)).toBeNull();
  });

  it('know no currency outside the table, not even an object’s own names', () => {
    for (const currency of ['XYZ', 'constructor', 'toString', '__proto__']) {
      expect(dollarPairOf(currency), currency).toBeUndefined();
      expect(dollarsPerUnit(currency, '1'), currency).toBeNull();
    }
  });
});
