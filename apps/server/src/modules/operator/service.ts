import { UserRole, WalletCode, walletCurrency, type UserStatus } from '@tradeapp/contract';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../errors';
import { fixed } from '../../lib/decimal';
import { userBalances } from '../../ledger/ledger';
import { verifyAuditChain, writeAudit } from '../../lib/audit';
import { hashSecret, newInvitationCode, newPassword } from '../../lib/secrets';
import { findUserByEmail, findUserById, insertUser, revokeSessions, toUserInfo, type UserRow, type SessionEnds } from '../auth';

interface AuditRow {
  id: number;
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  created_at: Date;
}

const toAudit = (r: AuditRow) => ({
  id: r.id,
  actorId: r.actor_id,
  actorName: r.actor_name,
  action: r.action,
  targetType: r.target_type,
  targetId: r.target_id,
  before: r.before,
  after: r.after,
  reason: r.reason,
  ip: r.ip,
  createTimeTimestamp: r.created_at.getTime(),
});

const AUDIT_SELECT = `select a.*, coalesce(u.email, u.username) as actor_name from audit_log a left join users u on u.id = a.actor_id`;

interface MailRow {
  id: number;
  to_address: string;
  subject: string;
  body_text: string;
  transport: 'smtp' | 'outbox';
  created_at: Date;
}

const toMail = (r: MailRow) => ({ id: r.id, to: r.to_address, subject: r.subject, transport: r.transport, createTimeTimestamp: r.created_at.getTime() });

export function createOperatorService({ db, config, log, mailer }: Deps, sessions?: SessionEnds) {
  return {
    /**
     * The first operator: OPERATOR_EMAIL/OPERATOR_PASSWORD when given; otherwise, when no
     * operator exists at all, one with a random password printed once.
     */
    async ensureFirstOperator() {
      const email = config.OPERATOR_EMAIL?.toLowerCase();
      const existing = email ? await findUserByEmail(db, email) : (await db.query<{ id: number }>("select id from users where role = 'operator' limit 1"))[0];
      if (existing) return;
      const address = email ?? 'operator@localhost';
      const password = config.OPERATOR_PASSWORD ?? newPassword();
      await db.tx(async (sql) => {
        const user = await insertUser(sql, {
          username: `operator_${newInvitationCode().toLowerCase()}`,
          email: address,
          passwordHash: await hashSecret(password),
          payPasswordHash: null,
          accountType: 2,
          role: 'operator',
          invitationCode: newInvitationCode(),
          invitedBy: null,
        });
        await writeAudit(sql, { actorId: null, action: 'operator.create', targetType: 'user', targetId: user.id, after: { email: address } });
      });
      if (config.OPERATOR_PASSWORD) log.info({ email: address }, 'first operator created');
      // Printed once, to the console only, so the person starting the server can sign in.
      else console.log(`\n  First operator created: ${address}  password: ${password}\n  Sign in at /operator/ and keep it safe; it is not shown again.\n`);
    },

    /** Users of one role (the users list shows investors; operators only when asked for). */
    async listUsers(role: UserRole, q: string | undefined, page: number, size: number) {
      const filter = q ? `%${q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
      const where = `where role = $2 and ($1::text is null or lower(username) like $1 or email like $1
                      or lower(coalesce(first_name,'') || ' ' || coalesce(last_name,'')) like $1)`;
      const [count] = await db.query<{ n: number }>(`select count(*)::int as n from users ${where}`, [filter, role]);
      const rows = await db.query<UserRow>(`select * from users ${where} order by id desc limit $3 offset $4`, [filter, role, size, (page - 1) * size]);
      return { list: await Promise.all(rows.map((r) => toUserInfo(db, r))), total: count?.n ?? 0, page, size };
    },

    async userDetail(id: number) {
      const user = await findUserById(db, id);
      if (!user) throw notFound();
      const sessions = await db.query<{ created_at: Date; expires_at: Date; revoked_at: Date | null }>(
        'select created_at, expires_at, revoked_at from sessions where user_id = $1 order by id desc limit 20',
        [id],
      );
      const audit = await db.query<AuditRow>(`${AUDIT_SELECT} where a.target_type = 'user' and a.target_id = $1 order by a.id desc limit 50`, [String(id)]);
      // Each wallet's two ledger accounts, to the cent as the investor's wallet page shows them.
      const ledger = user.role === UserRole.Investor ? await userBalances(db, id) : null;
      const balances = ledger
        ? Object.values(WalletCode).map((code) => {
            const currency = walletCurrency(code);
            const part = (p: 'available' | 'held') => fixed(ledger.get(`${code}/${p}/${currency}`) ?? 0, 2);
            return { code, currency, available: part('available'), held: part('held') };
          })
        : [];
      return {
        user: await toUserInfo(db, user),
        balances,
        sessions: sessions.map((s) => ({
          createTimeTimestamp: s.created_at.getTime(),
          expiresTimestamp: s.expires_at.getTime(),
          revoked: s.revoked_at !== null,
        })),
        audit: audit.map(toAudit),
        twoFactor: (await db.query('select 1 from two_factor where user_id = $1 and enabled_at is not null', [id])).length > 0,
        passkeys: (await db.query<{ n: number }>('select count(*)::int as n from passkeys where user_id = $1', [id]))[0]!.n,
      };
    },

    /**
     * A lost authenticator and lost recovery codes: support turns two-factor off and removes the
     * passkeys, with a reason, and every session of the investor ends.
     */
    async resetTwoFactor(actorId: number, id: number, reason: string, ip: string) {
      await db.tx(async (sql) => {
        const [user] = await sql.query<{ role: string }>('select role from users where id = $1 for update', [id]);
        if (!user || user.role === 'operator') throw notFound();
        const [row] = await sql.query<{ enabled_at: Date | null }>('select enabled_at from two_factor where user_id = $1', [id]);
        if (!row?.enabled_at) throw new AppError('e.twoFactorOff');
        await sql.query('delete from two_factor_recovery_codes where user_id = $1', [id]);
        await sql.query('delete from two_factor where user_id = $1', [id]);
        // The passkeys go too (decision 0025): the lost phone most likely holds one, and a reset is to
        // leave the account with only the password, from which the investor sets up afresh.
        const passkeys = await sql.query('delete from passkeys where user_id = $1 returning id', [id]);
        await revokeSessions(sql, id);
        await writeAudit(sql, {
          actorId,
          action: 'user.twoFactorReset',
          targetType: 'user',
          targetId: id,
          before: { twoFactor: true, passkeys: passkeys.length },
          after: { twoFactor: false, passkeys: 0 },
          reason,
          ip,
        });
      });
      await sessions?.endSessions({ userId: id });
      return this.userDetail(id);
    },

    async setUserStatus(actorId: number, id: number, status: UserStatus, reason: string, ip: string) {
      const info = await db.tx(async (sql) => {
        const [before] = await sql.query<{ status: UserStatus; role: string }>('select status, role from users where id = $1 for update', [id]);
        if (!before || before.role === 'operator') throw notFound();
        await sql.query('update users set status = $2, updated_at = now() where id = $1', [id, status]);
        if (status === 'disabled') await revokeSessions(sql, id);
        await writeAudit(sql, {
          actorId,
          action: status === 'disabled' ? 'user.disable' : 'user.enable',
          targetType: 'user',
          targetId: id,
          before: { status: before.status },
          after: { status },
          reason,
          ip,
        });
        return toUserInfo(sql, (await findUserById(sql, id))!);
      });
      // A disabled user's push sockets close on every node now, not at their next session check.
      if (status === 'disabled') await sessions?.endSessions({ userId: id });
      return info;
    },

    /**
     * The mails sent, newest first, as kept for operators: codes and links were removed when each
     * was composed (mail/mailer.ts). `delivery` is `development` when no SMTP is configured and the
     * mails exist only as .eml files in DATA_DIR/outbox.
     */
    async outbox(to: string | undefined, page: number, size: number) {
      const filter = to ? `%${to.toLowerCase()}%` : null;
      const [count] = await db.query<{ n: number }>('select count(*)::int as n from mail_outbox where ($1::text is null or to_address like $1)', [filter]);
      const rows = await db.query<MailRow>('select * from mail_outbox where ($1::text is null or to_address like $1) order by id desc limit $2 offset $3', [
        filter,
        size,
        (page - 1) * size,
      ]);
      return {
        list: rows.map(toMail),
        total: count?.n ?? 0,
        page,
        size,
        delivery: mailer.transport === 'smtp' ? ('smtp' as const) : ('development' as const),
      };
    },

    /** One mail opened by an operator: its redacted copy, the reading written to the audit log. */
    async readMail(actorId: number, id: number, ip: string) {
      return db.tx(async (sql) => {
        const [row] = await sql.query<MailRow>('select * from mail_outbox where id = $1', [id]);
        if (!row) throw notFound();
        await writeAudit(sql, { actorId, action: 'mail.read', targetType: 'mail', targetId: id, after: { to: row.to_address, subject: row.subject }, ip });
        return { ...toMail(row), text: row.body_text, redacted: true as const };
      });
    },

    /** The audit log's hash chain, recomputed entry by entry. */
    verifyAuditChain: () => verifyAuditChain(db),

    async audit(targetType: string | undefined, targetId: string | undefined, page: number, size: number) {
      const where = 'where ($1::text is null or a.target_type = $1) and ($2::text is null or a.target_id = $2)';
      const [count] = await db.query<{ n: number }>(`select count(*)::int as n from audit_log a ${where}`, [targetType ?? null, targetId ?? null]);
      const rows = await db.query<AuditRow>(`${AUDIT_SELECT} ${where} order by a.id desc limit $3 offset $4`, [
        targetType ?? null,
        targetId ?? null,
        size,
        (page - 1) * size,
      ]);
      return { list: rows.map(toAudit), total: count?.n ?? 0, page, size };
    },

    recordOperatorLogin: (operatorId: number, ip: string) =>
      writeAudit(db, { actorId: operatorId, action: 'operator.login', targetType: 'user', targetId: operatorId, ip }),
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;
