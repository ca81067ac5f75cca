import type { TrailingKind } from '@tradeapp/contract';
import { AppError } from '../../errors';
import { Dec } from '../../lib/decimal';
import type { Instrument } from '../../market/types';
import { isBuy, onGrid } from './pricing';
import type { OrderTerms, PositionRow } from './repository';
import { placesOf } from './view';

/** An open position's stops as the investor sets them: each left out or null is removed. */
export interface StopsInput {
  stopLoss?: string | null | undefined;
  takeProfit?: string | null | undefined;
  trailingKind?: TrailingKind | null | undefined;
  trailingDistance?: string | null | undefined;
}

/** The close reasons of the stops, with their history event and notice. */
export const STOP_CLOSES = {
  stopLoss: { event: 'stop_loss', notice: 'position.stopLoss' },
  takeProfit: { event: 'take_profit', notice: 'position.takeProfit' },
  trailingStop: { event: 'trailing_stop', notice: 'position.trailingStop' },
} as const;
export type StopReason = keyof typeof STOP_CLOSES;

/** `value` onto the tick grid of `tick`, down or up. */
const toTick = (value: Dec, tick: string, up: boolean) =>
  value
    .div(tick)
    .toDecimalPlaces(0, up ? Dec.ROUND_CEIL : Dec.ROUND_FLOOR)
    .mul(tick);

/**
 * Where a trailing stop stands for a mark: a long's `distance` (or percent of the mark) below it, a
 * short's above it. A percent lands on the tick grid away from the price, so it never triggers
 * before its distance is covered.
 */
export function trailingStopAt(direction: number, kind: TrailingKind, distance: Dec, mark: Dec, tick: string): Dec {
  const long = isBuy(direction);
  if (kind === 'price') return long ? mark.sub(distance) : mark.add(distance);
  const away = mark.mul(distance).div(100);
  return toTick(long ? mark.sub(away) : mark.add(away), tick, !long);
}

/**
 * Which stop the exit side `exit` reaches, if any: a long's stop-loss and trailing stop at or below
 * them, its take-profit at or above it; a short's mirrored. A loss-side stop is looked at first.
 */
export function stopReached(p: PositionRow, exit: Dec): { reason: StopReason; stop: string } | null {
  const long = isBuy(p.direction);
  const lossSide = (stop: string | null) => stop !== null && (long ? exit.lte(stop) : exit.gte(stop));
  const gainSide = (stop: string | null) => stop !== null && (long ? exit.gte(stop) : exit.lte(stop));
  if (lossSide(p.stop_loss)) return { reason: 'stopLoss', stop: p.stop_loss! };
  if (lossSide(p.trailing_stop)) return { reason: 'trailingStop', stop: p.trailing_stop! };
  if (gainSide(p.take_profit)) return { reason: 'takeProfit', stop: p.take_profit! };
  return null;
}

/**
 * Stops checked and written the way an investor may set them: each on the instrument's tick grid,
 * a long's stop-loss below `reference` and take-profit above it (a short's mirrored), where
 * `reference` is the exit price now (an entrusted order's: its limit). A trailing stop starts its
 * mark at `mark` (null for an order not yet filled).
 */
export function checkStops(
  i: Instrument,
  direction: number,
  reference: Dec,
  input: StopsInput,
  mark: Dec | null,
): Pick<OrderTerms, 'stopLoss' | 'takeProfit' | 'trailing'> {
  const long = isBuy(direction);
  const price = reference.toFixed(placesOf(i.tickSize));
  const onTick = (field: string, v: Dec) => {
    if (!onGrid(v, i.tickSize)) throw new AppError('e.priceTick', { [field]: 'e.priceTick' }, { tick: i.tickSize });
    return v;
  };
  const stopLoss = input.stopLoss ? onTick('stopLoss', new Dec(input.stopLoss)) : null;
  const takeProfit = input.takeProfit ? onTick('takeProfit', new Dec(input.takeProfit)) : null;
  if (stopLoss && (long ? stopLoss.gte(reference) : stopLoss.lte(reference))) {
    const key = long ? 'e.stopLossBelow' : 'e.stopLossAbove';
    throw new AppError(key, { stopLoss: key }, { price });
  }
  if (takeProfit && (long ? takeProfit.lte(reference) : takeProfit.gte(reference))) {
    const key = long ? 'e.takeProfitAbove' : 'e.takeProfitBelow';
    throw new AppError(key, { takeProfit: key }, { price });
  }
  let trailing: OrderTerms['trailing'] = null;
  if (input.trailingKind && input.trailingDistance) {
    const distance = new Dec(input.trailingDistance);
    if (input.trailingKind === 'price') {
      onTick('trailingDistance', distance);
      if (long && distance.gte(reference)) throw new AppError('e.trailingTooFar', { trailingDistance: 'e.trailingTooFar' }, { price });
    } else if (!distance.lt(100)) {
      throw new AppError('e.trailingPercent', { trailingDistance: 'e.trailingPercent' });
    }
    const stop = mark && trailingStopAt(direction, input.trailingKind, distance, mark, i.tickSize);
    trailing = { kind: input.trailingKind, distance, mark, stop };
  }
  return { stopLoss, takeProfit, trailing };
}
