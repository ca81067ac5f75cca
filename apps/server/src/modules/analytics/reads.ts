import { ANALYTICS_FLOW_KINDS, JournalKind, OrderStatus } from '@tradeapp/contract';
import type { Db } from '../../db/db';
import type { PositionRow } from '../trading';
import { DAY, startOf } from './amounts';

/** One group of the caller's ledger: a UTC day, a currency and a row (a flow, or where it belongs). */
export interface LedgerRow {
  day: string;
  currency: string;
  kind: string;
  flow: boolean;
  symbol: string | null;
  fund_kind: string | null;
  amount: string;
}

/** What analytics reads of the database for a period ending with `today` (`live`: today is the day in progress) and starting at `firstEnd`. */
export async function readPeriod(db: Db, userId: number, p: { today: string; live: boolean; firstEnd: number }) {
  const { today, live, firstEnd } = p;
  // The ledger by UTC day, currency and row: every change of the caller's accounts, a flow or where it belongs.
  const ledger = await db.query<LedgerRow>(
    `with mine as (
         select j.created_at, a.currency, e.amount,
                coalesce(r.kind, j.kind) as kind, coalesce(r.ref_type, j.ref_type) as ref_type, coalesce(r.ref_id, j.ref_id) as ref_id
           from ledger_entries e
           join ledger_accounts a on a.id = e.account_id
           join ledger_journals j on j.id = e.journal_id
           left join ledger_journals r on j.kind = $4 and r.id = j.reverses
          where a.user_id = $1 and j.created_at < $3
       )
       select to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, m.currency, m.kind,
              m.kind = any($2::text[]) as flow, p.symbol, fp.kind as fund_kind, sum(m.amount)::text as amount
         from mine m
         left join positions p on m.ref_type = 'position' and p.id = m.ref_id
         left join fund_orders fo on m.ref_type = 'fund_order' and fo.id = m.ref_id
         left join fund_holdings fh on m.ref_type = 'fund_holding' and fh.id = m.ref_id
         left join fund_products fp on fp.id = coalesce(fo.product_id, fh.product_id)
        group by 1, 2, 3, 4, 5, 6
        order by 1`,
    [userId, ANALYTICS_FLOW_KINDS, new Date(startOf(today) + DAY), JournalKind.Reversal],
  );
  // Every position filled before today that was still open at some day's end of the period: a part closed off is its own settled row.
  // Allotted shares waiting for their listing (status 2) have no price yet: their money is valued as the held margin it is.
  const held = await db.query<PositionRow>(
    `select * from positions
        where user_id = $1 and status in (${OrderStatus.InProgress}, ${OrderStatus.Settled}) and open_price is not null and filled_at is not null and filled_at < $2
          and (closed_at is null or closed_at >= $3)`,
    [userId, new Date(live ? startOf(today) : startOf(today) + DAY), new Date(firstEnd)],
  );
  const open = await db.query<PositionRow>(`select * from positions where user_id = $1 and status = ${OrderStatus.InProgress} and open_price is not null`, [
    userId,
  ]);
  const settled = await db.query<PositionRow>(
    `select * from positions where user_id = $1 and status = ${OrderStatus.Settled} and realised is not null and closed_at >= $2`,
    [userId, new Date(firstEnd)],
  );
  return { ledger, held, open, settled };
}
