import { WalletCode, type BondHolding, type BondQuote } from '@tradeapp/contract';
import type * as AntdMobile from 'antd-mobile';
import type { ComponentType } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { queryClient } from '../../lib/queryClient';
import { showPage, unmountAll } from '../../testing/mountRoute';

// The bond screens as the investor sees them, from the server's answers (the client is a stub): the
// list of bonds and bills with yields before and after the markup, the order page with its prices
// per 100 face, the face rule and the total to pay worked out exactly, the sale of a holding with
// what it pays, and the trade tab's holdings with their totals per currency.

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 24, 10);

const us2y: BondQuote = {
  symbol: 'US2Y',
  name: 'US Treasury Note 3.500% 31 Oct 2028',
  currency: 'USD',
  couponRate: '3.500',
  frequency: 2,
  maturity: Date.UTC(2028, 9, 31),
  couponDates: [Date.UTC(2027, 3, 30), Date.UTC(2027, 9, 31), Date.UTC(2028, 3, 30), Date.UTC(2028, 9, 31)],
  faceIncrement: '100',
  price: '99.8600',
  dirtyPrice: '100.1017',
  timestamp: NOW,
  // The day a purchase at this quote settles: its accrued interest, 1.75 × 25 ÷ 181 (31 October to 25 November), is to it.
  settlementDate: '2026-11-25',
  bid: '99.8500',
  ask: '99.8700',
  accrued: '0.2417',
  dirty: '100.1117',
  markup: '0.25',
  ytm: '3.5612',
  ytmAfterFees: '3.4281',
  curveRate: '3.5100',
  spreadBp: '5',
  paused: false,
  held: '2000',
};
const bill: BondQuote = {
  ...us2y,
  symbol: 'US13W',
  name: 'US Treasury Bill 13 weeks',
  couponRate: '0',
  frequency: 0,
  maturity: Date.UTC(2027, 1, 23),
  couponDates: [],
  price: '98.9100',
  dirtyPrice: '98.9100',
  bid: '98.9000',
  ask: '98.9200',
  accrued: '0',
  dirty: '98.9200',
  markup: '0.10',
  ytm: '4.3561',
  ytmAfterFees: '3.9502',
  paused: true,
  held: '0',
};
const mx: BondQuote = {
  ...us2y,
  symbol: 'MX10Y',
  name: 'Mexican Mbono 7.75% 23 Nov 2035',
  currency: 'MXN',
  couponRate: '7.750',
  faceIncrement: '1000',
  price: '99.8205',
  dirtyPrice: '100.06225',
  ask: '99.8705',
  accrued: '0.24175',
  dirty: '100.11225',
  held: '0',
};

const holding: BondHolding = {
  id: 7,
  symbol: 'US2Y',
  name: us2y.name,
  currency: 'USD',
  couponRate: '3.500',
  frequency: 2,
  maturity: us2y.maturity,
  status: 'holding',
  settlementDate: '2026-10-26',
  face: '2000',
  remaining: '2000',
  price: '99.8700',
  accrued: '0.2417',
  markup: '0.25',
  cost: '2007.23',
  fee: '5.00',
  ytm: '3.4281',
  coupons: '35.00',
  proceeds: '0.00',
  value: '2001.83',
  profit: '29.60',
  zde: '0.0100',
  nextCouponTimestamp: Date.UTC(2027, 3, 30),
  createTimeTimestamp: NOW - 30 * DAY,
  closeTimeTimestamp: null,
};
const sold: BondHolding = {
  ...holding,
  id: 6,
  status: 'sold',
  remaining: '0',
  value: '0.00',
  proceeds: '998.42',
  profit: '-4.10',
  nextCouponTimestamp: null,
  closeTimeTimestamp: NOW - 2 * DAY,
};

const answers: Record<string, unknown> = {
  bondQuotes: ({ symbol }: { symbol?: string }) => [us2y, bill, mx].filter((q) => !symbol || q.symbol === symbol),
  bondHoldings: { list: [holding, sold], total: 2, page: 1, size: 20 },
  bondTotal: {
    list: [{ currency: 'USD', face: '2000', value: '2001.83', cost: '2007.23', coupons: '35.00', profit: '29.60' }],
    totalEur: '1850.12',
    holdings: 1,
  },
  walletBalance: [
    { code: WalletCode.Funding, currency: 'EUR', symbol: '€', balance: '10.00', usedBalance: '0.00', total: '10.00' },
    { code: WalletCode.UsStock, currency: 'USD', symbol: '$', balance: '5000.00', usedBalance: '0.00', total: '5000.00' },
    { code: WalletCode.MexicoStock, currency: 'EUR', symbol: '€', balance: '100.00', usedBalance: '0.00', total: '100.00' },
  ],
};
const calls: Array<{ id: string; input: unknown; options: { idempotencyKey?: string } | undefined }> = [];
let create: () => Promise<unknown> = () => Promise.resolve(holding);
let sell: () => Promise<unknown> = () => Promise.resolve(sold);

vi.mock('../../api/client', async (original) => ({
  ...(await original<object>()),
  call: (id: string, input: unknown, options?: { idempotencyKey?: string }) => {
    calls.push({ id, input, options });
    if (id === 'bondCreate') return create();
    if (id === 'bondSell') return sell();
    const answer = answers[id];
    if (typeof answer === 'function') return Promise.resolve((answer as (input: unknown) => unknown)(input));
    return id in answers ? Promise.resolve(answer) : Promise.reject(new Error(`no answer for ${id}`));
  },
}));

const toasts: string[] = [];
vi.mock('../../ui/toast', () => ({ showToast: (content: string) => void toasts.push(content) }));

// The confirmation is antd's dialog: here the investor confirms at once, and what it asked is kept.
const questions: unknown[] = [];
vi.mock('antd-mobile', async (original) => {
  const antd = await original<typeof AntdMobile>();
  return {
    ...antd,
    Dialog: {
      ...antd.Dialog,
      confirm: (options: { content: unknown }) => {
        questions.push(options.content);
        return Promise.resolve(true);
      },
    },
  };
});

beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
beforeEach(() => {
  calls.length = 0;
  toasts.length = 0;
  questions.length = 0;
  localStorage.setItem('mm.token', 'test-token');
  create = () => Promise.resolve(holding);
  sell = () => Promise.resolve(sold);
});
afterAll(async () => {
  vi.useRealTimers();
  await setLanguage('en');
});
afterEach(unmountAll);

const show = (Page: ComponentType, url: string, language?: UiLanguage) => showPage(Page, url, { language, turns: 6 });

describe('the bond list', () => {
  it('lists every bond and bill with its coupon, maturity, clean and dirty price, yields before and after the markup and the face held', async () => {
    const { default: BondsListPage } = await import('./BondsListPage');
    const page = await show(BondsListPage, '/pages/bonds/list');
    expect(page.nodes('bond-row').map((n) => n.dataset.symbol)).toEqual(['US2Y', 'US13W', 'MX10Y']);
    expect(page.all('bond-row-coupon')).toEqual(['3.50%', 'None (bill)', '7.75%']);
    expect(page.all('bond-row-maturity')).toEqual(['31/10/2028', '23/02/2027', '31/10/2028']);
    // The clean price is the mid (the market quote's price), the dirty one with accrued interest; each labelled.
    expect(page.all('bond-row-price')).toEqual(['99.8600', '98.9100', '99.8205']);
    expect(page.all('bond-row-dirty')).toEqual(['100.1017', '98.9100', '100.06225']);
    const label = (id: string) => page.$(id)!.previousElementSibling!.textContent;
    expect([label('bond-row-price'), label('bond-row-dirty')]).toEqual(['Clean price', 'Dirty price (clean + accrued)']);
    expect(page.all('bond-row-ytm')).toEqual(['3.561%', '4.356%', '3.561%']);
    expect(page.all('bond-row-ytm-after')).toEqual(['3.428%', '3.950%', '3.428%']);
    expect(page.all('bond-row-held')).toEqual(['$2,000', 'None', 'None']);
    expect(page.all('bond-row-paused')).toEqual(['Paused']);
    expect(page.text('bond-curve-note')).toContain('Bond prices come from the simulated market');
    await page.click('bond-row-open');
    expect(page.where()).toBe('/pages/bonds/open?name=US+Treasury+Note+3.500%25+31+Oct+2028&code=US2Y&source=101&direction=0&symbol=US2Y');
  });

  it('reads in Dutch and in Chinese', async () => {
    const { default: BondsListPage } = await import('./BondsListPage');
    const nl = await show(BondsListPage, '/pages/bonds/list', 'nl');
    expect(nl.all('bond-row-coupon')[0]).toBe('3,50%');
    expect(nl.all('bond-row-maturity')[0]).toBe('31-10-2028');
    expect(nl.all('bond-row-held')[0]).toBe('$2.000');
    nl.unmount();
    queryClient.clear();
    const zh = await show(BondsListPage, '/pages/bonds/list', 'zh-Hans');
    expect(zh.all('bond-row-maturity')[0]).toBe('2028-10-31');
    expect(zh.all('bond-row-paused')).toEqual(['已暂停']);
  });
});

describe('a bond on its market quote page', () => {
  it('labels the clean price, the same as the bond list’s, and gives the dirty price with its accrued interest', async () => {
    const { default: BondQuotePrices } = await import('./BondQuotePrices');
    const Page = () => <BondQuotePrices symbol="US2Y" />;
    const page = await show(Page, '/pages/quote/stock?symbol=US2Y');
    expect(page.text('quote-bond-clean')).toBe('Clean price 99.8600');
    expect(page.text('quote-bond-dirty')).toBe('Dirty price 100.1017 (accrued interest 0.2417)');
  }, 30_000);
});

describe('buying a bond', () => {
  it('shows the prices per 100 face and the coupon dates', async () => {
    const { default: BondOpenPage } = await import('./BondOpenPage');
    const page = await show(BondOpenPage, '/pages/bonds/open?symbol=US2Y');
    expect(calls.find((c) => c.id === 'bondQuotes')?.input).toEqual({ symbol: 'US2Y' });
    expect(page.text('bond-coupon')).toBe('3.50% a year, paid twice a year');
    // 24 Nov 2026 to 31 Oct 2028: 707 days.
    expect(page.text('bond-maturity')).toBe('31/10/2028 (in 707 days)');
    expect(page.text('bond-coupon-dates')).toBe('30/04/2027 · 31/10/2027 · 30/04/2028 · 31/10/2028');
    // The price clean and dirty, each labelled; then the clean bid and ask, accrued interest and the dirty ask a purchase pays.
    expect(page.text('bond-price')).toBe('99.8600');
    expect(page.text('bond-dirty-price')).toBe('100.1017');
    expect(page.text('bond-bid')).toBe('99.8500');
    expect(page.text('bond-ask')).toBe('99.8700');
    expect(page.text('bond-accrued')).toBe('0.2417');
    expect(page.text('bond-dirty')).toBe('100.1117');
    const label = (id: string) => page.$(id)!.previousElementSibling!.textContent;
    expect(['bond-price', 'bond-dirty-price', 'bond-dirty'].map(label)).toEqual([
      'Clean price',
      'Dirty price (clean + accrued)',
      'Dirty ask (clean ask + accrued)',
    ]);
    expect(page.text('bond-markup')).toBe('0.2500');
    expect(page.text('bond-curve')).toBe('3.510% + 5 bp');
    expect(page.text('bond-ytm')).toBe('3.561%');
    expect(page.text('bond-ytm-after')).toBe('3.428%');
    expect(page.text('bond-wallet')).toBe('US stocks');
    expect(page.text('bond-balance')).toBe('$5,000.00');
    // The day a purchase now settles, in the form of the page's other dates.
    expect(page.text('bond-settlement')).toBe('25/11/2026');
    expect(page.$('bond-settlement')!.previousElementSibling!.textContent).toBe('Settles on');
  });

  it('says when a purchase settles in Dutch and in Chinese', async () => {
    const { default: BondOpenPage } = await import('./BondOpenPage');
    const nl = await show(BondOpenPage, '/pages/bonds/open?symbol=US2Y', 'nl');
    expect(nl.text('bond-settlement')).toBe('25-11-2026');
    expect(nl.$('bond-settlement')!.previousElementSibling!.textContent).toBe('Afgewikkeld op');
    nl.unmount();
    queryClient.clear();
    const zh = await show(BondOpenPage, '/pages/bonds/open?symbol=US2Y', 'zh-Hans');
    expect(zh.text('bond-settlement')).toBe('2026-11-25');
    expect(zh.$('bond-settlement')!.previousElementSibling!.textContent).toBe('交割日');
  });

  it('asks for a face in whole multiples of the increment, works out the total exactly and sends the dirty price seen', async () => {
    const { default: BondOpenPage } = await import('./BondOpenPage');
    const page = await show(BondOpenPage, '/pages/bonds/open?symbol=US2Y');
    await page.submit('bond-order');
    expect(page.text('bond-face-error')).toBe('Please enter purchase amount');
    await page.type('bond-face', '1.5');
    await page.submit('bond-order');
    expect(page.text('bond-face-error')).toBe('Enter a whole face amount');
    await page.type('bond-face', '1050');
    expect(page.text('bond-total')).toBe('--');
    await page.submit('bond-order');
    expect(page.text('bond-face-error')).toBe('Enter a multiple of 100');
    // (100.1117 + 0.25) × 100,000 ÷ 100 = 100,361.70, more than the $5,000 in the wallet.
    await page.type('bond-face', '100000');
    expect(page.text('bond-total')).toBe('$100,361.70');
    expect(page.$('bond-transfer')).not.toBeNull();
    await page.submit('bond-order');
    expect(page.text('bond-face-error')).toBe('Insufficient balance');
    expect(calls.some((c) => c.id === 'bondCreate')).toBe(false);
    // Each line × 1,000 ÷ 100 to the cent: clean 99.87 → $998.70, accrued 0.2417 → 2.417 → $2.42, markup 0.25 → $2.50; $1,003.62.
    await page.type('bond-face', '1000');
    expect(page.text('bond-clean-amount')).toBe('$998.70');
    expect(page.text('bond-accrued-amount')).toBe('$2.42');
    expect(page.text('bond-fee')).toBe('$2.50');
    expect(page.text('bond-total')).toBe('$1,003.62');
    await page.submit('bond-order');
    const sent = calls.find((c) => c.id === 'bondCreate');
    expect(sent?.input).toEqual({ stockCode: 'US2Y', face: '1000', seenDirty: '100.1117' });
    expect(sent?.options?.idempotencyKey).toMatch(/\S{8,}/);
    // The holding the server answered settles on 26 October.
    expect(toasts).toEqual(['Bond bought; it settles on 26/10/2026']);
    expect(page.where()).toBe('/pages/trade/index?tab=bonds');
  });

  it('shows the server’s refusal under the face, and keeps the key for a retry of the same order', async () => {
    create = () => Promise.reject(new ApiError('The price moved against you', { code: 400, key: 'e.bondPriceMoved' }));
    const { default: BondOpenPage } = await import('./BondOpenPage');
    const page = await show(BondOpenPage, '/pages/bonds/open?symbol=US2Y');
    await page.type('bond-face', '1000');
    await page.submit('bond-order');
    expect(page.text('bond-face-error')).toBe('The price moved against you');
    expect(page.where()).toBe('/pages/bonds/open?symbol=US2Y');
  });

  it('says a paused bill takes no purchases and that a bill has no coupons', async () => {
    const { default: BondOpenPage } = await import('./BondOpenPage');
    const page = await show(BondOpenPage, '/pages/bonds/open?symbol=US13W');
    expect(page.text('bond-coupon')).toBe('None (bill)');
    expect(page.text('bond-coupon-dates')).toBe('No coupons: a bill is bought below par and repaid at par at maturity');
    expect(page.text('bond-paused-note')).toContain('no new purchases');
    expect(page.$('bond-buy')?.hasAttribute('disabled')).toBe(true);
  });

  it('pays a peso bond from the Mexican wallet in euros, converted', async () => {
    const { default: BondOpenPage } = await import('./BondOpenPage');
    const page = await show(BondOpenPage, '/pages/bonds/open?symbol=MX10Y');
    expect(page.text('bond-wallet')).toBe('Mexico stocks');
    expect(page.text('bond-balance')).toBe('€100.00');
    await page.type('bond-face', '1500');
    await page.submit('bond-order');
    expect(page.text('bond-face-error')).toBe('Enter a multiple of 1,000');
    await page.type('bond-face', '1000');
    // Each line is rounded to the cent as the server books it: 998.705 → 998.71, 2.4175 → 2.42, 2.50;
    // 1,003.63, where the dirty price as a whole, 1,003.6225, would round to 1,003.62.
    expect(page.text('bond-total')).toBe('1,003.63 MXN');
    expect(page.text('bond-total-formula')).toContain('in euros at the current exchange rate');
    // No comparison across currencies here: the server converts and says if the wallet is short.
    expect(page.$('bond-transfer')).toBeNull();
  });

  it('says when the bond is not listed', async () => {
    const { default: BondOpenPage } = await import('./BondOpenPage');
    const page = await show(BondOpenPage, '/pages/bonds/open?symbol=XX1');
    expect(page.text('empty-state')).toContain('Bond not found');
  });
});

describe('selling a holding', () => {
  it('shows the holding and what selling all or part of it pays, and sells once confirmed', async () => {
    const { default: BondClosePage } = await import('./BondClosePage');
    const page = await show(BondClosePage, '/pages/bonds/close?id=7&name=US2Y');
    expect(page.text('bond-holding-status')).toBe('Bought');
    expect(page.text('bond-holding-face')).toBe('$2,000 of $2,000');
    expect(page.text('bond-holding-price')).toBe('99.8700 + 0.2417 accrued + 0.2500 markup');
    expect(page.text('bond-holding-settlement')).toBe('26/10/2026');
    expect(page.text('bond-holding-cost')).toBe('$2,007.23');
    expect(page.text('bond-holding-coupons')).toBe('$35.00');
    expect(page.text('bond-holding-profit')).toBe('+$29.60');
    expect((page.$('bond-sell-face') as HTMLInputElement).value).toBe('2000');
    // × 2,000 ÷ 100: bid 99.85 → $1,997.00, accrued 0.2417 → 4.834 → $4.83, markup 0.25 → $5.00: $1,996.83;
    // with $35.00 of coupons less $2,007.23 paid: +$24.60.
    expect(page.text('bond-sell-bid')).toBe('$1,997.00');
    expect(page.text('bond-sell-accrued')).toBe('$4.83');
    expect(page.text('bond-sell-markup')).toBe('-$5.00');
    expect(page.text('bond-sell-proceeds')).toBe('$1,996.83');
    expect(page.text('bond-sell-result')).toBe('+$24.60');
    // A sale at this quote settles when a purchase would.
    expect(page.text('bond-sell-settlement')).toBe('25/11/2026');
    await page.type('bond-sell-face', '3000');
    await page.submit('bond-sale');
    expect(page.text('bond-sell-face-error')).toBe('You hold $2,000 face of this bond');
    await page.type('bond-sell-face', '1000');
    // × 1,000 ÷ 100: $998.50 + $2.42 − $2.50 = $998.42; part of it: no result of the whole.
    expect(page.text('bond-sell-proceeds')).toBe('$998.42');
    expect(page.$('bond-sell-result')).toBeNull();
    await page.submit('bond-sale');
    const sent = calls.find((c) => c.id === 'bondSell');
    expect(sent?.input).toEqual({ id: 7, face: '1000' });
    expect(sent?.options?.idempotencyKey).toMatch(/\S{8,}/);
    expect(questions).toHaveLength(1);
    expect(toasts).toEqual(['Bond sold']);
    expect(page.where()).toBe('/pages/trade/index?tab=bonds');
  });

  it('sells all that remains without naming a face', async () => {
    const { default: BondClosePage } = await import('./BondClosePage');
    const page = await show(BondClosePage, '/pages/bonds/close?id=7');
    await page.submit('bond-sale');
    expect(calls.find((c) => c.id === 'bondSell')?.input).toEqual({ id: 7 });
  });

  it('says a holding already sold cannot be sold again', async () => {
    const { default: BondClosePage } = await import('./BondClosePage');
    const page = await show(BondClosePage, '/pages/bonds/close?id=6');
    expect(page.text('bond-closed-note')).toBe('This holding was sold on 22/11/2026.');
    expect(page.$('bond-sale')).toBeNull();
  });
});

describe('the trade tab’s bonds', () => {
  it('shows the totals per currency and every holding with its status, figures and next coupon', async () => {
    const { default: BondHoldings } = await import('./BondHoldings');
    const page = await show(BondHoldings, '/pages/trade/index?tab=bonds');
    expect(page.text('bond-total-eur')).toBe('€1,850.12');
    expect(page.all('bond-total-face')).toEqual(['$2,000']);
    expect(page.all('bond-total-value')).toEqual(['$2,001.83']);
    expect(page.all('bond-total-profit')).toEqual(['+$29.60']);
    expect(page.nodes('bond-holding-row').map((n) => n.dataset.status)).toEqual(['holding', 'sold']);
    expect(page.all('bond-holding-row-status')).toEqual(['Bought', 'Sold']);
    expect(page.all('bond-holding-row-face')).toEqual(['$2,000', '$2,000']);
    expect(page.all('bond-holding-row-cost')).toEqual(['$2,007.23', '$2,007.23']);
    expect(page.all('bond-holding-row-coupons')).toEqual(['$35.00', '$35.00']);
    expect(page.all('bond-holding-row-value')).toEqual(['$2,001.83', '$998.42']);
    expect(page.all('bond-holding-row-profit')).toEqual(['+$29.60', '-$4.10']);
    expect(page.all('bond-holding-row-next')).toEqual(['30/04/2027', '22/11/2026']);
    expect(page.nodes('bond-holding-sell')).toHaveLength(1);
    await page.click('bond-holding-sell');
    expect(page.where()).toBe('/pages/bonds/close?name=US+Treasury+Note+3.500%25+31+Oct+2028&code=US2Y&source=101&direction=1&id=7');
  });

  it('invites to buy when there are none', async () => {
    const saved = answers.bondHoldings;
    answers.bondHoldings = { list: [], total: 0, page: 1, size: 20 };
    try {
      const { default: BondHoldings } = await import('./BondHoldings');
      const page = await show(BondHoldings, '/pages/trade/index?tab=bonds');
      expect(page.text('empty-state')).toContain('No bonds yet');
      await page.click('bond-holdings-browse');
      expect(page.where()).toBe('/pages/bonds/list');
    } finally {
      answers.bondHoldings = saved;
    }
  });
});
