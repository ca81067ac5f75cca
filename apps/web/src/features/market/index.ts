// What other features use of the market: a quote, the home page's lists and market hours, the way
// to an instrument's quote page. Live prices come from the push client (api/push.ts).
export { homeStripQuery, marketStatusQuery, quoteQuery, topListQuery } from './api';
export { PhaseTag } from './components/PhaseTag';
export { SimulatedNotice } from './components/SimulatedNotice';
export { TradingNote } from './components/TradingNote';
export { marketKeys, type TopType } from './keys';
export { rowData } from './rows';
export { isCrypto, quoteHref, SEGMENT_IDS } from './segments';
