/**
 * Moving averages drawn over the candles, with their colours: app/global.css's custom properties,
 * which follow the theme. The legend uses `color` (a var()); the chart reads `token`'s value.
 */
export const MA_LEGEND = [
  { period: 5, color: 'var(--mm-ma-5)', token: '--mm-ma-5' },
  { period: 10, color: 'var(--mm-ma-10)', token: '--mm-ma-10' },
  { period: 20, color: 'var(--mm-ma-20)', token: '--mm-ma-20' },
] as const;

/** Indicators drawn over the price: the moving averages, or Bollinger bands (20, 2). */
export type Overlay = 'ma' | 'boll';
/** An oscillator in a pane of its own under the price. */
export type Oscillator = 'macd' | 'rsi' | 'kdj';
export const OVERLAYS: readonly Overlay[] = ['ma', 'boll'];
export const OSCILLATORS: readonly Oscillator[] = ['macd', 'rsi', 'kdj'];

/** Each indicator's name with its parameters, and its lines in the colours the chart draws them (the MA colours, in order). */
export const INDICATOR_LEGEND: Record<Overlay | Oscillator, { name: string; lines: string[] }> = {
  ma: { name: 'MA', lines: MA_LEGEND.map((m) => `MA${m.period}`) },
  boll: { name: 'BOLL(20,2)', lines: ['UP', 'MID', 'LOW'] },
  macd: { name: 'MACD(12,26,9)', lines: ['MACD', 'SIGNAL'] },
  rsi: { name: 'RSI(14)', lines: [] },
  kdj: { name: 'KDJ(9,3,3)', lines: ['K', 'D', 'J'] },
};
