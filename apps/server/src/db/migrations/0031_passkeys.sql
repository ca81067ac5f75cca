-- Issue 18, account security: passkeys (WebAuthn). An investor registers one or more passkeys and
-- signs in with one instead of the password and the authenticator code (decision 0025).

-- One row per registered credential. Only the public key is here: the private key never leaves the
-- authenticator, so this table gives nobody a way in. Keys and ids are kept in base64url, as the
-- browser sends them, so both database drivers store and compare them the same way.
create table passkeys (
  id             bigserial primary key,
  user_id        bigint not null references users(id),
  credential_id  text not null unique,
  public_key     text not null,
  -- The authenticator's signature counter as last seen: an assertion must show a higher one (or both
  -- stay 0, as synced passkeys do), so a cloned authenticator is noticed.
  counter        bigint not null default 0,
  transports     text[] not null default '{}',
  name           text not null,
  backed_up      boolean not null default false,
  created_at     timestamptz not null default now(),
  last_used_at   timestamptz
);
create index passkeys_user on passkeys (user_id, id);

-- The random challenge of one registration or sign-in ceremony: any node may answer it, once, for a
-- few minutes. A sign-in's has no user (the passkey names its account); a registration's is the caller's.
create table webauthn_challenges (
  challenge    text primary key,
  purpose      text not null check (purpose in ('register', 'signIn')),
  user_id      bigint references users(id),
  created_at   timestamptz not null default now(),
  expires_at   timestamptz not null,
  consumed_at  timestamptz
);
create index webauthn_challenges_expires on webauthn_challenges (expires_at);
