import type { WalletCode } from '@tradeapp/contract';

// Query keys of the money screens (server modules: wallet, deposits, withdrawals). Everything lives
// under ['wallet'], so a pushed notice or a money movement refreshes every balance and record in one
// sweep; the deposit and withdrawal features file their records under the same root.

export interface BillFilter {
  walletCode?: WalletCode | undefined;
  type?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export const walletKeys = {
  all: ['wallet'] as const,
  balances: () => ['wallet', 'balances'] as const,
  overview: () => ['wallet', 'overview'] as const,
  /** The portfolio (issue 32): under the money root, so every money movement values it again. */
  portfolio: (currency: 'EUR' | 'USD' = 'EUR') => ['wallet', 'portfolio', currency] as const,
  bills: (filter: BillFilter) => ['wallet', 'bills', filter] as const,
  transfers: () => ['wallet', 'transfers'] as const,
  depositMethods: () => ['wallet', 'depositMethods'] as const,
  deposits: () => ['wallet', 'deposits'] as const,
  withdrawals: () => ['wallet', 'withdrawals'] as const,
  usable: () => ['wallet', 'usable'] as const,
  exchangeRate: (symbol = 'EURUSD') => ['wallet', 'exchangeRate', symbol] as const,
};
