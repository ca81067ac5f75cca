// The specification's routes (section 2) and typed builders of links to them. The route table
// (routes.ts) and every screen use these, so a path is written once; this file imports nothing, so
// a feature can link anywhere without pulling in the route table (and its pages).

/** Every route of the specification, as the router matches it (no query). */
export const ROUTES = {
  guide: '/pages/index/guide',
  home: '/pages/home/index',
  market: '/pages/market/index',
  watchlist: '/pages/watchlist/index',
  watchlistManage: '/pages/watchlist/manage',
  trade: '/pages/trade/index',
  tradeDetail: '/pages/trade/detail',
  profile: '/pages/profile/index',

  quoteStock: '/pages/quote/stock',
  quoteFuture: '/pages/quote/future',
  quoteGlobalIndex: '/pages/quote/globalindex',
  quoteForex: '/pages/quote/forex',
  hkQuote: '/pages/hkstock/quote',
  hkIndex: '/pages/hkstock/index',
  hkPayIpo: '/pages/hkstock/payipo',

  productFollow: '/pages/product/follow',
  productFuture: '/pages/product/future',
  productPopular: '/pages/product/popular',
  productAuction: '/pages/product/auction',
  productForex: '/pages/product/forex',
  productBlockTrade: '/pages/product/blocktrade',
  productNewStock: '/pages/product/newstock',
  productUcStock: '/pages/product/ucstock',
  // Not in the specification (decision 0020): one agency's record, and one of the caller's follows.
  followAgency: '/pages/product/follow/agency',
  followDetail: '/pages/product/follow/order',

  login: '/pages/auth/login',
  register: '/pages/auth/register',
  registerIndividual: '/pages/auth/registerindividual',
  registerCompany: '/pages/auth/registercompany',
  resetPassword: '/pages/auth/resetpwd',
  protocol: '/pages/auth/protocol',

  share: '/pages/profile/share',
  transactions: '/pages/profile/transaction',
  transfer: '/pages/profile/transfer',

  withdrawCrypto: '/pages/withdraw/vm',
  withdrawBankCard: '/pages/withdraw/bcard',
  depositIndex: '/pages/deposit/index',
  depositFiat: '/pages/deposit/fiat',
  depositCrypto: '/pages/deposit/wallet',
  depositRecord: '/pages/deposit/record',

  settings: '/pages/setting/index',
  security: '/pages/setting/security',
  loginPassword: '/pages/setting/loginpwd',
  payPassword: '/pages/setting/paypwd',
  twoFactor: '/pages/setting/twofactor',
  sessions: '/pages/setting/devices',
  passkeys: '/pages/setting/passkeys',

  bankCards: '/pages/bcard/index',
  bankCardForm: '/pages/bcard/modify',
  addresses: '/pages/vm/index',
  addressForm: '/pages/vm/modify',
  kyc: '/pages/kyc/individual',

  search: '/pages/search/index',
  notices: '/pages/notice/index',
  noticeDetail: '/pages/notice/detail',
  newsDetail: '/pages/news/detail',
  webview: '/pages/webview/index',
  chat: '/pages/service/chat',

  orderStock: '/pages/payment/stock',
  orderFuture: '/pages/payment/future',
  orderForex: '/pages/payment/forex',
  orderNewStock: '/pages/payment/newstock',
  close: '/pages/payment/close',
  orderFollow: '/pages/payment/follow',

  bondsList: '/pages/bonds/list',
  bondsOpen: '/pages/bonds/open',
  bondsClose: '/pages/bonds/close',
  robotIndex: '/pages/robotai/index',
  robotProduct: '/pages/robotai/product',
  robotDetail: '/pages/robotai/detail',
  robotQuote: '/pages/robotai/quote',
  robotRecord: '/pages/robotai/record',
  robotRental: '/pages/robotai/rental',
  quantifyIndex: '/pages/aiquantify/index',
  quantifyRecord: '/pages/aiquantify/record',
  quantifyRecordDetail: '/pages/aiquantify/record-detail',
  placingIndex: '/pages/placing/index',
  placingRecord: '/pages/placing/record',
  mutualIndex: '/pages/yinmutual/index',
  mutualHold: '/pages/yinmutual/myhold',
  loan: '/pages/loan/index',
  // Not in the specification (issue 18): the investor's price alerts.
  alerts: '/pages/alerts/index',
  // Not in the specification (issue 18): monthly statements and CSV exports.
  statements: '/pages/profile/statements',
  timeline: '/pages/profile/timeline',
  // Not in the specification (issue 18): portfolio analytics.
  analytics: '/pages/profile/analytics',
} as const;

/** The five tab pages, in the tab bar's order. */
export const TAB_ROUTES = {
  home: ROUTES.home,
  market: ROUTES.market,
  watchlist: ROUTES.watchlist,
  trade: ROUTES.trade,
  profile: ROUTES.profile,
} as const;

type QueryValue = string | number | null | undefined;

/** A path with its query in the given order; empty values are left out. */
function withQuery(path: string, query: Record<string, QueryValue> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** What a quote or an order page reads from its query to know the instrument. */
export interface InstrumentQuery {
  name: string;
  code: string;
  source: string | number;
  market: string;
  symbol: string;
}

const instrument = (q: InstrumentQuery) => ({ name: q.name, code: q.code, source: String(q.source), market: q.market, symbol: q.symbol });

/** Whether a path is one of the app's own routes (they all start so). */
export function isAppPath(path: string): boolean {
  return path.startsWith('/pages/');
}

/** Where the login page sends the user back to; only our own routes, never the login page itself. */
export function safeRedirect(target: string | null): string {
  return target && isAppPath(target) && !target.startsWith(ROUTES.login) ? target : ROUTES.home;
}

export type ProtocolType = 'agreement' | 'privacy' | 'risk';

/** Links to the specification's routes, with their queries. */
export const paths = {
  guide: () => ROUTES.guide,
  home: () => ROUTES.home,
  market: () => ROUTES.market,
  search: () => ROUTES.search,
  watchlist: { index: () => ROUTES.watchlist, manage: () => ROUTES.watchlistManage },
  quote: {
    stock: (q: InstrumentQuery) => withQuery(ROUTES.quoteStock, instrument(q)),
    future: (q: InstrumentQuery) => withQuery(ROUTES.quoteFuture, instrument(q)),
    globalIndex: (q: InstrumentQuery) => withQuery(ROUTES.quoteGlobalIndex, instrument(q)),
    forex: (q: InstrumentQuery) => withQuery(ROUTES.quoteForex, instrument(q)),
    hkStock: (q: InstrumentQuery) => withQuery(ROUTES.hkQuote, instrument(q)),
  },
  trading: {
    /** The trade tab; `tab` picks holding, closed, entrusted, ... */
    index: (tab?: string) => withQuery(ROUTES.trade, { tab }),
    detail: (id: number, position?: { name: string; code: string; source: string | number }) =>
      withQuery(ROUTES.tradeDetail, { id, name: position?.name, code: position?.code, source: position === undefined ? undefined : String(position.source) }),
    /** The order pages by source; `direction` 0 buys, 1 sells. */
    order: {
      stock: (q: InstrumentQuery, direction: 0 | 1) => withQuery(ROUTES.orderStock, orderQuery(q, direction)),
      future: (q: InstrumentQuery, direction: 0 | 1) => withQuery(ROUTES.orderFuture, orderQuery(q, direction)),
      forex: (q: InstrumentQuery, direction: 0 | 1) => withQuery(ROUTES.orderForex, orderQuery(q, direction)),
    },
    close: (id: number) => withQuery(ROUTES.close, { id }),
  },
  /** The login page; `redirect` is where to come back to afterwards. */
  login: (redirect?: string) => (redirect === undefined ? ROUTES.login : `${ROUTES.login}?redirect=${encodeURIComponent(redirect)}`),
  register: (query: { invitationCode?: string } = {}) => withQuery(ROUTES.register, query),
  registerIndividual: (search = '') => `${ROUTES.registerIndividual}${search}`,
  registerCompany: (search = '') => `${ROUTES.registerCompany}${search}`,
  resetPassword: () => ROUTES.resetPassword,
  protocol: (type: ProtocolType) => withQuery(ROUTES.protocol, { type }),
  profile: {
    index: () => ROUTES.profile,
    settings: () => ROUTES.settings,
    security: () => ROUTES.security,
    loginPassword: () => ROUTES.loginPassword,
    payPassword: () => ROUTES.payPassword,
    twoFactor: () => ROUTES.twoFactor,
    sessions: () => ROUTES.sessions,
    passkeys: () => ROUTES.passkeys,
  },
  referral: () => ROUTES.share,
  kyc: () => ROUTES.kyc,
  bankCards: { index: () => ROUTES.bankCards, form: (id?: number) => withQuery(ROUTES.bankCardForm, { id }) },
  addresses: { index: () => ROUTES.addresses, form: (id?: number) => withQuery(ROUTES.addressForm, { id }) },
  wallet: {
    /** Wallets and records; `tab` is "overview" or a wallet code. */
    transactions: (tab?: string) => withQuery(ROUTES.transactions, { tab }),
    transfer: (query: { from?: string; to?: string } = {}) => withQuery(ROUTES.transfer, query),
  },
  deposits: {
    index: () => ROUTES.depositIndex,
    fiat: () => ROUTES.depositFiat,
    crypto: () => ROUTES.depositCrypto,
    record: () => ROUTES.depositRecord,
  },
  withdrawals: { bankCard: () => ROUTES.withdrawBankCard, crypto: () => ROUTES.withdrawCrypto },
  alerts: () => ROUTES.alerts,
  /** Monthly statements and exports; `month` (YYYY-MM) opens one month. */
  statements: (month?: string) => withQuery(ROUTES.statements, { month }),
  timeline: () => ROUTES.timeline,
  analytics: () => ROUTES.analytics,
  notices: { index: () => ROUTES.notices, detail: (id: number) => withQuery(ROUTES.noticeDetail, { id }) },
  content: {
    news: (id: number | string) => withQuery(ROUTES.newsDetail, { id }),
    /** A page of the server's allowlist in a frame; the query is kept as the article wrote it. */
    webview: (query: URLSearchParams) => `${ROUTES.webview}?${query.toString()}`,
  },
  chat: () => ROUTES.chat,
  /** IPO deals: the new-stock list, one deal (by `symbol`) and its order page, Hong Kong's being payipo. */
  deals: {
    list: () => ROUTES.productNewStock,
    detail: (deal: { symbol: string; name: string }) => withQuery(ROUTES.productNewStock, { symbol: deal.symbol, name: deal.name }),
    // source 5: the specification's NewStock market source.
    subscribe: (deal: { name: string; code: string; symbol: string; market: 'US' | 'HK' }) =>
      withQuery(deal.market === 'HK' ? ROUTES.hkPayIpo : ROUTES.orderNewStock, {
        name: deal.name,
        code: deal.code,
        source: '5',
        market: deal.market,
        symbol: deal.symbol,
      }),
  },
  placing: { index: () => ROUTES.placingIndex, record: () => ROUTES.placingRecord },
  /** Copy-following (decision 0020): the agencies, one agency, the follow order for one, one follow. */
  follow: {
    agencies: () => ROUTES.productFollow,
    agency: (id: number) => withQuery(ROUTES.followAgency, { id }),
    order: (agencyId: number) => withQuery(ROUTES.orderFollow, { agencyId }),
    detail: (id: number) => withQuery(ROUTES.followDetail, { id }),
  },
  /**
   * AI robots (decision 0021): the robots on offer, one robot, its order form (`mode` rent or buy),
   * the caller's robot orders, one robot order, and its K-line (by robot order id).
   */
  robots: {
    index: () => ROUTES.robotIndex,
    product: (id: number) => withQuery(ROUTES.robotProduct, { id }),
    rental: (id: number, mode?: 'rent' | 'buy') => withQuery(ROUTES.robotRental, { id, mode }),
    record: () => ROUTES.robotRecord,
    detail: (id: number) => withQuery(ROUTES.robotDetail, { id }),
    quote: (id: number) => withQuery(ROUTES.robotQuote, { id }),
  },
  /** AI quantify (decision 0021): the pools and their ranking, the caller's investments, one pool (by pool id). */
  quantify: {
    index: () => ROUTES.quantifyIndex,
    record: () => ROUTES.quantifyRecord,
    detail: (poolId: number) => withQuery(ROUTES.quantifyRecordDetail, { id: poolId }),
  },
};

function orderQuery(q: InstrumentQuery, direction: 0 | 1) {
  return { name: q.name, code: q.code, source: String(q.source), direction: String(direction), market: q.market, symbol: q.symbol };
}
