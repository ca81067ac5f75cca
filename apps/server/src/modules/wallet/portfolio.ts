import { TransactionStatus, type WalletCode } from '@tradeapp/contract';
import { Dec } from '../../lib/decimal';
import type { PortfolioDeps, PortfolioSource, SourceLine } from '../portfolio';

interface Row {
  id: number;
  from_code: WalletCode;
  to_code: WalletCode;
  amount: string;
  currency: string;
}

/**
 * The transfers' lines of the portfolio (issue 32): a transfer across currencies in progress holds
 * its amount on the source wallet's held side (service.ts, `transfer.hold`) until the settlement
 * exchanges it at the recorded rate or a cancel returns it; until then it is worth that amount in
 * the source wallet's currency. A transfer in one currency moves at once and holds nothing.
 */
export function createTransfersPortfolioSource(deps: PortfolioDeps): PortfolioSource {
  const { db } = deps;

  const line = (t: Row): SourceLine => {
    const amount = new Dec(t.amount);
    return {
      id: String(t.id),
      product: 'transfer',
      instrument: null,
      name: `${t.from_code} → ${t.to_code}`,
      wallet: t.from_code,
      priceSource: 'ledger',
      currency: t.currency,
      value: amount,
      cost: amount,
      held: { wallet: t.from_code, amount },
    };
  };

  return {
    module: 'wallet',
    products: ['transfer'],
    holds: `exists (select 1 from transfers where user_id = $1 and status = ${TransactionStatus.InProgress})`,
    async lines(userId) {
      const rows = await db.query<Row>('select id, from_code, to_code, amount, currency from transfers where user_id = $1 and status = $2 order by id', [
        userId,
        TransactionStatus.InProgress,
      ]);
      return rows.map(line);
    },
  };
}
