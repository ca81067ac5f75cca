import { AGENCY_STRATEGIES } from '@tradeapp/contract';
import { describe, expect, it } from 'vitest';
import { fractionText, leverageText, rankingRuleText, rankText, replaceAgency, returnText, stateOf, STRATEGY_LABELS, usdText } from './labels';

describe('the agencies page’s words and figures', () => {
  it('names every strategy of the contract as the app does', () => {
    expect(Object.keys(STRATEGY_LABELS).sort()).toEqual([...AGENCY_STRATEGIES].sort());
    expect(STRATEGY_LABELS.trend).toBe('Trend on index futures');
    expect(STRATEGY_LABELS.reversion).toBe('Mean reversion on large US stocks');
    expect(STRATEGY_LABELS.rotation).toBe('Forex momentum rotation');
    expect(STRATEGY_LABELS.breakout).toBe('Crypto breakout');
  });

  it('signs a return and dashes one the record is too young for', () => {
    expect(returnText('12.50')).toBe('+12.50 %');
    expect(returnText('-3.10')).toBe('-3.10 %');
    expect(returnText('0.00')).toBe('0.00 %');
    expect(returnText(null)).toBe('—');
  });

  it('writes a fraction as a percent without a float', () => {
    expect(fractionText('0.1234')).toBe('12.34 %');
    expect(fractionText('0.0000')).toBe('0.00 %');
    expect(fractionText('1.0000')).toBe('100.00 %');
    expect(fractionText('0.00005')).toBe('0.01 %');
    expect(fractionText(null)).toBe('—');
    expect(fractionText('n/a')).toBe('n/a');
  });

  it('writes dollars, leverage, rank and state', () => {
    expect(usdText('1234567.5')).toBe('1,234,567.50 USD');
    expect(leverageText(5)).toBe('5×');
    expect(rankText(1)).toBe('1');
    expect(rankText(null)).toBe('—');
    expect(stateOf({ paused: true })).toBe('paused');
    expect(stateOf({ paused: false })).toBe('running');
  });

  it('states the ranking rule from the contract', () => {
    expect(rankingRuleText()).toBe(
      'Rank (top 3): the 90-day return among agencies whose 90-day maximum drawdown is at most 25 %, ties by the smaller drawdown; an agency younger than 90 days is not ranked.',
    );
  });

  it('replaces the answered agency’s row and keeps the others', () => {
    const list = [
      { id: 1, paused: false },
      { id: 2, paused: false },
    ];
    expect(replaceAgency(list, { id: 2, paused: true })).toEqual([
      { id: 1, paused: false },
      { id: 2, paused: true },
    ]);
    expect(replaceAgency(undefined, { id: 2, paused: true })).toBeUndefined();
  });
});
