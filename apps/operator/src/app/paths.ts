// The back office's routes, as the hash router matches them. The route table (router.tsx) takes
// every path from here, and this file imports nothing, so the end-to-end tests can list the routes
// (e2e/tests/operator-a11y.spec.ts visits each one) without loading the pages.

export const ROUTES = {
  login: '/login',
  users: '/users',
  user: '/users/:id',
  kyc: '/kyc',
  deposits: '/deposits',
  withdrawals: '/withdrawals',
  blockTrades: '/block-trades',
  placements: '/placements',
  placementNew: '/placements/new',
  placement: '/placements/:id',
  deals: '/deals',
  dealNew: '/deals/new',
  deal: '/deals/:id',
  dealEdit: '/deals/:id/edit',
  agencies: '/agencies',
  robots: '/robots',
  robotNew: '/robots/new',
  pools: '/pools',
  poolNew: '/pools/new',
  // funds, bonds and loans (issue 15)
  funds: '/funds',
  fundNew: '/funds/new',
  bonds: '/bonds',
  loans: '/loans',
  // end of funds, bonds and loans
  ledger: '/ledger',
  service: '/service',
  outbox: '/outbox',
  audit: '/audit',
  chat: '/chat',
  chatWith: '/chat/:userId',
  articles: '/articles',
  articleNew: '/articles/new',
  article: '/articles/:id',
  notices: '/notices',
  appVersion: '/app-version',
  /** Any other path inside the signed-in frame. */
  notFound: '*',
} as const;

export type RoutePath = (typeof ROUTES)[keyof typeof ROUTES];
