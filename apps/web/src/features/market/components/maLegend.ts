/**
 * Moving averages drawn over the candles, with their colours: app/global.css's custom properties,
 * which follow the theme. The legend uses `color` (a var()); the chart reads `token`'s value.
 */
export const MA_LEGEND = [
  { period: 5, color: 'var(--mm-ma-5)', token: '--mm-ma-5' },
  { period: 10, color: 'var(--mm-ma-10)', token: '--mm-ma-10' },
  { period: 20, color: 'var(--mm-ma-20)', token: '--mm-ma-20' },
] as const;
