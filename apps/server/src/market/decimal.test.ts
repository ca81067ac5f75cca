import { describe, expect, it } from 'vitest';
import { formatSteps, fromUnits, increment, parseSteps, toUnits } from './decimal';

describe('decimal', () => {
  it('round-trips decimal strings through integer units', () => {
    expect(toUnits('98.42', 2)).toBe(9842);
    expect(toUnits('1', 3)).toBe(1000);
    expect(fromUnits(9842, 2)).toBe('98.42');
    expect(fromUnits(5, 5)).toBe('0.00005');
    expect(fromUnits(-5, 2)).toBe('-0.05');
    expect(fromUnits(12, 0)).toBe('12');
  });

  it('formats and parses whole numbers of increments', () => {
    const quarter = increment('0.25');
    expect(formatSteps(27401, quarter)).toBe('6850.25');
    expect(parseSteps('6850.25', quarter)).toBe(27401);
    expect(parseSteps('6850.250', quarter)).toBe(27401);
    expect(() => parseSteps('6850.10', quarter)).toThrow();
    expect(formatSteps(7200, increment('0.015625'))).toBe('112.500000');
  });
});
