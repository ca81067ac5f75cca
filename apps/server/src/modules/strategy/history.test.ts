import { describe, expect, it } from 'vitest';
import { Dec } from '../../lib/decimal';
import { liquidatedWithin } from './history';
import type { DailyBar } from './strategies';

const H = 3_600_000;
const T0 = Date.parse('2026-03-02T14:00:00Z');
const bar = (hour: number, open: string, high: string, low: string, close: string): DailyBar => ({
  time: T0 + hour * H,
  open: new Dec(open),
  high: new Dec(high),
  low: new Dec(low),
  close: new Dec(close),
});

describe('liquidation over the market’s history', () => {
  const hours = new Map([
    [
      'ES',
      [
        bar(0, '7000.00', '7010.00', '6990.00', '7005.00'),
        bar(1, '7005.00', '7006.00', '6890.00', '6900.00'),
        bar(2, '6900.00', '6950.00', '6800.00', '6850.00'),
        bar(3, '6700.00', '6720.00', '6650.00', '6700.00'),
      ],
    ],
  ]);

  it('liquidates a long in the first hour whose low reaches its level, at the level, mid-hour; a short untouched stays', () => {
    const found = liquidatedWithin(
      [
        { id: 1, symbol: 'ES', direction: 0, openedAt: T0, level: '6895.00' },
        { id: 2, symbol: 'ES', direction: 1, openedAt: T0, level: '7100.00' },
      ],
      hours,
      new Map(),
      T0,
      T0 + 4 * H,
    );
    expect(found).toEqual([{ id: 1, price: new Dec('6895.00'), at: new Date(T0 + H + 30 * 60_000) }]);
  });

  it('takes the open of an hour that gapped past the level, at its start; ignores hours before the position opened and after the window', () => {
    const found = liquidatedWithin([{ id: 3, symbol: 'ES', direction: 0, openedAt: T0 + 3 * H, level: '6750.00' }], hours, new Map(), T0, T0 + 4 * H);
    expect(found).toEqual([{ id: 3, price: new Dec('6700.00'), at: new Date(T0 + 3 * H) }]);
    expect(liquidatedWithin([{ id: 4, symbol: 'ES', direction: 0, openedAt: T0, level: '6895.00' }], hours, new Map(), T0, T0 + H)).toEqual([]);
  });

  it('never liquidates a position without a level (leverage 1), and keeps its place from one day to the next', () => {
    const cursors = new Map<string, number>();
    expect(liquidatedWithin([{ id: 5, symbol: 'ES', direction: 0, openedAt: T0, level: null }], hours, cursors, T0, T0 + 2 * H)).toEqual([]);
    expect(cursors.get('ES')).toBe(2);
    // The next day's window starts where the last one ended: hour 1's low (6890) is not seen again.
    expect(liquidatedWithin([{ id: 6, symbol: 'ES', direction: 0, openedAt: T0, level: '6895.00' }], hours, cursors, T0 + 2 * H, T0 + 4 * H)).toEqual([
      { id: 6, price: new Dec('6895.00'), at: new Date(T0 + 2 * H + 30 * 60_000) },
    ]);
  });
});
