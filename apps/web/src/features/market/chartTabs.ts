import type { KlineRange } from '@tradeapp/contract';

/**
 * The tabs in moomoo's order: the day's line, five days, the daily charts, and the minute chart
 * last. Each is labelled by what it draws (quote.ranges): 1d is daily candles, 1m hourly ones.
 * Alone in its module: the boot script paints them too (boot/shells.ts).
 */
export const CHART_TABS = ['intraday', '1w', '1d', '3m', '1y', '1m'] as const satisfies readonly KlineRange[];
