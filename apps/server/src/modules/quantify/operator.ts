import { POOL_MAX_FEE_PERCENT, type PoolAdmin, type zPoolCreate } from '@tradeapp/contract';
import type { z } from 'zod';
import type { Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { Dec, fixed } from '../../lib/decimal';
import { issueKey, keysOfSubject, revokeKey } from '../../lib/keys';
import { sizeOf, type Operator, type QuantifyContext } from './context';
import { POOL_CAPITAL } from './engine';
import * as repo from './repository';
import type { PoolRow } from './repository';
import { poolOf } from './views';

/** The back office's calls: every pool with its size and keys, a new pool, pause and resume, a private pool's keys. */
export function createQuantifyOperator(ctx: QuantifyContext) {
  const { db, engine, notices, now } = ctx;

  /** A pool in the back office; `totals` when the caller has read every pool's already. */
  async function admin(sql: Sql, p: PoolRow, totals?: Awaited<ReturnType<typeof repo.poolTotals>>): Promise<PoolAdmin> {
    const days = await repo.days(sql, p.id);
    const { units: _u, value: _v, pending: _p, ...pool } = poolOf(p, days);
    const mine = (totals ?? (await repo.poolTotals(sql))).find((t) => t.pool_id === p.id)!;
    return {
      ...pool,
      investors: mine.investors,
      ...(await sizeOf(sql, p, days)),
      fees: fixed(mine.fees, 2),
      pendingOrders: mine.pending,
      pausedReason: p.paused_reason,
      keys: await keysOfSubject(sql, 'pool', p.id),
    };
  }

  async function setPaused(id: number, by: Operator, reason: string, pause: boolean) {
    return db.tx(async (sql) => {
      const p = await repo.pool(sql, id, true);
      if (!p) throw notFound();
      await repo.setPaused(sql, id, pause ? by.operatorId : null, pause ? reason : null);
      await writeAudit(sql, {
        actorId: by.operatorId,
        action: pause ? 'pool.pause' : 'pool.resume',
        targetType: 'pool',
        targetId: id,
        before: { paused: p.paused_at !== null },
        after: { paused: pause },
        reason,
        ip: by.ip,
      });
      return admin(sql, (await repo.pool(sql, id))!);
    });
  }

  return {
    async operatorPools(): Promise<PoolAdmin[]> {
      const [all, totals] = await Promise.all([repo.pools(db), repo.poolTotals(db)]);
      return Promise.all(all.map((p) => admin(db, p, totals)));
    },

    async operatorCreate(input: z.output<typeof zPoolCreate>, by: Operator): Promise<PoolAdmin> {
      if (new Dec(input.feePercent).gt(POOL_MAX_FEE_PERCENT)) throw new AppError('e.poolFee', { feePercent: 'e.poolFee' });
      return db.tx(async (sql) => {
        const p = (await repo.insertPool(sql, {
          rule: input.rule,
          private: input.private,
          feePercent: input.feePercent,
          minAmount: input.minAmount,
          capital: POOL_CAPITAL,
          startAt: new Date(engine.start),
          liveFrom: new Date(now()),
          seedKey: null,
          createdBy: by.operatorId,
        }))!;
        await engine.seedCapital(sql, p);
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'pool.create',
          targetType: 'pool',
          targetId: p.id,
          after: input,
          reason: input.reason,
          ip: by.ip,
        });
        return admin(sql, p);
      });
    },

    pause: (id: number, by: Operator, reason: string) => setPaused(id, by, reason, true),
    resume: (id: number, by: Operator, reason: string) => setPaused(id, by, reason, false),

    /** A key for `investor` (user number or account name), sent in a notice; the operator never sees it. */
    async issueKey(by: Operator, id: number, investor: string): Promise<PoolAdmin> {
      const { answer, push } = await db.tx(async (sql) => {
        const p = await repo.pool(sql, id, true);
        if (!p) throw notFound();
        if (!p.private) throw new AppError('e.poolPublic');
        const byNumber = /^\d{1,15}$/.test(investor);
        const [user] = await sql.query<{ id: number; username: string }>(
          `select id, username from users where role = 'investor' and ${byNumber ? 'id = $1' : 'lower(username) = lower($1)'}`,
          [byNumber ? Number(investor) : investor],
        );
        if (!user) throw new AppError('e.investorNotFound', { investor: 'e.investorNotFound' });
        const [live] = await sql.query("select id from access_keys where purpose = 'pool' and subject_id = $1 and user_id = $2 and revoked_at is null", [
          id,
          user.id,
        ]);
        if (live) throw new AppError('e.poolKeyLive', { investor: 'e.poolKeyLive' });
        const issued = await issueKey(sql, { userId: user.id, purpose: 'pool', subjectId: id, issuedBy: by.operatorId });
        // The key's id, never the key: the audit log is read by every operator.
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'pool.issueKey',
          targetType: 'pool',
          targetId: id,
          after: { keyId: issued.id, userId: user.id, userName: user.username },
          ip: by.ip,
        });
        const push = await notices.notify(sql, user.id, 'pool.key', { key: issued.key, pool: `q.${p.rule}` });
        return { answer: await admin(sql, p), push };
      });
      push();
      return answer;
    },

    /** The key stops unlocking its pool for new subscriptions; units bought stay and can be redeemed. */
    async revokeKey(by: Operator, keyId: number, reason: string): Promise<PoolAdmin> {
      const { answer, push } = await db.tx(async (sql) => {
        const [k] = await sql.query<{ id: number; user_id: number; subject_id: number; revoked_at: Date | null; used_at: Date | null }>(
          "select id, user_id, subject_id, revoked_at, used_at from access_keys where id = $1 and purpose = 'pool' for update",
          [keyId],
        );
        if (!k) throw notFound();
        if (k.revoked_at) throw new AppError('e.keyRevoked');
        await revokeKey(sql, k.id);
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'pool.revokeKey',
          targetType: 'pool',
          targetId: Number(k.subject_id),
          before: { keyId: k.id, userId: k.user_id, status: k.used_at ? 'used' : 'sent' },
          after: { keyId: k.id, userId: k.user_id, status: 'revoked' },
          reason,
          ip: by.ip,
        });
        const p = (await repo.pool(sql, Number(k.subject_id)))!;
        const push = await notices.notify(sql, k.user_id, 'pool.revoked', { pool: `q.${p.rule}`, reason });
        return { answer: await admin(sql, p), push };
      });
      push();
      return answer;
    },
  };
}
