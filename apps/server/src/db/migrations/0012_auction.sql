-- The pre-opening auction of the Hong Kong stocks (decision 0019, "The auction").
--
-- One book per stock and trading day. Placing, cancelling and matching all take the book's row
-- lock first, so an order placed a moment before 09:20 is either in the match or refused, never
-- left collected after it; `matched_at` set means the day's match ran and nothing changes it again.
-- The reference figures are fixed when the book is first written: the model's opening price of
-- the day (within the band) is where the house adds its depth.
create table auction_books (
  symbol          text not null,
  trading_day     date not null,
  previous_close  numeric(38, 12) not null check (previous_close > 0),
  band_low        numeric(38, 12) not null check (band_low > 0),
  band_high       numeric(38, 12) not null check (band_high >= band_low),
  reference_price numeric(38, 12) not null check (reference_price > 0),
  -- the match's result: null price when nothing crossed
  price           numeric(38, 12),
  matched_volume  numeric(38, 8),
  house_buy       numeric(38, 8),
  house_sell      numeric(38, 8),
  -- investor orders the match took in
  order_count     integer,
  matched_at      timestamptz,
  created_at      timestamptz not null default now(),
  primary key (symbol, trading_day)
);

-- Time priority among orders at one price: a global sequence, taken under the book's lock, so
-- within a book it follows the order in which orders were accepted.
create sequence auction_order_sequence;

-- An investor's at-auction (no price) or at-auction limit order. Its margin and fee are held from
-- placement (`hold_journal_id`, at `hold_price` and the exchange rate of that moment, `rate`) until
-- the match fills it (`position_id`), cancels it, or passes an unfilled limit on to continuous
-- trading as an entrusted order (`entrusted_id`); `release_journal_id` is the journal that ended
-- the hold.
create table auction_orders (
  id                 bigserial primary key,
  user_id            bigint not null references users(id),
  symbol             text not null,
  trading_day        date not null,
  direction          smallint not null check (direction in (0, 1)),
  type               text not null check (type in ('auction', 'limit')),
  price              numeric(38, 12) check (price > 0),
  quantity           numeric(38, 8) not null check (quantity > 0),
  leverage           integer not null check (leverage >= 1),
  sequence           bigint not null default nextval('auction_order_sequence'),
  status             text not null default 'collected' check (status in ('collected', 'filled', 'partlyFilled', 'cancelled', 'passedOn')),
  wallet_code        text not null,
  wallet_currency    text not null,
  -- the instrument's price currency
  currency           text not null,
  hold_price         numeric(38, 12) not null check (hold_price > 0),
  -- wallet currency per instrument currency when the order was placed
  rate               numeric not null check (rate > 0),
  -- margin and fee held, in the wallet's currency
  held               numeric(38, 8) not null check (held > 0),
  hold_journal_id    bigint references ledger_journals(id),
  release_journal_id bigint references ledger_journals(id),
  filled_quantity    numeric(38, 8) not null default 0 check (filled_quantity >= 0 and filled_quantity <= quantity),
  fill_price         numeric(38, 12),
  position_id        bigint references positions(id),
  entrusted_id       bigint references positions(id),
  idempotency_key    text,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now(),
  foreign key (symbol, trading_day) references auction_books (symbol, trading_day),
  check ((type = 'limit') = (price is not null)),
  check (status = 'collected' or release_journal_id is not null),
  check (status not in ('filled', 'partlyFilled') or (fill_price is not null and position_id is not null and filled_quantity > 0))
);
create index auction_orders_book on auction_orders (symbol, trading_day, status);
create index auction_orders_user on auction_orders (user_id, trading_day, id desc);
