-- Issue 18: the margin warning ladder. An open position whose equity (margin plus floating profit)
-- falls to 80 % and then 65 % of its margin is warned once at each level, before the trigger engine
-- liquidates it at the maintenance level (modules/marginLadder, decision 0025).
--
-- One row per position and level that has been warned: the engine inserts it with `on conflict do
-- nothing` in the transaction that writes the notice, so two ticks or two nodes warn once. The row
-- keeps the margin it was warned at: once the investor has added margin and equity is back above
-- the level, the row is deleted and the level may warn again.
--
-- No foreign key to positions: the key check would take a key-share lock on the position row, and
-- the trigger engine's `for update skip locked` claim would pass over a position being warned.
create table margin_warnings (
  position_id        bigint not null,
  -- the level as a fraction of the margin: 0.80 or 0.65
  level              numeric(4, 2) not null check (level > 0 and level < 1),
  user_id            bigint not null,
  margin             numeric(38, 8) not null,
  -- the equity ratio (fraction of the margin, unrounded) and the liquidation price the notice gave
  ratio              numeric not null,
  liquidation_price  numeric not null,
  price              numeric not null,
  created_at         timestamptz not null default now(),
  primary key (position_id, level)
);
create index margin_warnings_user on margin_warnings (user_id);
