import { z } from 'zod';
import { WalletCode } from '../enums';
import { route } from '../route';
import { zDecimal } from './market';
import { zId } from './common';

// The portfolio (issue 32): the one valuation of an investor. Every product that holds or owes the
// investor something answers with lines; the totals are sums of the lines, each converted at one
// set of exchange rates stated in the answer. Total assets everywhere (home, Assets tab, Trade tab,
// analytics' today, the statement's closing figure, the back office) are this answer's figures.

/** The reporting currencies a portfolio can be counted in. */
export const REPORTING_CURRENCIES = ['EUR', 'USD'] as const;
export type ReportingCurrency = (typeof REPORTING_CURRENCIES)[number];
export const zReportingCurrency = z.enum(REPORTING_CURRENCIES, { error: 'v.reportingCurrency' });

/**
 * What a line is. One word per product, as in the glossary: cash is a wallet's available side;
 * every held amount belongs to the product that holds it (an open position's margin, an entrusted
 * order's hold, an IPO subscription's money (`deal`), allotted IPO shares awaiting their listing
 * (`ipoShares`), a transfer or withdrawal in flight); `held` is what no
 * product claims, and is always empty when every module answers for its holds.
 */
export const PORTFOLIO_PRODUCTS = [
  'cash',
  'position',
  'entrustedOrder',
  'deal',
  'ipoShares',
  'fund',
  'depositTerm',
  'bond',
  'pool',
  'robot',
  'follow',
  'transfer',
  'withdrawal',
  'loan',
  'held',
] as const;
export type PortfolioProduct = (typeof PORTFOLIO_PRODUCTS)[number];

/** Where a line's price comes from. */
export const PRICE_SOURCES = [
  /** The wallet's own ledger balance: no price. */
  'ledger',
  /** The simulated market's live quote (bid for what the investor would sell, ask for what they would buy back). */
  'market',
  /** A fund's or pool's latest struck NAV. */
  'nav',
  /** The bond's dirty bid from the yield curve. */
  'curve',
  /** What the investor paid, until a price exists (a purchase waiting for its NAV, IPO shares before listing). */
  'cost',
  /** Principal with the interest accrued to now (deposit terms, loans). */
  'accrual',
] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];

export const zPortfolioLine = z.object({
  /** Stable within the answer: product and id (`position:12`, `cash:BALANCE`). */
  key: z.string(),
  product: z.enum(PORTFOLIO_PRODUCTS),
  /** An asset the investor holds, or a liability they owe (a loan). */
  side: z.enum(['asset', 'liability']),
  /** The instrument's symbol, the product's code, or null (cash). */
  instrument: z.string().nullable(),
  name: z.string(),
  /** The wallet the money lives in or comes back to; null for a product held outside the wallets. */
  wallet: z.enum(Object.values(WalletCode) as [WalletCode, ...WalletCode[]]).nullable(),
  /** Units, shares, lots, face amount; null where the line is an amount of money. */
  quantity: zDecimal.nullable(),
  /** Price per unit, in `priceCurrency`, as the product shows it; null where the line is money. */
  price: zDecimal.nullable(),
  priceCurrency: z.string().nullable(),
  priceSource: z.enum(PRICE_SOURCES),
  /** When the price was made (epoch ms): a closed market's last trade, a NAV's day end; null for ledger money. */
  priceTimestamp: z.number().int().nullable(),
  /** The line's value in its own currency, to the cent: what counts in the totals. Positive for a liability too. */
  currency: z.string(),
  value: zDecimal,
  /** `value` in the reporting currency at the answer's rate, to the cent. */
  reportingValue: zDecimal,
  /** What it cost, in `currency`, fees included; null where cost means nothing (cash). */
  cost: zDecimal.nullable(),
  /** Profit or loss in `currency`, net of every fee, financing and levy the product charged. */
  pnl: zDecimal.nullable(),
  /** The same before fees, shown only beside `pnl` and `fees`. */
  pnlGross: zDecimal.nullable(),
  fees: zDecimal.nullable(),
  /** Today's change of this line in the reporting currency (market moves, interest accrued today). */
  dayChange: zDecimal,
  /** The product could not be valued now: `value` is its last known figure (its cost) and says so. */
  stale: z.boolean(),
});
export type PortfolioLine = z.infer<typeof zPortfolioLine>;

export const zPortfolio = z.object({
  currency: z.enum(REPORTING_CURRENCIES),
  /** When it was valued (epoch ms). */
  asOf: z.number().int(),
  /** Units of the reporting currency per unit of each other currency, at the one snapshot every line is converted at. */
  rates: z.array(z.object({ currency: z.string(), rate: zDecimal, timestamp: z.number().int() })),
  /** Dollars per euro of that snapshot. */
  eurUsd: zDecimal,
  rateTimestamp: z.number().int(),
  lines: z.array(zPortfolioLine),
  /** Everything held: the sum of the asset lines' `reportingValue`. */
  total: zDecimal,
  /** Everything owed: the sum of the liability lines' `reportingValue`. */
  liabilities: zDecimal,
  /** total − liabilities. */
  netAssets: zDecimal,
  /** Today's change of net assets: the sum of the lines' `dayChange`. */
  dayChange: zDecimal,
  /** dayChange as a percentage of (netAssets − dayChange), two places; null when that is not above zero. */
  dayChangePercent: zDecimal.nullable(),
  /** Each product's share of the totals, in the reporting currency. */
  byProduct: z.array(z.object({ product: z.enum(PORTFOLIO_PRODUCTS), side: z.enum(['asset', 'liability']), value: zDecimal })),
  /** The products that could not be valued now (their lines are at their last known figure and `stale`). */
  stale: z.array(z.enum(PORTFOLIO_PRODUCTS)),
  /** Every price of the market is simulated. */
  simulated: z.literal(true),
});
export type Portfolio = z.infer<typeof zPortfolio>;

export const portfolioRoutes = {
  portfolio: route({
    method: 'POST',
    path: '/portfolio',
    auth: 'user',
    tag: 'portfolio',
    summary:
      "The caller's whole portfolio in one reporting currency: a line for everything held or owed (cash, positions, orders, IPO shares, funds, deposit terms, bonds, pool units, robots, follows, money in flight, loans) with its price and its source, and the totals total, liabilities and netAssets",
    request: z.object({ currency: zReportingCurrency.default('EUR') }),
    response: zPortfolio,
  }),
};

export const portfolioOperatorRoutes = {
  operatorPortfolio: route({
    method: 'POST',
    path: '/operator/users/:id/portfolio',
    auth: 'operator',
    tag: 'admin',
    summary: "One investor's portfolio as they see it, for the user page",
    params: zId,
    request: z.object({ currency: zReportingCurrency.default('EUR') }),
    response: zPortfolio,
  }),
};
