import { FundsReviewStatus } from '@tradeapp/contract';
import { Dec } from '../../lib/decimal';
import { FUNDING_ACCOUNT } from '../../ledger/ledger';
import type { PortfolioDeps, PortfolioSource, SourceLine } from '../portfolio';

interface Row {
  id: number;
  amount: string;
  currency: string;
  destination: string;
}

/**
 * The withdrawals' lines of the portfolio (issue 32): a withdrawal awaiting review (or, above the
 * dual-approval threshold, its second approval) holds its amount on the funding account's held
 * side (service.ts, `withdrawal.hold`) until it is paid out or refused; until then it is still the
 * investor's, worth that amount. A paid or refused one holds nothing.
 */
export function createWithdrawalsPortfolioSource(deps: PortfolioDeps): PortfolioSource {
  const { db } = deps;

  const line = (w: Row): SourceLine => {
    const amount = new Dec(w.amount);
    return {
      id: String(w.id),
      product: 'withdrawal',
      instrument: null,
      name: w.destination,
      wallet: FUNDING_ACCOUNT,
      priceSource: 'ledger',
      currency: w.currency,
      value: amount,
      cost: amount,
      held: { wallet: FUNDING_ACCOUNT, amount },
    };
  };

  return {
    module: 'withdrawals',
    products: ['withdrawal'],
    holds: `exists (select 1 from withdrawals where user_id = $1 and status = ${FundsReviewStatus.PendingReview})`,
    async lines(userId) {
      const rows = await db.query<Row>('select id, amount, currency, destination from withdrawals where user_id = $1 and status = $2 order by id', [
        userId,
        FundsReviewStatus.PendingReview,
      ]);
      return rows.map(line);
    },
  };
}
