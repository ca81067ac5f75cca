-- Each user's watchlist: one row per instrument, in the user's order.

create table watchlist_items (
  id         bigserial primary key,
  user_id    bigint not null references users(id),
  symbol     text not null,
  position   integer not null,
  created_at timestamptz not null default now(),
  unique (user_id, symbol)
);
create index watchlist_items_user on watchlist_items (user_id, position);
