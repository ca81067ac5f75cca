-- AI robots (decision 0021): a robot is a strategy template on one crypto pair; a robot order is an
-- investor's running robot, whose fills are positions of the investor in the financial wallet that
-- name it. Its money is what its own journals put on that wallet's held side.

create table robots (
  id          serial primary key,
  kind        text not null check (kind in ('grid', 'dca')),
  symbol      text not null,
  -- the grid's range, cells and spacing, or the DCA robot's orders (the contract's zRobotParams)
  params      jsonb not null,
  cycle_days  integer not null check (cycle_days between 1 and 365),
  rent        numeric(38, 8) not null check (rent >= 0),
  price       numeric(38, 8) not null check (price >= 0),
  energy      integer not null check (energy > 0),
  min_amount  numeric(38, 8) not null check (min_amount > 0),
  max_amount  numeric(38, 8) not null check (max_amount >= min_amount),
  -- a seeded robot's key, so that seeding twice adds nothing
  seed_key    text unique,
  paused_at   timestamptz,
  paused_reason text,
  paused_by   bigint references users(id),
  created_by  bigint references users(id),
  created_at  timestamptz not null default now()
);

-- A bought robot: its orders pay no rent.
create table robot_owners (
  robot_id   integer not null references robots(id),
  user_id    bigint not null references users(id),
  bought_at  timestamptz not null default now(),
  primary key (robot_id, user_id)
);

create table robot_orders (
  id          bigserial primary key,
  user_id     bigint not null references users(id),
  robot_id    integer not null references robots(id),
  mode        text not null check (mode in ('rent', 'buy')),
  amount      numeric(38, 8) not null check (amount > 0),
  rent        numeric(38, 8) not null check (rent >= 0),
  energy      integer not null,
  energy_left integer not null check (energy_left between 0 and energy),
  status      integer not null default 1 check (status between 1 and 6),
  -- the grid or deal as the robot left it after the last moment it looked at (engine.ts)
  state       jsonb,
  -- the last whole second (epoch ms) the robot has looked at the quote: each second is acted on once
  checked_through bigint not null,
  expires_at  timestamptz not null,
  redeemed_at timestamptz,
  returned    numeric(38, 8),
  created_at  timestamptz not null default now()
);
create index robot_orders_user on robot_orders (user_id, id desc);
create index robot_orders_working on robot_orders (id) where redeemed_at is null and status <= 4;

create table robot_messages (
  id             bigserial primary key,
  robot_order_id bigint not null references robot_orders(id),
  kind           text not null,
  "values"       jsonb not null,
  status         integer not null,
  at             timestamptz not null
);
create index robot_messages_order on robot_messages (robot_order_id, id desc);

alter table positions drop constraint positions_close_reason_check;
alter table positions add constraint positions_close_reason_check check (close_reason in ('user', 'liquidation', 'agency', 'copyStop', 'unfollow', 'robot', 'robotRedeem'));
alter table positions add column robot_order_id bigint references robot_orders(id);
create index positions_robot_order on positions (robot_order_id) where robot_order_id is not null;
