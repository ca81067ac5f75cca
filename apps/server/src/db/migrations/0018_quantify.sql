-- AI quantify (decision 0021): a pool is a user of role 'pool' whose rule trades from its financial
-- account; investors hold units of it, bought and redeemed at its daily NAV.

alter table users drop constraint users_role_check;
alter table users add constraint users_role_check check (role in ('investor', 'operator', 'agency', 'pool'));

create table pools (
  id              serial primary key,
  user_id         bigint not null unique references users(id),
  rule            text not null check (rule in ('pairs', 'momentum', 'volTarget')),
  private         boolean not null,
  -- the management fee, percent a year, declared at creation and never changed
  fee_percent     numeric(6, 2) not null check (fee_percent >= 0 and fee_percent <= 5),
  min_amount      numeric(38, 8) not null check (min_amount > 0),
  capital         numeric(38, 8) not null check (capital > 0),
  -- the house's units for its capital, at NAV 1
  seed_units      numeric(38, 6) not null check (seed_units > 0),
  -- its first day (UTC midnight): the market's history from here to live_from is backtested
  start_at        timestamptz not null,
  live_from       timestamptz not null default now(),
  -- the start (epoch ms) of the last daily candle its rule acted on, and of the last UTC day valued
  decided_through bigint,
  valued_through  bigint,
  seed_key        text unique,
  paused_at       timestamptz,
  paused_reason   text,
  paused_by       bigint references users(id),
  created_by      bigint references users(id),
  created_at      timestamptz not null default now()
);

-- One row per UTC day from the start: the NAV after that day's fee, taken at the day's end.
create table pool_days (
  pool_id    integer not null references pools(id),
  day        timestamptz not null,
  nav        numeric(38, 6) not null check (nav > 0),
  -- the pool's value and units after the day's fee, before that day's orders were priced
  equity     numeric(38, 8) not null,
  units      numeric(38, 6) not null,
  fee        numeric(38, 8) not null,
  -- buy and hold of the basket, 1 at the start
  benchmark  numeric(38, 6) not null,
  primary key (pool_id, day)
);

create table pool_orders (
  id          bigserial primary key,
  pool_id     integer not null references pools(id),
  user_id     bigint not null references users(id),
  kind        text not null check (kind in ('subscribe', 'redeem')),
  status      text not null default 'pending' check (status in ('pending', 'done', 'cancelled')),
  -- a subscription's euros; a redemption's payout once priced
  amount      numeric(38, 8),
  -- a redemption's units ('all' is resolved when priced); a subscription's units once priced
  units       numeric(38, 6),
  redeem_all  boolean not null default false,
  nav         numeric(38, 6),
  -- the UTC day whose NAV prices it (a redemption the pool's cash cannot pay moves to the next)
  nav_day     timestamptz not null,
  created_at  timestamptz not null default now(),
  done_at     timestamptz,
  check (kind <> 'subscribe' or amount is not null),
  check (kind <> 'redeem' or units is not null or redeem_all),
  check (status <> 'done' or (amount is not null and units is not null and nav is not null))
);
create index pool_orders_user on pool_orders (user_id, id desc);
create index pool_orders_pending on pool_orders (pool_id, nav_day) where status = 'pending';

alter table positions drop constraint positions_close_reason_check;
alter table positions add constraint positions_close_reason_check check (close_reason in ('user', 'liquidation', 'agency', 'copyStop', 'unfollow', 'robot', 'robotRedeem', 'pool'));

alter table access_keys drop constraint access_keys_purpose_check;
alter table access_keys add constraint access_keys_purpose_check check (purpose in ('block_trade', 'placement', 'pool'));
