-- Issue 18, orders and risk: stops on a position (stop-loss, take-profit, trailing stop) that the
-- trigger engine closes it by, day orders that expire at their market's session end, the session an
-- order was placed and filled in, and every fill explained by the tick it was made at.

-- Prices in the instrument's currency, on its tick grid. A trailing stop keeps the best exit price
-- seen since it was set (the highest bid of a long, the lowest ask of a short) and the stop that
-- follows it at `trailing_distance` (a price, or a percent of the mark); both only ever move toward
-- the price.
alter table positions
  add column stop_loss         numeric(38, 12) check (stop_loss > 0),
  add column take_profit       numeric(38, 12) check (take_profit > 0),
  add column trailing_kind     text check (trailing_kind in ('price', 'percent')),
  add column trailing_distance numeric(38, 12) check (trailing_distance > 0),
  add column trailing_mark     numeric(38, 12),
  add column trailing_stop     numeric(38, 12),
  -- 'day' expires at its market's session end (expires_at); 'gtc' stays until filled or cancelled
  add column time_in_force     text not null default 'gtc' check (time_in_force in ('gtc', 'day')),
  add column expires_at        timestamptz,
  -- the market's session phase when the order was placed and when it filled
  add column placed_session    text check (placed_session in ('pre', 'regular', 'post', 'closed')),
  add column filled_session    text check (filled_session in ('pre', 'regular', 'post', 'closed')),
  add check ((trailing_kind is null) = (trailing_distance is null)),
  add check ((time_in_force = 'day') = (expires_at is not null));

-- The expiry's look-up: entrusted day orders by when they end.
create index positions_expiring on positions (expires_at) where status = 0 and expires_at is not null;

alter table positions drop constraint positions_close_reason_check;
alter table positions add constraint positions_close_reason_check
  check (close_reason in ('user', 'liquidation', 'agency', 'copyStop', 'unfollow', 'robot', 'robotRedeem', 'pool', 'stopLoss', 'takeProfit', 'trailingStop'));

alter table position_events drop constraint position_events_event_check;
alter table position_events add constraint position_events_event_check
  check (event in ('placed', 'filled', 'closed', 'partially_closed', 'margin_added', 'cancelled', 'liquidated',
                   'stop_loss', 'take_profit', 'trailing_stop', 'expired', 'stops_changed'));

-- A fill's or a close's explanation: the tick the engine used (bid, ask and its time; the spread is
-- their difference), the fee booked (in the wallet's currency) and the session phase. Null on
-- events that are not fills and on fills from before this migration or without a tick (an agency's
-- backfilled trade, a block trade at its agreed price).
alter table position_events
  add column bid       numeric(38, 12),
  add column ask       numeric(38, 12),
  add column quoted_at timestamptz,
  add column fee       numeric(38, 8),
  add column session   text check (session in ('pre', 'regular', 'post', 'closed')),
  add check ((bid is null) = (ask is null) and (bid is null) = (quoted_at is null));
