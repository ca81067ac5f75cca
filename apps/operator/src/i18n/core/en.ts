import type { Widen } from '../locale';

// The back office's frame: the menu, the header and the language switch.
export const coreEn = {
  core: {
    language: 'Language',
    skipToContent: 'Skip to content',
    backOffice: 'Back office',
    sections: 'Sections',
    operator: 'Operator',
    signOut: 'Sign out',
    unread: ', {{count}} unread',
    groups: {
      reviews: 'Reviews',
      primaryMarket: 'Primary market',
      copyFollowing: 'Copy following',
      robots: 'AI robots',
      quantify: 'AI quantify',
      fundsBondsLoans: 'Funds, bonds and loans',
      operations: 'Operations',
      content: 'Content',
    },
    nav: {
      users: 'Users',
      kyc: 'KYC',
      deposits: 'Deposits',
      withdrawals: 'Withdrawals',
      blockTrades: 'Block trading',
      deals: 'IPOs',
      placements: 'Placements',
      agencies: 'Agencies',
      robots: 'Robots',
      pools: 'Pools',
      funds: 'Funds and deposits',
      bonds: 'Bonds',
      loans: 'Loans',
      chat: 'Chat',
      service: 'Service requests',
      ledger: 'Ledger check',
      outbox: 'Mail outbox',
      audit: 'Audit log',
      articles: 'Articles',
      notices: 'Notices',
      appVersion: 'App version',
    },
  },
} as const;

export type CoreMessages = Widen<typeof coreEn>;
