import { BlockTradeActivationStatus } from '@tradeapp/contract';
import type { Sql } from '../../db/db';
import { AppError } from '../../errors';

export interface ActivationRow {
  id: number;
  user_id: number;
  status: BlockTradeActivationStatus;
  reason: string | null;
  key_id: number | null;
  applied_at: Date;
  reviewed_at: Date | null;
  activated_at: Date | null;
}

export const ACTIVATION_COLUMNS = 'id, user_id, status, reason, key_id, applied_at, reviewed_at, activated_at';

/**
 * Block trading is open to the caller: their newest application is active. Otherwise the
 * specification's refusals: under review while one waits, "not yet opened" in every other case
 * (none, approved without the key entered, refused, revoked). `lock` holds the application's row
 * shared for the rest of the transaction: a revocation waits for it, and it for a revocation.
 */
export async function requireActiveBlockTrader(sql: Sql, userId: number, lock = false): Promise<void> {
  const [row] = await sql.query<{ status: BlockTradeActivationStatus }>(
    `select status from block_trade_activations where user_id = $1 order by id desc limit 1${lock ? ' for share' : ''}`,
    [userId],
  );
  if (row?.status === BlockTradeActivationStatus.Active) return;
  throw new AppError(row?.status === BlockTradeActivationStatus.Applied ? 'e.permissionUnderReview' : 'e.blockTradeNotOpened');
}
