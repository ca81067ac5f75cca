-- Keys and block-trading activations (decision 0019).
--
-- A key is a secret an operator issues to one investor for one purpose (block trading now,
-- a placement next, `subject_id` naming the placement). Only its SHA-256 is kept: the investor
-- receives the key itself once, in a notice. A key is used once and can be revoked; neither
-- deletes the row, so the audit log's key ids keep pointing at something.
create table access_keys (
  id         bigserial primary key,
  user_id    bigint not null references users(id),
  purpose    text not null check (purpose in ('block_trade', 'placement')),
  subject_id bigint,
  key_hash   text not null unique,
  issued_by  bigint references users(id),
  issued_at  timestamptz not null default now(),
  revoked_at timestamptz,
  used_at    timestamptz
);
create index access_keys_user on access_keys (user_id, purpose, id);

-- An investor's application for block trading: applied -> approved (a key sent) -> active (the
-- key entered), or refused (on review, or when an operator revokes the key). A new application is
-- a new row, so earlier ones stay as history.
create table block_trade_activations (
  id           bigserial primary key,
  user_id      bigint not null references users(id),
  status       text not null default 'applied' check (status in ('applied', 'approved', 'refused', 'active')),
  reason       text,
  key_id       bigint references access_keys(id),
  applied_at   timestamptz not null default now(),
  reviewed_by  bigint references users(id),
  reviewed_at  timestamptz,
  activated_at timestamptz,
  -- approved and active rows carry the key that was sent
  check (status not in ('approved', 'active') or key_id is not null),
  check (status <> 'refused' or reason is not null)
);
-- One live application per investor: a second one while one is applied, approved or active fails here
-- even if two requests race past the service's checks.
create unique index block_trade_activations_live on block_trade_activations (user_id) where status <> 'refused';
create index block_trade_activations_user on block_trade_activations (user_id, id);
-- The operators' queue: waiting first, oldest first.
create index block_trade_activations_queue on block_trade_activations (status, id);
