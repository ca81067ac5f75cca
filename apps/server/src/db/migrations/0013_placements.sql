-- Placements (decision 0019, "Placements, keys"): private sales of a listed stock's shares (SPO,
-- QIP) at a price fixed at creation, within a window, unlocked by a key an operator issues to
-- chosen investors (access_keys, purpose 'placement', subject_id = the placement).
--
-- Prices are in the instrument's currency. `last_close` and, for a QIP, `floor_price` are fixed
-- when the placement is created from the market's daily candles, so the discount shown and the
-- 5 % rule can be checked again later against what the operator saw. `status` is what operators
-- decide (open, or closed early); upcoming, sold out and ended are read from the window and the
-- quantities.
create table placements (
  id               bigserial primary key,
  symbol           text not null,
  kind             text not null check (kind in ('SPO', 'QIP')),
  currency         text not null,
  price            numeric(38, 12) not null check (price > 0),
  last_close       numeric(38, 12) not null check (last_close > 0),
  -- QIP: the average of the closes of the ten trading days before the creation's
  floor_price      numeric(38, 12) check (floor_price > 0),
  quantity_offered numeric(38, 8) not null check (quantity_offered > 0),
  quantity_sold    numeric(38, 8) not null default 0 check (quantity_sold >= 0),
  min_quantity     numeric(38, 8) not null check (min_quantity > 0),
  opens_at         timestamptz not null,
  closes_at        timestamptz not null,
  lockup_days      integer not null check (lockup_days between 0 and 3650),
  status           text not null default 'open' check (status in ('open', 'closed')),
  close_reason     text,
  closed_by        bigint references users(id),
  closed_at        timestamptz,
  created_by       bigint not null references users(id),
  created_at       timestamptz not null default now(),
  check (closes_at > opens_at),
  check (min_quantity <= quantity_offered),
  -- the last line against an oversell, whatever two purchases racing past the service do
  check (quantity_sold <= quantity_offered),
  check ((kind = 'QIP') = (floor_price is not null)),
  -- the QIP rule: at most 5 % below the floor
  check (kind <> 'QIP' or price >= floor_price * 0.95),
  check (status <> 'closed' or (close_reason is not null and closed_at is not null))
);
create index placements_window on placements (status, closes_at, opens_at);
create index placements_symbol on placements (symbol, id);

-- One purchase: the shares became the position `position_id` (leverage 1, at the placement's
-- price, in the instrument's trading wallet), paid by the journal `journal_id`. Amount and fee are
-- in the wallet's currency, converted at `rate`, as the position's margin and opening fee.
create table placement_orders (
  id              bigserial primary key,
  placement_id    bigint not null references placements(id),
  user_id         bigint not null references users(id),
  key_id          bigint not null references access_keys(id),
  quantity        numeric(38, 8) not null check (quantity > 0),
  price           numeric(38, 12) not null check (price > 0),
  wallet_code     text not null,
  wallet_currency text not null,
  rate            numeric not null check (rate > 0),
  amount          numeric(38, 8) not null check (amount > 0),
  fee             numeric(38, 8) not null check (fee >= 0),
  journal_id      bigint not null references ledger_journals(id),
  position_id     bigint not null unique references positions(id),
  locked_until    timestamptz not null,
  created_at      timestamptz not null default now()
);
create index placement_orders_user on placement_orders (user_id, id desc);
create index placement_orders_placement on placement_orders (placement_id, id);

-- A position that may not be closed before this moment (placement shares' lock-up; block trades
-- may use it later). Null: no lock-up.
alter table positions add column locked_until timestamptz;
