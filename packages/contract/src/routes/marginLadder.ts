import { z } from 'zod';
import { route } from '../route';
import { zDecimal } from './market';

// The margin warning ladder (issue 18): an open leveraged position whose equity (margin plus
// floating profit at the exit side) falls to 80 % and then 65 % of its margin is warned once at
// each level (a `position.marginWarning` notice, pushed as the `notice` event) before the trigger
// engine liquidates it at its rule's maintenance ratio. Equity is taken at the exchange rate the
// margin was set at, as the liquidation is, so the ladder and the liquidation price agree.

/** The ladder's levels as fractions of the margin, highest first. */
export const MARGIN_WARNING_LEVELS = ['0.80', '0.65'] as const;
export type MarginWarningLevel = (typeof MARGIN_WARNING_LEVELS)[number];
/** Each level as the percent the screens and notices say. */
export const MARGIN_WARNING_PERCENT: Record<MarginWarningLevel, string> = { '0.80': '80', '0.65': '65' };

/** One of the caller's open positions at a level of the ladder now, valued at the live quote. */
export const zMarginWarning = z.object({
  positionId: z.number().int(),
  symbol: z.string(),
  stockCode: z.string(),
  stockName: z.string(),
  /** The deepest level the equity is at or below now. */
  level: z.enum(MARGIN_WARNING_LEVELS),
  /** Equity as a percentage of the margin, to two places. */
  ratio: zDecimal,
  equity: zDecimal,
  margin: zDecimal,
  walletCurrency: z.string(),
  /** Where the position is liquidated, in the instrument's currency (as the position shows it). */
  liquidationPrice: zDecimal.nullable(),
  currency: z.string(),
  /** When the notice of this level was sent; null if not yet (the engine sends it on the next tick). */
  warnedTimestamp: z.number().int().nullable(),
});
export type MarginWarning = z.infer<typeof zMarginWarning>;

export const marginLadderRoutes = {
  marginWarnings: route({
    method: 'GET',
    path: '/position/warnings',
    auth: 'user',
    tag: 'trading',
    summary: "The caller's open positions whose equity is at a level of the margin warning ladder now (80 % or 65 % of the margin), deepest first",
    request: z.object({}),
    response: z.array(zMarginWarning),
  }),
};
