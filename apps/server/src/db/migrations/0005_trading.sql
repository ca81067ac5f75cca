-- Orders and positions: one row is a resting order (status 0), then an open position (1), then
-- settled (3) or cancelled (4). A partial close splits off a settled row pointing at its parent.

create table positions (
  id              bigserial primary key,
  user_id         bigint not null references users(id),
  symbol          text not null,
  wallet_code     text not null,
  wallet_currency text not null,
  -- the instrument's price currency
  currency        text not null,
  direction       smallint not null check (direction in (0, 1)),
  type            smallint not null check (type in (0, 1)),
  status          smallint not null,
  -- the limit price of a limit order; the fill price of a market order
  price           numeric(38, 12) not null check (price > 0),
  open_price      numeric(38, 12),
  quantity        numeric(38, 8) not null check (quantity > 0),
  leverage        integer not null check (leverage >= 1),
  -- in the wallet's currency
  margin          numeric(38, 8) not null check (margin >= 0),
  open_fee        numeric(38, 8) not null check (open_fee >= 0),
  close_price     numeric(38, 12),
  close_fee       numeric(38, 8),
  realised        numeric(38, 8),
  close_reason    text check (close_reason in ('user', 'liquidation')),
  parent_id       bigint references positions(id),
  large_order     boolean not null default false,
  idempotency_key text,
  created_at      timestamptz not null default now(),
  filled_at       timestamptz,
  updated_at      timestamptz not null default now(),
  closed_at       timestamptz
);
create index positions_user_status on positions (user_id, status, id desc);
create index positions_symbol_active on positions (symbol, status) where status in (0, 1);

-- Every state change of an order or position, in order: what happened, when, at what price.
create table position_events (
  id          bigserial primary key,
  position_id bigint not null references positions(id),
  status      smallint not null,
  event       text not null check (event in ('placed', 'filled', 'closed', 'partially_closed', 'margin_added', 'cancelled', 'liquidated')),
  price       numeric(38, 12),
  quantity    numeric(38, 8),
  created_at  timestamptz not null default now()
);
create index position_events_position on position_events (position_id, id);
