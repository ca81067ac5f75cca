import {
  closedTradePnl,
  JOURNAL_KINDS,
  monthBounds,
  monthOf,
  walletCurrency,
  WalletCode,
  type JournalKind,
  type Statement,
  type TimelineEntry,
} from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { verifyAuditChain, writeAudit } from '../../lib/audit';
import { Dec, fixed, plain } from '../../lib/decimal';
import { HOUSE } from '../../ledger/ledger';
import type { AnalyticsService } from '../analytics';
import type { PortfolioService } from '../portfolio';

const money = (v: Dec | string) => fixed(v, 2);
const WALLET_ORDER = Object.values(WalletCode);
const KIND_ORDER = new Map(JOURNAL_KINDS.map((k, i) => [k, i]));
/** An export covers at most a year, and at most this many rows. */
export const EXPORT_MAX_DAYS = 366;
const EXPORT_MAX_ROWS = 100_000;
type Event = Statement['trades'][number]['event'];
type Entry = TimelineEntry;

/**
 * Monthly statements from the ledger (issue 18). Every figure is a sum of the caller's ledger
 * entries, bounded by their journals' time: the opening balance is every entry before the month,
 * the lines every entry within it, the closing every entry before its end; so opening + lines =
 * closing holds to the cent by construction, and a test recomputes each from the entries.
 * Beside them, the investor's net assets at the month's end (issue 32): the portfolio's answer for
 * the month in progress, analytics' value of the month's last day for a past one.
 */
export function createStatementService(opts: {
  db: Db;
  now: () => number;
  portfolio: Pick<PortfolioService, 'value'>;
  analytics: Pick<AnalyticsService, 'valueAt'>;
}) {
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

    const parts = await sql.query<{ code: WalletCode; part: 'available' | 'held'; opening: string; closing: string }>(
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
    const lines = await sql.query<{ code: WalletCode; kind: JournalKind; n: number; amount: string }>(
      `select a.code, j.kind, count(distinct j.id)::int as n, sum(e.amount)::text as amount
         from ledger_entries e
         join ledger_accounts a on a.id = e.account_id
         join ledger_journals j on j.id = e.journal_id
        where a.user_id = $1 and j.created_at >= $2 and j.created_at < $3
        group by a.code, j.kind`,
      [userId, from, to],
    );
    // The trading fees of the month: what the house's fee account took in the journals that moved each wallet.
    const fees = await sql.query<{ code: WalletCode; fees: string }>(
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

    const codes = new Set<WalletCode>([...parts.map((p) => p.code), ...lines.map((l) => l.code)]);
    const wallets = [...codes]
      .sort((a, b) => WALLET_ORDER.indexOf(a) - WALLET_ORDER.indexOf(b))
      .map((code) => {
        const of = (part: 'available' | 'held', when: 'opening' | 'closing') => new Dec(parts.find((p) => p.code === code && p.part === part)?.[when] ?? 0);
        const standing = (when: 'opening' | 'closing') => {
          const available = of('available', when);
          const held = of('held', when);
          return { available: money(available), held: money(held), total: money(available.add(held)) };
        };
        const mine = lines.filter((l) => l.code === code).sort((a, b) => KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)!);
        const sumOf = (kind: JournalKind) => mine.filter((l) => l.kind === kind).reduce((s, l) => s.add(l.amount), new Dec(0));
        return {
          walletCode: code,
          currency: walletCurrency(code),
          opening: standing('opening'),
          closing: standing('closing'),
          lines: mine.map((l) => ({ type: l.kind, count: l.n, amount: money(l.amount) })),
          moneyIn: money(sumOf('deposit')),
          moneyOut: money(sumOf('withdrawal')),
          fees: money(fees.find((f) => f.code === code)?.fees ?? '0'),
        };
      })
      // A wallet that never held anything before the month's end has nothing to state.
      .filter((w) => w.lines.length > 0 || !new Dec(w.opening.total).isZero() || !new Dec(w.closing.total).isZero());

    const trades = await tradesOf(sql, userId, from, to);
    const positions = await sql.query<{
      id: number;
      symbol: string;
      wallet_code: WalletCode;
      direction: number;
      quantity: string;
      open_price: string;
      margin: string;
      opened: Date;
    }>(
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
      positions: positions.map((p) => ({
        positionId: p.id,
        symbol: p.symbol,
        walletCode: p.wallet_code,
        direction: p.direction,
        quantity: plain(p.quantity),
        openPrice: plain(p.open_price),
        margin: money(p.margin),
        openedTimestamp: p.opened.getTime(),
      })),
    };
  }

  /**
   * Each fill and close of the month, from the positions' events; its fee is what the journal of
   * that step paid the house's fee account. A close states its settled row's gross, fees and net by
   * the contract's one definition (`closedTradePnl`), as the position and analytics do.
   */
  async function tradesOf(sql: Sql, userId: number, from: Date, to: Date): Promise<Statement['trades']> {
    const rows = await sql.query<{
      position_id: number;
      symbol: string;
      wallet_code: WalletCode;
      direction: number;
      event: Event;
      quantity: string;
      price: string;
      realised: string | null;
      open_fee: string;
      close_fee: string | null;
      fee: string | null;
      at: Date;
    }>(
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
    return rows.map((r) => {
      const pnl = r.realised === null ? null : closedTradePnl({ realised: plain(r.realised), openFee: plain(r.open_fee), closeFee: plain(r.close_fee ?? '0') });
      return {
        positionId: r.position_id,
        symbol: r.symbol,
        walletCode: r.wallet_code,
        direction: r.direction,
        event: r.event,
        quantity: plain(r.quantity),
        price: plain(r.price),
        fee: money(r.fee ?? '0'),
        gross: pnl?.gross ?? null,
        fees: pnl?.fees ?? null,
        net: pnl?.net ?? null,
        timestamp: r.at.getTime(),
      };
    });
  }

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

    /** An operator produces a user's statement: with a reason, audited in the same transaction as the ledger's read. */
    async operatorStatement(userId: number, month: string, by: { operatorId: number; ip: string }, reason: string) {
      const s = await db.tx(async (sql) => {
        const read = await build(sql, userId, month);
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'statement.produce',
          targetType: 'user',
          targetId: userId,
          after: { month },
          reason,
          ip: by.ip,
        });
        return read;
      });
      return withPortfolio(s, userId);
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
