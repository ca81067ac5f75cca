import { TransactionStatus } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { checkLedger } from '../../ledger/ledger';
import { holdOf, type WalletContext } from './context';
import { postTransferSettle } from './postings';
import { money, type TransferRow } from './views';

/** The back office's side of the wallets: the settlement run of transfers across currencies (a job) and the ledger's check. */
export function createWalletOperations(ctx: WalletContext) {
  const { db, notices } = ctx;

  /** Settle one transfer in progress: the held amount is exchanged at the recorded rate. */
  async function settle(sql: Sql, t: TransferRow) {
    await postTransferSettle(sql, await holdOf(sql, t), {
      userId: t.user_id,
      transferId: t.id,
      from: t.from_code,
      to: t.to_code,
      amount: t.amount,
      currency: t.currency,
      toAmount: t.to_amount,
      toCurrency: t.to_currency,
    });
    await sql.query('update transfers set status = $2, finished_at = now() where id = $1', [t.id, TransactionStatus.Success]);
    return notices.notify(sql, t.user_id, 'transfer.completed', {
      amount: money(t.amount),
      currency: t.currency,
      from: t.from_code,
      to: t.to_code,
      toAmount: money(t.to_amount),
      toCurrency: t.to_currency,
    });
  }

  return {
    /**
     * The settlement run: every due transfer in progress settles, each in its own transaction.
     * Rows are claimed with SKIP LOCKED, so nodes running it at once never settle one twice, and
     * a transfer cancelled meanwhile is no longer in progress when its turn comes.
     */
    async settleDue(): Promise<number> {
      let settled = 0;
      for (;;) {
        const push = await db.tx(async (sql) => {
          const [t] = await sql.query<TransferRow>(
            `select * from transfers where status = 0 and settle_after <= now() order by id limit 1 for update skip locked`,
          );
          return t ? settle(sql, t) : null;
        });
        if (!push) return settled;
        push();
        settled++;
      }
    },

    checkLedger: () => checkLedger(db),
  };
}
