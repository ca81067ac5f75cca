import { describe, expect, it } from 'vitest';
import { formatParamPercent, formatRobotPercent, pairCurrency, statusKey, statusTone } from './calc';

// The robot screens' own arithmetic: a percentage to its smallest step, the colour of a status.

describe('a robot’s percentages', () => {
  it('are shown to 0.001 %, the display’s smallest step, signed, without a float', () => {
    expect(formatRobotPercent('-0.128')).toBe('-0.128%');
    expect(formatRobotPercent('1.5')).toBe('+1.500%');
    expect(formatRobotPercent('0.0004')).toBe('0.000%');
    expect(formatRobotPercent('0.0005')).toBe('+0.001%');
    expect(formatRobotPercent('123456789.1234')).toBe('+123456789.123%');
    expect(formatRobotPercent(null)).toBe('—');
  });

  it('read a parameter as the operator wrote it', () => {
    expect(formatParamPercent('0.05')).toBe('0.05%');
    expect(formatParamPercent('5')).toBe('5%');
  });
});

describe('a robot order’s status', () => {
  it('is yellow while it works (1-4), red when its energy is spent or its cycle over (5-6), grey once redeemed', () => {
    expect([1, 2, 3, 4, 5, 6].map((status) => statusTone({ status, redeemed: false }))).toEqual([
      'progress',
      'progress',
      'progress',
      'progress',
      'failed',
      'failed',
    ]);
    expect(statusTone({ status: 4, redeemed: true })).toBe('muted');
    expect([1, 2, 3, 4, 5, 6, 9, 0].map(statusKey)).toEqual(['searching', 'locating', 'started', 'mining', 'noEnergy', 'expired', 'expired', 'searching']);
  });

  it('names the pair’s quote currency', () => {
    expect(pairCurrency('BTCUSDT')).toBe('USDT');
    expect(pairCurrency('ETHUSD')).toBe('USD');
    expect(pairCurrency('XYZ')).toBe('');
  });
});
