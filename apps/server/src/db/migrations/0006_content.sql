-- Content and service: articles per language, published app versions, the customer-service chat.

create table articles (
  id            bigserial primary key,
  slug          text unique,
  category      text not null check (category in ('news', 'guide', 'legal')),
  cover_url     text,
  status        text not null default 'draft' check (status in ('draft', 'published')),
  -- shipped with the app (guides, legal documents): kept up to date by the seed, never deleted
  built_in      boolean not null default false,
  published_at  timestamptz,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now(),
  updated_by    bigint references users(id)
);
create index articles_listing on articles (status, category, published_at desc, id desc);

-- One row per language; English must exist (it is every other language's fallback).
create table article_texts (
  article_id  bigint not null references articles(id) on delete cascade,
  locale      text not null check (locale in ('en', 'nl', 'zh_Hans_CN')),
  title       text not null,
  summary     text not null default '',
  -- already sanitised: only what the allowlist of tags and attributes keeps
  body_html   text not null,
  primary key (article_id, locale)
);

create table app_versions (
  id            bigserial primary key,
  title         text not null,
  version       text not null,
  -- {"en": "...", "nl": "..."|null, "zh_Hans_CN": "..."|null}
  notes         jsonb not null,
  force_update  boolean not null default false,
  published_at  timestamptz not null default now(),
  published_by  bigint references users(id)
);

-- The digest of the shipped articles last seeded: a start-up with the same texts skips the seed.
create table content_seed (
  id      integer primary key default 1 check (id = 1),
  digest  text not null
);

-- The conversation of one user with customer service: every operator shares it.
create table chat_messages (
  id           bigserial primary key,
  user_id      bigint not null references users(id),
  sender       text not null check (sender in ('user', 'operator')),
  operator_id  bigint references users(id),
  body         text,
  upload_id    text references uploads(id),
  -- the sender's own id for the message: a resend after a reconnect returns the first one
  client_id    text,
  -- when the other side read it
  read_at      timestamptz,
  created_at   timestamptz not null default now(),
  check (body is not null or upload_id is not null),
  check ((sender = 'operator') = (operator_id is not null))
);
create index chat_messages_by_user on chat_messages (user_id, id);
create unique index chat_messages_client_id on chat_messages (user_id, sender, client_id) where client_id is not null;
create index chat_messages_unread_by_operators on chat_messages (user_id) where sender = 'user' and read_at is null;
-- an investor may read an upload that is part of their own conversation
create index chat_messages_by_upload on chat_messages (upload_id) where upload_id is not null;
-- the country or region of a bank card's bank, from the area list (ISO 3166-1 alpha-2)
alter table bank_cards add column country text;
-- the referral page lists the users one investor invited
create index users_invited_by on users (invited_by) where invited_by is not null;
