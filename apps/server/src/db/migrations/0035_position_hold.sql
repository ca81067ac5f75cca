-- Allotted IPO shares become a position that no order opened; the journal holding their money is the
-- allotment's (or the subscription's hold when the allotment moved nothing). The position now keeps it,
-- so that trading closes it without reading the deals module's tables (issue 35, "A door per module").
alter table positions add column hold_journal_id bigint;
update positions p set hold_journal_id = coalesce(s.refund_journal_id, s.hold_journal_id)
  from deal_subscriptions s
 where s.position_id = p.id and s.status = 'allotted';
