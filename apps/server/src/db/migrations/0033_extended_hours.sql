-- Issue 33, one clock: an order may ask for extended hours (US stocks' pre-market and after-hours
-- sessions). Without, it fills only in the regular session and a day order lives to the regular
-- close; with, it fills in pre and post too and a day order lives to the end of the late session.
-- Rows from before were placed without asking.
alter table positions add column extended_hours boolean not null default false;

