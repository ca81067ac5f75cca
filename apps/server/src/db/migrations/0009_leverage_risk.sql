-- The investor's acknowledgement of the risk of leverage above the retail caps (ESMA's, by what an
-- instrument's price follows: the contract's leverageCapFor). An order above its instrument's cap
-- is refused until the investor has acknowledged the current text of the warning (its version,
-- the contract's LEVERAGE_RISK_VERSION), once: one row per investor, with the version and when.
-- Acknowledging again the same version changes nothing; a newer version replaces the row.

create table leverage_risk_acknowledgements (
  user_id         bigint primary key references users(id),
  version         integer not null check (version >= 1),
  acknowledged_at timestamptz not null default now()
);
