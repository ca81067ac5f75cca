import { GRID_MODES, ROBOT_KINDS, zRobotCreate } from '@tradeapp/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api';
import { checkForm, emptyForm, fieldOf, inputOf, isCryptoPair, pathOf, refusalOf, type RobotForm } from './form';
import {
  cycleText,
  dcaCapitalPercent,
  energyText,
  eurText,
  gridSpan,
  KIND_LABELS,
  MODE_LABELS,
  ownersText,
  percentText,
  replaceRobot,
  stateOf,
  strategyText,
  withRobot,
} from './labels';

const PAIRS = [
  { symbol: 'BTCUSDT', stock_code: 'BTC/USDT' },
  { symbol: 'ETHUSDT', stock_code: 'ETH/USDT' },
  { symbol: 'SOLUSDT', stock_code: 'SOL/USDT' },
];

/** The seeded BTC grid robot, as an operator would type it. */
const grid = (patch: Partial<RobotForm> = {}): RobotForm => ({
  ...emptyForm(),
  symbol: 'btcusdt ',
  kind: 'grid',
  rangePercent: '5',
  cells: '20',
  mode: 'arithmetic',
  cycleDays: '7',
  rent: '9.90',
  price: '49.00',
  energy: '300',
  minAmount: '200',
  maxAmount: '50000',
  reason: ' A second BTC grid for the launch ',
  ...patch,
});

/** The seeded BTC DCA robot. */
const dca = (patch: Partial<RobotForm> = {}): RobotForm =>
  grid({ kind: 'dca', firstOrderPercent: '10', safetyOrderPercent: '15', safetyOrders: '6', deviationPercent: '1.5', takeProfitPercent: '1.2', ...patch });

/** The seeded DCA robot's parameters as the contract carries them (`dca()` is the same robot typed). */
const DCA_PARAMS = {
  kind: 'dca',
  firstOrderPercent: '10',
  safetyOrderPercent: '15',
  safetyOrders: 6,
  deviationPercent: '1.5',
  takeProfitPercent: '1.2',
} as const;

describe('the robots page’s words and figures', () => {
  it('names every strategy and grid spacing of the contract', () => {
    expect(Object.keys(KIND_LABELS).sort()).toEqual([...ROBOT_KINDS].sort());
    expect(Object.keys(MODE_LABELS).sort()).toEqual([...GRID_MODES].sort());
  });

  it('words a grid’s parameters', () => {
    expect(strategyText({ kind: 'grid', rangePercent: '5', cells: 20, mode: 'arithmetic' })).toEqual({
      title: 'Grid, 20 cells, arithmetic',
      detail: 'range ±5 % around the price at the start',
    });
    expect(strategyText({ kind: 'grid', rangePercent: '8.50', cells: 16, mode: 'geometric' }).title).toBe('Grid, 16 cells, geometric');
    expect(strategyText({ kind: 'grid', rangePercent: '8.50', cells: 16, mode: 'geometric' }).detail).toBe('range ±8.5 % around the price at the start');
  });

  it('words a DCA robot’s parameters, with the capital its buys can use', () => {
    const params = DCA_PARAMS;
    expect(strategyText(params)).toEqual({
      title: 'DCA, take profit 1.2 %',
      detail: 'first buy 10 % of the capital, up to 6 safety buys of 15 %, each 1.5 % lower (100 % of the capital in all)',
    });
    expect(strategyText({ ...params, safetyOrders: 1 }).detail).toBe(
      'first buy 10 % of the capital, up to 1 safety buy of 15 %, each 1.5 % lower (25 % of the capital in all)',
    );
    expect(strategyText({ ...params, safetyOrders: 0 }).detail).toBe('first buy 10 % of the capital, no safety buys (10 % of the capital in all)');
  });

  it('adds up a DCA robot’s buys exactly', () => {
    expect(dcaCapitalPercent({ firstOrderPercent: '0.1', safetyOrderPercent: '0.2', safetyOrders: 3 })).toBe('0.7');
    expect(dcaCapitalPercent({ firstOrderPercent: '10', safetyOrderPercent: '15.5', safetyOrders: 6 })).toBe('103');
    expect(dcaCapitalPercent({ firstOrderPercent: '', safetyOrderPercent: '15', safetyOrders: 6 })).toBeNull();
    expect(dcaCapitalPercent({ firstOrderPercent: '10', safetyOrderPercent: '15', safetyOrders: Number.NaN })).toBeNull();
  });

  it('writes percentages, euros, bounds, cycle, energy and state', () => {
    expect(percentText('1.50')).toBe('1.5 %');
    expect(percentText('5')).toBe('5 %');
    expect(eurText('1234567.5')).toBe('1,234,567.50 EUR');
    expect(cycleText(1)).toBe('1 day');
    expect(cycleText(30)).toBe('30 days');
    expect(energyText(1)).toBe('1 fill');
    expect(energyText(100000)).toBe('100,000 fills');
    expect(ownersText(0)).toBe('0 owners');
    expect(ownersText(1)).toBe('1 owner');
    expect(stateOf({ paused: true })).toBe('paused');
    expect(stateOf({ paused: false })).toBe('offered');
  });

  it('previews a grid’s range at a price, at the price’s decimals', () => {
    expect(gridSpan('94250.00', '5')).toEqual({ lower: '89537.50', upper: '98962.50' });
    expect(gridSpan('0.16240', '8')).toEqual({ lower: '0.14941', upper: '0.17539' });
    expect(gridSpan('94250.00', '')).toBeNull();
  });

  it('replaces the answered robot’s row and adds a new one', () => {
    const list = [
      { id: 1, paused: false },
      { id: 2, paused: false },
    ];
    expect(replaceRobot(list, { id: 2, paused: true })).toEqual([
      { id: 1, paused: false },
      { id: 2, paused: true },
    ]);
    expect(replaceRobot(undefined, { id: 2, paused: true })).toBeUndefined();
    expect(withRobot(list, { id: 3, paused: false })).toEqual([...list, { id: 3, paused: false }]);
    expect(withRobot(list, { id: 1, paused: true })).toEqual([
      { id: 1, paused: true },
      { id: 2, paused: false },
    ]);
    expect(withRobot(undefined, { id: 3, paused: false })).toBeUndefined();
  });
});

describe('the new robot form', () => {
  it('makes the contract’s request of a grid robot', () => {
    const input = inputOf(grid());
    expect(input).toEqual({
      symbol: 'BTCUSDT',
      params: { kind: 'grid', rangePercent: '5', cells: 20, mode: 'arithmetic' },
      cycleDays: 7,
      rent: '9.90',
      price: '49.00',
      energy: 300,
      minAmount: '200',
      maxAmount: '50000',
      reason: 'A second BTC grid for the launch',
    });
    expect(zRobotCreate.safeParse(input).success).toBe(true);
    expect(checkForm(grid(), PAIRS)).toEqual({});
  });

  it('makes the contract’s request of a DCA robot, without the grid’s fields', () => {
    const input = inputOf(dca());
    expect(input.params).toEqual(DCA_PARAMS);
    expect(zRobotCreate.safeParse(input).success).toBe(true);
    expect(checkForm(dca(), PAIRS)).toEqual({});
  });

  it('names every empty field of the chosen strategy, and no field of the other', () => {
    expect(checkForm(emptyForm(), PAIRS)).toEqual({
      symbol: 'Please fill in the required information',
      rangePercent: 'Please fill in the required information',
      cells: 'Please fill in the required information',
      cycleDays: 'Please fill in the required information',
      energy: 'Please fill in the required information',
      rent: 'Please enter the correct amount',
      price: 'Please enter the correct amount',
      minAmount: 'Please enter the correct amount',
      maxAmount: 'Please enter the correct amount',
      reason: 'Please give a reason',
    });
    expect(Object.keys(checkForm({ ...emptyForm(), kind: 'dca' }, PAIRS)).sort()).toEqual(
      [
        'symbol',
        'firstOrderPercent',
        'safetyOrderPercent',
        'safetyOrders',
        'deviationPercent',
        'takeProfitPercent',
        'cycleDays',
        'energy',
        'rent',
        'price',
        'minAmount',
        'maxAmount',
        'reason',
      ].sort(),
    );
  });

  it('refuses a pair that is not crypto once the pairs are known, and leaves it to the server before', () => {
    expect(checkForm(grid({ symbol: 'AAPL' }), PAIRS)).toEqual({ symbol: 'Robots trade crypto pairs only' });
    expect(checkForm(grid({ symbol: 'eth/usdt' }), PAIRS)).toEqual({});
    expect(checkForm(grid({ symbol: 'AAPL' }))).toEqual({});
    expect(checkForm(grid({ symbol: 'AAPL' }), [])).toEqual({});
    expect(isCryptoPair(' solusdt', PAIRS)).toBe(true);
  });

  it('says what is wrong with a percentage', () => {
    expect(checkForm(grid({ rangePercent: '5,5' }), PAIRS)).toEqual({ rangePercent: 'Robot parameters are numbers with at most 8 decimals' });
    expect(checkForm(grid({ rangePercent: '0.123456789' }), PAIRS)).toEqual({ rangePercent: 'Robot parameters are numbers with at most 8 decimals' });
    expect(checkForm(grid({ rangePercent: '0' }), PAIRS)).toEqual({ rangePercent: 'A percentage above 0 and below 100' });
    expect(checkForm(grid({ rangePercent: '100' }), PAIRS)).toEqual({ rangePercent: 'A percentage above 0 and below 100' });
    expect(checkForm(grid({ rangePercent: '99.99999999' }), PAIRS)).toEqual({});
    expect(checkForm(dca({ takeProfitPercent: '-1' }), PAIRS)).toEqual({ takeProfitPercent: 'Robot parameters are numbers with at most 8 decimals' });
    expect(checkForm(dca({ deviationPercent: '0.00' }), PAIRS)).toEqual({ deviationPercent: 'A percentage above 0 and below 100' });
  });

  it('keeps the whole numbers within the contract’s ranges', () => {
    expect(checkForm(grid({ cells: '1' }), PAIRS)).toEqual({ cells: 'A whole number from 2 to 100' });
    expect(checkForm(grid({ cells: '101' }), PAIRS)).toEqual({ cells: 'A whole number from 2 to 100' });
    expect(checkForm(grid({ cells: '2.5' }), PAIRS)).toEqual({ cells: 'A whole number from 2 to 100' });
    expect(checkForm(dca({ safetyOrders: '0' }), PAIRS)).toEqual({});
    expect(checkForm(dca({ safetyOrders: '21' }), PAIRS)).toEqual({ safetyOrders: 'A whole number from 0 to 20' });
    expect(checkForm(grid({ cycleDays: '0' }), PAIRS)).toEqual({ cycleDays: 'A whole number from 1 to 365' });
    expect(checkForm(grid({ cycleDays: '366' }), PAIRS)).toEqual({ cycleDays: 'A whole number from 1 to 365' });
    expect(checkForm(grid({ energy: '100001' }), PAIRS)).toEqual({ energy: 'A whole number from 1 to 100,000' });
  });

  it('checks the amounts and their bounds', () => {
    expect(checkForm(grid({ rent: '9.999' }), PAIRS)).toEqual({ rent: 'Amount: greater than 0, at most 2 decimals' });
    expect(checkForm(grid({ price: '0' }), PAIRS)).toEqual({ price: 'Amount: greater than 0, at most 2 decimals' });
    expect(checkForm(grid({ maxAmount: '50,000' }), PAIRS)).toEqual({ maxAmount: 'Amount: greater than 0, at most 2 decimals' });
    expect(checkForm(grid({ minAmount: '60000' }), PAIRS)).toEqual({ minAmount: 'The minimum amount must be positive and not above the maximum' });
    expect(checkForm(grid({ minAmount: '50000' }), PAIRS)).toEqual({});
  });

  it('leaves what weighs the parameters together to the server', () => {
    // 10 + 6 × 20 = 130 % of the capital: the server refuses it in its own words (e.robotParams).
    expect(checkForm(dca({ safetyOrderPercent: '20' }), PAIRS)).toEqual({});
  });

  it('names the fields as the server does', () => {
    expect(pathOf('cells')).toBe('params.cells');
    expect(pathOf('takeProfitPercent')).toBe('params.takeProfitPercent');
    expect(pathOf('minAmount')).toBe('minAmount');
    expect(fieldOf('params.cells')).toBe('cells');
    expect(fieldOf('reason')).toBe('reason');
    expect(fieldOf('params')).toBeNull();
    expect(fieldOf('kind')).toBeNull();
    expect(fieldOf('somethingElse')).toBeNull();
  });

  it('puts the server’s refusals under the field they are about', () => {
    const refused = (key: string, message: string, fields?: Record<string, string>) =>
      new ApiError(message, { code: 400, key: key as never, ...(fields ? { fields } : {}) });
    expect(refusalOf(refused('e.robotGrid', 'Two levels of this grid would fall on the same price'), 'grid')).toEqual({
      message: 'Two levels of this grid would fall on the same price',
      fields: { cells: 'Two levels of this grid would fall on the same price' },
    });
    expect(refusalOf(refused('e.robotNotCrypto', 'Robots trade crypto pairs only'), 'grid').fields).toEqual({ symbol: 'Robots trade crypto pairs only' });
    expect(refusalOf(refused('e.notFound', 'Not found'), 'dca').fields).toEqual({ symbol: 'No pair of this symbol on the market' });
    expect(refusalOf(refused('e.robotBounds', 'The minimum amount must be positive'), 'dca').fields).toEqual({
      minAmount: 'The minimum amount must be positive',
    });
    expect(refusalOf(refused('e.robotParams', 'Check the parameters'), 'grid').fields).toEqual({ rangePercent: 'Check the parameters' });
    // For DCA the parameters are refused together: the message above the form says it.
    expect(refusalOf(refused('e.robotParams', 'Check the parameters'), 'dca')).toEqual({ message: 'Check the parameters', fields: {} });
    // Field errors of the schema, by the server's path.
    expect(refusalOf(refused('v.robotParams', 'Robot parameters are numbers', { 'params.rangePercent': 'v.robotParams' }), 'grid').fields).toEqual({
      rangePercent: 'Robot parameters are numbers with at most 8 decimals',
    });
    expect(refusalOf(new Error('Cannot reach the server'), 'grid')).toEqual({ message: 'Cannot reach the server', fields: {} });
  });
});
