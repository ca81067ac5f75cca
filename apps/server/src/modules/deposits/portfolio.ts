import type { PortfolioDeps, PortfolioSource } from '../portfolio';

/**
 * The deposits' lines of the portfolio (issue 32): none. A deposit posts one journal only, when it
 * is credited (service.ts, `credit`: house deposits to the funding account's available side, which
 * the portfolio counts as cash); it holds nothing on the investor's held side at any step. Before
 * that nothing of it is the app's to count: a fiat deposit waiting for review is a bank payment the
 * operator has not matched, and a crypto deposit waiting for its confirmations or, above
 * CRYPTO_REVIEW_ABOVE_EUR, for an operator's review, is coins already sent from the investor's
 * simulated external wallet, which is outside the app and never on the ledger (simWallet.ts); a
 * refused one goes back there. Counting either would be counting money the ledger does not have.
 */
export function createDepositsPortfolioSource(_deps: PortfolioDeps): PortfolioSource {
  return {
    module: 'deposits',
    products: [],
    async lines() {
      return [];
    },
  };
}
