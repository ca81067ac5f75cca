-- Loans (decision 0022): an application with its score and the key fact statement the investor
-- accepted; once approved, the outstanding principal, the interest accruing in the current period
-- and a row per instalment; and the repayments, each split into penalty, interest and principal.

create table loans (
  id                  bigserial primary key,
  user_id             bigint not null references users(id),
  status              text not null default 'review' check (status in ('review', 'passed', 'inUse', 'repaid', 'rejected')),
  amount              numeric(20, 2) not null check (amount > 0),
  months              integer not null check (months in (3, 6, 12)),
  apr_percent         numeric(6, 2) not null check (apr_percent >= 0),
  -- the score at application and its factors, as the operator reviews them
  score               integer not null,
  factors             jsonb not null,
  -- the key fact statement as accepted: the instalment, the total, the schedule from the application day
  instalment          numeric(20, 2) not null,
  total_repay         numeric(20, 2) not null,
  kfs_schedule        jsonb not null,
  reason              text,
  reviewed_by         bigint references users(id),
  reviewed_at         timestamptz,
  -- the UTC day (epoch ms) of disbursement, where the schedule starts
  disbursed_day       bigint,
  disburse_journal_id bigint references ledger_journals(id),
  -- principal still owed (what has fallen due and is unpaid included)
  principal           numeric(20, 2) not null default 0 check (principal >= 0),
  -- the exact sum, over the current period's days so far, of the principal not yet due (euros × days):
  -- its interest is rounded once, when the instalment falls due
  period_pd           numeric(30, 2) not null default 0,
  -- the UTC day (epoch ms) whose start the row has reached: every earlier day's interest accrued,
  -- every instalment due by it fixed, every penalty up to it taken
  done_through        bigint,
  repaid_at           timestamptz,
  created_at          timestamptz not null,
  check (status in ('review', 'rejected') or (disbursed_day is not null and done_through is not null))
);
create index loans_user on loans (user_id, id desc);
create index loans_active on loans (done_through) where status in ('passed', 'inUse');
-- one application in review per investor
create unique index loans_one_review on loans (user_id) where status = 'review';

create table loan_instalments (
  loan_id        bigint not null references loans(id),
  n              integer not null check (n >= 1),
  due_day        bigint not null,
  -- projected until it falls due (fixed), final after
  principal      numeric(20, 2) not null check (principal >= 0),
  interest       numeric(20, 2) not null check (interest >= 0),
  -- what the instalment comes to in all; when it falls due its principal is this less its interest
  target         numeric(20, 2) not null check (target >= 0),
  fixed          boolean not null default false,
  -- accrued exactly, a day's LOAN_PENALTY_DAILY_PERCENT of what is overdue at a time; paid rounded to the cent
  penalty        numeric(30, 6) not null default 0 check (penalty >= 0),
  paid_principal numeric(20, 2) not null default 0 check (paid_principal >= 0),
  paid_interest  numeric(20, 2) not null default 0 check (paid_interest >= 0),
  paid_penalty   numeric(20, 2) not null default 0 check (paid_penalty >= 0),
  -- the most days it has been overdue, and whether the overdue notice went out
  overdue_days   integer not null default 0,
  noticed        boolean not null default false,
  primary key (loan_id, n)
);

create table loan_repayments (
  id          bigserial primary key,
  loan_id     bigint not null references loans(id),
  user_id     bigint not null references users(id),
  amount      numeric(20, 2) not null check (amount > 0),
  penalty     numeric(20, 2) not null check (penalty >= 0),
  interest    numeric(20, 2) not null check (interest >= 0),
  principal   numeric(20, 2) not null check (principal >= 0),
  journal_id  bigint not null references ledger_journals(id),
  created_at  timestamptz not null,
  check (amount = penalty + interest + principal)
);
create index loan_repayments_user on loan_repayments (user_id, id desc);
create index loan_repayments_loan on loan_repayments (loan_id, id);
