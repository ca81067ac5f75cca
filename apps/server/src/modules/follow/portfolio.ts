import { OrderStatus, translate, WalletCode, walletCurrency, type AgencyStrategy, type MessageKey } from '@tradeapp/contract';
import { Dec } from '../../lib/decimal';
import type { PortfolioDeps, PortfolioSource, SourceLine } from '../portfolio';

// The follows' lines of the portfolio (issue 32). A follow's money sits on the follow wallet's held
// side: `follow.start` and `follow.add` put it there; each copy's margin and fee leave it
// (`follow.copy`, to the available side, from where trading holds the margin for the copy and pays
// the fee); what a copy's close pays comes back (`follow.return`, in the closing transaction);
// stopping returns the rest (`follow.stop`). The copies are trading's lines (product 'follow',
// their margin claimed there), so this line is the follow's money not in a copy: the sum of its
// own journals' entries on that held side, claimed with `held`.
//
// Agencies are users too (the house's strategy accounts, with follow wallets and positions of
// their own): only the caller's follows are read, and only the caller's own accounts summed.
// The follow's cost is what was put in less what its open copies' lines show as their cost, so
// the follow's lines add up to its amount in cost and to equity − amount in profit.

interface FollowRow {
  id: number;
  agency_id: number;
  strategy: AgencyStrategy;
  amount: string;
  created_at: Date;
  cash: string;
  open_cost: string;
  closed_fees: string;
}

export function createFollowPortfolioSource(deps: PortfolioDeps): PortfolioSource {
  const { db } = deps;
  return {
    module: 'follow',
    products: ['follow'],
    // Broader than its lines (a stopped follow swept back): every follow the investor ever started.
    holds: 'exists (select 1 from follows where user_id = $1)',
    async lines(userId) {
      const rows = await db.query<FollowRow>(
        `select f.id, f.agency_id, a.strategy, f.amount::text, f.created_at, c.cash::text, p.open_cost::text, p.closed_fees::text
           from follows f
           join agencies a on a.id = f.agency_id
           cross join lateral (
             select coalesce(sum(e.amount), 0) as cash from ledger_journals j join ledger_entries e on e.journal_id = j.id join ledger_accounts la on la.id = e.account_id
              where j.ref_type = 'follow' and j.ref_id = f.id and la.user_id = f.user_id and la.code = '${WalletCode.Follow}' and la.part = 'held') c
           cross join lateral (
             select coalesce(sum(x.margin + x.open_fee) filter (where x.status in (${OrderStatus.WaitingConfirmation}, ${OrderStatus.InProgress})), 0) as open_cost,
                    coalesce(sum(x.open_fee + coalesce(x.close_fee, 0)) filter (where x.status = ${OrderStatus.Settled}), 0) as closed_fees
               from positions x where x.follow_id = f.id and x.user_id = f.user_id) p
          where f.user_id = $1 and (f.status <> 'stopped' or c.cash <> 0)
          order by f.id`,
        [userId],
      );
      return rows.map((f): SourceLine => {
        const cash = new Dec(f.cash);
        const cost = new Dec(f.amount).sub(f.open_cost);
        const pnl = cash.sub(cost);
        const fees = new Dec(f.closed_fees);
        return {
          // Trading's lines of this product are the copies, by position id: this one is the follow's money.
          id: `cash:${f.id}`,
          product: 'follow',
          instrument: null,
          name: translate('en', `f.${f.strategy}` as MessageKey),
          wallet: WalletCode.Follow,
          priceSource: 'ledger',
          priceTimestamp: null,
          currency: walletCurrency(WalletCode.Follow),
          value: cash,
          cost,
          pnl,
          pnlGross: pnl.add(fees),
          fees,
          dayChange: new Dec(0),
          held: { wallet: WalletCode.Follow, amount: cash },
        };
      });
    },
  };
}
