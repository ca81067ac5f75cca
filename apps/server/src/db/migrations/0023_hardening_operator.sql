-- Issue 16, hardening the back office: the audit log hash-chained, mails kept for operators
-- redacted, large withdrawals approved by two operators.

-- ---- the audit chain ----
-- Each entry carries the hash of the one before it (by id): hash = sha256(prev_hash || canonical
-- entry), the canonical entry being the jsonb array of its fields as the database renders it, its
-- time in microseconds since the epoch (no time zone in it). The first entry's prev_hash is ''.
alter table audit_log add column prev_hash text, add column hash text;

create function audit_entry_hash(prev text, a audit_log) returns text language sql stable as $$
  select encode(sha256(convert_to(prev || jsonb_build_array(
    a.id, a.actor_id, a.action, a.target_type, a.target_id, a.before, a.after, a.reason, a.ip,
    (extract(epoch from a.created_at) * 1000000)::bigint
  )::text, 'UTF8')), 'hex')
$$;

-- Appends one entry at the chain's end. The transaction-level lock is held until the caller's
-- transaction ends, so of two transactions writing at once the second waits for the first to
-- commit and links to its entry: the chain never forks. The id is taken under the lock, so the
-- chain's order is the ids' order.
create function audit_append(p_actor bigint, p_action text, p_target_type text, p_target_id text, p_before jsonb,
                             p_after jsonb, p_reason text, p_ip text) returns bigint language plpgsql volatile as $$
declare
  r audit_log;
  last_hash text;
begin
  perform pg_advisory_xact_lock(72707023);
  select hash into last_hash from audit_log order by id desc limit 1;
  r.id := nextval(pg_get_serial_sequence('audit_log', 'id'));
  r.actor_id := p_actor;
  r.action := p_action;
  r.target_type := p_target_type;
  r.target_id := p_target_id;
  r.before := p_before;
  r.after := p_after;
  r.reason := p_reason;
  r.ip := p_ip;
  r.created_at := now();
  r.prev_hash := coalesce(last_hash, '');
  r.hash := audit_entry_hash(r.prev_hash, r);
  insert into audit_log select r.*;
  return r.id;
end
$$;

-- The entries written before the chain existed get their hashes now, in id order.
do $$
declare
  r audit_log;
  prev text := '';
begin
  for r in select * from audit_log order by id loop
    update audit_log set prev_hash = prev, hash = audit_entry_hash(prev, r) where id = r.id;
    prev := audit_entry_hash(prev, r);
  end loop;
end
$$;
alter table audit_log alter column prev_hash set not null, alter column hash set not null;

-- ---- mails: what operators may read ----
-- Mails kept before this migration held their codes in the clear: codes (six digits) are
-- masked now. From here on the composer writes the redacted copy itself (src/mail/mailer.ts).
update mail_outbox
   set subject = regexp_replace(subject, '\d{6}', '••••••', 'g'),
       body_text = regexp_replace(regexp_replace(body_text, '\d{6}', '••••••', 'g'), 'https?://\S+', '[link removed]', 'g');

-- ---- withdrawals above WITHDRAWAL_DUAL_APPROVAL_EUR: the first of two approvals ----
alter table withdrawals
  add column first_approved_by bigint references users(id),
  add column first_approved_at timestamptz;
