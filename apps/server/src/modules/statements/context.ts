import { monthBounds, monthOf, type Statement } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { HOUSE } from '../../ledger/ledger';
import type { AnalyticsService } from '../analytics';
import type { PortfolioService } from '../portfolio';
import { positionOf, tradeOf, walletsOf, type FeeRow, type LineRow, type OpenPositionRow, type PartRow, type TradeRow } from './views';

export interface StatementOptions {
  db: Db;
  now: () => number;
  portfolio: Pick<PortfolioService, 'value'>;
  analytics: Pick<AnalyticsService, 'valueAt'>;
}

/** What the investor's and the operator's use cases share: the month's statement read from the ledger, its net assets, the account's owner. */
export function createStatementContext(opts: StatementOptions) {
  const { db, now } = opts;

  /**
   * The statement with the net assets at its end. Read outside any transaction: the portfolio's
   * sources answer in parallel, each on a connection of its own.
   */
  async function withPortfolio(s: Omit<Statement, 'portfolio'>, userId: number): Promise<Statement> {
    return { ...s, portfolio: await portfolioAt(userId, s.month, s.complete) };
  }

  async function portfolioAt(userId: number, month: string, complete: boolean): Promise<Statement['portfolio']> {
    if (!complete) {
      const p = await opts.portfolio.value(userId, 'EUR');
      return { currency: 'EUR', netAssets: p.netAssets, total: p.total, liabilities: p.liabilities, asOf: p.asOf };
    }
    const end = monthBounds(month).to;
    const netAssets = await opts.analytics.valueAt(userId, new Date(end - 1).toISOString().slice(0, 10));
    return netAssets === null ? null : { currency: 'EUR', netAssets, total: null, liabilities: null, asOf: end };
  }

  async function userOf(sql: Sql, userId: number) {
    const [u] = await sql.query<{ username: string; created_at: Date }>('select username, created_at from users where id = $1', [userId]);
    if (!u) throw notFound();
    return u;
  }

  function checkMonth(month: string, openedAt: Date) {
    const { from } = monthBounds(month);
    if (from > now() || month < monthOf(openedAt.getTime())) throw new AppError('e.statementMonthUnavailable');
  }

  async function build(sql: Sql, userId: number, month: string): Promise<Omit<Statement, 'portfolio'>> {
    const user = await userOf(sql, userId);
    checkMonth(month, user.created_at);
    const bounds = monthBounds(month);
    const generated = now();
    const complete = bounds.to <= generated;
    const from = new Date(bounds.from);
    // The month in progress: everything written so far is before its end (nothing is written ahead of time).
    const to = new Date(bounds.to);

    const parts = await sql.query<PartRow>(
      `select a.code, a.part,
              coalesce(sum(e.amount) filter (where j.created_at < $2), 0)::text as opening,
              coalesce(sum(e.amount) filter (where j.created_at < $3), 0)::text as closing
         from ledger_accounts a
         left join ledger_entries e on e.account_id = a.id
         left join ledger_journals j on j.id = e.journal_id
        where a.user_id = $1
        group by a.code, a.part`,
      [userId, from, to],
    );
    const lines = await sql.query<LineRow>(
      `select a.code, j.kind, count(distinct j.id)::int as n, sum(e.amount)::text as amount
         from ledger_entries e
         join ledger_accounts a on a.id = e.account_id
         join ledger_journals j on j.id = e.journal_id
        where a.user_id = $1 and j.created_at >= $2 and j.created_at < $3
        group by a.code, j.kind`,
      [userId, from, to],
    );
    // The trading fees of the month: what the house's fee account took in the journals that moved each wallet.
    const fees = await sql.query<FeeRow>(
      `select w.code, sum(f.amount)::text as fees
         from ledger_journals j
         join lateral (select distinct a.code from ledger_entries e join ledger_accounts a on a.id = e.account_id
                        where e.journal_id = j.id and a.user_id = $1) w on true
         join ledger_entries f on f.journal_id = j.id
         join ledger_accounts fa on fa.id = f.account_id and fa.user_id is null and fa.code = $4
        where j.created_at >= $2 and j.created_at < $3
          and j.id in (select e.journal_id from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = $1)
        group by w.code`,
      [userId, from, to, HOUSE.fees],
    );

    const wallets = walletsOf(parts, lines, fees);
    const trades = await tradesOf(sql, userId, from, to);
    const positions = await sql.query<OpenPositionRow>(
      // A part closed off after the month's end was still open at it: its quantity and margin count back in.
      `select p.id, p.symbol, p.wallet_code, p.direction,
              (p.quantity + coalesce(later.quantity, 0))::text as quantity, p.open_price::text, (p.margin + coalesce(later.margin, 0))::text as margin,
              coalesce(p.filled_at, p.created_at) as opened
         from positions p
         left join lateral (select sum(c.quantity) as quantity, sum(c.margin) as margin from positions c
                             where c.parent_id = p.id and c.closed_at >= $2) later on true
        where p.user_id = $1 and p.open_price is not null and coalesce(p.filled_at, p.created_at) < $2
          and (p.status = 1 or (p.status = 3 and p.closed_at >= $2 and p.parent_id is null))
        order by p.id`,
      [userId, to],
    );
    return {
      month,
      fromTimestamp: bounds.from,
      toTimestamp: bounds.to,
      complete,
      generatedTimestamp: generated,
      userName: user.username,
      wallets,
      trades,
      positions: positions.map(positionOf),
    };
  }

  /**
   * Each fill and close of the month, from the positions' events; its fee is what the journal of
   * that step paid the house's fee account. A close states its settled row's gross, fees and net by
   * the contract's one definition (`closedTradePnl`), as the position and analytics do.
   */
  async function tradesOf(sql: Sql, userId: number, from: Date, to: Date): Promise<Statement['trades']> {
    const rows = await sql.query<TradeRow>(
      `select e.position_id, p.symbol, p.wallet_code, p.direction, e.event, e.quantity::text, e.price::text,
              case when e.event = 'filled' then null else p.realised::text end as realised, p.open_fee::text, p.close_fee::text,
              (select sum(f.amount) from ledger_journals j
                 join ledger_entries f on f.journal_id = j.id
                 join ledger_accounts fa on fa.id = f.account_id and fa.user_id is null and fa.code = $4
                where j.ref_type = 'position' and j.ref_id = p.id
                  and j.kind = any(case when e.event = 'filled' then array['order.open'] else array['position.close', 'position.liquidate'] end))::text as fee,
              e.created_at as at
         from position_events e join positions p on p.id = e.position_id
        where p.user_id = $1 and e.created_at >= $2 and e.created_at < $3
          -- A part closed off is its own settled row with its own event; the position it left records the same part again.
          and (e.event = 'filled' or (e.event in ('closed', 'liquidated') and p.status = 3) or (e.event = 'partially_closed' and p.parent_id is not null))
        order by e.created_at, e.id`,
      [userId, from, to, HOUSE.fees],
    );
    return rows.map(tradeOf);
  }

  return { db, now, withPortfolio, userOf, build, tradesOf };
}

export type StatementContext = ReturnType<typeof createStatementContext>;
