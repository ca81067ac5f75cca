-- Issue 17, the order path: every filled order paid its fee into one row per currency, the house's
-- fee account, and held that row's lock until its transaction committed, so no two orders could
-- commit at once. A house account may now be split into shards, rows of the same owner, code, part
-- and currency told apart by `shard`: the account is the sum of its shards. Concurrent groups of
-- orders each post to a shard of their own (db.ts, `Db.grouped`; ledger.ts, `SHARDED`). The
-- existing rows are shard 0, so every balance and every entry stays where it was; readers that
-- select by code (the wallet's bill, the reports) already sum over the rows they find.
alter table ledger_accounts add column shard smallint not null default 0;
-- A user's wallet account is never split: its one row carries the CHECK that keeps it from going
-- below zero, which a sum of shards could not.
alter table ledger_accounts add constraint ledger_shards_are_house check (shard = 0 or user_id is null);
alter table ledger_accounts add constraint ledger_shard_range check (shard between 0 and 63);
drop index ledger_accounts_key;
create unique index ledger_accounts_key on ledger_accounts (coalesce(user_id, 0), code, part, currency, shard);
