import { dayOrderExpiry, leverageCapFor, OrderDirection, OrderType, WalletCode } from '@tradeapp/contract';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { showPage, unmountAll } from '../../testing/mountRoute';
import { estimateOrder } from './calc';
import { OrderConfirmSummary } from './OrderConfirmSummary';

// The order confirmation as the investor reads it, in each language. The case, by hand:
// buy 0.01 BTC at the ask 100,000.00 USDT with leverage 10 (bitcoin's retail cap is 2:1), opening
// fee 0.1 %, maintenance 50 %, from the FOREX wallet in euros at 0.8 EUR per USDT (EURUSD 1.25):
//   notional 100,000.00 x 0.01 = 1,000.00 USDT; margin 1,000.00 / 10 = 100.00 USDT; fee 1,000.00 x 0.001 = 1.00 USDT
//   in the wallet's euros: notional 800.00, margin 80.00, fee 0.80; 80.80 taken from the wallet
//   liquidation where the loss is half the margin: 100,000.00 - (80.00 / 0.8 x 0.5) / 0.01 = 95,000.00
// And a US share from the US stock wallet, both in dollars: nothing to convert, the total only:
// 3 AAPL at the ask 200.50 USD, leverage 5 (a share's cap): notional 601.50, margin 120.30, fee 0.30.

const btc = {
  symbol: 'BTCUSDT',
  bid: '99999.99',
  ask: '100000.00',
  price_nominal: '100000.00',
  assetClass: 'crypto' as const,
  currency: 'USDT',
  tickSize: '0.01',
  timeZone: 'UTC',
};
const aapl = {
  symbol: 'AAPL',
  bid: '200.40',
  ask: '200.50',
  price_nominal: '200.45',
  assetClass: 'stock' as const,
  currency: 'USD',
  tickSize: '0.01',
  timeZone: 'America/New_York',
};
const rule = { buyRate: '0.001', sellRate: '0.001', maintenanceRatio: '0.5' };
const order = (quote: typeof btc | typeof aapl, quantity: string, leverage: number, rate: string, buyRate = '0.001') =>
  estimateOrder({
    quote,
    direction: OrderDirection.Buy,
    type: OrderType.Market,
    limitPrice: '',
    quantity,
    leverage,
    rule: { ...rule, buyRate },
    rate,
    priceDecimals: 2,
  });

afterAll(() => setLanguage('en'));
afterEach(unmountAll);

async function render(language: UiLanguage, which: 'btc' | 'aapl' = 'btc', extra: { extendedHours?: boolean; expiresAt?: number | null } = {}) {
  const props =
    which === 'btc'
      ? {
          quote: btc,
          quantity: '0.01',
          leverage: 10,
          cap: leverageCapFor(btc),
          estimate: order(btc, '0.01', 10, '0.8'),
          walletCode: WalletCode.Forex,
          walletCurrency: 'EUR',
        }
      : {
          quote: aapl,
          quantity: '3',
          leverage: 5,
          cap: leverageCapFor(aapl),
          estimate: order(aapl, '3', 5, '1', '0.0005'),
          walletCode: WalletCode.UsStock,
          walletCurrency: 'USD',
        };
  const { el, text } = await showPage(<OrderConfirmSummary direction={OrderDirection.Buy} type={OrderType.Market} {...props} {...extra} />, '/', {
    language,
    turns: 0,
    within: 'page',
  });
  return {
    direction: text('confirm-direction'),
    quantity: text('confirm-quantity'),
    price: text('confirm-price'),
    leverage: text('confirm-leverage'),
    notional: text('confirm-notional'),
    margin: text('confirm-margin'),
    fee: text('confirm-fee'),
    liquidation: text('confirm-liquidation'),
    liquidationNote: text('confirm-liquidation-note'),
    walletNotional: text('confirm-wallet-notional'),
    walletMargin: text('confirm-wallet-margin'),
    walletFee: text('confirm-wallet-fee'),
    walletTotal: text('confirm-wallet-total'),
    wallet: text('confirm-wallet'),
    extended: text('confirm-extended'),
    expiry: text('confirm-expiry'),
    /** The column heads of the amounts: the instrument's currency, then the wallet's when it differs. */
    columns: [...el.querySelectorAll('.confirm-table thead th:not(:first-child)')].map((th) => th.textContent),
  };
}

describe('the order confirmation', () => {
  it('lists the order, notional, margin, fee, liquidation price and the amounts in the wallet’s currency, in English', async () => {
    const shown = await render('en');
    expect(shown).toEqual({
      direction: 'Buy · Market',
      quantity: '0.01',
      price: '100,000.00',
      leverage: '10xAbove the 2:1 retail limit',
      notional: '1,000.00 USDT',
      margin: '100.00 USDT',
      fee: '1.00 USDT',
      liquidation: '95,000.00',
      liquidationNote:
        'The liquidation price is fixed when the order fills: it depends on the open price, the quantity and the margin at the exchange rate of the order. It moves only if you add margin or close part of the position.',
      walletNotional: '€800.00',
      walletMargin: '€80.00',
      walletFee: '€0.80',
      walletTotal: '€80.80',
      wallet: 'From your Forex & crypto wallet€80.80Margin plus fee: the margin is held for the position, the fee paid when the order fills.',
      columns: ['USDT', 'EUR (wallet)'],
      extended: null,
      expiry: null,
    });
  });

  it('reads the same in Dutch, with Dutch separators', async () => {
    const shown = await render('nl');
    expect([shown.direction, shown.price, shown.leverage, shown.notional, shown.margin, shown.fee, shown.liquidation]).toEqual([
      'Koop · Markt',
      '100.000,00',
      '10xBoven de limiet van 2:1 voor particulieren',
      '1.000,00 USDT',
      '100,00 USDT',
      '1,00 USDT',
      '95.000,00',
    ]);
    expect([shown.walletNotional, shown.walletMargin, shown.walletFee, shown.walletTotal]).toEqual(['€800,00', '€80,00', '€0,80', '€80,80']);
    expect(shown.columns).toEqual(['USDT', 'EUR (rekening)']);
    expect(shown.wallet).toMatch(/^Van uw Forex & crypto-rekening€80,80Marge plus kosten/);
    expect(shown.liquidationNote).toMatch(/^De liquidatiekoers ligt vast/);
  });

  it('reads the same in Chinese', async () => {
    const shown = await render('zh-Hans');
    expect([shown.direction, shown.price, shown.leverage, shown.notional, shown.liquidation]).toEqual([
      '买入 · 市价',
      '100,000.00',
      '10倍高于 2:1 的散户上限',
      '1,000.00 USDT',
      '95,000.00',
    ]);
    expect([shown.walletNotional, shown.walletMargin, shown.walletFee, shown.walletTotal]).toEqual(['€800.00', '€80.00', '€0.80', '€80.80']);
    expect(shown.columns).toEqual(['USDT', 'EUR（账户）']);
    expect(shown.wallet).toMatch(/^从您的外汇与加密货币账户扣除€80\.80保证金加手续费/);
    expect(shown.liquidationNote).toMatch(/^强平价在委托成交时即固定/);
  });

  it('shows only the total when the wallet keeps the instrument’s currency, and no cap note at the cap', async () => {
    const shown = await render('en', 'aapl');
    expect(shown).toMatchObject({
      leverage: '5x',
      notional: '$601.50',
      margin: '$120.30',
      fee: '$0.30',
      walletNotional: null,
      walletMargin: null,
      walletFee: null,
      walletTotal: '$120.60',
    });
    expect(shown.wallet).toMatch(/^From your US stocks wallet\$120\.60/);
    expect(shown.columns).toEqual(['USD']);
  });

  it('says when a day order expires, on the exchange’s clock in the reader’s language, and whether it takes extended hours', async () => {
    // Placed Friday 27 November 2026 at 10:00 in New York (EST, UTC−5; 15:00 UTC), the half day after
    // Thanksgiving: the regular session closes at 13:00 (18:00 UTC), late trading at 17:00 (22:00 UTC).
    const placed = Date.parse('2026-11-27T15:00:00Z');
    const regular = dayOrderExpiry('US', placed, false);
    const late = dayOrderExpiry('US', placed, true);
    expect([regular, late]).toEqual([Date.parse('2026-11-27T18:00:00Z'), Date.parse('2026-11-27T22:00:00Z')]);
    expect(await render('en', 'aapl', { extendedHours: false, expiresAt: regular })).toMatchObject({
      extended: 'Regular hours only',
      expiry: 'Expires 27/11/2026 01:00 PM New York time',
    });
    expect(await render('en', 'aapl', { extendedHours: true, expiresAt: late })).toMatchObject({
      extended: 'Pre-market and after hours too',
      expiry: 'Expires 27/11/2026 05:00 PM New York time',
    });
    expect(await render('nl', 'aapl', { extendedHours: true, expiresAt: late })).toMatchObject({
      extended: 'Ook voorbeurs en nabeurs',
      expiry: 'Vervalt 27-11-2026 17:00 New Yorkse tijd',
    });
    expect(await render('zh-Hans', 'aapl', { extendedHours: false, expiresAt: regular })).toMatchObject({
      extended: '仅常规交易时段',
      expiry: '到期：纽约时间 2026-11-27 13:00',
    });
    // A good-till-cancelled order on an instrument without extended hours: neither line.
    expect(await render('en', 'btc', { expiresAt: null })).toMatchObject({ extended: null, expiry: null });
  });
});
