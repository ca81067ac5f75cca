import { MarketSource, OrderDirection, OrderStatus, OrderType, WalletCode, type MarginWarning, type Position, type PositionDetail } from '@tradeapp/contract';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import { showPage, tick, unmountAll } from '../../testing/mountRoute';
import PositionDetailPage from './PositionDetailPage';
import { tradingKeys } from './keys';

// A copy's position page (decision 0020): where it came from, with the way to its follow, and the
// close and add-margin buttons off with the server's sentence; a closed copy says what closed it. A
// robot's position (decision 0021) the same, with the way to its robot order.

const T = Date.UTC(2026, 10, 24, 12, 0, 0);
const copy: Position = {
  id: 501,
  positionNum: 'P501',
  symbol: 'ES',
  stockCode: 'ES',
  stockName: 'E-mini S&P 500',
  source: MarketSource.Future,
  market: 'US' as Position['market'],
  assetClass: 'future' as Position['assetClass'],
  currency: 'USD',
  walletCode: WalletCode.Follow,
  walletCurrency: 'USD',
  direction: OrderDirection.Buy,
  type: OrderType.Market,
  status: OrderStatus.InProgress,
  price: '5000.25',
  openPrice: '5000.25',
  quantity: '0.1',
  totalAmount: '500.03',
  handlingFee: '0.05',
  closeFee: null,
  leverage: 5,
  margin: '100.01',
  isolatedPosition: true,
  currentPrice: '5012.50',
  profit: '1.23',
  zdf: '1.23',
  sellProfit: null,
  grossProfit: null,
  netProfit: null,
  closedParts: { profit: '0', fee: '0' },
  closePrice: null,
  liquidationPrice: null,
  closeReason: null,
  largeOrder: false,
  createTimeTimestamp: T,
  marketDateTimestamp: T,
  modifyTimeTimestamp: T,
  closeTimeTimestamp: null,
  expiredDateTimestamp: null,
  lockedUntilTimestamp: null,
  followId: 7,
  robotOrderId: null,
};
let position: Position | PositionDetail = copy;
let warnings: MarginWarning[] = [];

vi.mock('../../api/client', async (original) => ({
  ...(await original<object>()),
  call: (id: string) => {
    if (id === 'position') return Promise.resolve(position);
    if (id === 'marginWarnings') return Promise.resolve(warnings);
    if (id === 'follow') return Promise.resolve({ id: 7, strategy: 'trend', status: 'following' });
    return Promise.reject(new Error(`no answer for ${id}`));
  },
}));

afterAll(() => setLanguage('en'));
afterEach(unmountAll);

function show(p: Position | PositionDetail, language: 'en' | 'nl' | 'zh-Hans' = 'en') {
  position = p;
  return showPage(PositionDetailPage, `/pages/trade/detail?id=${p.id}`, { language, turns: 3, within: 'page' });
}

describe('a copy’s position page', () => {
  it('names its agency, links its follow, and cannot be closed or topped up', async () => {
    const page = await show(copy);
    await page.until('detail-copy-follow');
    await tick();
    expect(page.text('detail-copy-tag')).toBe('Copy of Trend on index futures');
    expect(page.text('detail-copy-follow')).toBe('View the follow');
    expect(page.text('detail-copy-locked')).toBe('This position follows its agency and cannot be sold after placing: stop following to close it');
    expect(page.el.querySelector<HTMLButtonElement>('[data-testid="position-close"]')?.disabled).toBe(true);
    expect(page.el.querySelector<HTMLButtonElement>('[data-testid="add-margin"]')?.disabled).toBe(true);
  });

  it('says what closed a closed copy', async () => {
    const page = await show({
      ...copy,
      status: OrderStatus.Settled,
      closePrice: '4990',
      netProfit: '-1.10',
      grossProfit: '-1.00',
      closeFee: '0.05',
      closeReason: 'copyStop',
      closeTimeTimestamp: T,
    });
    expect(page.text('detail-close-reason')).toBe('The copy stop-loss');
    expect(page.el.querySelector('[data-testid="position-close"]')).toBeNull();
  });

  it('says a robot’s position belongs to its robot order, links it, and cannot be closed or topped up', async () => {
    const page = await show({ ...copy, walletCode: WalletCode.Financial, followId: null, robotOrderId: 12 });
    await page.until('detail-robot-order');
    expect(page.text('detail-robot-tag')).toBe('Robot');
    expect(page.text('detail-robot-order')).toBe('View the robot');
    expect(page.text('detail-robot-locked')).toBe('This position belongs to a robot: redeem the robot to close it');
    expect(page.el.querySelector('[data-testid="detail-copy"]')).toBeNull();
    expect(page.el.querySelector<HTMLButtonElement>('[data-testid="position-close"]')?.disabled).toBe(true);
    expect(page.el.querySelector<HTMLButtonElement>('[data-testid="add-margin"]')?.disabled).toBe(true);
  });

  it('leaves an ordinary position closable', async () => {
    const page = await show({ ...copy, walletCode: WalletCode.UsStock, followId: null });
    expect(page.el.querySelector('[data-testid="detail-copy"]')).toBeNull();
    expect(page.el.querySelector<HTMLButtonElement>('[data-testid="position-close"]')?.disabled).toBe(false);
  });
});

describe('a fill explained on the position page (issue 18)', () => {
  const at = Date.UTC(2026, 10, 24, 10, 1, 2, 311);
  const filled: PositionDetail = {
    ...copy,
    walletCode: WalletCode.UsStock,
    walletCurrency: 'EUR',
    followId: null,
    stops: { stopLoss: '4900.00', takeProfit: null, trailing: null },
    timeInForce: 'gtc',
    placedSession: 'pre',
    filledSession: 'regular',
    history: [
      { event: 'placed', status: OrderStatus.WaitingConfirmation, price: '5000.25', quantity: '0.1', timestamp: T, fill: null },
      {
        event: 'filled',
        status: OrderStatus.InProgress,
        price: '5000.25',
        quantity: '0.1',
        timestamp: T,
        fill: { bid: '5000.00', ask: '5000.25', spread: '0.25', quoteTimestamp: at, fee: '1234.10', session: 'regular' },
      },
    ],
  };

  it('says the side of the tick a buy took, its time to the millisecond, the spread and the fee, in each language', async () => {
    const cases = [
      ['en', /^Filled at 5,000\.25: ask 5,000\.25 at \d{2}:\d{2}:\d{2}\.311, spread 0\.25, fee €1,234\.10$/],
      ['nl', /^Uitgevoerd tegen 5\.000,25: laatkoers 5\.000,25 om \d{2}:\d{2}:\d{2},311, spread 0,25, kosten €1\.234,10$/],
      ['zh-Hans', /^成交价 5,000\.25：卖价 5,000\.25（\d{2}:\d{2}:\d{2}\.311），点差 0\.25，手续费 €1,234\.10$/],
    ] as const;
    for (const [language, line] of cases) {
      const page = await show(filled, language);
      expect(page.text('fill-explained')).toMatch(line);
      page.unmount();
      queryClient.clear();
    }
  });

  it('shows the stops as badges and the sessions placed and filled in', async () => {
    const page = await show(filled);
    expect(page.text('detail-stop-badges-sl')).toBe('SL 4,900.00');
    expect(page.text('detail-placed-session')).toBe('Pre-market');
    expect(page.text('detail-filled-session')).toBe('Regular hours');
    expect(page.el.querySelector('[data-testid="stops-edit"]')).not.toBeNull();
  });

  it("explains a short's close by the ask it bought back at", async () => {
    const page = await show({
      ...filled,
      direction: OrderDirection.Sell,
      status: OrderStatus.Settled,
      closeReason: 'stopLoss',
      history: [
        {
          event: 'closed',
          status: OrderStatus.Settled,
          price: '5010.50',
          quantity: '0.1',
          timestamp: T,
          fill: { bid: '5010.25', ask: '5010.50', spread: '0.25', quoteTimestamp: at, fee: '0.50', session: 'regular' },
        },
      ],
    });
    expect(page.text('fill-explained')).toMatch(/^Closed at 5,010\.50: ask 5,010\.50 at \d{2}:\d{2}:\d{2}\.311, spread 0\.25, fee €0\.50$/);
    expect(page.text('detail-close-reason')).toBe('Your stop-loss');
  });
});

describe('the margin warning ladder on the position page (issue 18)', () => {
  const own: Position = { ...copy, walletCode: WalletCode.Forex, walletCurrency: 'EUR', followId: null, liquidationPrice: '4750.26' };
  const at65: MarginWarning = {
    positionId: own.id,
    symbol: 'ES',
    stockCode: 'ES',
    stockName: 'E-mini S&P 500',
    level: '0.65',
    ratio: '61.37',
    equity: '61.38',
    margin: '100.01',
    walletCurrency: 'EUR',
    liquidationPrice: '4750.26',
    currency: 'USD',
    warnedTimestamp: T,
  };
  afterEach(() => {
    warnings = [];
  });

  it('says how far down the equity is and what happens at 50 %, in each language', async () => {
    warnings = [at65];
    const expected = {
      en: ['Equity 61.37% of margin', 'Equity is 61.37% of the margin, at or below 65%.'],
      nl: ['Vermogen 61,37% van marge', 'Het eigen vermogen is 61,37% van de marge, op of onder 65%.'],
      'zh-Hans': ['权益为保证金的 61.37%', '权益为保证金的 61.37%，已达到或低于 65%。'],
    } as const;
    for (const language of ['en', 'nl', 'zh-Hans'] as const) {
      const page = await show(own, language);
      await page.until('detail-margin-warning');
      const tag = page.el.querySelector('[data-testid="position-margin-warning"]');
      expect([tag?.textContent, tag?.getAttribute('data-level')]).toEqual([expected[language][0], '0.65']);
      expect(page.text('detail-margin-warning')).toContain(expected[language][1]);
      page.unmount();
      queryClient.clear();
    }
  });

  it('shows none for a position the ladder has not reached', async () => {
    warnings = [{ ...at65, positionId: own.id + 1 }];
    const page = await show(own);
    expect(page.text('detail-liquidation')).toBe('4,750.26');
    // The warnings were asked and answered: not merely not in yet.
    expect(queryClient.getQueryState(tradingKeys.marginWarnings())?.status).toBe('success');
    expect(page.el.querySelector('[data-testid="detail-margin-warning"]')).toBeNull();
  });
});
