-- Issue 16, finding 9: the simulated chain no longer credits whatever amount a user reports.
-- Each investor has a simulated external wallet per crypto currency and network, filled by a demo
-- faucet with a daily limit; "send to my deposit address" debits it and records the transaction
-- under a hash the server makes. A crypto deposit is accepted only for a transaction the simulated
-- chain knows: the caller's, to the caller's address, on that network, for exactly that amount.

-- The simulated external wallet: never below zero, whatever two sends at once try.
create table sim_wallets (
  user_id    bigint not null references users(id),
  currency   text not null,
  network    text not null,
  balance    numeric(38, 8) not null default 0 check (balance >= 0),
  updated_at timestamptz not null default now(),
  primary key (user_id, currency, network)
);

-- Its history: coins from the faucet, sends to the deposit address (the simulated chain's
-- transactions, by hash), and refused deposits returned to it.
create table sim_wallet_transfers (
  id            bigserial primary key,
  user_id       bigint not null references users(id),
  currency      text not null,
  network       text not null,
  kind          text not null check (kind in ('faucet', 'send', 'refund')),
  amount        numeric(38, 8) not null check (amount > 0),
  -- faucet: what the coins counted against the daily limit, in dollars (USDT) at the time
  usd_value     numeric(38, 8),
  -- send: the transaction's hash and the deposit address it went to
  tx_hash       text,
  to_address    text,
  -- refund: the refused deposit whose coins came back
  deposit_id    bigint references deposits(id),
  balance_after numeric(38, 8) not null check (balance_after >= 0),
  created_at    timestamptz not null,
  check ((kind = 'send') = (tx_hash is not null)),
  check ((kind = 'refund') = (deposit_id is not null))
);
create unique index sim_wallet_transfers_tx_hash on sim_wallet_transfers (network, lower(tx_hash)) where tx_hash is not null;
create unique index sim_wallet_transfers_refund on sim_wallet_transfers (deposit_id) where deposit_id is not null;
create index sim_wallet_transfers_user on sim_wallet_transfers (user_id, id desc);

-- The faucet's use per investor and UTC day, in dollars: raised only while within the limit.
create table sim_faucet_days (
  user_id  bigint not null references users(id),
  day      date not null,
  used_usd numeric(38, 8) not null check (used_usd >= 0),
  primary key (user_id, day)
);

-- A crypto deposit names the transaction it was credited for (once), and whether it waits for an
-- operator's review after its confirmations (above CRYPTO_REVIEW_ABOVE_EUR when reported).
alter table deposits
  add column review_required boolean not null default false,
  add column sim_transfer_id bigint references sim_wallet_transfers(id);
create unique index deposits_sim_transfer on deposits (sim_transfer_id) where sim_transfer_id is not null;

-- Crypto deposits still pending from before, reported with hashes nobody checked: an operator decides.
update deposits set review_required = true where method = 'crypto' and status = 1;
