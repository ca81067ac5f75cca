import type { ComponentType } from 'react';
import type { UiMessages } from '../i18n/en';

/** What a page that lands in a later issue shows: market data, a feature, or account records. */
export type PendingKind = 'market' | 'feature' | 'account';

export type TitleKey = `titles.${keyof UiMessages['titles']}`;

export interface PageHandle {
  titleKey?: TitleKey;
  pending?: PendingKind;
  /** Query parameter whose value, when present, replaces the title (quote pages take `name`). */
  titleParam?: string;
}

type PageModule = { default: ComponentType };

export interface PageRoute {
  path: string;
  load: () => Promise<PageModule>;
  /** Needs a token; without one the user is sent to the login page. */
  auth?: boolean;
  /** One of the five tab pages: rendered above the tab bar. */
  tab?: boolean;
  handle?: PageHandle;
}

export const TAB_ROUTES = {
  home: '/pages/home/index',
  market: '/pages/market/index',
  watchlist: '/pages/watchlist/index',
  trade: '/pages/trade/index',
  profile: '/pages/profile/index',
} as const;

export const LOGIN_PATH = '/pages/auth/login';
export const GUIDE_PATH = '/pages/index/guide';

const pending = () => import('./PendingFeaturePage');

function later(path: string, titleKey: TitleKey, kind: PendingKind, extra: Partial<PageRoute> = {}): PageRoute {
  return {
    path,
    load: pending,
    ...extra,
    handle: { titleKey, pending: kind, ...extra.handle },
  };
}

const quote = { handle: { titleParam: 'name' } };

/** The five quote pages share one screen; the instrument comes from the query (symbol, else code). */
function quotePage(path: string, titleKey: TitleKey): PageRoute {
  return { path, load: () => import('../features/market/QuotePage'), handle: { titleKey, titleParam: 'name' } };
}

/** The order pages by source share one screen; the create call is chosen by the instrument's asset class. */
function orderPage(path: string, titleKey: TitleKey): PageRoute {
  return { path, auth: true, load: () => import('../features/trade/OrderPage'), handle: { titleKey, titleParam: 'name' } };
}

/** Every route of the specification (section 2). Pages load on demand. */
export const PAGE_ROUTES: PageRoute[] = [
  // tabs
  { path: TAB_ROUTES.home, tab: true, load: () => import('../features/home/HomePage') },
  { path: TAB_ROUTES.market, tab: true, load: () => import('../features/market/MarketPage'), handle: { titleKey: 'titles.market' } },
  { path: TAB_ROUTES.watchlist, tab: true, load: () => import('../features/market/WatchlistPage'), handle: { titleKey: 'titles.watchlist' } },
  { path: TAB_ROUTES.trade, tab: true, load: () => import('../features/trade/TradePage'), handle: { titleKey: 'titles.trade' } },
  { path: TAB_ROUTES.profile, tab: true, auth: true, load: () => import('../features/account/ProfilePage') },

  // quotes (query: name, code, source, market)
  quotePage('/pages/quote/stock', 'titles.quoteStock'),
  quotePage('/pages/quote/future', 'titles.quoteFuture'),
  quotePage('/pages/quote/globalindex', 'titles.quoteGlobalIndex'),
  quotePage('/pages/quote/forex', 'titles.quoteForex'),
  quotePage('/pages/hkstock/quote', 'titles.hkQuote'),
  { path: '/pages/watchlist/manage', auth: true, load: () => import('../features/market/WatchlistManagePage'), handle: { titleKey: 'titles.watchlistManage' } },
  { path: '/pages/trade/detail', auth: true, load: () => import('../features/trade/PositionDetailPage'), handle: { titleKey: 'titles.tradeDetail', titleParam: 'name' } },

  // products
  later('/pages/product/follow', 'titles.productFollow', 'feature'),
  later('/pages/product/future', 'titles.productFuture', 'market'),
  later('/pages/product/popular', 'titles.productPopular', 'market'),
  later('/pages/product/auction', 'titles.productAuction', 'market'),
  later('/pages/product/forex', 'titles.productForex', 'market'),
  later('/pages/product/blocktrade', 'titles.productBlockTrade', 'feature'),
  later('/pages/product/newstock', 'titles.productNewStock', 'feature'),
  later('/pages/product/ucstock', 'titles.productUcStock', 'market'),

  // Hong Kong stock
  later('/pages/hkstock/index', 'titles.hkIndex', 'market'),
  later('/pages/hkstock/payipo', 'titles.hkPayIpo', 'feature', { auth: true, ...quote }),

  // auth
  { path: LOGIN_PATH, load: () => import('../features/auth/LoginPage') },
  { path: '/pages/auth/register', load: () => import('../features/auth/RegisterPage') },
  { path: '/pages/auth/registerindividual', load: () => import('../features/auth/RegisterIndividualPage') },
  { path: '/pages/auth/registercompany', load: () => import('../features/auth/RegisterCompanyPage') },
  { path: '/pages/auth/resetpwd', load: () => import('../features/auth/ResetPasswordPage') },
  { path: '/pages/auth/protocol', load: () => import('../features/auth/ProtocolPage') },

  // profile
  { path: '/pages/profile/share', auth: true, load: () => import('../features/account/SharePage') },
  { path: '/pages/profile/transaction', auth: true, load: () => import('../features/wallet/WalletPage') },
  { path: '/pages/profile/transfer', auth: true, load: () => import('../features/wallet/TransferPage') },

  // withdraw and deposit
  { path: '/pages/withdraw/vm', auth: true, load: () => import('../features/wallet/WithdrawVmPage') },
  { path: '/pages/withdraw/bcard', auth: true, load: () => import('../features/wallet/WithdrawBcardPage') },
  { path: '/pages/deposit/index', auth: true, load: () => import('../features/wallet/DepositIndexPage') },
  { path: '/pages/deposit/fiat', auth: true, load: () => import('../features/wallet/DepositFiatPage') },
  { path: '/pages/deposit/wallet', auth: true, load: () => import('../features/wallet/DepositWalletPage') },
  { path: '/pages/deposit/record', auth: true, load: () => import('../features/wallet/DepositRecordPage') },

  // settings
  { path: '/pages/setting/index', load: () => import('../features/account/SettingsPage') },
  { path: '/pages/setting/security', auth: true, load: () => import('../features/account/SecurityPage') },
  { path: '/pages/setting/loginpwd', auth: true, load: () => import('../features/auth/LoginPasswordPage') },
  { path: '/pages/setting/paypwd', auth: true, load: () => import('../features/auth/PayPasswordPage') },

  // bank cards, virtual money, KYC
  { path: '/pages/bcard/index', auth: true, load: () => import('../features/account/BankCardsPage') },
  { path: '/pages/bcard/modify', auth: true, load: () => import('../features/account/BankCardFormPage') },
  { path: '/pages/vm/index', auth: true, load: () => import('../features/account/AddressesPage') },
  { path: '/pages/vm/modify', auth: true, load: () => import('../features/account/AddressFormPage') },
  { path: '/pages/kyc/individual', auth: true, load: () => import('../features/account/KycPage') },

  // search, notices, news, web view
  { path: '/pages/search/index', load: () => import('../features/market/SearchPage'), handle: { titleKey: 'titles.search' } },
  { path: '/pages/notice/index', auth: true, load: () => import('../features/inbox/NoticesPage') },
  { path: '/pages/notice/detail', auth: true, load: () => import('../features/inbox/NoticeDetailPage') },
  { path: '/pages/news/detail', load: () => import('../features/content/NewsDetailPage'), handle: { titleKey: 'titles.newsDetail' } },
  { path: '/pages/webview/index', load: () => import('../features/content/WebViewPage'), handle: { titleKey: 'titles.webview', titleParam: 'title' } },

  // customer service
  { path: '/pages/service/chat', auth: true, load: () => import('../features/chat/ChatPage'), handle: { titleKey: 'titles.chat' } },

  // order pages by source (query: name, code, source, direction + extras)
  orderPage('/pages/payment/stock', 'titles.paymentStock'),
  orderPage('/pages/payment/future', 'titles.paymentFuture'),
  orderPage('/pages/payment/forex', 'titles.paymentForex'),
  later('/pages/payment/newstock', 'titles.paymentNewStock', 'feature', { auth: true, ...quote }),
  { path: '/pages/payment/close', auth: true, load: () => import('../features/trade/ClosePage'), handle: { titleKey: 'titles.paymentClose' } },
  later('/pages/payment/follow', 'titles.paymentFollow', 'feature', { auth: true }),

  // bonds
  later('/pages/bonds/list', 'titles.bondsList', 'market'),
  later('/pages/bonds/open', 'titles.bondsOpen', 'market', { auth: true, ...quote }),
  later('/pages/bonds/close', 'titles.bondsClose', 'account', { auth: true, ...quote }),

  // robots, quantify, placing, funds, loans
  later('/pages/robotai/index', 'titles.robotIndex', 'feature'),
  later('/pages/robotai/product', 'titles.robotProduct', 'feature'),
  later('/pages/robotai/detail', 'titles.robotDetail', 'feature'),
  later('/pages/robotai/quote', 'titles.robotQuote', 'market', quote),
  later('/pages/robotai/record', 'titles.robotRecord', 'account', { auth: true }),
  later('/pages/robotai/rental', 'titles.robotRental', 'feature', { auth: true }),
  later('/pages/aiquantify/index', 'titles.quantifyIndex', 'feature'),
  later('/pages/aiquantify/record', 'titles.quantifyRecord', 'account', { auth: true }),
  later('/pages/aiquantify/record-detail', 'titles.quantifyRecordDetail', 'account', { auth: true }),
  later('/pages/placing/index', 'titles.placingIndex', 'feature'),
  later('/pages/placing/record', 'titles.placingRecord', 'account', { auth: true }),
  later('/pages/yinmutual/index', 'titles.mutualIndex', 'feature'),
  later('/pages/yinmutual/myhold', 'titles.mutualHold', 'account', { auth: true }),
  later('/pages/loan/index', 'titles.loan', 'feature', { auth: true }),
];
