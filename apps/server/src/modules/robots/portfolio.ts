import { OrderStatus, WalletCode, walletCurrency, type RobotKind } from '@tradeapp/contract';
import { Dec } from '../../lib/decimal';
import type { PortfolioDeps, PortfolioSource, SourceLine } from '../portfolio';

// The robots' lines of the portfolio (issue 32). A robot order's money sits on the financial
// wallet's held side: `robot.start` puts its amount there; each fill's margin and fee leave it
// (`robot.fund`, to the available side, from where trading holds the margin for the position and
// pays the fee); what a close pays comes back (`robot.return`); redeeming returns the rest
// (`robot.stop`). Its fills are trading's lines (product 'robot', their margin claimed there), so
// this line is the order's money not in a position: the sum of its own journals' entries on that
// held side, claimed with `held`. Its cost is what the order cost the investor (amount and rent)
// less what its open fills' lines show as their cost, so that the robot's lines add up to the
// order's amount and rent in cost and to its result (realised + floating − fees − rent) in profit.

interface OrderRow {
  id: number;
  robot_id: number;
  amount: string;
  rent: string;
  kind: RobotKind;
  symbol: string;
  created_at: Date;
  /** The order's money on the held side (its own journals there). */
  cash: string;
  /** What its fills still open (or entrusted) cost: margin and opening fee, as trading's lines state it. */
  open_cost: string;
  /** Every fee of its closed fills: opening and closing. */
  closed_fees: string;
}

export function createRobotsPortfolioSource(deps: PortfolioDeps): PortfolioSource {
  const { db, market } = deps;
  return {
    module: 'robots',
    products: ['robot'],
    // Broader than its lines (a redeemed robot with nothing left): every robot the investor ever rented.
    holds: 'exists (select 1 from robot_orders where user_id = $1)',
    async lines(userId) {
      // Only the caller's own entries: the order's journals touch no one else's accounts, and this says so.
      const rows = await db.query<OrderRow>(
        `select o.id, o.robot_id, o.amount::text, o.rent::text, r.kind, r.symbol, o.created_at, c.cash::text, f.open_cost::text, f.closed_fees::text
           from robot_orders o
           join robots r on r.id = o.robot_id
           cross join lateral (
             select coalesce(sum(e.amount), 0) as cash from ledger_journals j join ledger_entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id
              where j.ref_type = 'robot' and j.ref_id = o.id and a.user_id = o.user_id and a.code = '${WalletCode.Financial}' and a.part = 'held') c
           cross join lateral (
             select coalesce(sum(p.margin + p.open_fee) filter (where p.status in (${OrderStatus.WaitingConfirmation}, ${OrderStatus.InProgress})), 0) as open_cost,
                    coalesce(sum(p.open_fee + coalesce(p.close_fee, 0)) filter (where p.status = ${OrderStatus.Settled}), 0) as closed_fees
               from positions p where p.robot_order_id = o.id) f
          where o.user_id = $1 and (o.redeemed_at is null or c.cash <> 0)
          order by o.id`,
        [userId],
      );
      return rows.map((o): SourceLine => {
        const cash = new Dec(o.cash);
        const cost = new Dec(o.amount).add(o.rent).sub(o.open_cost);
        const pnl = cash.sub(cost);
        const fees = new Dec(o.rent).add(o.closed_fees);
        const name = market.instruments.find((i) => i.symbol === o.symbol)?.name ?? o.symbol;
        return {
          // Trading's lines of this product are the fills, by position id: this one is the order's money.
          id: `cash:${o.id}`,
          product: 'robot',
          instrument: o.symbol,
          name: `${name} ${o.kind} robot`,
          wallet: WalletCode.Financial,
          priceSource: 'ledger',
          priceTimestamp: null,
          currency: walletCurrency(WalletCode.Financial),
          value: cash,
          cost,
          pnl,
          pnlGross: pnl.add(fees),
          fees,
          dayChange: new Dec(0),
          held: { wallet: WalletCode.Financial, amount: cash },
        };
      });
    },
  };
}
