-- Issue 18: price alerts. An investor's alert on one instrument: a price level, a change in the day
-- (percent since the previous close) or a cross of a moving average of its 1-minute or daily candles.
-- It fires once, on the first tick that meets it, and keeps that tick's price and time.

create table price_alerts (
  id              bigserial primary key,
  user_id         bigint not null references users(id),
  symbol          text not null,
  kind            text not null check (kind in ('price', 'change', 'ma')),
  direction       text not null check (direction in ('above', 'below')),
  -- unconstrained numeric keeps the scale as entered: 190.50 is read back as 190.50
  level           numeric check (level > 0),
  percent         numeric check (percent > 0 and percent <= 100),
  period          integer check (period between 2 and 200),
  interval        text check (interval in ('1m', '1d')),
  status          text not null default 'active' check (status in ('active', 'paused', 'triggered')),
  -- ma: a tick has shown the price on the other side of the average since the alert was set or
  -- resumed; only then is reaching its side a cross
  armed           boolean not null default false,
  created_at      timestamptz not null default now(),
  triggered_at    timestamptz,
  triggered_price numeric,
  -- ma: the average at the cross; change: the day's change in percent
  triggered_value numeric,
  check ((kind = 'price') = (level is not null)),
  check ((kind = 'change') = (percent is not null)),
  check ((kind = 'ma') = (period is not null and interval is not null)),
  check ((status = 'triggered') = (triggered_at is not null and triggered_price is not null))
);
-- The engine's look-up on each tick, and the investor's list.
create index price_alerts_active on price_alerts (symbol) where status = 'active';
create index price_alerts_user on price_alerts (user_id, id desc);
