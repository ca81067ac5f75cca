import { BLOCK_TRADE_STATUS_OF, BlockTradeActivationStatus, BlockTradeState, KycStatus, type BlockTradeActivation } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { AppError } from '../../errors';
import { keyMatches, keyUnlocks, lockKey, markKeyUsed } from '../../lib/keys';
import { ACTIVATION_COLUMNS, type ActivationRow } from './activation';

const STATE_OF: Record<BlockTradeActivationStatus, BlockTradeState> = {
  applied: BlockTradeState.UnderReview,
  approved: BlockTradeState.Approved,
  refused: BlockTradeState.Refused,
  active: BlockTradeState.Active,
};

/** The investor's calls: where their activation stands, applying, and entering the key from the approval's notice. */
export function createActivationInvestor(db: Db) {
  const kycVerified = async (sql: Sql, userId: number, lock = false) => {
    const [user] = await sql.query<{ kyc_status: number }>(`select kyc_status from users where id = $1${lock ? ' for update' : ''}`, [userId]);
    return user?.kyc_status === KycStatus.Verified;
  };

  /** The investor's newest application; the ones before it are history. */
  async function latest(sql: Sql, userId: number, lock = false): Promise<ActivationRow | undefined> {
    const [row] = await sql.query<ActivationRow>(
      `select ${ACTIVATION_COLUMNS} from block_trade_activations where user_id = $1 order by id desc limit 1${lock ? ' for update' : ''}`,
      [userId],
    );
    return row;
  }

  async function view(sql: Sql, userId: number): Promise<BlockTradeActivation> {
    const verified = await kycVerified(sql, userId);
    const row = verified ? await latest(sql, userId) : undefined;
    const status = !verified ? BlockTradeState.NotOpened : row ? STATE_OF[row.status] : BlockTradeState.CanApply;
    return {
      status,
      blockTradeStatus: BLOCK_TRADE_STATUS_OF[status],
      reason: row?.status === BlockTradeActivationStatus.Refused ? row.reason : null,
      applyTimestamp: row?.applied_at.getTime() ?? null,
      reviewTimestamp: row?.reviewed_at?.getTime() ?? null,
      activeTimestamp: row?.activated_at?.getTime() ?? null,
    };
  }

  return {
    activation: (userId: number) => view(db, userId),

    async apply(userId: number) {
      return db.tx(async (sql) => {
        // The user's row is the lock two applications at once queue on.
        if (!(await kycVerified(sql, userId, true))) throw new AppError('e.blockTradeNotOpened');
        const current = await latest(sql, userId);
        if (current?.status === BlockTradeActivationStatus.Applied) throw new AppError('e.permissionUnderReview');
        if (current?.status === BlockTradeActivationStatus.Approved) throw new AppError('e.blockTradeKeySent');
        if (current?.status === BlockTradeActivationStatus.Active) throw new AppError('e.blockTradeActive');
        await sql.query('insert into block_trade_activations (user_id) values ($1)', [userId]);
        return view(sql, userId);
      });
    },

    /**
     * The key from the approval's notice. Any key but the caller's own live one (mistyped, revoked,
     * someone else's) is refused with the same message, and the transaction rolls back: nothing changes.
     */
    async checkSecret(userId: number, candidate: string) {
      return db.tx(async (sql) => {
        if (!(await kycVerified(sql, userId))) throw new AppError('e.blockTradeNotOpened');
        const current = await latest(sql, userId, true);
        if (!current || current.status === BlockTradeActivationStatus.Refused) throw new AppError('e.blockTradeNotOpened');
        if (current.status === BlockTradeActivationStatus.Applied) throw new AppError('e.permissionUnderReview');
        const key = await lockKey(sql, userId, 'block_trade', current.key_id!);
        if (current.status === BlockTradeActivationStatus.Active) {
          // The same key again (a repeated request) answers what the first one did.
          if (keyMatches(key, candidate) && key!.revoked_at === null) return view(sql, userId);
          throw new AppError('e.keyInvalid');
        }
        if (!keyUnlocks(key, candidate)) throw new AppError('e.keyInvalid');
        await markKeyUsed(sql, key.id);
        await sql.query('update block_trade_activations set status = $2, activated_at = now() where id = $1', [current.id, BlockTradeActivationStatus.Active]);
        return view(sql, userId);
      });
    },
  };
}
