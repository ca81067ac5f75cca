-- Block trading's requests for quote (decision 0019, "Block trades"; contract trading/blockQuotes.ts).
--
-- An active block trader asks for at least 10,000 shares of a block-list stock; the house prices the
-- request at once: the reference price (the live mid) moved against the investor by the block
-- spread, within a band around the reference. The quote is firm until `expires_at`; accepting it
-- executes it as an ordinary position (source 4) at the quoted price, with the margin, fee and rate
-- written here, so the ledger books exactly what the investor was shown.
--
-- status, the contract's BlockQuoteStatus: 'requested' is a request the house has not priced yet;
-- the automatic desk prices within the request, so its rows are written 'quoted' (or 'refused', when
-- the wallet cannot pay the margin and fee at the quoted price). 'quoted' -> 'accepted', once, with
-- its position. 'expired' is how a quoted row reads once expires_at has passed: the services derive
-- it rather than write it, so refusing a late accept writes nothing at all.
create table block_quotes (
  id              bigserial primary key,
  user_id         bigint not null references users(id),
  symbol          text not null,
  wallet_code     text not null,
  wallet_currency text not null,
  -- the stock's price currency
  currency        text not null,
  direction       smallint not null check (direction in (0, 1)),
  quantity        numeric(38, 8) not null check (quantity >= 10000),
  leverage        integer not null check (leverage >= 1),
  -- the live mid when the request was priced, and the band around it, on the tick grid
  reference_price numeric(38, 12) not null check (reference_price > 0),
  band_low        numeric(38, 12) not null,
  band_high       numeric(38, 12) not null,
  -- the block spread applied, a fraction of the reference price
  spread          numeric(12, 8) not null check (spread >= 0),
  price           numeric(38, 12) not null check (price > 0),
  -- in the wallet's currency, to the cent, and the rate they were converted at
  margin          numeric(38, 8) not null check (margin > 0),
  fee             numeric(38, 8) not null check (fee >= 0),
  rate            numeric(38, 12) not null,
  status          text not null check (status in ('requested', 'quoted', 'accepted', 'expired', 'refused')),
  -- why the house declined to quote (an error key)
  refusal         text,
  created_at      timestamptz not null,
  expires_at      timestamptz not null,
  accepted_at     timestamptz,
  position_id     bigint unique references positions(id),
  idempotency_key text,
  -- the band is the rule: no quote outside it, whatever the code computed
  check (price between band_low and band_high),
  check (expires_at > created_at),
  check ((status = 'accepted') = (position_id is not null and accepted_at is not null)),
  check ((status = 'refused') = (refusal is not null))
);
-- the investor's quotes, newest first
create index block_quotes_user on block_quotes (user_id, id desc);
-- the back office's list by status, newest first
create index block_quotes_status on block_quotes (status, id desc);

-- Where a position came from, in the specification's market sources: a block trade is 4. Null is
-- the instrument's own source (every position before this migration, and every ordinary order).
alter table positions add column source smallint;
