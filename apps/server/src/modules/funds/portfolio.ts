import type { PortfolioDeps, PortfolioSource } from '../portfolio';
import type { FundsPortfolioContext } from './portfolio/book';
import { lines } from './portfolio/lines';
import { offLedgerAt } from './portfolio/offLedger';

// The funds' and deposit terms' lines of the portfolio (issue 32). Everything here is in euros on
// the FINANCIAL wallet's side of the house: a purchase's money leaves the investor's ledger when a
// deposit is bought or a fund's NAV allots units (orders.ts, engine/nav.ts), and comes back when a
// redemption is paid. So:
//  - a fund's allotted units, per fund: units × the latest struck NAV, cost what was paid for them;
//  - a fund purchase waiting for its NAV: its money, still on the wallet's held side (`fund.hold`),
//    claimed as `held` so it counts once;
//  - a fund redemption asked or priced and not yet paid: the payout owed, off the ledger until its payday;
//  - a deposit term, per holding: its principal with the interest earned and not yet paid (a
//    Regular term's pro rata at its fixed rate, a Current term's ended days not yet credited).
// Time is the funds' clock (the jobs' and the orders'), the one every figure here was made on.
// The lines now are portfolio/lines.ts, the values at past instants portfolio/offLedger.ts; both read portfolio/book.ts.

export function createFundsPortfolioSource(deps: PortfolioDeps): PortfolioSource {
  const { db, provider } = deps;
  const clock = deps.clocks.funds;
  const ctx: FundsPortfolioContext = { db, provider, clock };

  return {
    module: 'funds',
    products: ['fund', 'depositTerm'],
    // Broader than its lines (a holding redeemed and paid): every holding the investor ever had.
    holds: 'exists (select 1 from fund_holdings where user_id = $1)',
    lines: (userId) => lines(ctx, userId),
    offLedgerAt: (userId, ends) => offLedgerAt(ctx, userId, ends),
  };
}
