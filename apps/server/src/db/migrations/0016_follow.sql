-- Copy-following (decision 0020): agencies are users of role 'agency' that trade through trading's
-- order path; follows copy their trades in proportion; a copy is a position of the follower that
-- names its follow and the agency position it copies.

alter table users drop constraint users_role_check;
alter table users add constraint users_role_check check (role in ('investor', 'operator', 'agency'));

create table agencies (
  id             serial primary key,
  user_id        bigint not null unique references users(id),
  strategy       text not null unique,
  capital        numeric(38, 8) not null check (capital > 0),
  -- the first day its rule trades (the market's history from here to live_from is backfilled)
  start_at       timestamptz not null,
  -- when a node first ran it: its trades before this moment are backfilled, from then on live
  live_from      timestamptz not null default now(),
  -- the start (epoch ms) of the last daily candle its rule has acted on: each day is acted on once
  decided_through bigint,
  paused_at      timestamptz,
  paused_reason  text,
  paused_by      bigint references users(id),
  created_at     timestamptz not null default now()
);

create table follows (
  id                bigserial primary key,
  user_id           bigint not null references users(id),
  agency_id         integer not null references agencies(id),
  -- what was put in: the first amount and every addition, in dollars
  amount            numeric(38, 8) not null check (amount > 0),
  stop_loss_percent integer not null check (stop_loss_percent between 5 and 95),
  copy_open         boolean not null,
  status            text not null default 'following' check (status in ('following', 'stopping', 'stopped')),
  stop_reason       text check (stop_reason in ('user', 'stopLoss')),
  created_at        timestamptz not null default now(),
  stopped_at        timestamptz,
  check ((status = 'following') = (stop_reason is null))
);
-- One running follow of an agency per investor: more money goes in as an addition.
create unique index follows_one_running on follows (user_id, agency_id) where status <> 'stopped';
create index follows_user on follows (user_id, id desc);
create index follows_agency_running on follows (agency_id) where status <> 'stopped';

create table follow_additions (
  id         bigserial primary key,
  follow_id  bigint not null references follows(id),
  amount     numeric(38, 8) not null check (amount > 0),
  created_at timestamptz not null default now()
);
create index follow_additions_follow on follow_additions (follow_id);

alter table positions drop constraint positions_close_reason_check;
alter table positions add constraint positions_close_reason_check check (close_reason in ('user', 'liquidation', 'agency', 'copyStop', 'unfollow'));
alter table positions add column follow_id bigint references follows(id);
alter table positions add column copy_of bigint references positions(id);
create index positions_follow on positions (follow_id) where follow_id is not null;
create index positions_copy_of on positions (copy_of) where copy_of is not null;

-- An agency trade a follow did not copy, and why.
create table skipped_copies (
  id                 bigserial primary key,
  follow_id          bigint not null references follows(id),
  agency_position_id bigint not null references positions(id),
  quantity           numeric(38, 8) not null,
  reason             text not null check (reason in ('belowMinimum', 'insufficientFunds', 'marketClosed')),
  created_at         timestamptz not null default now(),
  unique (follow_id, agency_position_id)
);

-- The follow wallet holds dollars from now on. A euro balance left in it goes back to the funding
-- account by one journal per user; a euro hold (a transfer under way) is left to settle as it was.
do $$
declare
  r record;
  j bigint;
  funding bigint;
begin
  for r in select id, user_id, balance from ledger_accounts where code = 'FOLLOW' and part = 'available' and currency = 'EUR' and balance > 0 loop
    insert into ledger_accounts (user_id, code, part, currency) values (r.user_id, 'BALANCE', 'available', 'EUR')
      on conflict (coalesce(user_id, 0), code, part, currency) do nothing;
    select id into funding from ledger_accounts where user_id = r.user_id and code = 'BALANCE' and part = 'available' and currency = 'EUR';
    insert into ledger_journals (kind, user_id, memo) values ('follow.migrate', r.user_id, 'the follow wallet holds dollars') returning id into j;
    insert into ledger_entries (journal_id, account_id, currency, amount) values (j, r.id, 'EUR', -r.balance), (j, funding, 'EUR', r.balance);
  end loop;
end $$;
