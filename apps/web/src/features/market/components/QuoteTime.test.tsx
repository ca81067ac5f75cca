import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../../i18n';
import type { UiLanguage } from '../../../i18n/locale';
import { showPage, unmountAll } from '../../../testing/mountRoute';
import { QuoteTime } from './QuoteTime';

// The quote's time line (issue 32): a closed market's quote is its last trade's, and the line says
// so, "as of" that time in the reader's language on the exchange's clock; an open market's is now.
// Tests run with TZ=UTC, so every time below is the exchange's, not the device's.

/** Friday 20 November 2026, 16:00 in Hong Kong (08:00 UTC): the close of its last session. */
const HK_CLOSE = Date.parse('2026-11-20T08:00:00Z');
/** Friday 20 November 2026, 20:00 in New York (01:00 UTC on Saturday): the end of the US after-hours session. */
const US_POST_END = Date.parse('2026-11-21T01:00:00Z');
/** Wednesday 18 November 2026, 10:30:00 in New York. */
const US_OPEN = Date.parse('2026-11-18T15:30:00Z');

afterEach(unmountAll);
afterAll(() => setLanguage('en'));

async function line(quote: { timestamp: number; timeZone: string; tradable: boolean; currency: string }, language: UiLanguage = 'en') {
  const shown = await showPage(<QuoteTime quote={quote} />, '/', { language, turns: 0, within: 'page' });
  const node = shown.$('quote-time')!;
  // Intl may put a narrow no-break space before AM/PM: compared as plain spaces.
  return { text: node.textContent!.replace(/\s+/g, ' '), closed: node.dataset.closed, zone: node.dataset.timeZone };
}

describe('the quote time line', () => {
  it.each([
    ['en', 'Last trade as of 20/11/2026 04:00 PM Hong Kong time · HKD'],
    ['nl', 'Laatste transactie per 20-11-2026 16:00 Hongkongse tijd · HKD'],
    ['zh-Hans', '最后成交截至 香港时间 2026-11-20 16:00 · HKD'],
  ] as const)('%s: a closed market is as of its last trade, in the reader’s language on the exchange’s clock', async (language, expected) => {
    const shown = await line({ timestamp: HK_CLOSE, timeZone: 'Asia/Hong_Kong', tradable: false, currency: 'HKD' }, language);
    expect(shown).toEqual({ text: expected, closed: 'true', zone: 'Asia/Hong_Kong' });
  });

  it('a US stock on a weekend: as of the end of Friday’s after-hours session, not now', async () => {
    const shown = await line({ timestamp: US_POST_END, timeZone: 'America/New_York', tradable: false, currency: 'USD' });
    expect(shown.text).toBe('Last trade as of 20/11/2026 08:00 PM New York time · USD');
  });

  it('an open market is as of now, to the second', async () => {
    const shown = await line({ timestamp: US_OPEN, timeZone: 'America/New_York', tradable: true, currency: 'USD' });
    expect(shown).toEqual({ text: 'As of 18/11/2026 10:30:00 AM New York time · USD', closed: undefined, zone: 'America/New_York' });
  });
});
