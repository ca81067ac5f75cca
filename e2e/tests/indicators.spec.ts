import { expect, test } from '@playwright/test';
import { animationsDone, LANGUAGES, launch, seriousViolations, shot } from './support';

// Issue 18, chart indicators: on a daily chart the investor swaps the moving averages for Bollinger
// bands and adds MACD, RSI or KDJ in a pane under the candles; the legend names what is drawn and
// the choice is kept for the next quote page. Photographed in English, Dutch and Chinese at 390x844.

test.use({ bypassCSP: true });

const QUOTE = '/#/pages/quote/stock?name=SAP&code=SAP&source=0&market=DE&symbol=SAP.DE';

test('indicators over and under the candles, kept across quote pages', async ({ page }) => {
  await launch(page);
  for (const [i, language] of LANGUAGES.entries()) {
    await page.evaluate((lang) => localStorage.setItem('mm.language', lang), language.ui);
    await page.goto(QUOTE);
    await page.reload();
    const chart = page.getByTestId('chart');
    await expect(chart).toHaveAttribute('data-ready', 'true');
    // Intraday is a line: no indicators to choose.
    await expect(page.getByTestId('indicator-picker')).toHaveCount(0);
    await page.getByTestId('kline-range-1d').click();
    await expect(chart).toHaveAttribute('data-style', 'candles');
    await expect(chart).not.toHaveAttribute('data-candles', '0');
    // The first time the averages alone; after that, what the previous round left: Bollinger bands and MACD.
    await expect(chart).toHaveAttribute('data-overlay', i === 0 ? 'ma' : 'boll');
    await expect(chart).toHaveAttribute('data-oscillator', i === 0 ? 'none' : 'macd');
    await page.getByTestId('indicator-ma').click();
    await expect(chart).toHaveAttribute('data-overlay', 'ma');
    await expect(page.getByTestId('legend-ma')).toHaveText('MA5MA10MA20');

    await page.getByTestId('indicator-boll').click();
    await expect(chart).toHaveAttribute('data-overlay', 'boll');
    await expect(page.getByTestId('legend-boll')).toContainText('BOLL(20,2)');
    if (i === 0) await page.getByTestId('indicator-macd').click();
    await expect(chart).toHaveAttribute('data-oscillator', 'macd');
    await expect(page.getByTestId('indicator-macd')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('legend-macd')).toContainText('MACD(12,26,9)');
    await animationsDone(page);
    await shot(page, `indicators-boll-macd-${language.short}`);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('indicator-kdj').click();
    await expect(chart).toHaveAttribute('data-oscillator', 'kdj');
    await page.getByTestId('indicator-rsi').click();
    await expect(chart).toHaveAttribute('data-oscillator', 'rsi');
    // Tapping the chosen oscillator again hides its pane.
    await page.getByTestId('indicator-rsi').click();
    await expect(chart).toHaveAttribute('data-oscillator', 'none');
    await page.getByTestId('indicator-macd').click();
  }
  // The choice is kept: another quote page opens with it.
  await page.goto('/#/pages/quote/stock?name=ASML&code=ASML&source=0&market=NL&symbol=ASML.AS');
  await page.getByTestId('kline-range-1d').click();
  await expect(page.getByTestId('chart')).toHaveAttribute('data-overlay', 'boll');
  await expect(page.getByTestId('chart')).toHaveAttribute('data-oscillator', 'macd');
});
