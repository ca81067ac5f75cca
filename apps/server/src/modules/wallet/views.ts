import { TransactionStatus, WalletCode, type Transfer } from '@tradeapp/contract';
import { Dec, fixed } from '../../lib/decimal';

export const WALLETS = Object.values(WalletCode);
export const symbolOf = (currency: string) => (currency === 'USD' ? '$' : '€');
export const money = (v: Dec | string) => fixed(v, 2);

export interface TransferRow {
  id: number;
  user_id: number;
  from_code: WalletCode;
  to_code: WalletCode;
  amount: string;
  currency: string;
  to_amount: string;
  to_currency: string;
  rate: string;
  status: number;
  settle_after: Date | null;
  hold_journal_id: number | null;
  created_at: Date;
}

export function toTransfer(r: TransferRow): Transfer {
  return {
    id: r.id,
    from: r.from_code,
    to: r.to_code,
    amount: money(r.amount),
    currency: r.currency,
    toAmount: money(r.to_amount),
    toCurrency: r.to_currency,
    rate: new Dec(r.rate).toFixed(),
    status: r.status as Transfer['status'],
    createTimeTimestamp: r.created_at.getTime(),
    settleAfterTimestamp: r.status === TransactionStatus.InProgress && r.settle_after ? r.settle_after.getTime() : null,
  };
}
