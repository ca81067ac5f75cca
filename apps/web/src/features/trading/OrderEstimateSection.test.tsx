import { OrderDirection, OrderType, WalletCode } from '@tradeapp/contract';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { showPage, unmountAll } from '../../testing/mountRoute';
import { estimateOrder } from './calc';
import { OrderEstimateSection } from './OrderEstimateSection';

// The order page's estimate as the investor reads it, in each language. The case, by hand:
// buy 0.01 BTC at the ask 100,000.00 USDT with leverage 10, opening fee 0.1 %, maintenance 50 %,
// into the FOREX wallet in euros at 0.8 EUR per USDT (EURUSD 1.25):
//   notional 100,000.00 x 0.01 = 1,000.00 USDT; margin 1,000.00 / 10 = 100.00 USDT; fee 1,000.00 x 0.001 = 1.00 USDT
//   charged to the wallet: margin 100.00 x 0.8 = 80.00 EUR, fee 1.00 x 0.8 = 0.80 EUR, 80.80 EUR in all
//   liquidation where equity is half the margin: 100,000.00 - (100.00 x 0.5) / 0.01 = 95,000.00
// The wallet holds 50.00 EUR, less than 80.80: the screen says so.

const quote = { bid: '99999.99', ask: '100000.00', price_nominal: '100000.00', assetClass: 'crypto' as const, currency: 'USDT', tickSize: '0.01' };
const estimate = estimateOrder({
  quote,
  direction: OrderDirection.Buy,
  type: OrderType.Market,
  limitPrice: '',
  quantity: '0.01',
  leverage: 10,
  rule: { buyRate: '0.001', sellRate: '0.001', maintenanceRatio: '0.5' },
  rate: '0.8',
  priceDecimals: 2,
});

afterAll(() => setLanguage('en'));
afterEach(unmountAll);

async function render(language: UiLanguage, balance: string | undefined) {
  const { text } = await showPage(
    <OrderEstimateSection
      estimate={estimate}
      quote={quote}
      walletCode={WalletCode.Forex}
      walletCurrency="EUR"
      balance={balance}
      needsRate
      onTransfer={() => undefined}
    />,
    '/',
    { language, turns: 0, within: 'page' },
  );
  return {
    notional: text('order-notional'),
    margin: text('order-margin'),
    fee: text('order-fee'),
    liquidation: text('order-liquidation'),
    available: text('order-available'),
    short: text('order-short'),
    liquidationNote: text('order-liquidation-note'),
  };
}

describe('the order estimate on screen', () => {
  // Notional and total are exact sums, not rounded amounts: the screen rounds them when it shows them.
  it('computes the figures the server books (the contract formulas)', () => {
    expect(estimate).toEqual({
      price: '100000.00',
      notional: '1000',
      margin: '100.00',
      fee: '1.00',
      liquidation: '95000.00',
      inWallet: { notional: '800', margin: '80.00', fee: '0.80', total: '80.8' },
      large: false,
    });
  });

  it('shows them in English', async () => {
    expect(await render('en', '50.00')).toEqual({
      notional: '1,000.00 USDT',
      margin: '100.00 USDT≈ €80.00',
      fee: '1.00 USDT≈ €0.80',
      liquidation: '95,000.00',
      available: '€50.00',
      short: expect.stringMatching(/^Your .+ wallet holds less than the margin and fee of this order\.$/),
      liquidationNote:
        'The liquidation price is fixed when the order fills: it depends on the open price, the quantity and the margin at the exchange rate of the order. It moves only if you add margin or close part of the position.',
    });
  });

  it('shows them in Dutch, with Dutch separators', async () => {
    const shown = await render('nl', '50.00');
    expect([shown.notional, shown.margin, shown.fee, shown.liquidation, shown.available]).toEqual([
      '1.000,00 USDT',
      '100,00 USDT≈ €80,00',
      '1,00 USDT≈ €0,80',
      '95.000,00',
      '€50,00',
    ]);
    expect(shown.short).not.toBeNull();
    expect(shown.liquidationNote).toMatch(/^De liquidatiekoers ligt vast/);
  });

  it('shows them in Chinese', async () => {
    const shown = await render('zh-Hans', '50.00');
    expect([shown.notional, shown.margin, shown.fee, shown.liquidation, shown.available]).toEqual([
      '1,000.00 USDT',
      '100.00 USDT≈ €80.00',
      '1.00 USDT≈ €0.80',
      '95,000.00',
      '€50.00',
    ]);
    expect(shown.liquidationNote).toMatch(/^强平价在委托成交时即固定/);
  });

  it('says nothing of a shortfall when the wallet holds the margin and fee', async () => {
    expect((await render('en', '80.80')).short).toBeNull();
  });
});
