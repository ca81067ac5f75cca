/** Moving averages drawn over the candles, with their colours (chart and legend). */
export const MA_LEGEND = [
  { period: 5, color: '#F5A623' },
  { period: 10, color: '#2F6BFF' },
  { period: 20, color: '#A45CFF' },
] as const;
