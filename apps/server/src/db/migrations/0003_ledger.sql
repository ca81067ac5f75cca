-- The double-entry ledger. Balances live on the accounts and are kept by a trigger from the
-- entries; history is append-only; every journal balances per currency; no user account goes
-- below zero (a CHECK the database enforces under any concurrency).

create table ledger_accounts (
  id         bigserial primary key,
  -- null for the house's own accounts
  user_id    bigint references users(id),
  -- a wallet code (BALANCE, US_STOCK, ...) for users; a house account name otherwise
  code       text not null,
  -- users: 'available' or 'held'; house: 'house'
  part       text not null check (part in ('available', 'held', 'house')),
  currency   text not null,
  balance    numeric(38, 8) not null default 0,
  created_at timestamptz not null default now(),
  constraint ledger_user_accounts_not_negative check (user_id is null or balance >= 0),
  constraint ledger_part_matches_owner check ((user_id is null) = (part = 'house'))
);
create unique index ledger_accounts_key on ledger_accounts (coalesce(user_id, 0), code, part, currency);
create index ledger_accounts_user on ledger_accounts (user_id);

create table ledger_journals (
  id              bigserial primary key,
  -- why: deposit, withdrawal.hold, withdrawal, withdrawal.release, transfer, transfer.hold,
  -- transfer.settle, transfer.cancel, reversal
  kind            text not null,
  -- whose money moved (null for house-only journals), and who caused it (the user or an operator)
  user_id         bigint references users(id),
  actor_id        bigint references users(id),
  idempotency_key text,
  ref_type        text,
  ref_id          bigint,
  memo            text,
  reverses        bigint references ledger_journals(id),
  created_at      timestamptz not null default now()
);
-- One request posts one journal of a kind, however often it is retried.
create unique index ledger_journals_idempotency on ledger_journals (user_id, kind, idempotency_key) where idempotency_key is not null;
create index ledger_journals_ref on ledger_journals (ref_type, ref_id);

create table ledger_entries (
  id         bigserial primary key,
  journal_id bigint not null references ledger_journals(id),
  account_id bigint not null references ledger_accounts(id),
  currency   text not null,
  amount     numeric(38, 8) not null check (amount <> 0)
);
create index ledger_entries_account on ledger_entries (account_id, id);
create index ledger_entries_journal on ledger_entries (journal_id);

create function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger history is append-only: post a reversing journal instead';
end $$;
create trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function ledger_append_only();
create trigger ledger_journals_append_only before update or delete on ledger_journals
  for each row execute function ledger_append_only();

-- Each entry moves its account's balance in the same statement, under the account row's lock.
create function ledger_apply_entry() returns trigger language plpgsql as $$
declare
  account_currency text;
begin
  update ledger_accounts set balance = balance + new.amount where id = new.account_id
    returning currency into account_currency;
  if account_currency is distinct from new.currency then
    raise exception 'entry currency % does not match account %', new.currency, new.account_id;
  end if;
  return new;
end $$;
create trigger ledger_entries_apply after insert on ledger_entries
  for each row execute function ledger_apply_entry();

-- Checked at commit, when every entry of the journal is in.
create function ledger_journal_balanced() returns trigger language plpgsql as $$
begin
  if exists (
    select 1 from ledger_entries where journal_id = new.journal_id group by currency having sum(amount) <> 0
  ) then
    raise exception 'journal % does not balance', new.journal_id;
  end if;
  return null;
end $$;
create constraint trigger ledger_entries_balanced after insert on ledger_entries
  deferrable initially deferred for each row execute function ledger_journal_balanced();

-- Transfers between a user's funding wallet and a trading wallet.
create table transfers (
  id              bigserial primary key,
  user_id         bigint not null references users(id),
  from_code       text not null,
  to_code         text not null,
  amount          numeric(38, 8) not null check (amount > 0),
  currency        text not null,
  to_amount       numeric(38, 8) not null check (to_amount > 0),
  to_currency     text not null,
  rate            numeric(38, 12) not null,
  -- TransactionStatus: 0 in progress, 1 success, 2 cancelled
  status          smallint not null,
  settle_after    timestamptz,
  created_at      timestamptz not null default now(),
  finished_at     timestamptz,
  idempotency_key text
);
create index transfers_user on transfers (user_id, id desc);
create index transfers_pending on transfers (settle_after) where status = 0;

-- The inbox: what happened, rendered in the reader's language when read.
create table notices (
  id         bigserial primary key,
  user_id    bigint not null references users(id),
  kind       text not null,
  params     jsonb not null default '{}',
  read_at    timestamptz,
  created_at timestamptz not null default now()
);
create index notices_user on notices (user_id, id desc);

create table service_requests (
  id         bigserial primary key,
  user_id    bigint not null references users(id),
  type       text not null,
  content    text not null,
  status     text not null default 'open',
  created_at timestamptz not null default now()
);

-- Deposits reported by users: crypto (confirmed by the chain watcher) or fiat (reviewed by an operator).
create table deposits (
  id                     bigserial primary key,
  user_id                bigint not null references users(id),
  method                 text not null check (method in ('crypto', 'fiat')),
  currency               text not null,
  network                text,
  amount                 numeric(38, 8) not null check (amount > 0),
  credited_amount        numeric(38, 8),
  tx_hash                text,
  proof_url              text,
  confirmations          integer not null default 0,
  required_confirmations integer not null default 0,
  -- FundsReviewStatus: 1 pending review, 2 audit failure, 3 completed
  status                 smallint not null default 1,
  reason                 text,
  journal_id             bigint references ledger_journals(id),
  reviewed_by            bigint references users(id),
  reviewed_at            timestamptz,
  idempotency_key        text,
  created_at             timestamptz not null default now()
);
create unique index deposits_tx_hash on deposits (network, lower(tx_hash)) where tx_hash is not null;
create index deposits_user on deposits (user_id, id desc);
create index deposits_pending on deposits (status, method) where status = 1;

-- Withdrawals: the amount is held at once; an operator pays it out or releases it.
create table withdrawals (
  id              bigserial primary key,
  user_id         bigint not null references users(id),
  amount          numeric(38, 8) not null check (amount > 0),
  currency        text not null,
  target          text not null check (target in ('bank', 'crypto')),
  destination     text not null,
  -- what the operator pays to, as it was when the user asked
  details         jsonb not null,
  status          smallint not null default 1,
  reason          text,
  hold_journal_id bigint references ledger_journals(id),
  final_journal_id bigint references ledger_journals(id),
  reviewed_by     bigint references users(id),
  reviewed_at     timestamptz,
  idempotency_key text,
  created_at      timestamptz not null default now()
);
create index withdrawals_user on withdrawals (user_id, id desc);
create index withdrawals_pending on withdrawals (status) where status = 1;
