import { orderCallFor, SESSION_PHASES, type Quote } from '@tradeapp/contract';
import { CHART_TABS } from '../features/market/chartTabs';
import { LANGUAGE_SHORT, UI_LANGUAGES, type UiLanguage } from '../i18n/locale';
import { formatChange, formatPercent, formatPrice, riseFallColor } from '../lib/numbers';

// What the page paints from its HTML, before any of the app's code has arrived: the first screen's
// own markup, with its own classes (its styles are inlined in index.html) and its own strings, so
// that the app's first render takes its place without a jump. Only what the screen shows without
// data, or, for a quote page, what its quote's answer says once the boot script's request has it (the
// answer the app's first render uses too). It is a picture (inert, hidden from assistive
// technology), replaced by the app's interactive screen as soon as that renders (app/RootLayout.tsx).

/** The strings the shells show, by key of the app's strings (build/firstPaint.ts copies them from the locales). */
export const SHELL_KEYS = [
  'home.welcome',
  'home.welcomeBack',
  'home.signedOutBody',
  'home.signedInBody',
  'common.back',
  'common.loading',
  'market.simulated',
  ...SESSION_PHASES.map((phase) => `market.phase.${phase}` as const),
  ...CHART_TABS.map((range) => `quote.ranges.${range}` as const),
  'quote.previousCloseLine',
  'marketHours.closedTitle',
  'marketHours.closedBody',
  'marketHours.indexTitle',
  'marketHours.indexBody',
] as const;
export type ShellStrings = Record<(typeof SHELL_KEYS)[number], string>;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The home tab's hero as features/home/HomePage.tsx renders it first: the language switch, the
 * welcome (with the stored name, as the user query's initial data has it) and the line under it;
 * for a signed-in reader the portfolio's place, as its pending card keeps it.
 */
export function homeShell(strings: ShellStrings, language: UiLanguage, name: string | null, signedIn: boolean): string {
  const languages = UI_LANGUAGES.map((l) => `<button type="button"${l === language ? ' class="active"' : ''}>${LANGUAGE_SHORT[l]}</button>`).join('');
  const welcome = signedIn && name ? strings['home.welcomeBack'].replace('{{name}}', name) : strings['home.welcome'];
  return (
    '<div class="tab-layout"><div class="page"><div class="ptr"><header class="home-hero">' +
    `<div class="home-hero-top"><div class="lang-switch lang-switch-dark compact">${languages}</div><span class="icon-button"></span></div>` +
    `<h1>${escape(welcome)}</h1><p>${escape(signedIn ? strings['home.signedInBody'] : strings['home.signedOutBody'])}</p>` +
    (signedIn ? '<div class="home-portfolio home-portfolio-pending"></div>' : '') +
    '</header></div></div></div>'
  );
}

/** What a quote page's head shows of its quote. */
export type ShellQuote = Pick<
  Quote,
  | 'name'
  | 'stock_code'
  | 'marketType'
  | 'market'
  | 'assetClass'
  | 'marketStatus'
  | 'tradable'
  | 'simulated'
  | 'price_nominal'
  | 'change'
  | 'change_ratio'
  | 'preClose'
  | 'tickSize'
>;

/** Whether an answer's data has what the quote's head shows (the boot script reads the envelope without the contract's schemas). */
export function isShellQuote(data: unknown): data is ShellQuote {
  const q = data as Partial<Record<keyof ShellQuote, unknown>> | null;
  return (
    typeof q === 'object' &&
    q !== null &&
    ['name', 'stock_code', 'marketType', 'market', 'assetClass', 'price_nominal', 'change', 'change_ratio', 'preClose', 'tickSize'].every(
      (key) => typeof q[key as keyof ShellQuote] === 'string',
    ) &&
    typeof q.tradable === 'boolean' &&
    (SESSION_PHASES as readonly unknown[]).includes(q.marketStatus) &&
    // A bond's page waits for the feature strings before it shows its quote (QuotePage.tsx): no picture before that.
    q.assetClass !== 'bond' &&
    q.market !== 'BOND'
  );
}

/** The trading note a quote shows under its chart (features/market/components/TradingNote.tsx), without the closed market's next opening. */
function noteOf(q: ShellQuote, strings: ShellStrings): string {
  if (orderCallFor(q) === null)
    return `<section class="card card-pad trading-note"><strong>${escape(strings['marketHours.indexTitle'])}</strong><p>${escape(strings['marketHours.indexBody'])}</p></section>`;
  if (q.tradable) return '';
  return `<section class="card card-pad trading-note closed"><strong>${escape(strings['marketHours.closedTitle'])}</strong><p>${escape(strings['marketHours.closedBody'])}</p></section>`;
}

/**
 * A quote page's first screen as features/market/QuotePage.tsx renders it with the same answer
 * (ui/Page.tsx, antd-mobile's NavBar, the pull to refresh), before its feature strings: the name,
 * code and exchange, the phase and simulated tags, the price and its change; the chart's frame
 * while its candles load; and the trading note (a closed market's is the page's largest paint, the
 * price an open one's). `backIcon` is antd-mobile's arrow, rendered at build time (build/firstPaint.ts).
 * The app's own: the quote's time, an extended session's line, the chart's zone, the next opening.
 */
export function quoteShell(q: ShellQuote, strings: ShellStrings, backIcon: string): string {
  const color = riseFallColor(q.change);
  return (
    '<div class="page page-dark quote-page"><div class="adm-nav-bar page-nav">' +
    `<div class="adm-nav-bar-left" role="button"><div class="adm-nav-bar-back"><span class="adm-nav-bar-back-arrow">${backIcon}<span class="sr-only">${escape(strings['common.back'])}</span></span><span aria-hidden="true"></span></div></div>` +
    `<div class="adm-nav-bar-title">${escape(q.name)}</div><div class="adm-nav-bar-right"></div></div>` +
    '<main class="page-body"><div class="ptr"><div class="ptr-head settling" style="height: 0px;"></div><section class="quote-head"><div class="quote-title-row">' +
    `<div><h1 class="quote-name">${escape(q.name)}</h1><div class="quote-code"><span>${escape(q.stock_code)}</span><span class="quote-exchange">${escape(q.marketType)}</span></div></div>` +
    `<div class="quote-tags"><span class="tag tag-phase phase-${q.marketStatus}"><span class="phase-dot" aria-hidden="true"></span>${escape(strings[`market.phase.${q.marketStatus}`])}</span>` +
    (q.simulated ? `<span class="tag tag-simulated">${escape(strings['market.simulated'])}</span>` : '') +
    '</div></div>' +
    `<div class="quote-price-row"><span class="quote-price flash" style="color: ${color};">${escape(formatPrice(q.price_nominal, q.tickSize))}</span>` +
    `<span class="quote-change" style="color: ${color};">${escape(formatChange(q.change, q.tickSize))} ${escape(formatPercent(q.change_ratio))}</span></div>` +
    '</section><section class="card quote-chart"><div class="range-tabs">' +
    CHART_TABS.map(
      (range) => `<button type="button" class="range-tab${range === 'intraday' ? ' active' : ''}">${escape(strings[`quote.ranges.${range}`])}</button>`,
    ).join('') +
    `</div><div class="ma-legend"><span class="chart-preclose">${escape(strings['quote.previousCloseLine'].replace('{{price}}', formatPrice(q.preClose, q.tickSize)))}</span>` +
    `<span class="ma-legend-loading">${escape(strings['common.loading'])}</span></div><div class="kline-wrap"></div></section>` +
    noteOf(q, strings) +
    '</div></main></div>'
  );
}
