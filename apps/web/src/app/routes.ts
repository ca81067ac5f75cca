import type { ComponentType } from 'react';
import type { PageHandle, TitleKey } from './handles';
import { ROUTES, TAB_ROUTES } from './paths';

type PageModule = { default: ComponentType };

export interface PageRoute {
  path: string;
  load: () => Promise<PageModule>;
  /** Needs a token; without one the user is sent to the login page. */
  auth?: boolean;
  /** One of the five tab pages: rendered above the tab bar. */
  tab?: boolean;
  handle?: PageHandle;
  /** Shows only the first screen's strings: its route loads neither the feature screens' strings nor the contract's messages (the page fetches those when it needs them, app/pageStrings.ts). */
  light?: boolean;
  /** A light page that shows dates and time zones: its route awaits the contract's messages, which name them, so that they do not change once painted. */
  messages?: boolean;
  /**
   * Starts the first screen's data requests into the query cache as the route starts loading, beside
   * its code rather than after its first render: on a slow network each wave costs a round trip.
   */
  prefetch?: (url: URL) => Promise<unknown>;
}

const quote = { handle: { titleParam: 'name' } };

/** The five quote pages share one screen; the instrument comes from the query (symbol, else code). */
function quotePage(path: string, titleKey: TitleKey): PageRoute {
  return {
    path,
    // Light: the quote and its trading note paint with the first screen's strings (features/market/QuotePage.tsx).
    light: true,
    messages: true,
    load: () => import('../features/market/QuotePage'),
    prefetch: (url) => import('../features/market/firstScreen').then((m) => m.prefetchQuote(url)),
    handle: { titleKey, titleParam: 'name' },
  };
}

/** The live lists named after their product (futures, popular, forex, Hong Kong stocks) share one screen. */
function productList(path: string, titleKey: TitleKey): PageRoute {
  return { path, load: () => import('../features/market/ProductListPage'), handle: { titleKey } };
}

/** The order pages by source share one screen; the order call is chosen by the instrument (orderCallFor in the contract). */
function orderPage(path: string, titleKey: TitleKey): PageRoute {
  return { path, auth: true, load: () => import('../features/trading/OrderPage'), handle: { titleKey, titleParam: 'name' } };
}

/** Every route of the specification (section 2). Pages load on demand. */
export const PAGE_ROUTES: PageRoute[] = [
  // tabs
  // Light: the tab's shell paints first, its sections load their strings (features/home/HomePage.tsx).
  {
    path: TAB_ROUTES.home,
    tab: true,
    light: true,
    load: () => import('../features/home/HomePage'),
    prefetch: () => import('../features/market/firstScreen').then((m) => m.prefetchHome()),
  },
  { path: TAB_ROUTES.market, tab: true, load: () => import('../features/market/MarketPage'), handle: { titleKey: 'titles.market' } },
  { path: TAB_ROUTES.watchlist, tab: true, load: () => import('../features/market/WatchlistPage'), handle: { titleKey: 'titles.watchlist' } },
  { path: TAB_ROUTES.trade, tab: true, load: () => import('../features/trading/TradePage'), handle: { titleKey: 'titles.trade' } },
  { path: TAB_ROUTES.profile, tab: true, auth: true, load: () => import('../features/profile/ProfilePage') },

  // quotes (query: name, code, source, market)
  quotePage(ROUTES.quoteStock, 'titles.quoteStock'),
  quotePage(ROUTES.quoteFuture, 'titles.quoteFuture'),
  quotePage(ROUTES.quoteGlobalIndex, 'titles.quoteGlobalIndex'),
  quotePage(ROUTES.quoteForex, 'titles.quoteForex'),
  quotePage(ROUTES.hkQuote, 'titles.hkQuote'),
  { path: ROUTES.watchlistManage, auth: true, load: () => import('../features/market/WatchlistManagePage'), handle: { titleKey: 'titles.watchlistManage' } },
  {
    path: ROUTES.tradeDetail,
    auth: true,
    load: () => import('../features/trading/PositionDetailPage'),
    handle: { titleKey: 'titles.tradeDetail', titleParam: 'name' },
  },

  // products
  { path: ROUTES.productFollow, load: () => import('../features/follow/AgenciesPage'), handle: { titleKey: 'titles.productFollow' } },
  { path: ROUTES.followAgency, load: () => import('../features/follow/AgencyPage'), handle: { titleKey: 'titles.followAgency' } },
  { path: ROUTES.followDetail, auth: true, load: () => import('../features/follow/FollowPage'), handle: { titleKey: 'titles.followDetail' } },
  productList(ROUTES.productFuture, 'titles.productFuture'),
  productList(ROUTES.productPopular, 'titles.productPopular'),
  { path: ROUTES.productAuction, load: () => import('../features/auction/AuctionPage'), handle: { titleKey: 'titles.productAuction' } },
  productList(ROUTES.productForex, 'titles.productForex'),
  {
    path: ROUTES.productBlockTrade,
    auth: true,
    load: () => import('../features/blockTrades/BlockTradePage'),
    handle: { titleKey: 'titles.productBlockTrade' },
  },
  { path: ROUTES.productNewStock, load: () => import('../features/deals/NewStockPage'), handle: { titleKey: 'titles.productNewStock' } },
  { path: ROUTES.productUcStock, load: () => import('../features/market/UcStockPage'), handle: { titleKey: 'titles.productUcStock' } },

  // Hong Kong stock
  productList(ROUTES.hkIndex, 'titles.hkIndex'),
  { path: ROUTES.hkPayIpo, auth: true, load: () => import('../features/deals/SubscribePage'), handle: { titleKey: 'titles.hkPayIpo', titleParam: 'name' } },

  // auth
  { path: ROUTES.login, light: true, load: () => import('../features/auth/LoginPage') },
  { path: ROUTES.register, load: () => import('../features/auth/RegisterPage') },
  { path: ROUTES.registerIndividual, load: () => import('../features/auth/RegisterIndividualPage') },
  { path: ROUTES.registerCompany, load: () => import('../features/auth/RegisterCompanyPage') },
  { path: ROUTES.resetPassword, load: () => import('../features/auth/ResetPasswordPage') },
  { path: ROUTES.protocol, load: () => import('../features/auth/ProtocolPage') },

  // profile
  { path: ROUTES.share, auth: true, load: () => import('../features/referral/SharePage') },
  { path: ROUTES.transactions, auth: true, load: () => import('../features/wallet/WalletPage') },
  { path: ROUTES.transfer, auth: true, load: () => import('../features/wallet/TransferPage') },

  // withdraw and deposit
  { path: ROUTES.withdrawCrypto, auth: true, load: () => import('../features/withdrawals/WithdrawVmPage') },
  { path: ROUTES.withdrawBankCard, auth: true, load: () => import('../features/withdrawals/WithdrawBcardPage') },
  { path: ROUTES.depositIndex, auth: true, load: () => import('../features/deposits/DepositIndexPage') },
  { path: ROUTES.depositFiat, auth: true, load: () => import('../features/deposits/DepositFiatPage') },
  { path: ROUTES.depositCrypto, auth: true, load: () => import('../features/deposits/DepositWalletPage') },
  { path: ROUTES.depositRecord, auth: true, load: () => import('../features/deposits/DepositRecordPage') },

  // settings
  { path: ROUTES.settings, load: () => import('../features/profile/SettingsPage') },
  { path: ROUTES.security, auth: true, load: () => import('../features/profile/SecurityPage') },
  { path: ROUTES.loginPassword, auth: true, load: () => import('../features/auth/LoginPasswordPage') },
  { path: ROUTES.payPassword, auth: true, load: () => import('../features/auth/PayPasswordPage') },
  { path: ROUTES.twoFactor, auth: true, load: () => import('../features/profile/TwoFactorPage') },
  { path: ROUTES.passkeys, auth: true, load: () => import('../features/profile/PasskeysPage') },
  { path: ROUTES.sessions, auth: true, load: () => import('../features/profile/SessionsPage') },

  // bank cards, virtual money, KYC
  { path: ROUTES.bankCards, auth: true, load: () => import('../features/bankCards/BankCardsPage') },
  { path: ROUTES.bankCardForm, auth: true, load: () => import('../features/bankCards/BankCardFormPage') },
  { path: ROUTES.addresses, auth: true, load: () => import('../features/addresses/AddressesPage') },
  { path: ROUTES.addressForm, auth: true, load: () => import('../features/addresses/AddressFormPage') },
  { path: ROUTES.kyc, auth: true, load: () => import('../features/kyc/KycPage') },

  // search, notices, news, web view
  { path: ROUTES.search, load: () => import('../features/market/SearchPage'), handle: { titleKey: 'titles.search' } },
  { path: ROUTES.notices, auth: true, load: () => import('../features/notices/NoticesPage') },
  { path: ROUTES.noticeDetail, auth: true, load: () => import('../features/notices/NoticeDetailPage') },
  { path: ROUTES.alerts, auth: true, load: () => import('../features/alerts/AlertsPage'), handle: { titleKey: 'titles.alerts' } },
  { path: ROUTES.statements, auth: true, load: () => import('../features/statements/StatementsPage') },
  { path: ROUTES.timeline, auth: true, load: () => import('../features/statements/TimelinePage') },
  { path: ROUTES.analytics, auth: true, load: () => import('../features/analytics/AnalyticsPage') },
  { path: ROUTES.newsDetail, load: () => import('../features/content/NewsDetailPage'), handle: { titleKey: 'titles.newsDetail' } },
  { path: ROUTES.webview, load: () => import('../features/content/WebViewPage'), handle: { titleKey: 'titles.webview', titleParam: 'title' } },

  // customer service
  { path: ROUTES.chat, auth: true, load: () => import('../features/chat/ChatPage'), handle: { titleKey: 'titles.chat' } },

  // order pages by source (query: name, code, source, direction + extras)
  orderPage(ROUTES.orderStock, 'titles.paymentStock'),
  orderPage(ROUTES.orderFuture, 'titles.paymentFuture'),
  orderPage(ROUTES.orderForex, 'titles.paymentForex'),
  {
    path: ROUTES.orderNewStock,
    auth: true,
    load: () => import('../features/deals/SubscribePage'),
    handle: { titleKey: 'titles.paymentNewStock', titleParam: 'name' },
  },
  { path: ROUTES.close, auth: true, load: () => import('../features/trading/ClosePage'), handle: { titleKey: 'titles.paymentClose' } },
  { path: ROUTES.orderFollow, auth: true, load: () => import('../features/follow/FollowOrderPage'), handle: { titleKey: 'titles.paymentFollow' } },

  // bonds
  { path: ROUTES.bondsList, load: () => import('../features/bonds/BondsListPage'), handle: { titleKey: 'titles.bondsList' } },
  { path: ROUTES.bondsOpen, auth: true, load: () => import('../features/bonds/BondOpenPage'), handle: { titleKey: 'titles.bondsOpen', ...quote.handle } },
  { path: ROUTES.bondsClose, auth: true, load: () => import('../features/bonds/BondClosePage'), handle: { titleKey: 'titles.bondsClose', ...quote.handle } },

  // robots, quantify, placing, funds, loans
  { path: ROUTES.robotIndex, load: () => import('../features/robots/RobotsPage'), handle: { titleKey: 'titles.robotIndex' } },
  { path: ROUTES.robotProduct, load: () => import('../features/robots/RobotProductPage'), handle: { titleKey: 'titles.robotProduct' } },
  { path: ROUTES.robotDetail, auth: true, load: () => import('../features/robots/RobotOrderPage'), handle: { titleKey: 'titles.robotDetail' } },
  { path: ROUTES.robotQuote, auth: true, load: () => import('../features/robots/RobotQuotePage'), handle: { titleKey: 'titles.robotQuote' } },
  { path: ROUTES.robotRecord, auth: true, load: () => import('../features/robots/RobotRecordPage'), handle: { titleKey: 'titles.robotRecord' } },
  { path: ROUTES.robotRental, auth: true, load: () => import('../features/robots/RobotRentalPage'), handle: { titleKey: 'titles.robotRental' } },
  { path: ROUTES.quantifyIndex, load: () => import('../features/quantify/QuantifyPage'), handle: { titleKey: 'titles.quantifyIndex' } },
  { path: ROUTES.quantifyRecord, auth: true, load: () => import('../features/quantify/QuantifyRecordPage'), handle: { titleKey: 'titles.quantifyRecord' } },
  // One pool is public, as the pools are (a visitor sees its rule and record; investing asks to sign in).
  { path: ROUTES.quantifyRecordDetail, load: () => import('../features/quantify/PoolPage'), handle: { titleKey: 'titles.quantifyRecordDetail' } },
  { path: ROUTES.placingIndex, auth: true, load: () => import('../features/placements/PlacingPage'), handle: { titleKey: 'titles.placingIndex' } },
  { path: ROUTES.placingRecord, auth: true, load: () => import('../features/placements/PlacingRecordPage'), handle: { titleKey: 'titles.placingRecord' } },
  { path: ROUTES.mutualIndex, load: () => import('../features/funds/FundsPage'), handle: { titleKey: 'titles.mutualIndex' } },
  { path: ROUTES.mutualHold, auth: true, load: () => import('../features/funds/MyHoldPage'), handle: { titleKey: 'titles.mutualHold' } },
  { path: ROUTES.loan, auth: true, load: () => import('../features/loans/LoanPage'), handle: { titleKey: 'titles.loan' } },
];
