import type { CloseReason, POSITION_EVENTS, SESSION_PHASES, TimeInForce, TrailingKind, WalletCode } from '@tradeapp/contract';
import { OrderStatus } from '@tradeapp/contract';
import { type Dec, plain } from '../../../lib/decimal';

// Every statement of trading on `positions` and `position_events`. Status codes are interpolated
// from the contract's enum rather than bound: the partial index `positions_symbol_active`
// (migration 0005) is written `where status in (0, 1)`, and the planner only uses it when the
// query's predicate is the same literal list.

export const ENTRUSTED = OrderStatus.WaitingConfirmation;
export const OPEN = OrderStatus.InProgress;
export const SETTLED = OrderStatus.Settled;
export const CANCELLED = OrderStatus.Cancelled;
export const ACTIVE = `(${ENTRUSTED}, ${OPEN})`;

export interface PositionRow {
  id: number;
  user_id: number;
  symbol: string;
  wallet_code: WalletCode;
  wallet_currency: string;
  currency: string;
  direction: number;
  type: number;
  status: number;
  price: string;
  open_price: string | null;
  quantity: string;
  leverage: number;
  margin: string;
  open_fee: string;
  close_price: string | null;
  close_fee: string | null;
  realised: string | null;
  close_reason: CloseReason | null;
  /** Wallet currency per instrument currency at which the margin was set; null on rows from before migration 0008. */
  open_rate: string | null;
  /** Unrounded running totals of the parts closed off this row (migration 0008). */
  parts_profit: string;
  parts_fee: string;
  large_order: boolean;
  /** The specification's market source the position came through (a block trade: 4); null is its instrument's own. */
  source: number | null;
  /** Not to be closed before this moment: placement shares' lock-up (migration 0013). */
  locked_until: Date | null;
  parent_id: number | null;
  /** A copy's follow and the agency position it copies (migration 0016); null for any other position. */
  follow_id: number | null;
  copy_of: number | null;
  /** A robot's fill (modules/robots). */
  robot_order_id: number | null;
  /** The stops the trigger engine closes it by, and the trailing stop's mark (migration 0029). */
  stop_loss: string | null;
  take_profit: string | null;
  trailing_kind: TrailingKind | null;
  trailing_distance: string | null;
  trailing_mark: string | null;
  trailing_stop: string | null;
  time_in_force: TimeInForce;
  /** A day order's end: its trading day's close (`dayOrderExpiry`). */
  expires_at: Date | null;
  /** Whether it may fill in extended hours (migration 0033); without, only in the regular session. */
  extended_hours: boolean;
  /** The journal holding allotted IPO shares' money, which no order of theirs holds (migration 0035). */
  hold_journal_id: number | null;
  placed_session: SessionPhase | null;
  filled_session: SessionPhase | null;
  created_at: Date;
  filled_at: Date | null;
  updated_at: Date;
  closed_at: Date | null;
}

export type { CloseReason };
export type PositionEventName = (typeof POSITION_EVENTS)[number];
export type SessionPhase = (typeof SESSION_PHASES)[number];

/** The tick a fill or a close was made at, the fee it booked and the session it was in (migration 0029). */
export interface Explanation {
  bid: string;
  ask: string;
  /** The tick's time, epoch ms. */
  time: number;
  fee: Dec | string | null;
  session: SessionPhase;
}

export interface EventRow {
  event: PositionEventName;
  status: number;
  price: string | null;
  quantity: string | null;
  created_at: Date;
  bid: string | null;
  ask: string | null;
  quoted_at: Date | null;
  fee: string | null;
  session: SessionPhase | null;
}

/** What an order carries beyond its fill: its stops, how long it waits and the session it was placed (and filled) in. */
export interface OrderTerms {
  stopLoss: Dec | null;
  takeProfit: Dec | null;
  trailing: { kind: TrailingKind; distance: Dec; mark: Dec | null; stop: Dec | null } | null;
  timeInForce: TimeInForce;
  expiresAt: Date | null;
  extendedHours: boolean;
  placedSession: SessionPhase | null;
  filledSession: SessionPhase | null;
}

export const stopParams = (t: Pick<OrderTerms, 'stopLoss' | 'takeProfit' | 'trailing'>) => [
  t.stopLoss === null ? null : plain(t.stopLoss),
  t.takeProfit === null ? null : plain(t.takeProfit),
  t.trailing?.kind ?? null,
  t.trailing ? plain(t.trailing.distance) : null,
  t.trailing?.mark ? plain(t.trailing.mark) : null,
  t.trailing?.stop ? plain(t.trailing.stop) : null,
];

export const one = async (rows: Promise<PositionRow[]>) => (await rows)[0]!;
