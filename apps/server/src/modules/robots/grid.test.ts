import { describe, expect, it } from 'vitest';
import { Dec } from '../../lib/decimal';
import { gridLevels, onQuote, openingBuys, pairProfit, startCells, type Cell } from './grid';

const d = (v: string) => new Dec(v);
const text = (xs: readonly Dec[]) => xs.map((x) => x.toFixed());
const quote = (bid: string, ask: string) => ({ bid: d(bid), ask: d(ask) });

describe('a grid robot’s rule', () => {
  it('spaces its levels equally (arithmetic) or by an equal ratio (geometric), on the tick', () => {
    expect(text(gridLevels({ lower: '90', upper: '110', cells: 4, mode: 'arithmetic', tick: '0.01' }))).toEqual(['90', '95', '100', '105', '110']);
    expect(text(gridLevels({ lower: '100', upper: '400', cells: 2, mode: 'geometric', tick: '0.01' }))).toEqual(['100', '200', '400']);
    // 100 x 1.5^(1/3) = 114.4714..., 131.0370...: each on the cent.
    expect(text(gridLevels({ lower: '100', upper: '150', cells: 3, mode: 'geometric', tick: '0.01' }))).toEqual(['100', '114.47', '131.04', '150']);
    expect(() => gridLevels({ lower: '100', upper: '100.02', cells: 4, mode: 'arithmetic', tick: '0.01' })).toThrow('same tick');
    expect(() => gridLevels({ lower: '110', upper: '90', cells: 4, mode: 'arithmetic', tick: '0.01' })).toThrow();
  });

  it('starts by buying at every level under the price, an equal share of the capital for each cell, floored to the lot', () => {
    const levels = gridLevels({ lower: '90', upper: '110', cells: 4, mode: 'arithmetic', tick: '0.01' });
    const cells = startCells(levels, d('101'), d('400'), '0.001')!;
    // 400 over four cells: 100 at 90 (1.111), at 95 (1.052), at 100 (1); the cell at 105 (0.952) waits.
    expect(cells.map((c) => [c.buy.toFixed(), c.sell.toFixed(), c.quantity.toFixed(), c.state])).toEqual([
      ['90', '95', '1.111', 'buying'],
      ['95', '100', '1.052', 'buying'],
      ['100', '105', '1', 'buying'],
      ['105', '110', '0.952', 'idle'],
    ]);
    expect(startCells(levels, d('89'), d('300'), '0.001')).toBeNull();
    expect(startCells(levels, d('101'), d('0.2'), '0.001')).toBeNull();
  });

  it('buys the cells at or over the price at the ask when it starts, lowest first, as far as its energy goes, and sells them one level up', () => {
    const levels = gridLevels({ lower: '90', upper: '110', cells: 4, mode: 'arithmetic', tick: '0.01' });
    const cells = startCells(levels, d('96'), d('400'), '0.001')!;
    const trades = (events: ReturnType<typeof onQuote>['events']) => events.map((e) => `${e.kind} ${e.cell}: ${e.quantity.toFixed()} @ ${e.price.toFixed()}`);
    // Under 96 the cells at 90 and 95 wait to buy; those at 100 (1 = 100 ÷ 100) and 105 (0.952) are bought at the ask.
    const opened = openingBuys(cells, d('96.01'), 5);
    expect(trades(opened.events)).toEqual(['bought 2: 1 @ 96.01', 'bought 3: 0.952 @ 96.01']);
    expect(opened.spent).toBe(2);
    expect(opened.cells.map((c) => c.state)).toEqual(['buying', 'buying', 'holding', 'holding']);
    expect(cells.map((c) => c.state)).toEqual(['buying', 'buying', 'idle', 'idle']);
    // One unit of energy: the lowest is bought; the other stays idle and buys once the ask has been over it and comes back.
    const short = openingBuys(cells, d('96.01'), 1);
    expect(trades(short.events)).toEqual(['bought 2: 1 @ 96.01']);
    expect(short.cells.map((c) => c.state)).toEqual(['buying', 'buying', 'holding', 'idle']);
    expect(openingBuys(cells, d('96.01'), 0).events).toEqual([]);
    // A rise sells what was bought at the start one level up: the bid at 105 sells the cell bought for the level at 100.
    const up = onQuote(opened.cells, quote('105.00', '105.01'), 5);
    expect(trades(up.events)).toEqual(['sold 2: 1 @ 105']);
    expect(up.cells.map((c) => c.state)).toEqual(['buying', 'buying', 'buying', 'holding']);
  });

  it('makes exactly the trades a price path implies: buys on the way down, sells one level up, re-buys, and stops at its energy', () => {
    const levels = gridLevels({ lower: '90', upper: '110', cells: 4, mode: 'arithmetic', tick: '0.01' });
    let cells: Cell[] = startCells(levels, d('101'), d('400'), '0.001')!;
    let energy = 5;
    const trades: string[] = [];
    for (const q of [
      quote('99.99', '100.00'),
      quote('94.99', '95.00'),
      quote('100.01', '100.02'),
      quote('105.40', '105.50'),
      quote('104.99', '105.00'),
      quote('99.90', '99.95'),
    ]) {
      const r = onQuote(cells, q, energy);
      cells = r.cells;
      energy -= r.spent;
      trades.push(...r.events.map((e) => `${e.kind} ${e.quantity.toFixed()} @ ${e.price.toFixed()}`));
    }
    expect(trades).toEqual([
      'bought 1 @ 100',
      'bought 1.052 @ 95',
      'sold 1.052 @ 100.01',
      'sold 1 @ 105.4',
      // The idle cell at 105 started buying when the ask went over it; the fifth fill is the last the energy allows.
      'bought 0.952 @ 105',
    ]);
    expect(energy).toBe(0);
    expect(cells.map((c) => c.state)).toEqual(['buying', 'buying', 'buying', 'holding']);
    // The completed pairs' profit before fees: 1.052 x 5.01 + 1 x 5.40.
    expect(
      pairProfit(d('95'), d('100.01'), d('1.052'))
        .add(pairProfit(d('100'), d('105.4'), d('1')))
        .toFixed(),
    ).toBe('10.67052');
  });
});
