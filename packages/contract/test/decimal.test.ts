import { describe, expect, it } from 'vitest';
import { compareDecimal, divDecimal, floorDecimal, isDecimal, mulDecimal } from '../src/decimal';

describe('decimal helpers', () => {
  it('compares decimal strings of any scale', () => {
    expect(compareDecimal('10', '10.00')).toBe(0);
    expect(compareDecimal('10.01', '10.1')).toBe(-1);
    expect(compareDecimal('-1', '0')).toBe(-1);
    expect(compareDecimal('1234567890123456789.01', '1234567890123456789.009')).toBe(1);
    expect(compareDecimal('x', '1')).toBeNull();
  });

  it('multiplies with half-away-from-zero rounding', () => {
    expect(mulDecimal('100', '1.0850')).toBe('108.50');
    expect(mulDecimal('0.1', '0.2', 4)).toBe('0.0200');
    expect(mulDecimal('1.005', '1')).toBe('1.01');
    expect(mulDecimal('-1.005', '1')).toBe('-1.01');
    expect(mulDecimal('33.33', '1.08527')).toBe('36.17');
  });

  it('divides with rounding and refuses zero', () => {
    expect(divDecimal('108.50', '1.085')).toBe('100.00');
    expect(divDecimal('1', '3')).toBe('0.33');
    expect(divDecimal('2', '3')).toBe('0.67');
    expect(divDecimal('1', '3', 4)).toBe('0.3333');
    expect(divDecimal('1', '0')).toBeNull();
    expect(divDecimal('0.005', '1')).toBe('0.01');
  });

  it('floors to the amount precision', () => {
    expect(floorDecimal('12.3456')).toBe('12.34');
    expect(floorDecimal('12.3')).toBe('12.30');
    expect(floorDecimal('0.009')).toBe('0.00');
    expect(floorDecimal('-1.001')).toBe('-1.01');
  });

  it('recognises decimals', () => {
    expect(isDecimal('1.5')).toBe(true);
    expect(isDecimal('abc')).toBe(false);
    expect(isDecimal('')).toBe(false);
  });
});

describe('typed amounts', () => {
  it('reads a decimal comma and drops spaces', async () => {
    const { decimalInput } = await import('../src/decimal');
    expect(decimalInput('1 000,50')).toBe('1000.50');
    expect(decimalInput(undefined)).toBe('');
  });
});

describe('decimal sums and steps', () => {
  it('adds and subtracts exactly', async () => {
    const { addDecimal, subDecimal } = await import('../src/decimal');
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(subDecimal('1', '0.125')).toBe('0.875');
    expect(subDecimal('1.5', '2')).toBe('-0.5');
  });

  it('checks and cuts to lot and tick sizes', async () => {
    const { isMultipleOf, floorToStep } = await import('../src/decimal');
    expect(isMultipleOf('0.00030', '0.00001')).toBe(true);
    expect(isMultipleOf('150', '100')).toBe(false);
    expect(isMultipleOf('65012.5', '0.01')).toBe(true);
    expect(floorToStep('0.0456789', '0.00001')).toBe('0.04567');
    expect(floorToStep('250', '100')).toBe('200');
  });
});
