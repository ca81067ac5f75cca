import { MarketSource, type Quote } from '@tradeapp/contract';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import QuotePage from '../features/market/QuotePage';
import { i18n, setLanguage } from '../i18n';
import { UI_LANGUAGES, type UiLanguage } from '../i18n/locale';
import { mountRoute, settle, unmountAll } from '../testing/mountRoute';
import { isShellQuote, quoteShell, SHELL_KEYS, type ShellStrings } from './shells';

// A quote page's picture in index.html (boot/shells.ts), painted from the quote's answer before the
// app's code arrives, is the navigation bar and head the page renders with the same answer, element
// for element, with the same classes, words and colours, in every language: the app's first render
// then takes its place without a jump, and the page's largest paint (the price) is the picture's.

const aapl = {
  symbol: 'AAPL',
  name: 'Apple Inc.',
  stock_code: 'AAPL',
  market: 'US',
  marketType: 'NASDAQ',
  assetClass: 'stock',
  source: MarketSource.Stock,
  currency: 'USD',
  price_nominal: '1295.4',
  preClose: '1296.6',
  change: '-1.2',
  change_ratio: '-0.0925',
  tickSize: '0.01',
  lotSize: '1',
  tradable: true,
  marketStatus: 'regular',
  simulated: true,
  timeZone: 'America/New_York',
  timestamp: Date.UTC(2026, 11, 7, 15),
  hasPreMarketData: false,
  hasPostMarketData: false,
} as unknown as Quote;

let answer: Quote = aapl;
vi.mock('../api/client', async (original) => ({
  ...(await original<object>()),
  // The quote answers; the chart, summary and the rest stay pending: the head renders without them.
  call: (route: string) => (route === 'stockDetail' ? Promise.resolve(answer) : new Promise(() => undefined)),
}));

// The chart's drawing library draws on a canvas, which jsdom has not: the chart's own markup stays, drawn by nothing.
vi.mock('../features/market/chartEngine', () => ({
  createKlineChart: () => new Proxy({}, { get: () => () => undefined }),
}));

afterAll(() => setLanguage('en'));
afterEach(unmountAll);

async function renderedPage(quote: Quote): Promise<Element> {
  answer = quote;
  const host = await mountRoute(QuotePage, `/pages/quote/stock?name=Apple&code=${quote.stock_code}&source=0&market=US&symbol=${quote.symbol}`);
  await settle(() => host.querySelector('[data-testid="quote-price"]') !== null);
  return host.querySelector('.page')!;
}

function shellPage(quote: Quote, language: UiLanguage): Element {
  const strings = Object.fromEntries(SHELL_KEYS.map((key) => [key, i18n.t(key, { lng: language, name: '{{name}}', price: '{{price}}' })])) as ShellStrings;
  const shell = document.createElement('div');
  shell.innerHTML = quoteShell(quote, strings, '<svg class="antd-mobile-icon"></svg>');
  return shell.querySelector('.page')!;
}

/** What the picture leaves to the app: the quote's time, an extended session's line, the chart's drawing and zone, a closed market's next opening. */
const APP_ONLY = ['quote-time', 'quote-extended', 'kline-canvas', 'kline-overlay', 'chart-zone', 'trading-note-open'];

/**
 * Each element's tag, classes, own words and inline style, depth first. Left out: icons (svg, the
 * arrow's markup is antd-mobile's own, rendered at build time), the buttons the bar gains with the
 * feature strings, the page's class for its action bar (below the first screen) and APP_ONLY.
 */
function outline(element: Element): string[] {
  const own = [...element.childNodes]
    .filter((n) => n.nodeType === Node.TEXT_NODE)
    .map((n) => n.textContent)
    .join('');
  const style = element.getAttribute('style');
  const classes = [...element.classList]
    .filter((c) => c !== 'with-actions')
    .sort()
    .join('.');
  const line = `${element.tagName.toLowerCase()}.${classes}${own ? ` "${own}"` : ''}${style ? ` {${style}}` : ''}`;
  const children = [...element.children].filter(
    (c) => c.tagName.toLowerCase() !== 'svg' && !c.classList.contains('nav-icon') && !APP_ONLY.some((name) => c.classList.contains(name)),
  );
  return [line, ...children.flatMap(outline)];
}

describe('a quote page’s picture in index.html', () => {
  for (const language of UI_LANGUAGES) {
    it(`is the bar and head the page renders with the same answer (${language})`, async () => {
      await setLanguage(language);
      const rendered = outline(await renderedPage(aapl));
      const shell = outline(shellPage(aapl, language));
      // The page goes on below the note (the quote's figures, its book), which the picture leaves to it.
      expect(rendered.slice(0, shell.length)).toEqual(shell);
      expect(shell.at(-1)).toMatch(/^div\.kline-wrap/);
      expect(shell).toContain(`span.flash.quote-price "${language === 'nl' ? '1.295,40' : '1,295.40'}" {color: var(--mm-fall-text);}`);
      expect(shell).toContain(`span.quote-change "${language === 'nl' ? '-1,20 -0,09%' : '-1.20 -0.09%'}" {color: var(--mm-fall-text);}`);
    });
  }

  it('shows a closed market’s note, the page’s largest paint, as the page does (nl)', async () => {
    await setLanguage('nl');
    const quote = {
      ...aapl,
      tradable: false,
      marketStatus: 'closed',
      nextOpenTimestamp: Date.UTC(2026, 11, 8, 14, 30),
      preClose: '1296.6',
    } as unknown as Quote;
    const rendered = outline(await renderedPage(quote));
    const shell = outline(shellPage(quote, 'nl'));
    expect(rendered.slice(0, shell.length)).toEqual(shell);
    expect(shell.slice(-3)).toEqual([
      'section.card.card-pad.closed.trading-note',
      `strong. "${i18n.t('marketHours.closedTitle', { lng: 'nl' })}"`,
      `p. "${i18n.t('marketHours.closedBody', { lng: 'nl' })}"`,
    ]);
    expect(shell).toContain('span.chart-preclose "Stippellijn: vorige slotkoers 1.296,60"');
  });

  it('shows an index’s note', async () => {
    await setLanguage('en');
    const index = { ...aapl, symbol: 'SPX', stock_code: 'SPX', assetClass: 'index', tradable: false, marketStatus: 'regular' } as unknown as Quote;
    const rendered = outline(await renderedPage(index));
    const shell = outline(shellPage(index, 'en'));
    expect(rendered.slice(0, shell.length)).toEqual(shell);
    expect(shell.at(-1)).toBe('p. "An index measures a market and cannot be bought or sold. Trade its stocks or futures instead."');
  });

  it('follows the answer: a rise, another phase, a quote not simulated', async () => {
    await setLanguage('en');
    const quote = { ...aapl, change: '3.5', change_ratio: '0.27', marketStatus: 'post', simulated: false, tickSize: '0.0001' } as Quote;
    const rendered = outline(await renderedPage(quote));
    const shell = outline(shellPage(quote, 'en'));
    expect(rendered.slice(0, shell.length)).toEqual(shell);
    expect(shell).toContain('span.phase-post.tag.tag-phase "After hours"');
    expect(shell).toContain('span.flash.quote-price "1,295.4000" {color: var(--mm-rise-text);}');
    expect(shell.some((line) => line.includes('tag-simulated'))).toBe(false);
  });

  it('is painted only from an answer with what the head shows', () => {
    expect(isShellQuote(aapl)).toBe(true);
    expect(isShellQuote({ ...aapl, price_nominal: null })).toBe(false);
    expect(isShellQuote({ ...aapl, marketStatus: 'lunch' })).toBe(false);
    // A bond's page waits for its feature strings before it shows the quote.
    expect(isShellQuote({ ...aapl, assetClass: 'bond', market: 'BOND' })).toBe(false);
    expect(isShellQuote(null)).toBe(false);
  });
});
