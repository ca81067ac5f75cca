-- A release names the hold it releases, as a posted or voided transfer names its pending transfer
-- in TigerBeetle: which money a journal set free is a fact of the ledger, not of the rows around it.

alter table ledger_journals add column hold_journal_id bigint references ledger_journals(id);

-- A release moves money between the held and available sides of one user's wallet, so the hold it
-- names must be that user's: (hold_journal_id, user_id) must be some journal's (id, user_id). The
-- check makes sure user_id is there for the foreign key to compare.
alter table ledger_journals add constraint ledger_journals_id_user unique (id, user_id);
alter table ledger_journals add constraint ledger_release_same_user
  foreign key (hold_journal_id, user_id) references ledger_journals (id, user_id);
alter table ledger_journals add constraint ledger_release_has_user check (hold_journal_id is null or user_id is not null);

-- A hold ends once: paid out or returned, settled or cancelled, filled or cancelled, never both.
create unique index ledger_journals_one_release on ledger_journals (hold_journal_id) where hold_journal_id is not null;

-- Transfers in progress point at their hold as withdrawals already do, so settlement and
-- cancellation can name it. Older transfers find theirs by reference.
alter table transfers add column hold_journal_id bigint references ledger_journals(id);
update transfers t set hold_journal_id = j.id
  from ledger_journals j
 where j.ref_type = 'transfer' and j.ref_id = t.id and j.kind = 'transfer.hold';
