-- Issue 16, hardening sign-in: sessions end after SESSION_IDLE_MINUTES unused, and failed sign-ins
-- are counted per address and per account in the database every node shares.

-- ---- idle sessions ----
-- When the session was last used for a call, moved forward at most once a minute
-- (src/http/session.ts); a session unused for longer than the idle timeout is refused.
alter table sessions add column last_used_at timestamptz not null default now();

-- ---- sign-in throttles ----
-- One row per counted subject (src/modules/auth/throttle.ts):
--   `a:<address>`  failed sign-ins from one client address over every account, in a fixed window
--                  starting at window_start;
--   `u:<user id>`  failed sign-ins on one account from every address since its last success
--                  (or `n:<name>` for a name no account has, so the answers are the same), the
--                  growing delay counted from last_failure_at.
create table sign_in_throttles (
  key             text primary key,
  failures        integer not null,
  window_start    timestamptz not null default now(),
  last_failure_at timestamptz not null default now()
);
create index sign_in_throttles_last on sign_in_throttles (last_failure_at);
