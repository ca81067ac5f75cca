-- Withdrawal destinations (bank cards, crypto addresses) and the KYC review queue.
-- Cards and addresses are never deleted, only marked: a past withdrawal keeps pointing at the
-- destination it was paid to.

create table bank_cards (
  id               bigserial primary key,
  user_id          bigint not null references users(id),
  bank_name        text not null,
  account_name     text not null,
  -- IBAN or account number, stored without spaces, upper case
  card_number      text not null,
  swift_code       text not null,
  branch_code      text,
  aba_routing      text,
  bank_address     text,
  personal_address text,
  city             text,
  region           text,
  postal_code      text,
  front_image      text,
  back_image       text,
  created_at       timestamptz not null default now(),
  updated_at       timestamptz not null default now(),
  deleted_at       timestamptz
);
create index bank_cards_user on bank_cards (user_id, id) where deleted_at is null;
-- One live card per account number and user.
create unique index bank_cards_user_number on bank_cards (user_id, card_number) where deleted_at is null;

create table wallet_addresses (
  id            bigserial primary key,
  user_id       bigint not null references users(id),
  -- USDT-TRC20, USDT-ERC20, ETH, BTC
  currency_type text not null,
  address       text not null,
  label         text,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now(),
  deleted_at    timestamptz
);
create index wallet_addresses_user on wallet_addresses (user_id, id) where deleted_at is null;
-- One live entry per network and address and user; hex addresses compare without case.
create unique index wallet_addresses_user_address on wallet_addresses
  (user_id, currency_type, (case when address like '0x%' then lower(address) else address end))
  where deleted_at is null;

-- The operators' queue: pending first, oldest first.
create index kyc_submissions_queue on kyc_submissions (status, id);
