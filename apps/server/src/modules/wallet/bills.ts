import { JournalKind, walletCurrency, type WalletCode } from '@tradeapp/contract';
import { Dec } from '../../lib/decimal';
import { HOUSE } from '../../ledger/ledger';
import type { WalletContext } from './context';
import { money } from './views';

/** The investor's bills: the ledger entries of their wallets, one by one or grouped by journal. */
export function createBills(ctx: WalletContext) {
  const { db } = ctx;

  /**
   * The bill as a statement: one event per journal that moved the caller's money (in the selected
   * wallet, of the kind, within the days), newest first, paged by event. Each event carries, per
   * wallet it moved, the net change of the available and held parts and both parts' balances
   * after it (the sum of that account's entries up to this journal), and its entries folded under it.
   */
  async function billEvents(
    userId: number,
    q: { page: number; size: number; walletCode?: WalletCode | undefined; type?: string | undefined; from?: string | undefined; to?: string | undefined },
  ) {
    const where = `from ledger_journals j
      where j.id in (select e.journal_id from ledger_accounts a join ledger_entries e on e.account_id = a.id
                      where a.user_id = $1 and ($2::text is null or a.code = $2))
        and ($3::text is null or j.kind = $3)
        and ($4::date is null or j.created_at >= $4::date) and ($5::date is null or j.created_at < $5::date + 1)`;
    const params = [userId, q.walletCode ?? null, q.type ?? null, q.from ?? null, q.to ?? null];
    const [count] = await db.query<{ n: number }>(`select count(*)::int as n ${where}`, params);
    const journals = await db.query<{ id: number; kind: JournalKind; memo: string | null; hold_journal_id: number | null; created_at: Date }>(
      `select j.id, j.kind, j.memo, j.hold_journal_id, j.created_at ${where} order by j.id desc limit $6 offset $7`,
      [...params, q.size, (q.page - 1) * q.size],
    );
    const ids = journals.map((j) => j.id);
    const entries = ids.length
      ? await db.query<{
          id: number;
          journal_id: number;
          code: WalletCode;
          part: 'available' | 'held';
          currency: string;
          amount: string;
          balance_after: string;
        }>(
          `with b as (
             select e.id, e.journal_id, a.code, a.part, e.currency, e.amount,
                    sum(e.amount) over (partition by e.account_id order by e.id) as balance_after
               from ledger_entries e join ledger_accounts a on a.id = e.account_id
              where a.user_id = $1 and ($2::text is null or a.code = $2))
           select * from b where b.journal_id = any($3::bigint[]) order by b.id desc`,
          [userId, q.walletCode ?? null, ids],
        )
      : [];
    // Each part of each wallet moved, as it stood after the journal: every entry of that account up to it.
    const standing = ids.length
      ? await db.query<{ journal_id: number; code: WalletCode; currency: string; available: string; held: string }>(
          `with t as (
             select distinct e.journal_id, a.code, a.currency
               from ledger_entries e join ledger_accounts a on a.id = e.account_id
              where a.user_id = $1 and ($2::text is null or a.code = $2) and e.journal_id = any($3::bigint[]))
           select t.journal_id, t.code, t.currency,
                  coalesce(sum(e.amount) filter (where a.part = 'available'), 0) as available,
                  coalesce(sum(e.amount) filter (where a.part = 'held'), 0) as held
             from t
             left join ledger_accounts a on a.user_id = $1 and a.code = t.code and a.currency = t.currency
             left join ledger_entries e on e.account_id = a.id and e.journal_id <= t.journal_id
            group by t.journal_id, t.code, t.currency`,
          [userId, q.walletCode ?? null, ids],
        )
      : [];
    // What the house took as fees and paid or took on its book in these journals: the event's fee and profit.
    const house = ids.length
      ? await db.query<{ journal_id: number; fees: string | null; book: string | null }>(
          `select e.journal_id,
                  sum(e.amount) filter (where a.code = $2) as fees,
                  sum(e.amount) filter (where a.code = $3) as book
             from ledger_entries e join ledger_accounts a on a.id = e.account_id
            where a.user_id is null and a.code in ($2, $3) and e.journal_id = any($1::bigint[])
            group by e.journal_id`,
          [ids, HOUSE.fees, HOUSE.book],
        )
      : [];
    const closing: string[] = [JournalKind.PositionClose, JournalKind.PositionLiquidate];
    const list = entries.map((r) => {
      const j = journals.find((x) => x.id === r.journal_id)!;
      return {
        id: r.id,
        journalId: r.journal_id,
        walletCode: r.code,
        currency: r.currency,
        amount: money(r.amount),
        part: r.part,
        balanceAfter: money(r.balance_after),
        type: j.kind,
        memo: j.memo,
        createTimeTimestamp: j.created_at.getTime(),
      };
    });
    const events = journals.map((j) => {
      const mine = list.filter((b) => b.journalId === j.id);
      // Wallets in the order their entries were written (the funding account first for a transfer out of it).
      const codes = [...new Set(mine.map((b) => b.walletCode).reverse())];
      const h = house.find((x) => x.journal_id === j.id);
      return {
        journalId: j.id,
        type: j.kind,
        memo: j.memo,
        holdJournalId: j.hold_journal_id,
        createTimeTimestamp: j.created_at.getTime(),
        wallets: codes.map((code) => {
          const of = (part: 'available' | 'held') =>
            mine.filter((b) => b.walletCode === code && b.part === part).reduce((acc, b) => acc.add(b.amount), new Dec(0));
          const s = standing.find((x) => x.journal_id === j.id && x.code === code);
          return {
            walletCode: code,
            currency: walletCurrency(code),
            available: money(of('available')),
            held: money(of('held')),
            availableAfter: money(s?.available ?? '0'),
            heldAfter: money(s?.held ?? '0'),
          };
        }),
        fee: h?.fees == null ? null : money(h.fees),
        profit: closing.includes(j.kind) ? money(h?.book == null ? '0' : new Dec(h.book).neg()) : null,
        entries: mine.slice().reverse(),
      };
    });
    return { list, events, total: count?.n ?? 0, page: q.page, size: q.size };
  }

  return {
    async bills(
      userId: number,
      q: {
        page: number;
        size: number;
        walletCode?: WalletCode | undefined;
        type?: string | undefined;
        types?: string[] | undefined;
        from?: string | undefined;
        to?: string | undefined;
        groupBy?: 'entry' | 'journal' | undefined;
      },
    ) {
      if (q.groupBy === 'journal') return billEvents(userId, q);
      const where = `where ($2::text is null or b.code = $2) and ($3::text is null or b.kind = $3) and ($6::text[] is null or b.kind = any($6::text[]))
                       and ($4::date is null or b.created_at >= $4::date) and ($5::date is null or b.created_at < $5::date + 1)`;
      const base = `with b as (
          select e.id, e.journal_id, a.code, a.part, e.currency, e.amount, j.kind, j.memo, j.created_at,
                 sum(e.amount) over (partition by e.account_id order by e.id) as balance_after
            from ledger_entries e
            join ledger_accounts a on a.id = e.account_id
            join ledger_journals j on j.id = e.journal_id
           where a.user_id = $1)`;
      const params = [userId, q.walletCode ?? null, q.type ?? null, q.from ?? null, q.to ?? null, q.types ?? null];
      const [count] = await db.query<{ n: number }>(`${base} select count(*)::int as n from b ${where}`, params);
      const rows = await db.query<{
        id: number;
        journal_id: number;
        code: WalletCode;
        part: 'available' | 'held';
        currency: string;
        amount: string;
        kind: JournalKind;
        memo: string | null;
        created_at: Date;
        balance_after: string;
      }>(`${base} select * from b ${where} order by b.id desc limit $7 offset $8`, [...params, q.size, (q.page - 1) * q.size]);
      return {
        list: rows.map((r) => ({
          id: r.id,
          journalId: r.journal_id,
          walletCode: r.code,
          currency: r.currency,
          amount: money(r.amount),
          part: r.part,
          balanceAfter: money(r.balance_after),
          type: r.kind,
          memo: r.memo,
          createTimeTimestamp: r.created_at.getTime(),
        })),
        total: count?.n ?? 0,
        page: q.page,
        size: q.size,
      };
    },
  };
}
