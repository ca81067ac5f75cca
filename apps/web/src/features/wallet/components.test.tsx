import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { showPage, unmountAll } from '../../testing/mountRoute';
import { CountedAt, formatRate, formatSignedInCurrency } from './components';

// The line under every total assets: the EURUSD price the other currency was counted at and the
// moment it was quoted, in each language's number and time format. 14:05:00 UTC (the test's zone).
const QUOTED_AT = Date.UTC(2026, 10, 24, 14, 5, 0);

afterAll(() => setLanguage('en'));
afterEach(unmountAll);

async function rateLine(language: UiLanguage, eurUsd: string, now = QUOTED_AT + 3_600_000) {
  unmountAll();
  const line = await showPage(<CountedAt eurUsd={eurUsd} timestamp={QUOTED_AT} testId="rate" now={now} />, '/', { language, turns: 0, within: 'page' });
  return line.$('rate')?.textContent;
}

describe('the rate a total was counted at', () => {
  it('reads in three languages, the rate to at least four places', async () => {
    expect(await rateLine('en', '1.085')).toBe('Counted at 1 EUR = 1.0850 USD, 02:05 PM');
    expect(await rateLine('nl', '1.085')).toBe('Geteld tegen 1 EUR = 1,0850 USD, 14:05');
    expect(await rateLine('zh-Hans', '1.08523')).toBe('按 1 EUR = 1.08523 USD 折算，14:05');
  });

  it('gives the date of a rate quoted on another day (a market closed since)', async () => {
    const monday = QUOTED_AT + 3 * 86_400_000;
    expect(await rateLine('en', '1.085', monday)).toBe('Counted at 1 EUR = 1.0850 USD, 24/11/2026 02:05 PM');
    expect(await rateLine('nl', '1.085', monday)).toBe('Geteld tegen 1 EUR = 1,0850 USD, 24-11-2026 14:05');
    expect(await rateLine('zh-Hans', '1.085', monday)).toBe('按 1 EUR = 1.0850 USD 折算，2026-11-24 14:05');
  });

  it('never drops a digit of the rate and signs a profit', async () => {
    await setLanguage('en');
    expect(formatRate('1.0852312')).toBe('1.0852312');
    expect(formatRate('1.1')).toBe('1.1000');
    expect(formatSignedInCurrency('9.22', 'EUR')).toBe('+€9.22');
    expect(formatSignedInCurrency('-0.02', 'EUR')).toBe('-€0.02');
    expect(formatSignedInCurrency('0.00', 'USD')).toBe('$0.00');
    await setLanguage('nl');
    expect(formatSignedInCurrency('1234.5', 'EUR')).toBe('+€1.234,50');
  });
});
