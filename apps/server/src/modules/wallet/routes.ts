import type { HandlersOf } from '../../http/register';
import type { PortfolioService } from '../portfolio';
import type { WalletService } from './service';

export function walletHandlers(
  w: WalletService,
  portfolio: Pick<PortfolioService, 'value'>,
): HandlersOf<'walletBalance' | 'walletBill' | 'fundingOverview' | 'transfer' | 'cancelTransfer' | 'transferList' | 'operatorLedgerCheck'> {
  return {
    walletBalance: ({ caller }) => w.wallets(caller!.id),
    walletBill: ({ input, caller }) => w.bills(caller!.id, input),
    fundingOverview: async ({ input, caller }) => w.overview(caller!.id, input.currency, await portfolio.value(caller!.id, input.currency)),
    transfer: ({ input, caller, idempotencyKey }) => w.transfer(caller!.id, input, idempotencyKey),
    cancelTransfer: ({ input, caller, idempotencyKey }) => w.cancel(caller!.id, input.id, idempotencyKey),
    transferList: ({ input, caller }) => w.transfers(caller!.id, input.page, input.size, input.status),
    operatorLedgerCheck: () => w.checkLedger(),
  };
}
