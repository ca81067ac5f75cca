// The daily life of funds and deposit terms (decision 0022, "Jobs"): each fund's NAV struck after
// its trading day's close from the market's closes (or a liquid fund's short rate), then the orders
// waiting for it allotted or priced; the redemptions paid on their payday; each Current holding's
// income of a UTC day credited the next morning and each Regular term paid at its end. Every step
// runs under its product's row lock and moves its `*_through` day forward, so a run twice, or on two
// nodes, changes nothing. Every figure is a function of the seeded market: all nodes agree.
// Each job is a file of engine/, given the same context (engine/context.ts); this file composes them.

import { createDepositTermsJob } from './engine/depositTerms';
import type { FundEngineOptions } from './engine/context';
import { createNavJob } from './engine/nav';
import { createPayoutJob } from './engine/payout';
import { createFundPrices } from './engine/prices';
import { createProductSeeding } from './engine/products';

export { fundable, LAUNCH_DAYS, LAUNCH_NAV, SEED_DEPOSITS, SEED_FUNDS, SEEDED_INCOME_DAYS } from './engine/products';

export function createFundEngine(opts: FundEngineOptions) {
  const prices = createFundPrices(opts);
  const ctx = { ...opts, prices };
  const { ensureProducts, launchNav } = createProductSeeding(ctx);
  const { runNav } = createNavJob(ctx);
  const { runPayout } = createPayoutJob(ctx);
  const { mature, runDepositTerms } = createDepositTermsJob(ctx);
  const { instantOf } = prices;

  return {
    ensureProducts,
    runNav,
    runPayout,
    runDepositTerms,
    mature,
    launchNav,
    instantOf,
    /** Every job once, in the order a day's life goes: NAVs and orders, payouts, incomes and maturities. */
    async runAll() {
      return { ...(await runNav()), ...(await runPayout()), ...(await runDepositTerms()) };
    },
  };
}

export type FundEngine = ReturnType<typeof createFundEngine>;
