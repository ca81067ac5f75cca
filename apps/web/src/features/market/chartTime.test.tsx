import type { Candle, KlineRange } from '@tradeapp/contract';
import { act, type ReactElement } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { showPage, unmountAll } from '../../testing/mountRoute';
import { axisLabel, crosshairLabel, fromVisible, movingAverage, seriesTime, toBars, toSeconds } from './chartEngine';
import { KlineChart } from './components/KlineChart';
import { RangeTabs } from './components/RangeTabs';
import { lastTradingDaysFrom, warmUp, WARM_UP_BARS } from './warmUp';

// Charts that tell the truth about time (issue 33): tabs named by what they draw, indicators that
// have a value on the first candle drawn, and times on the exchange's clock whatever the device's.

// jsdom has no canvas: the chart's component is rendered around a chart that draws nothing.
vi.mock('./chartEngine', async (original) => ({
  ...(await original<object>()),
  createKlineChart: () => ({ setData() {}, setOverlay() {}, focusMarks: () => false, setIndicators() {}, live() {}, remove() {} }),
}));

const deviceZone = process.env.TZ;
beforeAll(() => {
  // A reader in Amsterdam: the device's clock is an hour (in winter) ahead of UTC and six of New York.
  process.env.TZ = 'Europe/Amsterdam';
});
afterEach(unmountAll);
afterAll(async () => {
  process.env.TZ = deviceZone;
  await setLanguage('en');
});

async function mount(node: ReactElement, language: UiLanguage) {
  return (await showPage(node, '/', { language, turns: 0, within: 'page' })).el;
}

const DAY_MS = 86_400_000;
const candle = (time: number, close: number): Candle => ({
  time,
  open: String(close),
  high: String(close),
  low: String(close),
  close: String(close),
  volume: '100',
});

describe('the chart’s tabs', () => {
  it.each([
    ['en', ['Intraday', '5 days', 'Day', '3M', '1Y', '60 min']],
    ['nl', ['Intraday', '5 dagen', 'Dag', '3M', '1J', '60 min']],
    ['zh-Hans', ['分时', '五日', '日K', '3个月', '1年', '60分']],
  ] as const)('%s: say what they draw — 1d is daily candles, 1w five days, 1m hourly candles', async (language, labels) => {
    let chosen: KlineRange | undefined;
    const el = await mount(<RangeTabs range="1d" onChange={(r) => (chosen = r)} />, language);
    const tabs = [...el.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    expect(tabs.map((t) => t.textContent)).toEqual(labels);
    expect(tabs.map((t) => t.dataset.testid)).toEqual(['intraday', '1w', '1d', '3m', '1y', '1m'].map((r) => `kline-range-${r}`));
    expect(el.querySelector('[aria-selected="true"]')?.textContent).toBe(labels[2]);
    await act(async () => tabs[1]!.click());
    expect(chosen).toBe('1w');
  });
});

describe('indicators warmed up before the first candle drawn', () => {
  // Daily candles a day apart, closing 1, 2, 3, … 60: the 1y answer has all sixty, the 1d answer the last twenty (closes 41 to 60).
  const START = Date.UTC(2026, 8, 1);
  const year = Array.from({ length: 60 }, (_, i) => candle(START + i * DAY_MS, i + 1));
  const history = { range: '1y' as const, interval: '1d', candles: year };
  const day = { range: '1d' as const, interval: '1d', candles: year.slice(40) };

  it('gives the first candle drawn its MA20: the average of its own close and the 19 before, from the longer range', () => {
    const { candles, visibleFrom } = warmUp(day, history, 'America/New_York');
    // The 34 candles before the range's first (closes 7 to 40), then its own 20.
    expect(candles).toHaveLength(WARM_UP_BARS + 20);
    expect(candles[0]!.close).toBe('7');
    expect(visibleFrom).toBe(day.candles[0]!.time);
    expect(candles.filter((c) => c.time >= visibleFrom!)).toEqual(day.candles);
    const ma20 = fromVisible(movingAverage(toBars(candles), 20), toSeconds(visibleFrom!));
    // Closes 22 to 41: (22 + 41) × 20 ÷ 2 = 630, ÷ 20 = 31.5.
    expect(ma20[0]).toEqual({ time: toSeconds(day.candles[0]!.time), value: 31.5 });
    expect(ma20).toHaveLength(20);
    // Without the warm-up the first MA20 would fall on the twentieth candle drawn (close 60), the last one.
    expect(movingAverage(toBars(day.candles), 20)).toEqual([{ time: toSeconds(day.candles[19]!.time), value: 50.5 }]);
  });

  it('ignores an answer of another range or interval (a tab still loading), and draws the range alone', () => {
    expect(warmUp(day, { ...history, range: '3m' }, 'UTC')).toEqual({ candles: day.candles, visibleFrom: undefined });
    expect(warmUp(day, { ...history, interval: '1h' }, 'UTC')).toEqual({ candles: day.candles, visibleFrom: undefined });
    expect(warmUp(day, undefined, 'UTC')).toEqual({ candles: day.candles, visibleFrom: undefined });
  });

  it('keeps the first 34 hourly candles of 60 min for the indicators only', () => {
    const hourly = Array.from({ length: 100 }, (_, i) => candle(START + i * 3_600_000, 10));
    expect(warmUp({ range: '1m', interval: '1h', candles: hourly }, undefined, 'UTC').visibleFrom).toBe(hourly[34]!.time);
    // Too few to spare any: all drawn.
    expect(warmUp({ range: '1m', interval: '1h', candles: hourly.slice(0, 60) }, undefined, 'UTC').visibleFrom).toBeUndefined();
  });

  it('draws the last five trading days of "5 days", the days counted on the exchange’s clock', () => {
    // A US stock's 30-minute candles over seven days, Wednesday 11 to Wednesday 18 November 2026: the regular
    // session 09:30–16:00 New York (14:30–21:00 UTC), and one after-hours candle at 19:30 New York on the 11th,
    // which is 00:30 UTC on the 12th.
    const days = ['2026-11-11', '2026-11-12', '2026-11-13', '2026-11-16', '2026-11-17', '2026-11-18'];
    const candles: Candle[] = [];
    for (const d of days) {
      for (let k = 0; k < 13; k += 1) candles.push(candle(Date.parse(`${d}T14:30:00Z`) + k * 1_800_000, 10));
      if (d === '2026-11-11') candles.push(candle(Date.parse('2026-11-12T00:30:00Z'), 10));
    }
    const thursdayOpen = Date.parse('2026-11-12T14:30:00Z');
    const week = warmUp({ range: '1w', interval: '30m', candles }, undefined, 'America/New_York');
    expect(week.visibleFrom).toBe(thursdayOpen);
    // Thursday to Wednesday: five days of 13 candles drawn, Wednesday the 11th (14 candles) only read.
    expect(candles.filter((c) => c.time >= week.visibleFrom!)).toHaveLength(5 * 13);
    // On UTC's clock the after-hours candle would open Thursday: the zone decides.
    expect(lastTradingDaysFrom(candles, 5, 'UTC')).toBe(Date.parse('2026-11-12T00:30:00Z'));
    // Five days or fewer: all drawn.
    expect(lastTradingDaysFrom(candles.slice(14), 5, 'America/New_York')).toBeUndefined();
  });
});

describe('a US chart read in Amsterdam', () => {
  // Wednesday 18 November 2026 15:30 UTC: 10:30 in New York, 16:30 in Amsterdam.
  const AT = Date.parse('2026-11-18T15:30:00Z') / 1000;
  // 03:00 UTC on the 18th: still the 17th in New York (22:00), already the 18th in Amsterdam (04:00).
  const LATE = Date.parse('2026-11-18T03:00:00Z') / 1000;
  const NY = 'America/New_York';
  const plain = (s: string) => s.replace(/\s+/g, ' ');

  it.each([
    ['en', '10:30 AM', '18/11 10:30 AM', '17/11', '17/11/2026', 'Times: New York time'],
    ['nl', '10:30', '18-11 10:30', '17-11', '17-11-2026', 'Tijden: New Yorkse tijd'],
    ['zh-Hans', '10:30', '11-18 10:30', '11-17', '2026-11-17', '时间：纽约时间'],
  ] as const)('%s: the axis, the crosshair and the zone named are New York’s', async (language, tick, crosshair, day, date, zone) => {
    await setLanguage(language);
    // The device really is in Amsterdam.
    expect(new Date(AT * 1000).getHours()).toBe(16);
    expect(plain(axisLabel(seriesTime(AT, NY), 'time', NY))).toBe(tick);
    expect(plain(crosshairLabel(seriesTime(AT, NY), true, NY))).toBe(crosshair);
    expect(axisLabel(seriesTime(LATE, NY), 'day', NY)).toBe(day);
    expect(crosshairLabel(seriesTime(LATE, NY), false, NY)).toBe(date);
    const el = await mount(<KlineChart candles={[]} interval="1d" range="1d" decimals={2} timeZone={NY} loading={false} />, language);
    expect(el.querySelector('[data-testid="chart-zone"]')?.textContent).toBe(zone);
    expect(el.querySelector('[data-testid="chart"]')?.getAttribute('data-time-zone')).toBe(NY);
  });

  it('without a zone the device’s clock would have said 16:30: the zone is what moves it', async () => {
    await setLanguage('nl');
    expect(axisLabel(seriesTime(AT, undefined), 'time', undefined)).toBe('16:30');
  });
});
