-- Issue 18, account security: two-factor sign-in with an authenticator app (TOTP), its recovery
-- codes, and the short-lived challenge between the password step and the code step.

-- One row per user who has started setting up an authenticator; enabled_at is null until a
-- current code has confirmed it (a pending setup signs nobody in). The secret must be readable to
-- check codes, so it is kept as is, like the session's secret is not: only this table has it.
create table two_factor (
  user_id        bigint primary key references users(id),
  secret         text not null,
  enabled_at     timestamptz,
  created_at     timestamptz not null default now(),
  -- The time step of the last code accepted: a code (and any earlier one) works once, so a code
  -- seen over a shoulder or replayed from a log cannot be used again within its 30 s.
  last_step      bigint
);

-- Ten single-use codes per user, hashed like passwords; used_at set when one signs in or disables.
create table two_factor_recovery_codes (
  id          bigserial primary key,
  user_id     bigint not null references users(id),
  code_hash   text not null,
  used_at     timestamptz,
  created_at  timestamptz not null default now()
);
create index two_factor_recovery_codes_user on two_factor_recovery_codes (user_id) where used_at is null;

-- The password step's answer when a second factor is needed: a token (only its SHA-256 stored)
-- good for a few minutes and a few wrong codes, used up by the sign-in it completes.
create table sign_in_challenges (
  id          bigserial primary key,
  user_id     bigint not null references users(id),
  token_hash  text not null unique,
  attempts    integer not null default 0,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  consumed_at timestamptz
);
create index sign_in_challenges_user on sign_in_challenges (user_id);

-- The devices list shows the caller's live sessions, newest use first.
create index sessions_user_live on sessions (user_id, last_used_at desc) where revoked_at is null;
