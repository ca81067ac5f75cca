-- Bonds settle T+n on their calendar's settlement days (decision 0022, "Settlement"): a holding keeps
-- the day its purchase settled, to which its accrued interest was counted and after which its coupons
-- are its own. Holdings bought before this settled on the UTC day of their purchase (T+0), as they
-- were priced. From now on a sale's payment is dated by the day the sale settles; a sale before this
-- settled on its own day, so those rows already read so.
alter table bond_holdings add column settlement_day timestamptz;
update bond_holdings set settlement_day = date_trunc('day', created_at at time zone 'UTC') at time zone 'UTC';
alter table bond_holdings alter column settlement_day set not null;
