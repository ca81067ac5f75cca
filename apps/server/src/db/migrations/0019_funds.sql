-- Mutual funds and deposit terms (decision 0022). A fund's NAV is struck per trading day of its
-- calendar from its basket's closes; a Current term's income per 10,000 units is declared per UTC
-- day in advance; a Regular term pays its rate at the end. Days are epoch ms of a date's UTC
-- midnight: a fund's trading day in its own time zone, a deposit's UTC day.

create table fund_products (
  id                 serial primary key,
  kind               text not null check (kind in ('fund', 'current', 'regular')),
  code               text not null unique check (code ~ '^[A-Z0-9]{2,12}$'),
  name               text not null,
  min_amount         numeric(38, 2) not null check (min_amount > 0),
  -- fund: its calendar (the market's, for trading days and the time zone), the cut-off there in
  -- minutes from midnight, and whether an order before it gets the previous trading day's NAV
  calendar           text,
  cutoff_minutes     integer check (cutoff_minutes between 0 and 1439),
  nav_lag            boolean not null default false,
  expense_percent    numeric(6, 2) check (expense_percent >= 0 and expense_percent < 10),
  exit_load_percent  numeric(6, 2) not null default 0 check (exit_load_percent >= 0),
  exit_load_days     integer not null default 0 check (exit_load_days >= 0),
  free_units_percent numeric(6, 2) not null default 0 check (free_units_percent between 0 and 100),
  lock_in_days       integer not null default 0 check (lock_in_days >= 0),
  -- a liquid fund's NAV grows by the yield curve's short rate of this currency instead of a basket
  curve_currency     text,
  launch_day         bigint,
  -- regular: the term and its yearly rate and early-redemption penalty, percent
  term_days          integer check (term_days > 0),
  rate_percent       numeric(6, 2) check (rate_percent >= 0),
  penalty_percent    numeric(6, 2) check (penalty_percent >= 0),
  -- the jobs' progress: the last NAV day struck (fund), redemption payday paid (fund), UTC day
  -- whose Current income was credited or whose Regular maturities were paid (deposit terms)
  nav_through        bigint,
  paid_through       bigint,
  accrued_through    bigint,
  seed_key           text unique,
  paused_at          timestamptz,
  paused_reason      text,
  paused_by          bigint references users(id),
  created_by         bigint references users(id),
  created_at         timestamptz not null default now(),
  check (kind <> 'fund' or (calendar is not null and cutoff_minutes is not null and expense_percent is not null and launch_day is not null)),
  check (kind <> 'regular' or (term_days is not null and rate_percent is not null and penalty_percent is not null))
);

-- A fund's fixed weights, summing to 1.
create table fund_weights (
  product_id integer not null references fund_products(id),
  symbol     text not null,
  weight     numeric(10, 4) not null check (weight > 0 and weight <= 1),
  primary key (product_id, symbol)
);

-- One NAV per trading day from the launch (10 on the launch day, with no ratio).
create table fund_navs (
  product_id integer not null references fund_products(id),
  day        bigint not null,
  nav        numeric(20, 4) not null check (nav > 0),
  -- Σ weight × close ÷ previous close in euros (or a liquid fund's 1 + r × days ÷ 365), as struck
  ratio      numeric(38, 16),
  primary key (product_id, day)
);

-- A Current term's income per 10,000 units of one UTC day, declared before the day begins.
create table deposit_incomes (
  product_id    integer not null references fund_products(id),
  day           bigint not null,
  income_per10k numeric(10, 4) not null check (income_per10k >= 0 and income_per10k <= 10),
  declared_by   bigint references users(id),
  declared_at   timestamptz not null default now(),
  primary key (product_id, day)
);

-- One purchase: a lot of a fund, or a Current or Regular deposit (units are euros there).
create table fund_holdings (
  id            bigserial primary key,
  product_id    integer not null references fund_products(id),
  user_id       bigint not null references users(id),
  amount        numeric(38, 2) not null check (amount > 0),
  -- null until allotted (a fund purchase waiting for its NAV)
  units         numeric(38, 3) check (units >= 0),
  remaining     numeric(38, 3) not null default 0 check (remaining >= 0),
  nav           numeric(20, 4),
  nav_day       bigint,
  -- the units of its first year already redeemed without load
  free_used     numeric(38, 3) not null default 0,
  -- regular: the rate fixed at purchase, its term's end (UTC midnight) and the interest due then
  rate_percent  numeric(6, 2),
  end_day       bigint,
  interest      numeric(38, 2),
  created_at    timestamptz not null default now(),
  check (remaining <= coalesce(units, 0))
);
create index fund_holdings_user on fund_holdings (user_id, id desc);
create index fund_holdings_product on fund_holdings (product_id, id);

-- A purchase or a redemption. pending: waiting for its NAV; priced: a fund redemption waiting for
-- its payday; done: allotted, paid, or (deposit terms) settled at once.
create table fund_orders (
  id          bigserial primary key,
  product_id  integer not null references fund_products(id),
  user_id     bigint not null references users(id),
  side        text not null check (side in ('buy', 'redeem')),
  status      text not null default 'pending' check (status in ('pending', 'priced', 'done')),
  -- the purchase of a buy; a deposit redemption's holding
  holding_id  bigint references fund_holdings(id),
  -- buy: euros put in; redeem: euros gross once priced
  amount      numeric(38, 2),
  units       numeric(38, 3),
  nav         numeric(20, 4),
  nav_day     bigint,
  pay_day     bigint,
  -- exit load (fund), or penalty and forfeited interest (regular)
  exit_load   numeric(38, 2) not null default 0,
  net         numeric(38, 2),
  created_at  timestamptz not null default now(),
  priced_at   timestamptz,
  done_at     timestamptz,
  check (side <> 'buy' or amount is not null),
  check (side <> 'redeem' or units is not null)
);
create index fund_orders_user on fund_orders (user_id, id desc);
create index fund_orders_open on fund_orders (product_id, nav_day) where status <> 'done';

-- The lots a fund redemption takes, first in first out, with the load-free and loaded parts.
create table fund_order_lots (
  order_id   bigint not null references fund_orders(id),
  holding_id bigint not null references fund_holdings(id),
  units      numeric(38, 3) not null check (units > 0),
  free       numeric(38, 3) not null check (free >= 0),
  loaded     numeric(38, 3) not null check (loaded >= 0),
  gross      numeric(38, 2),
  exit_load  numeric(38, 2),
  primary key (order_id, holding_id),
  check (free + loaded = units)
);
create index fund_order_lots_holding on fund_order_lots (holding_id);

-- Each Current holding's credited income per UTC day: one row a day, the job's idempotency.
create table deposit_accruals (
  holding_id  bigint not null references fund_holdings(id),
  day         bigint not null,
  units       numeric(38, 3) not null,
  income      numeric(38, 2) not null,
  primary key (holding_id, day)
);
