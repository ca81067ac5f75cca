import { createBills } from './bills';
import type { WalletContext } from './context';
import { createInvestorWallet } from './investor';
import { createWalletOperations } from './operator';

/** Wallets, their bills, transfers between them, and the settlement of transfers across currencies. */
export function createWalletService(opts: WalletContext) {
  return { ...createInvestorWallet(opts), ...createBills(opts), ...createWalletOperations(opts) };
}

export type WalletService = ReturnType<typeof createWalletService>;
