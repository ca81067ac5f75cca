import {
  addPrecise,
  isDecimal,
  mulPrecise,
  plainDecimal,
  roundDecimal,
  subPrecise,
  type GRID_MODES,
  type RobotKind,
  type RobotParams,
} from '@tradeapp/contract';
import { formatAmount } from '../../ui/format';

// How the robots page words a robot's strategy and writes its figures. The figures come from the
// server as decimal strings (the parameters as the operator typed them) and are only written out
// here, never recomputed; the one sum (how much of the capital a DCA robot can use) is exact.

/** Each strategy's name. */
export const KIND_LABELS: Record<RobotKind, string> = {
  grid: 'Grid',
  dca: 'DCA',
};

/** What each strategy does, under its choice on the form. */
export const KIND_HINTS: Record<RobotKind, string> = {
  grid: 'A grid buys at each level under the price and sells what it bought one level up.',
  dca: 'A DCA robot buys once, buys more each time the price falls further, and sells all at its take-profit over the average price.',
};

export type GridMode = (typeof GRID_MODES)[number];

export const MODE_LABELS: Record<GridMode, string> = {
  arithmetic: 'arithmetic',
  geometric: 'geometric',
};

/** How a grid's levels stand apart ("levels …"). */
export const MODE_HINTS: Record<GridMode, string> = {
  arithmetic: 'an equal price step apart',
  geometric: 'an equal percentage apart',
};

/** A percentage as the operator typed it, in its shortest form: "1.50" -> "1.5 %". */
export function percentText(percent: string): string {
  return `${isDecimal(percent) ? plainDecimal(percent) : percent} %`;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** How much of a DCA robot's capital its first and all its safety buys take, in percent; null when a part is not a number. */
export function dcaCapitalPercent(p: { firstOrderPercent: string; safetyOrderPercent: string; safetyOrders: number }): string | null {
  if (!isDecimal(p.firstOrderPercent) || !isDecimal(p.safetyOrderPercent) || !Number.isInteger(p.safetyOrders)) return null;
  return plainDecimal(addPrecise(p.firstOrderPercent, mulPrecise(p.safetyOrderPercent, p.safetyOrders)));
}

/** A robot's strategy in words: a headline and what its parameters do. */
export function strategyText(params: RobotParams): { title: string; detail: string } {
  if (params.kind === 'grid') {
    return {
      title: `${KIND_LABELS.grid}, ${plural(params.cells, 'cell', 'cells')}, ${MODE_LABELS[params.mode]}`,
      detail: `range ±${percentText(params.rangePercent)} around the price at the start`,
    };
  }
  const used = dcaCapitalPercent(params);
  const safety =
    params.safetyOrders === 0
      ? 'no safety buys'
      : `up to ${plural(params.safetyOrders, 'safety buy', 'safety buys')} of ${percentText(params.safetyOrderPercent)}, each ${percentText(params.deviationPercent)} lower`;
  return {
    title: `${KIND_LABELS.dca}, take profit ${percentText(params.takeProfitPercent)}`,
    detail: `first buy ${percentText(params.firstOrderPercent)} of the capital, ${safety}${used === null ? '' : ` (${used} % of the capital in all)`}`,
  };
}

/** Euros with their thousands grouped: "12,345.60 EUR". */
export const eurText = (amount: string) => `${formatAmount(amount)} EUR`;

export const cycleText = (days: number) => plural(days, 'day', 'days');

/** Energy: the fills one cycle includes. */
export const energyText = (energy: number) => plural(energy, 'fill', 'fills');

export const countText = (n: number) => n.toLocaleString('en');

/** The investors who bought the robot (their orders of it pay no rent). */
export const ownersText = (owners: number) => plural(owners, 'owner', 'owners');

export type RobotState = 'offered' | 'paused';

export const stateOf = (robot: { paused: boolean }): RobotState => (robot.paused ? 'paused' : 'offered');

/**
 * A grid's range at a price, as the form's preview: price × (1 ∓ range %), at the price's own
 * decimals. Only a guide: the robot takes the price at its start and puts each level on the tick.
 */
export function gridSpan(price: string, rangePercent: string): { lower: string; upper: string } | null {
  if (!isDecimal(price) || !isDecimal(rangePercent)) return null;
  const decimals = price.split('.')[1]?.length ?? 0;
  const part = mulPrecise(price, mulPrecise(rangePercent, '0.01'));
  const lower = roundDecimal(subPrecise(price, part), decimals);
  const upper = roundDecimal(addPrecise(price, part), decimals);
  return lower === null || upper === null ? null : { lower, upper };
}

/** The list with `robot`'s row replaced by the server's answer; nothing while the list is not loaded. */
export function replaceRobot<T extends { id: number }>(list: T[] | undefined, robot: T): T[] | undefined {
  return list?.map((row) => (row.id === robot.id ? robot : row));
}

/** The list with a new robot at its end (or its row replaced, when the list already has it); nothing while the list is not loaded. */
export function withRobot<T extends { id: number }>(list: T[] | undefined, robot: T): T[] | undefined {
  if (!list) return list;
  return list.some((row) => row.id === robot.id) ? replaceRobot(list, robot) : [...list, robot];
}
