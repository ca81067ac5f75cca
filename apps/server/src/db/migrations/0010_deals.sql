-- IPO deals and the investors' subscriptions to them (decision 0019, "Deals and their lifecycle",
-- "Money").
--
-- A deal: announced -> open -> closed -> priced -> allotted -> listed, or cancelled before listed.
-- Prices, the handling fee and the fund raising are in the deal's currency (USD for the United
-- States, HKD for Hong Kong); the dates are days on the exchange's calendar, the window's two ends
-- moments. Hong Kong's `public_lots` is the public tranche (split into pools A and B), the United
-- States' the lots offered. The allotment writes its seed and its basis-of-allotment table here,
-- and the same with every result to the audit log, so anyone can replay it.
create table deals (
  id                     bigserial primary key,
  name                   text not null,
  -- as the screens show it (NRVA, 02899); the symbol is the instrument's once listed (NRVA, 2899.HK)
  code                   text not null,
  symbol                 text not null,
  market                 text not null check (market in ('US', 'HK')),
  exchange               text not null check (exchange in ('NASDAQ', 'NYSE', 'HKEX')),
  currency               text not null check (currency in ('USD', 'HKD')),
  price_low              numeric(38, 12) not null check (price_low > 0),
  price_high             numeric(38, 12) not null,
  final_price            numeric(38, 12) check (final_price > 0),
  lot_size               bigint not null check (lot_size > 0),
  public_lots            bigint not null check (public_lots > 0),
  -- a fraction of the notional, charged on the allotted shares only (Hong Kong 0.010085)
  fee_rate               numeric(12, 10) not null default 0 check (fee_rate >= 0 and fee_rate < 1),
  -- per application, paid at subscription, refunded only when the deal is cancelled
  handling_fee           numeric(38, 2) not null default 0 check (handling_fee >= 0),
  prospectus_date        date not null,
  fund_raising           numeric(38, 2) not null check (fund_raising >= 0),
  subscription_opens_at  timestamptz not null,
  subscription_closes_at timestamptz not null,
  allotment_date         date not null,
  listing_date           date not null,
  profile                text not null default '',
  status                 text not null default 'announced'
                           check (status in ('announced', 'open', 'closed', 'priced', 'allotted', 'listed', 'cancelled')),
  cancel_reason          text,
  allotment_seed         text,
  -- the basis-of-allotment table the investors see with the deal
  allotment_table        jsonb,
  -- drawn at listing (the listing step)
  first_day_price        numeric(38, 12) check (first_day_price > 0),
  created_by             bigint references users(id),
  created_at             timestamptz not null default now(),
  updated_at             timestamptz not null default now(),
  check (price_high >= price_low),
  check (subscription_closes_at > subscription_opens_at),
  check (allotment_date <= listing_date),
  check ((market = 'US' and exchange in ('NASDAQ', 'NYSE') and currency = 'USD') or (market = 'HK' and exchange = 'HKEX' and currency = 'HKD')),
  check (status not in ('priced', 'allotted', 'listed') or final_price is not null),
  check (status not in ('allotted', 'listed') or allotment_seed is not null),
  check (status <> 'cancelled' or cancel_reason is not null)
);
-- A code or symbol names one deal that is not cancelled: a cancelled deal's may be used again.
create unique index deals_code on deals (code) where status <> 'cancelled';
create unique index deals_symbol on deals (symbol) where status <> 'cancelled';
-- What the lifecycle job looks for on every run.
create index deals_due on deals (status, subscription_opens_at) where status in ('announced', 'open', 'priced');

-- An investor's subscription. The money is in euros from the subscription wallet: `amount_held` is
-- lots x lot size x `price_held` x (1 + fee rate) converted at `rate` (euros per unit of the deal's
-- currency, fixed when held, as positions keep open_rate), the shares' money and the fee each to
-- the cent; `handling_fee_paid` went to the house's fees in the same journal.
--
-- `hold_journal_id` is the journal holding the money now (the subscription, or the latest re-hold
-- of a changed or reconfirmed offer). `refund_journal_id` is the one that ended that hold at the
-- allotment: the allotted shares' money stays held for the position and their fee is paid, the
-- rest returned (or all of it, not allotted). A cancelled deal's journal returns everything.
create table deal_subscriptions (
  id                 bigserial primary key,
  deal_id            bigint not null references deals(id),
  user_id            bigint not null references users(id),
  lots               bigint not null check (lots >= 1),
  price_held         numeric(38, 12) not null check (price_held > 0),
  rate               numeric not null check (rate > 0),
  amount_held        numeric(38, 2) not null check (amount_held > 0),
  handling_fee_paid  numeric(38, 2) not null check (handling_fee_paid >= 0),
  hold_journal_id    bigint not null references ledger_journals(id),
  status             text not null default 'subscribed'
                       check (status in ('subscribed', 'allotted', 'notAllotted', 'refunded', 'cancelled')),
  -- United States: priced outside the band (or above the price held); reconfirmed or refunded at the allotment
  reconfirm_required boolean not null default false,
  reconfirmed_at     timestamptz,
  lots_allotted      bigint check (lots_allotted >= 0),
  -- euros: the allotted shares' money (the position's margin) and their fee
  amount_allotted    numeric(38, 2) check (amount_allotted >= 0),
  fee_allotted       numeric(38, 2) check (fee_allotted >= 0),
  refund_journal_id  bigint references ledger_journals(id),
  cancel_journal_id  bigint references ledger_journals(id),
  position_id        bigint references positions(id),
  idempotency_key    text,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now(),
  check (status <> 'allotted' or (lots_allotted >= 1 and position_id is not null)),
  check (lots_allotted is null or lots_allotted <= lots)
);
-- One live subscription per investor per deal, whatever races past the service's check.
create unique index deal_subscriptions_live on deal_subscriptions (deal_id, user_id) where status <> 'cancelled' and status <> 'refunded';
create index deal_subscriptions_user on deal_subscriptions (user_id, id desc);
create index deal_subscriptions_deal on deal_subscriptions (deal_id, status);
