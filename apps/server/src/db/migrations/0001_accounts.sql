-- Accounts, sessions, e-mail codes, the mail outbox, uploads, idempotency records and the audit log.

create table users (
  id              bigserial primary key,
  username        text not null,
  email           text,
  password_hash   text not null,
  pay_password_hash text,
  account_type    smallint not null check (account_type in (2, 4)),
  role            text not null default 'investor' check (role in ('investor', 'operator')),
  status          text not null default 'active' check (status in ('active', 'disabled')),
  first_name      text,
  last_name       text,
  phone           text,
  country         text,
  street_address  text,
  address_line2   text,
  state_province  text,
  postal_code     text,
  ssn             text,
  invitation_code text not null,
  invited_by      bigint references users(id),
  kyc_status      smallint not null default 0,
  created_at      timestamptz not null default now(),
  updated_at      timestamptz not null default now()
);
create unique index users_username_key on users (lower(username));
create unique index users_email_key on users (email) where email is not null;
create unique index users_invitation_code_key on users (invitation_code);

create table corporate_profiles (
  user_id               bigint primary key references users(id),
  enterprise_name       text not null,
  license_number        text not null,
  license_image         text not null,
  enterprise_address    text not null,
  bank_account_number   text not null,
  bank_account_image    text not null,
  place_of_registration text not null,
  officer_name          text not null,
  officer_id_type       text not null,
  officer_id_number     text not null,
  contact_phone         text not null
);

create table kyc_submissions (
  id          bigserial primary key,
  user_id     bigint not null references users(id),
  first_name  text not null,
  last_name   text not null,
  country     text not null,
  id_type     text not null,
  id_number   text not null,
  front_image text,
  back_image  text,
  status      smallint not null default 1,
  reason      text,
  created_at  timestamptz not null default now(),
  reviewed_at timestamptz,
  reviewed_by bigint references users(id)
);
create index kyc_submissions_user on kyc_submissions (user_id, id desc);

create table sessions (
  id          bigserial primary key,
  user_id     bigint not null references users(id),
  token_hash  text not null unique,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  revoked_at  timestamptz,
  ip          text,
  user_agent  text
);
create index sessions_user on sessions (user_id);

create table email_codes (
  id          bigserial primary key,
  email       text not null,
  purpose     smallint not null,
  code_hash   text not null,
  attempts    integer not null default 0,
  created_at  timestamptz not null default now(),
  expires_at  timestamptz not null,
  consumed_at timestamptz
);
create index email_codes_lookup on email_codes (email, purpose, id desc);

create table mail_outbox (
  id          bigserial primary key,
  to_address  text not null,
  subject     text not null,
  body_text   text not null,
  transport   text not null,
  file_name   text,
  created_at  timestamptz not null default now()
);

create table uploads (
  id          text primary key,
  owner_id    bigint references users(id),
  -- uploads made during registration, before there is an account, are claimed by e-mail
  pending_email text,
  kind        text not null check (kind in ('image', 'document')),
  mime        text not null,
  size_bytes  integer not null,
  file_name   text not null,
  created_at  timestamptz not null default now()
);
create index uploads_owner on uploads (owner_id);

create table idempotency_keys (
  user_id       bigint not null references users(id),
  key           text not null,
  route         text not null,
  request_hash  text not null,
  status_code   integer,
  response      jsonb,
  created_at    timestamptz not null default now(),
  primary key (user_id, key)
);

create table audit_log (
  id          bigserial primary key,
  actor_id    bigint references users(id),
  action      text not null,
  target_type text not null,
  target_id   text,
  before      jsonb,
  after       jsonb,
  reason      text,
  ip          text,
  created_at  timestamptz not null default now()
);
create index audit_log_target on audit_log (target_type, target_id, id desc);
