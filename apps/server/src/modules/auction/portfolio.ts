import { AuctionOrderStatus, type WalletCode } from '@tradeapp/contract';
import { Dec } from '../../lib/decimal';
import type { PortfolioDeps, PortfolioSource, SourceLine } from '../portfolio';
import type { OrderRow } from './repository';

type Row = Pick<OrderRow, 'id' | 'symbol' | 'price' | 'quantity' | 'wallet_code' | 'wallet_currency' | 'currency' | 'hold_price' | 'held' | 'created_at'>;

/**
 * The auction's lines of the portfolio (issue 32): a pre-opening order collected and not yet
 * matched holds its margin and fee on its trading wallet's held side (`order.hold` through
 * trading's postings, referring to the auction order, not to a position), so trading's source does
 * not see it. It is an entrusted order in all but its row, and is shown as one, worth what it holds,
 * named apart from trading's entrusted orders. The match ends that hold: a fill's margin is then
 * held by its position and an unfilled limit's rest by its entrusted order, both trading's lines.
 */
export function createAuctionPortfolioSource(deps: PortfolioDeps): PortfolioSource {
  const { db, provider } = deps;

  const line = (o: Row): SourceLine => {
    const held = new Dec(o.held);
    const wallet = o.wallet_code as WalletCode;
    return {
      id: `auction-${o.id}`,
      product: 'entrustedOrder',
      instrument: o.symbol,
      name: provider.instrument(o.symbol)?.name ?? o.symbol,
      wallet,
      quantity: new Dec(o.quantity),
      // A limit at its price; an at-auction order at the price it is held at (the band's top).
      price: new Dec(o.price ?? o.hold_price),
      priceCurrency: o.currency,
      priceSource: 'cost',
      priceTimestamp: o.created_at.getTime(),
      currency: o.wallet_currency,
      value: held,
      cost: held,
      held: { wallet, amount: held },
    };
  };

  return {
    module: 'auction',
    products: ['entrustedOrder'],
    holds: `exists (select 1 from auction_orders where user_id = $1 and status = '${AuctionOrderStatus.Collected}')`,
    async lines(userId) {
      const rows = await db.query<Row>(
        `select id, symbol, price, quantity, wallet_code, wallet_currency, currency, hold_price, held, created_at
           from auction_orders where user_id = $1 and status = $2 order by id`,
        [userId, AuctionOrderStatus.Collected],
      );
      return rows.map(line);
    },
  };
}
