import type { PortfolioProduct, PriceSource, WalletCode } from '@tradeapp/contract';
import type { Db } from '../../db/db';
import type { Dec } from '../../lib/decimal';
import type { MarketProvider } from '../../market/types';
import type { MarketService } from '../market';
import type { ExchangeRates } from '../wallet';

// The door every product module opens to the portfolio (issue 32): a source answers, for one
// investor, a line for each thing the module holds for them or they owe through it. The portfolio
// module imports no product module; app.ts hands it the sources, and a test fails when a module
// that posts to the ledger has none (test/portfolio-sources.test.ts).

/** The reference a source may need: the moment valued (one for every source of one answer). */
export interface PortfolioContext {
  now: number;
}

export interface SourceLine {
  /** Unique within the product: the row's id (`12`), or a wallet code. */
  id: string;
  product: PortfolioProduct;
  /** A liability is owed by the investor (a loan); everything else is an asset. */
  side?: 'asset' | 'liability';
  instrument: string | null;
  name: string;
  wallet: WalletCode | null;
  quantity?: Dec | null;
  price?: Dec | null;
  priceCurrency?: string | null;
  priceSource: PriceSource;
  priceTimestamp?: number | null;
  /** The currency `value`, `cost`, `pnl`, `fees`, `dayChange` and `held` are in. */
  currency: string;
  /** Its value now, unrounded or rounded; the portfolio rounds it to the cent once. Positive for a liability too. */
  value: Dec;
  cost?: Dec | null;
  /** Net of every fee, financing and levy. */
  pnl?: Dec | null;
  pnlGross?: Dec | null;
  fees?: Dec | null;
  /** Today's change of the line's value (for a liability: of what is owed), in `currency`. */
  dayChange?: Dec | null;
  /**
   * The part of `value` that is money on the held side of the investor's own wallet in the ledger
   * (an open position's margin, an order's hold, a subscription's money): the portfolio takes it
   * off that wallet's held balance so nothing counts twice, and shows what no line claims as `held`.
   * In the wallet's currency.
   */
  held?: { wallet: WalletCode; amount: Dec } | null;
  /**
   * The part of `value` on the investor's available side that belongs to this product (a follow's
   * money returned from a copy before it is swept back): taken off that wallet's cash line.
   */
  available?: { wallet: WalletCode; amount: Dec } | null;
  /** The source could value this line only at its last known figure. */
  stale?: boolean;
}

export interface PortfolioSource {
  /** The products its lines are of (for the stale line when it cannot answer). */
  products: readonly PortfolioProduct[];
  /** The module that answers (its folder under `src/modules/`). */
  module: string;
  lines(userId: number, ctx: PortfolioContext): Promise<SourceLine[]>;
  /**
   * An SQL condition on the investor `$1`, true whenever `lines` could answer a line: the portfolio
   * asks every source's in one statement and skips the sources holding nothing, so an investor pays
   * for the products they hold, not for every product there is. It may be broader than `lines` (true
   * with nothing to show), never narrower: with `PORTFOLIO_VERIFY_SKIPS` the skipped sources are
   * asked anyway and an answer of theirs fails the call (the server's tests run so). Absent, the
   * source is always asked.
   */
  holds?: string;
  /**
   * For analytics' past days: at each instant of `ends` (UTC day ends, oldest first), what the
   * source held for the investor outside their own ledger accounts (a fund's units at that day's
   * NAV, a deposit term's principal and interest earned, a bond at that day's dirty bid, pool units
   * at that day's NAV) and what they owed (a loan's principal and interest accrued), per currency.
   * Money on the investor's own accounts (held or available) is never in it: analytics has it from
   * the ledger. Absent for a source whose lines are all on the investor's accounts.
   */
  offLedgerAt?(userId: number, ends: readonly number[]): Promise<OffLedgerValue[][]>;
}

/** One amount an investor held (or owed) outside their ledger accounts at an instant. */
export interface OffLedgerValue {
  product: PortfolioProduct;
  side: 'asset' | 'liability';
  currency: string;
  value: Dec;
}

/** What app.ts hands every module's source factory: the shared services and each product's clock (tests move them). */
export interface PortfolioDeps {
  db: Db;
  market: MarketService;
  provider: MarketProvider;
  exchangeRates: ExchangeRates;
  /** The market's seed (the yield curves'). */
  seed: string;
  now: () => number;
  clocks: { funds: () => number; bonds: () => number; loans: () => number; quantify: () => number };
}
