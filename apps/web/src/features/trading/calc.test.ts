import { OrderDirection, OrderType } from '@tradeapp/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { storeUiLanguage, type UiLanguage } from '../../i18n/locale';
import { formatInCurrency, formatPrice } from '../../lib/format';
import { rateBetween, rateFrom } from '../wallet';
import { estimateClose, estimateOrder, estimatePrice, heldFor, type OrderEstimate } from './calc';

// @testing-library/react is not installed: the order page's figures are checked through the pure
// estimate and the formatters it renders them with (OrderPage: inQuote, inWallet, formatPrice).

const quote = { bid: '99.50', ask: '100.50', price_nominal: '100.00', assetClass: 'stock' as const, currency: 'USD', tickSize: '0.01' };
const rule = { buyRate: '0.0005', sellRate: '0.0007', maintenanceRatio: '0.5' };

function estimate(over: Partial<Parameters<typeof estimateOrder>[0]> = {}): OrderEstimate | null {
  return estimateOrder({
    quote,
    direction: OrderDirection.Buy,
    type: OrderType.Market,
    limitPrice: '',
    quantity: '3',
    leverage: 5,
    rule,
    rate: '1',
    priceDecimals: 2,
    ...over,
  });
}

/** The lines of the order page's estimate, as shown. */
function shown(e: OrderEstimate | null, walletCurrency: string) {
  if (!e) return null;
  return {
    notional: formatInCurrency(e.notional, quote.currency),
    margin: formatInCurrency(e.margin, quote.currency),
    fee: formatInCurrency(e.fee, quote.currency),
    liquidation: e.liquidation ? formatPrice(e.liquidation, quote.tickSize) : '--',
    marginInWallet: e.inWallet ? formatInCurrency(e.inWallet.margin, walletCurrency) : null,
    feeInWallet: e.inWallet ? formatInCurrency(e.inWallet.fee, walletCurrency) : null,
  };
}

describe('the order estimate', () => {
  afterEach(() => storeUiLanguage('en'));

  it('prices a market buy at the ask, a sell at the bid, a limit at its price, an empty side at the last price', () => {
    expect(estimatePrice(quote, OrderDirection.Buy, OrderType.Market, '')).toBe('100.50');
    expect(estimatePrice(quote, OrderDirection.Sell, OrderType.Market, '')).toBe('99.50');
    expect(estimatePrice(quote, OrderDirection.Buy, OrderType.Limit, '90')).toBe('90');
    expect(estimatePrice(quote, OrderDirection.Buy, OrderType.Limit, '')).toBeNull();
    expect(estimatePrice({ ...quote, ask: '0' }, OrderDirection.Buy, OrderType.Market, '')).toBe('100.00');
  });

  it('computes margin and fee to the cent and the liquidation price with the contract’s formulas', () => {
    const e = estimate();
    expect(e).toMatchObject({ price: '100.50', margin: '60.30', fee: '0.15', liquidation: '90.45', large: false });
    expect(e?.notional).toMatch(/^301\.50*$/);
    // A sell pays the sell rate and is liquidated above its entry: 99.50 + 19.90 × 0.5 ÷ 1.
    expect(estimate({ direction: OrderDirection.Sell, quantity: '1' })).toMatchObject({ price: '99.50', margin: '19.90', fee: '0.07', liquidation: '109.45' });
    expect(estimate({ quantity: '0' })).toBeNull();
    expect(estimate({ rule: undefined })).toMatchObject({ fee: '0.00', liquidation: null });
  });

  it('charges the trading wallet in its own currency through the exchange rate', () => {
    const rate = rateBetween('USD', 'EUR', '1.085');
    expect(rate).toBe('0.921658986175');
    // 301.50 USD x 0.921658986175 = 277.8801843317625 EUR of notional: margin / 5 = 55.58, fee x 0.0005 = 0.14.
    expect(estimate({ rate })?.inWallet).toEqual({ notional: '277.8801843317625', margin: '55.58', fee: '0.14', total: '55.72' });
    expect(rateBetween('USDT', 'USD', undefined)).toBe('1');
    expect(rateBetween('USD', 'EUR', undefined)).toBeNull();
    expect(estimate({ rate: null })?.inWallet).toBeNull();
  });

  it('converts a Hong Kong stock into euros through USDHKD and EURUSD, as the server does', () => {
    // 1 HKD = 1 ÷ 7.8 dollars, and a euro 1.085 dollars: 1 ÷ (7.8 × 1.085) = 0.1181614084839891… EUR, to 12 places.
    expect(rateFrom('HKD', 'EUR', { USDHKD: '7.8', EURUSD: '1.085' })).toBe('0.118161408484');
    expect(rateFrom('EUR', 'HKD', { USDHKD: '7.8', EURUSD: '1.085' })).toBe('8.463');
    expect(rateFrom('HKD', 'EUR', { EURUSD: '1.085' })).toBeNull();
    expect(rateFrom('XYZ', 'EUR', { EURUSD: '1.085' })).toBeNull();
    expect(rateFrom('HKD', 'HKD', {})).toBe('1');
  });

  it('flags a large order for stocks only', () => {
    expect(estimate({ quantity: '10000' })?.large).toBe(true);
    expect(estimate({ quantity: '9999' })?.large).toBe(false);
    expect(estimate({ quote: { ...quote, assetClass: 'crypto' }, quantity: '10000' })?.large).toBe(false);
  });

  it.each<[UiLanguage, ReturnType<typeof shown>]>([
    ['en', { notional: '$301.50', margin: '$60.30', fee: '$0.15', liquidation: '90.45', marginInWallet: '€55.58', feeInWallet: '€0.14' }],
    ['nl', { notional: '$301,50', margin: '$60,30', fee: '$0,15', liquidation: '90,45', marginInWallet: '€55,58', feeInWallet: '€0,14' }],
    ['zh-Hans', { notional: '$301.50', margin: '$60.30', fee: '$0.15', liquidation: '90.45', marginInWallet: '€55.58', feeInWallet: '€0.14' }],
  ])('%s: shows the figures in the language’s form', (language, expected) => {
    storeUiLanguage(language);
    expect(shown(estimate({ rate: rateBetween('USD', 'EUR', '1.085') }), 'EUR')).toEqual(expected);
  });

  it('shows a large stock order’s notional grouped per language', () => {
    const e = estimate({ quantity: '10000', leverage: 10 });
    storeUiLanguage('nl');
    expect(shown(e, 'EUR')?.notional).toBe('$1.005.000,00');
    storeUiLanguage('en');
    expect(shown(e, 'EUR')?.notional).toBe('$1,005,000.00');
  });
});

describe('closing a position', () => {
  // A long 0.2 BTC opened at 100,000.01 USDT into the euro wallet (0.8 EUR per USDT), margin 1,600.00 EUR,
  // opening fee 16.00 EUR, closing fee rate 0.1 %: the server's own case (apps/server/test/trading.test.ts).
  const position = {
    direction: OrderDirection.Buy,
    openPrice: '100000.01',
    price: '100000.01',
    currentPrice: '100999.99',
    quantity: '0.2',
    margin: '1600.00',
    handlingFee: '16.00',
    closedParts: { profit: '0', fee: '0' },
  };
  const crypto = { buyRate: '0.001', sellRate: '0.001' };

  it('estimates a partial close with the contract formula: gross, both fees, net', () => {
    // A quarter at 100,999.99: profit 999.98 x 0.05 x 0.8 = 39.9992 -> 40.00; fee 100999.99 x 0.05 x 0.8 x 0.001
    // = 4.0399996 -> 4.04; opening fee share 16.00 / 4 = 4.00; net 40.00 - 4.04 - 4.00 = 31.96; payout 400.00 + 40.00 - 4.04.
    expect(estimateClose(position, '0.05', crypto, '0.8')).toEqual({
      price: '100999.99',
      quantity: '0.05',
      gross: '40.00',
      closeFee: '4.04',
      openFee: '4.00',
      net: '31.96',
      payout: '435.96',
    });
  });

  it('rounds on the running totals the rest carries, as the server books', () => {
    // The other 0.15 after that quarter: 159.9968 -> 160.00 less 40.00 = 120.00; 16.1599984 -> 16.16 less 4.04 = 12.12.
    const rest = { ...position, quantity: '0.15', margin: '1200.00', handlingFee: '12.00', closedParts: { profit: '39.9992', fee: '4.0399996' } };
    expect(estimateClose(rest, '0.15', crypto, '0.8')).toMatchObject({ gross: '120.00', closeFee: '12.12', openFee: '12.00', net: '95.88' });
  });

  it('has no estimate without a rate, a rule, a price or a valid quantity', () => {
    expect(estimateClose(position, '0.05', crypto, null)).toBeNull();
    expect(estimateClose(position, '0.05', undefined, '0.8')).toBeNull();
    expect(estimateClose({ ...position, currentPrice: null }, '0.05', crypto, '0.8')).toBeNull();
    expect(estimateClose(position, '0.3', crypto, '0.8')).toBeNull();
    expect(estimateClose(position, '', crypto, '0.8')).toBeNull();
  });

  it('says what an entrusted order holds: margin plus fee', () => {
    expect(heldFor({ margin: '80.72', handlingFee: '0.08' })).toBe('80.80');
  });
});
