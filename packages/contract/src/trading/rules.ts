import type { z } from 'zod';
import type { zTradingRule } from '../routes/trading';

/**
 * The terms of one asset class (docs/decisions/0015-trading-rules.md): fee rates as fractions of
 * the notional, the leverages allowed, and the maintenance ratio of the margin at which a position
 * is liquidated. The table itself stays on the server; `/stock_rate/site/get` serves it.
 */
export type TradingRule = Omit<z.output<typeof zTradingRule>, 'assetClass'>;

/** One row of `/stock_rate/site/get`: a rule with the asset class it applies to. */
export type AssetClassRule = z.output<typeof zTradingRule>;
