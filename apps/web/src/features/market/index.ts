// What other features use of the market: a quote, the home page's lists and market hours, the way
// to an instrument's quote page. Live prices come from the push client (api/push.ts).
export { homeStripQuery, klineQuery, marketStatusQuery, quoteQuery, topListQuery } from './api';
/** The quote page's chart (candles or intraday line, with fills and levels over it when given): the robot K-line draws with it. */
export { KlineChart } from './components/KlineChart';
export { RangeTabs } from './components/RangeTabs';
export { MA_LEGEND } from './components/maLegend';
export { PhaseTag } from './components/PhaseTag';
export { SimulatedNotice } from './components/SimulatedNotice';
export { TradingNote } from './components/TradingNote';
export { marketKeys, type TopType } from './keys';
export { rowData } from './rows';
export { isCrypto, quoteHref, SEGMENT_IDS } from './segments';
/** The chart's tabs and the candles before a range's that warm its indicators up. */
export { CHART_TABS } from './chartTabs';
export { HISTORY_OF, warmUp } from './warmUp';
