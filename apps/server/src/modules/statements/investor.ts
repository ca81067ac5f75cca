import { monthBounds, monthOf, type JournalKind, type TimelineEntry, type WalletCode } from '@tradeapp/contract';
import { AppError } from '../../errors';
import { verifyAuditChain } from '../../lib/audit';
import { plain } from '../../lib/decimal';
import type { StatementContext } from './context';
import { money, WALLET_ORDER } from './views';

/** An export covers at most a year, and at most this many rows. */
export const EXPORT_MAX_DAYS = 366;
const EXPORT_MAX_ROWS = 100_000;
type Entry = TimelineEntry;

/** The investor's own statements: a month's, the timeline of the account, the exports, the months there are. */
export function createInvestorStatements(ctx: StatementContext) {
  const { db, now, withPortfolio, userOf, build, tradesOf } = ctx;

  /** Every ledger entry of the caller's wallets in the days, oldest first, with the balance of its wallet's part after it. */
  function billRows(userId: number, from: Date, to: Date) {
    return db.query<{
      created_at: Date;
      journal_id: number;
      kind: JournalKind;
      code: WalletCode;
      part: string;
      currency: string;
      amount: string;
      balance_after: string;
      memo: string | null;
    }>(
      `select * from (
         select j.created_at, e.journal_id, j.kind, a.code, a.part, e.currency, e.amount::text, e.id,
                (sum(e.amount) over (partition by e.account_id order by e.id))::text as balance_after, j.memo
           from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_journals j on j.id = e.journal_id
          where a.user_id = $1) b
        where b.created_at >= $2 and b.created_at < $3
        order by b.id
        limit ${EXPORT_MAX_ROWS + 1}`,
      [userId, from, to],
    );
  }

  /**
   * The account's timeline, newest first. Orders are their positions' steps (the position the
   * investor knows: a part closed off is shown on it, not on its settled row), each with the
   * journals posted in the same transaction for it or for a part closed off it. Money is every
   * other journal that moved the caller's wallets. Reviews are the audit entries on the account
   * or on its identity submissions, deposits, withdrawals and loans.
   */
  async function timeline(userId: number, page: number, size: number) {
    const union = `
      select 'money' as kind, j.created_at as at, j.id as journal_id, null::bigint as position_id, null::bigint as event_id, null::bigint as audit_id
        from ledger_journals j
       where j.id in (select e.journal_id from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = $1)
         and j.ref_type is distinct from 'position'
      union all
      select 'order', e.created_at, null, e.position_id, e.id, null
        from position_events e join positions p on p.id = e.position_id
       where p.user_id = $1 and p.parent_id is null
      union all
      select 'review', a.created_at, null, null, null, a.id
        from audit_log a
       where (a.target_type = 'user' and a.target_id = $1::text)
          or (a.target_type = 'kyc' and a.target_id in (select id::text from kyc_submissions where user_id = $1))
          or (a.target_type = 'deposit' and a.target_id in (select id::text from deposits where user_id = $1))
          or (a.target_type = 'withdrawal' and a.target_id in (select id::text from withdrawals where user_id = $1))
          or (a.target_type = 'loan' and a.target_id in (select id::text from loans where user_id = $1))`;
    const [count] = await db.query<{ n: number }>(`select count(*)::int as n from (${union}) t`, [userId]);
    // At one instant (one transaction), what happened before why: a deposit above its approval, a fill above its placing.
    const rows = await db.query<{
      kind: Entry['kind'];
      at: Date;
      journal_id: number | null;
      position_id: number | null;
      event_id: number | null;
      audit_id: number | null;
    }>(
      `select * from (${union}) t order by t.at desc, case t.kind when 'money' then 2 when 'order' then 1 else 0 end desc, coalesce(t.journal_id, t.event_id, t.audit_id) desc limit $2 offset $3`,
      [userId, size, (page - 1) * size],
    );
    const journalIds = rows.flatMap((r) => (r.journal_id === null ? [] : [r.journal_id]));
    const eventIds = rows.flatMap((r) => (r.event_id === null ? [] : [r.event_id]));
    const auditIds = rows.flatMap((r) => (r.audit_id === null ? [] : [r.audit_id]));
    const moved = journalIds.length
      ? await db.query<{ journal_id: number; kind: JournalKind; code: WalletCode; currency: string; amount: string }>(
          `select e.journal_id, j.kind, a.code, a.currency, sum(e.amount)::text as amount
             from ledger_entries e join ledger_accounts a on a.id = e.account_id join ledger_journals j on j.id = e.journal_id
            where a.user_id = $1 and e.journal_id = any($2::bigint[])
            group by e.journal_id, j.kind, a.code, a.currency`,
          [userId, journalIds],
        )
      : [];
    const steps = eventIds.length
      ? await db.query<{
          id: number;
          position_id: number;
          symbol: string;
          event: NonNullable<Entry['event']>;
          quantity: string | null;
          price: string | null;
          journals: number[] | null;
        }>(
          `select e.id, e.position_id, p.symbol, e.event, e.quantity::text, e.price::text,
                  (select array_agg(j.id order by j.id) from ledger_journals j
                    where j.ref_type = 'position' and j.created_at = e.created_at
                      and (j.ref_id = p.id or j.ref_id in (select c.id from positions c where c.parent_id = p.id))) as journals
             from position_events e join positions p on p.id = e.position_id
            where e.id = any($1::bigint[])`,
          [eventIds],
        )
      : [];
    const reviews = auditIds.length
      ? await db.query<{ id: number; action: string; reason: string | null; hash: string | null }>(
          'select id, action, reason, hash from audit_log where id = any($1::bigint[])',
          [auditIds],
        )
      : [];
    const empty = { journalIds: [], journalKind: null, wallets: [], positionId: null, symbol: null, event: null, quantity: null, price: null, review: null };
    const list: Entry[] = rows.map((r) => {
      const timestamp = r.at.getTime();
      if (r.kind === 'money') {
        const mine = moved.filter((m) => m.journal_id === r.journal_id);
        return {
          ...empty,
          kind: 'money',
          timestamp,
          journalIds: [r.journal_id!],
          journalKind: mine[0]?.kind ?? null,
          wallets: mine
            .sort((a, b) => WALLET_ORDER.indexOf(a.code) - WALLET_ORDER.indexOf(b.code))
            .map((m) => ({ walletCode: m.code, currency: m.currency, amount: money(m.amount) })),
        };
      }
      if (r.kind === 'order') {
        const e = steps.find((x) => x.id === r.event_id)!;
        return {
          ...empty,
          kind: 'order',
          timestamp,
          journalIds: (e.journals ?? []).map(Number),
          positionId: e.position_id,
          symbol: e.symbol,
          event: e.event,
          quantity: e.quantity === null ? null : plain(e.quantity),
          price: e.price === null ? null : plain(e.price),
        };
      }
      const a = reviews.find((x) => x.id === r.audit_id)!;
      return { ...empty, kind: 'review', timestamp, review: { action: a.action, reason: a.reason, auditId: a.id, hash: a.hash } };
    });
    const chain = await verifyAuditChain(db);
    return { list, total: count?.n ?? 0, page, size, auditChain: { ok: chain.firstBrokenId === null, checked: chain.checked } };
  }

  return {
    statement: async (userId: number, month: string) => withPortfolio(await build(db, userId, month), userId),
    timeline,

    /** The caller's bills and trades of `from`..`to` (days, UTC, both included) as rows for a CSV file. */
    async exportRows(userId: number, what: 'bills' | 'trades', days: { from: string; to: string }) {
      const from = new Date(`${days.from}T00:00:00Z`);
      const to = new Date(Date.parse(`${days.to}T00:00:00Z`) + 86_400_000);
      if (!(from < to) || to.getTime() - from.getTime() > EXPORT_MAX_DAYS * 86_400_000)
        throw new AppError('e.exportRange', undefined, { days: EXPORT_MAX_DAYS });
      if (what === 'trades') {
        const trades = await tradesOf(db, userId, from, to);
        return [
          // A close's P&L: gross, every fee of the trade, net (the statement's and the position's figures); `fee` is this step's own.
          ['time', 'position_id', 'symbol', 'wallet', 'side', 'event', 'quantity', 'price', 'fee', 'gross_pnl', 'trade_fees', 'net_pnl'],
          ...trades.map((t) => [
            new Date(t.timestamp).toISOString(),
            String(t.positionId),
            t.symbol,
            t.walletCode,
            t.direction === 0 ? 'buy' : 'sell',
            t.event,
            t.quantity,
            t.price,
            t.fee,
            t.gross ?? '',
            t.fees ?? '',
            t.net ?? '',
          ]),
        ];
      }
      const rows = await billRows(userId, from, to);
      if (rows.length > EXPORT_MAX_ROWS) throw new AppError('e.exportRange', undefined, { days: EXPORT_MAX_DAYS });
      return [
        ['time', 'journal_id', 'type', 'wallet', 'currency', 'part', 'amount', 'balance_after', 'memo'],
        ...rows.map((r) => [
          r.created_at.toISOString(),
          String(r.journal_id),
          r.kind,
          r.code,
          r.currency,
          r.part,
          money(r.amount),
          money(r.balance_after),
          r.memo ?? '',
        ]),
      ];
    },

    async months(userId: number) {
      const user = await userOf(db, userId);
      const months: Array<{ month: string; complete: boolean }> = [];
      const first = monthOf(user.created_at.getTime());
      for (let m = monthOf(now()); m >= first; m = monthOf(monthBounds(m).from - 1)) months.push({ month: m, complete: monthBounds(m).to <= now() });
      return { months };
    },
  };
}
