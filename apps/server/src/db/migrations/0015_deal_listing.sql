-- The listing of a deal (decision 0019, "Listing"): its instrument joins the simulated market on
-- `listed_on`, the trading day it first opens. The instrument is made from the row alone (the
-- final price, the lot size, `listed_on` and `listing_oversubscription`, fixed when it lists), so
-- every node that reads the row prices it the same. The first day's open and close are written
-- once each has happened: `first_day_price` (from 0010) at the first open, `first_day_close` after
-- the first close; the new-stock list's break rate counts the closes below the final price.
alter table deals add column listed_on date;
alter table deals add column listed_at timestamptz;
alter table deals add column listing_oversubscription numeric(20, 2) check (listing_oversubscription >= 0);
alter table deals add column first_day_close numeric(38, 12) check (first_day_close > 0);
alter table deals add constraint deals_listed_has_listing
  check (status <> 'listed' or (listed_on is not null and listed_at is not null and listing_oversubscription is not null));
-- What the lifecycle job and every node's refresh look for.
create index deals_listing on deals (status, listed_on) where status in ('allotted', 'listed');
