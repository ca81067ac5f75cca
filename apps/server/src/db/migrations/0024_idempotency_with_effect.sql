-- Issue 16, finding 4: an idempotency key is now written in the transaction of its effect, with its
-- answer, so no new key is ever left without one. Keys left without an answer by a crash before this
-- release, whose request moved no money (no journal carries the key), are freed: the client's retry
-- runs again. Those whose money moved keep answering "in flight", which is true of what we know.
delete from idempotency_keys k
 where k.status_code is null
   and not exists (select 1 from ledger_journals j where j.user_id = k.user_id and j.idempotency_key = k.key);
