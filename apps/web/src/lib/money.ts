import { walletCurrency, type WalletCode } from '@tradeapp/contract';
import { formatInCurrency } from './format';

// A wallet's amounts. The contract's currency rule (`walletCurrency`) lives with the wallet routes and
// their schemas: only the screens that show a wallet's money load them, not every screen that formats
// a number (lib/format.ts).

const currencyOf = (walletCode: string | null | undefined) => (walletCode && walletCurrency(walletCode as WalletCode) === 'USD' ? 'USD' : 'EUR');

/** Wallet currency symbol: $ for the dollar wallets (US stock, follow), € otherwise. */
export function currencySymbol(walletCode: string | null | undefined): string {
  return currencyOf(walletCode) === 'USD' ? '$' : '€';
}

/** "€1,234.50" / "-$12.00" in a wallet's currency. */
export function formatMoney(value: string | null | undefined, walletCode?: string | null): string {
  return formatInCurrency(value, currencyOf(walletCode));
}
