-- Bonds (decision 0022): the listings' terms an operator sets, each investor's holdings, and every
-- payment a holding received. A holding is a table of its own, not a row of `positions`: it has no
-- margin, leverage, liquidation or trigger, and its value carries accrued interest.

create table bond_listings (
  symbol          text primary key,
  -- the spread over the currency's curve now; bond_spreads keeps every value it has had
  spread_bp       numeric(8, 2) not null check (spread_bp >= -200 and spread_bp <= 1000),
  face_increment  numeric(20, 2) not null check (face_increment > 0),
  paused_at       timestamptz,
  paused_reason   text,
  paused_by       bigint references users(id),
  created_at      timestamptz not null default now()
);

-- A spread from a moment (epoch ms) on: a price at any moment uses the spread then.
create table bond_spreads (
  symbol     text not null references bond_listings(symbol),
  from_ms    bigint not null,
  spread_bp  numeric(8, 2) not null,
  set_by     bigint references users(id),
  primary key (symbol, from_ms)
);

create table bond_holdings (
  id               bigserial primary key,
  user_id          bigint not null references users(id),
  symbol           text not null references bond_listings(symbol),
  -- the issue bought (a bill's quote rolls on to newer issues; its holding keeps its own)
  currency         text not null,
  coupon_rate      numeric(8, 4) not null check (coupon_rate >= 0),
  frequency        smallint not null check (frequency in (0, 1, 2)),
  maturity         timestamptz not null,
  -- the wallet it was paid from and is paid back to, and that wallet's currency
  wallet_code      text not null,
  wallet_currency  text not null,
  face             numeric(20, 2) not null check (face > 0),
  remaining        numeric(20, 2) not null check (remaining >= 0 and remaining <= face),
  -- per 100 face at purchase: clean ask, accrued interest, the markup; the yield after the markup (percent)
  price            numeric(14, 6) not null,
  accrued          numeric(20, 12) not null,
  markup           numeric(8, 4) not null,
  ytm              numeric(12, 6) not null,
  -- in the bond's currency, to the cent: clean, accrued and markup amounts, and their sum
  clean_amount     numeric(38, 2) not null,
  accrued_amount   numeric(38, 2) not null,
  fee              numeric(38, 2) not null,
  cost             numeric(38, 2) not null,
  -- bond currency -> wallet currency at purchase, and what the wallet paid
  rate             numeric(38, 12) not null,
  wallet_cost      numeric(38, 2) not null,
  status           text not null default 'holding' check (status in ('holding', 'sold', 'redeemed')),
  -- the next coupon or redemption day not yet paid (null once nothing is left)
  next_payment     timestamptz,
  created_at       timestamptz not null,
  closed_at        timestamptz,
  check (status = 'holding' or (remaining = 0 and closed_at is not null))
);
create index bond_holdings_user on bond_holdings (user_id, id desc);
create index bond_holdings_due on bond_holdings (next_payment) where status = 'holding';

create table bond_payments (
  id             bigserial primary key,
  holding_id     bigint not null references bond_holdings(id),
  kind           text not null check (kind in ('coupon', 'sale', 'redemption')),
  -- the coupon date, the maturity, or the day of the sale (UTC midnight)
  day            timestamptz not null,
  -- the face it was paid on or sold
  face           numeric(20, 2) not null check (face > 0),
  -- in the bond's currency, and what reached the wallet at `rate`
  amount         numeric(38, 2) not null,
  rate           numeric(38, 12) not null,
  wallet_amount  numeric(38, 2) not null,
  journal_id     bigint not null references ledger_journals(id),
  created_at     timestamptz not null
);
-- A coupon date or a maturity is paid once per holding, however often the job runs.
create unique index bond_payments_once on bond_payments (holding_id, kind, day) where kind <> 'sale';
create index bond_payments_holding on bond_payments (holding_id, id);
