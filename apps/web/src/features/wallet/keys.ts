import type { WalletCode } from '@tradeapp/contract';

// Query keys of the wallet feature (server module: wallet). Everything lives under ['wallet'], so
// a pushed notice refreshes every balance and record in one sweep.

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
  bills: (filter: BillFilter) => ['wallet', 'bills', filter] as const,
  transfers: () => ['wallet', 'transfers'] as const,
  depositMethods: () => ['wallet', 'depositMethods'] as const,
  deposits: () => ['wallet', 'deposits'] as const,
  withdrawals: () => ['wallet', 'withdrawals'] as const,
  usable: () => ['wallet', 'usable'] as const,
  rate: () => ['wallet', 'rate', 'EURUSD'] as const,
};
