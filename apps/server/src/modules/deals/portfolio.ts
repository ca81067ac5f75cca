import { SubscriptionStatus, WalletCode } from '@tradeapp/contract';
import { Dec } from '../../lib/decimal';
import type { PortfolioDeps, PortfolioSource, SourceLine } from '../portfolio';
import type { DealRow, SubscriptionRow } from './repository';

type Row = SubscriptionRow & Pick<DealRow, 'name' | 'symbol' | 'currency' | 'lot_size'>;

/**
 * The deals' lines of the portfolio (issue 32): each subscription before its allotment is the money
 * it holds (postings.ts: `deal.subscribe`, or `deal.hold` after a changed or reconfirmed offer), on
 * the subscription wallet's held side in euros, valued at that cost. The handling fee it paid is
 * gone to the house: its cost and its loss, not its value.
 *
 * After the allotment a subscription holds nothing of its own: the money of allotted shares stays
 * held as their position's margin (status ToBeSettled, then open once listed), which is trading's
 * line (trading/portfolio.ts), and the rest was refunded. So only `subscribed` rows answer here;
 * allotted, not allotted, refunded and cancelled ones never do, and nothing counts twice.
 */
export function createDealsPortfolioSource(deps: PortfolioDeps): PortfolioSource {
  const { db } = deps;

  function line(s: Row): SourceLine {
    const held = new Dec(s.amount_held);
    const fee = new Dec(s.handling_fee_paid);
    return {
      // Trading's allotted shares are `deal` lines too, by position id: these are named apart.
      id: `subscription-${s.id}`,
      product: 'deal',
      instrument: s.symbol,
      name: s.name,
      wallet: WalletCode.Subscription,
      quantity: new Dec(s.lots).mul(s.lot_size),
      price: new Dec(s.price_held),
      priceCurrency: s.currency,
      priceSource: 'cost',
      priceTimestamp: s.updated_at.getTime(),
      currency: 'EUR',
      value: held,
      cost: held.add(fee),
      pnl: fee.neg(),
      pnlGross: new Dec(0),
      fees: fee,
      held: { wallet: WalletCode.Subscription, amount: held },
    };
  }

  return {
    module: 'deals',
    products: ['deal'],
    holds: `exists (select 1 from deal_subscriptions where user_id = $1 and status = '${SubscriptionStatus.Subscribed}')`,
    async lines(userId) {
      const rows = await db.query<Row>(
        `select s.*, d.name, d.symbol, d.currency, d.lot_size from deal_subscriptions s join deals d on d.id = s.deal_id
          where s.user_id = $1 and s.status = $2 order by s.id`,
        [userId, SubscriptionStatus.Subscribed],
      );
      return rows.map(line);
    },
  };
}
