import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { openPglite } from '../src/db/db';
import { verifyAuditChain, writeAudit } from '../src/lib/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, newInvitationCode } from '../src/lib/secrets';
import { insertUser } from '../src/modules/auth/repo';
import { pngBytes } from './fixtures';
import { call, drivers, lastCode, operatorToken, registerUser, startServer, unique, type Harness } from './harness';

// Issue 16, the back office hardened: mails kept for operators have their codes and links removed
// and reading one is audited (finding 1); withdrawals above WITHDRAWAL_DUAL_APPROVAL_EUR need two
// different operators, neither of whom changed the account (finding 11); the audit log is a hash
// chain an operator can verify, an edited row found at its id.

const PASSWORD = 'secret-pass1';

describe.each(await drivers())('the back office hardened on %s', (driver) => {
  let h: Harness;
  let op: string;
  let opId: number;
  beforeAll(async () => {
    h = await startServer(driver, { WITHDRAWAL_DUAL_APPROVAL_EUR: '1000' });
    op = await operatorToken(h);
    opId = (await call(h, 'GET', '/web/operator/me', { token: op })).data.id;
  });
  afterAll(() => h.close());

  const key = () => ({ 'idempotency-key': randomUUID() });

  async function upload(token: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'doc.png');
    return (await call(h, 'POST', '/web/file/upload', { form, token })).data.url;
  }

  /** Another operator, signed in. */
  async function newOperator(): Promise<{ id: number; email: string; token: string }> {
    const email = `${unique('ops')}@example.com`;
    const user = await insertUser(h.db, {
      username: unique('operator_'),
      email,
      passwordHash: await hashSecret(PASSWORD),
      payPasswordHash: null,
      accountType: 2,
      role: 'operator',
      invitationCode: newInvitationCode(),
      invitedBy: null,
    });
    const login = await call(h, 'POST', '/web/operator/login', { body: { email, password: PASSWORD } });
    expect(login.code).toBe(200);
    return { id: user.id, email, token: login.data.token };
  }

  /** An investor verified by the built-in operator, funded with `amount` EUR it approved, with a card and a transaction password. */
  async function fundedInvestor(amount: string) {
    const u = await registerUser(h);
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Eva', lastName: 'Jansen', country: 'NL', idType: 'passport', idNumber: 'NX998877', frontUrl: await upload(u.token) },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1 order by id desc limit 1', [u.id]);
    expect((await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} })).code).toBe(200);
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'fiat', currency: 'EUR', amount, proofUrl: await upload(u.token) },
    });
    expect((await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} })).data.status).toBe(3);
    await call(h, 'POST', '/web/settingPayPassword', { token: u.token, body: { payPassword: '654321' } });
    const card = await call(h, 'POST', '/web/UserAccount/addCardNo', {
      token: u.token,
      body: { bankName: 'ING', accountName: 'Eva Jansen', cardNumber: 'NL69INGB0123456789', swiftCode: 'INGBNL2A' },
    });
    const withdraw = async (value: string, token = u.token) => {
      const w = await call(h, 'POST', '/web/withdrawal/withdrawal-apply', {
        token,
        headers: key(),
        body: { amount: value, target: 'bank', cardId: card.data.id, payPassword: '654321' },
      });
      expect(w.code).toBe(200);
      return w.data.id as number;
    };
    return { ...u, withdraw };
  }

  const approve = (id: number, token: string) => call(h, 'POST', `/web/operator/withdrawals/${id}/approve`, { token, body: {} });
  const auditOf = async (targetType: string, targetId: number) =>
    (await call(h, 'GET', `/web/operator/audit?targetType=${targetType}&targetId=${targetId}&size=50`, { token: op })).data.list as any[];
  const funding = async (token: string) =>
    (await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} })).data.find((w: any) => w.code === 'BALANCE');

  describe('mails in the back office (finding 1)', () => {
    it('never shows an operator a password-reset code: the outbox keeps the mail redacted, and reading it is audited', async () => {
      const email = `${unique('reset')}@example.com`;
      expect((await call(h, 'POST', '/web/getEmailCode', { body: { email, type: 1 } })).code).toBe(200);
      const reg = await call(h, 'POST', '/web/register/email', { body: { email, code: await lastCode(h, email), password: PASSWORD, agreement: true } });
      expect(reg.code).toBe(200);
      expect((await call(h, 'POST', '/web/getEmailCode', { body: { email, type: 2 } })).code).toBe(200);
      // The investor's mail (development mode: its .eml file) has the code in the clear.
      const code = await lastCode(h, email);
      expect(code).toMatch(/^\d{6}$/);

      const outbox = await call(h, 'GET', `/web/operator/outbox?to=${encodeURIComponent(email)}`, { token: op });
      expect(outbox.data).toMatchObject({ total: 2, delivery: 'development' });
      const [reset] = outbox.data.list;
      expect(reset).toMatchObject({ to: email, subject: 'Your verification code: ••••••', transport: 'outbox' });
      expect(reset).not.toHaveProperty('text');
      expect(JSON.stringify(outbox.data)).not.toContain(code);

      const read = await call(h, 'GET', `/web/operator/outbox/${reset.id}`, { token: op });
      expect(read.data).toMatchObject({ id: reset.id, redacted: true, subject: 'Your verification code: ••••••' });
      expect(read.data.text).toBe('Your code to reset your password is ••••••. It is valid for 10 minutes. If you did not ask for it, ignore this e-mail.');
      expect(JSON.stringify(read.data)).not.toContain(code);
      // Nothing the server keeps has it: the database holds the redacted copy only.
      const kept = await h.db.query<{ subject: string; body_text: string }>('select subject, body_text from mail_outbox where to_address = $1', [email]);
      expect(kept).toHaveLength(2);
      expect(kept.every((m) => !/\d{6}/.test(m.subject + m.body_text))).toBe(true);

      // The reading is in the audit log, under the mail, by the operator who read it.
      const entries = await auditOf('mail', reset.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ action: 'mail.read', actorName: 'ops@example.com', targetId: String(reset.id) });
      expect(JSON.stringify(entries)).not.toContain(code);
      expect((await call(h, 'GET', '/web/operator/outbox/999999999', { token: op })).status).toBe(404);

      // The code still works for whom it was mailed to.
      expect((await call(h, 'POST', '/web/resetPassword', { body: { email, code, newPassword: 'brand-new-pw2' } })).code).toBe(200);
    });
  });

  describe('large withdrawals (finding 11)', () => {
    it('needs two different operators above the threshold, neither of whom changed the account; each step audited', async () => {
      const u = await fundedInvestor('3000');
      const second = await newOperator();
      const third = await newOperator();
      const id = await u.withdraw('1500');

      // The built-in operator approved this investor's KYC and deposit: it changed the account.
      const changed = await approve(id, op);
      expect([changed.status, changed.msg]).toEqual([409, 'You changed this account, so a different operator must approve its withdrawal']);

      const first = await approve(id, second.token);
      expect(first.code).toBe(200);
      expect(first.data).toMatchObject({ id, status: 1, dualApproval: true, firstApproval: { operatorId: second.id, operatorName: second.email } });
      expect((await funding(u.token)).usedBalance).toBe('1500.00');
      const queue = await call(h, 'GET', '/web/operator/withdrawals?status=1', { token: op });
      expect(queue.data.list.find((w: any) => w.id === id).firstApproval.operatorName).toBe(second.email);

      const twice = await approve(id, second.token);
      expect([twice.status, twice.msg]).toEqual([409, 'You gave the first approval; a different operator must give the second']);
      const nl = await call(h, 'POST', `/web/operator/withdrawals/${id}/approve`, { token: second.token, body: {}, lang: 'nl' });
      expect(nl.msg).toBe('U gaf de eerste goedkeuring; een andere medewerker moet de tweede geven');

      const done = await approve(id, third.token);
      expect(done.data).toMatchObject({ id, status: 3 });
      expect(await funding(u.token)).toMatchObject({ balance: '1500.00', usedBalance: '0.00' });

      const actions = (await auditOf('withdrawal', id)).reverse().map((e) => [e.action, e.actorId]);
      expect(actions).toEqual([
        ['withdrawal.approve.denied', opId],
        ['withdrawal.approve.first', second.id],
        ['withdrawal.approve.denied', second.id],
        ['withdrawal.approve.denied', second.id],
        ['withdrawal.approve.second', third.id],
      ]);
      const entries = (await auditOf('withdrawal', id)).reverse();
      expect(entries[0].after).toEqual({ refused: 'e.approverChangedAccount' });
      expect(entries[2].after).toEqual({ refused: 'e.secondApprovalSameOperator' });
      expect(entries[4].after).toEqual({ status: 3, firstApprovedBy: second.id, secondApprovedBy: third.id });
    });

    it('lets one operator approve at or below the threshold, and either operator refuse a large one with a reason', async () => {
      const u = await fundedInvestor('3000');
      const small = await u.withdraw('1000');
      expect((await approve(small, op)).data).toMatchObject({ status: 3, dualApproval: false, firstApproval: null });

      const second = await newOperator();
      const large = await u.withdraw('1000.01');
      expect((await approve(large, second.token)).data).toMatchObject({ status: 1, dualApproval: true });
      const refused = await call(h, 'POST', `/web/operator/withdrawals/${large}/reject`, { token: op, body: { reason: 'Destination not confirmed' } });
      expect(refused.data).toMatchObject({ status: 2, reason: 'Destination not confirmed' });
      expect(await funding(u.token)).toMatchObject({ balance: '2000.00', usedBalance: '0.00' });
      const [last] = await auditOf('withdrawal', large);
      expect(last).toMatchObject({ action: 'withdrawal.reject', reason: 'Destination not confirmed', after: { status: 2, firstApprovedBy: second.id } });

      // Refused by the first approver too.
      const again = await u.withdraw('1200');
      expect((await approve(again, second.token)).data.status).toBe(1);
      expect(
        (await call(h, 'POST', `/web/operator/withdrawals/${again}/reject`, { token: second.token, body: { reason: 'Changed my mind' } })).data.status,
      ).toBe(2);
    });

    it("counts a change to the user's account status as a change of the account", async () => {
      const u = await fundedInvestor('2000');
      const [a, b] = [await newOperator(), await newOperator()];
      for (const status of ['disabled', 'active']) {
        expect((await call(h, 'POST', `/web/operator/users/${u.id}/status`, { token: a.token, body: { status, reason: 'Checked by phone' } })).code).toBe(200);
      }
      // Disabling signed the investor out: a new session.
      const login = await call(h, 'POST', '/web/loginByUsername', { body: { username: u.username, password: u.password } });
      const id = await u.withdraw('1500', login.data.token);
      expect((await approve(id, a.token)).msg).toBe('You changed this account, so a different operator must approve its withdrawal');
      expect((await approve(id, b.token)).data.status).toBe(1);
    });
  });

  describe('the audit chain', () => {
    const count = async () => (await h.db.query<{ n: number }>('select count(*)::int as n from audit_log'))[0]!.n;
    /**
     * The verification now, its count checked against the log's: the deals' job may append an entry
     * of its own (a window opening) at any moment, so the log is counted before and after.
     */
    async function verify() {
      const before = await count();
      const r = (await call(h, 'GET', '/web/operator/audit/verify', { token: op })).data as { checked: number; firstBrokenId: number | null };
      const after = await count();
      expect(r.checked).toBeGreaterThanOrEqual(before);
      expect(r.checked).toBeLessThanOrEqual(after);
      return r.firstBrokenId;
    }

    it('verifies the whole log, and finds an edited row at exactly its id', async () => {
      expect(await verify()).toBeNull();
      expect(await count()).toBeGreaterThan(10);

      // Every entry links to the one before it.
      const rows = await h.db.query<{ id: number; prev_hash: string; hash: string }>('select id, prev_hash, hash from audit_log order by id');
      expect(rows[0]!.prev_hash).toBe('');
      rows.slice(1).forEach((r, i) => expect(r.prev_hash).toBe(rows[i]!.hash));
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hash))).toBe(true);

      const victim = rows[Math.floor(rows.length / 2)]!.id;
      const [original] = await h.db.query<{ reason: string | null; after: unknown }>('select reason, after from audit_log where id = $1', [victim]);
      await h.db.query("update audit_log set reason = 'nothing happened here' where id = $1", [victim]);
      expect(await verify()).toBe(victim);

      // Put back as it was, the chain holds again; an edited jsonb field is found the same way.
      await h.db.query('update audit_log set reason = $2 where id = $1', [victim, original!.reason]);
      expect((await call(h, 'GET', '/web/operator/audit/verify', { token: op })).data.firstBrokenId).toBeNull();
      await h.db.query(`update audit_log set after = '{"status": 3}'::jsonb where id = $1`, [victim]);
      expect((await call(h, 'GET', '/web/operator/audit/verify', { token: op })).data.firstBrokenId).toBe(victim);
      await h.db.query('update audit_log set after = $2::jsonb where id = $1', [victim, original!.after === null ? null : JSON.stringify(original!.after)]);

      // Rehashing an edited row does not hide it: the next entry's link to it breaks.
      const tail = rows.at(-3)!;
      const [tailBefore] = await h.db.query<{ reason: string | null }>('select reason from audit_log where id = $1', [tail.id]);
      await h.db.query("update audit_log set reason = 'rewritten' where id = $1", [tail.id]);
      await h.db.query('update audit_log set hash = audit_entry_hash(prev_hash, audit_log) where id = $1', [tail.id]);
      expect((await call(h, 'GET', '/web/operator/audit/verify', { token: op })).data.firstBrokenId).toBe(rows.at(-2)!.id);
      await h.db.query('update audit_log set reason = $2, hash = $3 where id = $1', [tail.id, tailBefore!.reason, tail.hash]);
      expect((await call(h, 'GET', '/web/operator/audit/verify', { token: op })).data.firstBrokenId).toBeNull();
      expect((await call(h, 'GET', '/web/operator/audit/verify')).status).toBe(401);
    });

    it('keeps one chain under concurrent operator actions', async () => {
      const users = await Promise.all(Array.from({ length: 6 }, () => registerUser(h)));
      const email = `${unique('chain')}@example.com`;
      await call(h, 'POST', '/web/getEmailCode', { body: { email, type: 1 } });
      const mail = (await call(h, 'GET', `/web/operator/outbox?to=${encodeURIComponent(email)}`, { token: op })).data.list[0].id as number;
      // The deals' job writes entries of its own (actor null) when a window opens or closes: count the operator's only.
      const last = (await h.db.query<{ id: number }>('select coalesce(max(id), 0)::int as id from audit_log'))[0]!.id;
      const answers = await Promise.all([
        ...users.map((u) => call(h, 'POST', `/web/operator/users/${u.id}/status`, { token: op, body: { status: 'disabled', reason: 'Concurrent check' } })),
        ...Array.from({ length: 12 }, () => call(h, 'GET', `/web/operator/outbox/${mail}`, { token: op })),
      ]);
      expect(answers.every((a) => a.code === 200)).toBe(true);
      const mine = (await h.db.query<{ n: number }>('select count(*)::int as n from audit_log where id > $1 and actor_id is not null', [last]))[0]!.n;
      expect(mine).toBe(18);
      expect(await verify()).toBeNull();
      // No two entries follow the same one: the chain did not fork.
      expect(await h.db.query('select prev_hash from audit_log group by prev_hash having count(*) > 1')).toEqual([]);
    });
  });
});

/** A minimal SMTP server that accepts every mail and keeps what it was sent. */
function smtpServer(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    socket.write('220 test ESMTP\r\n');
    let buffer = '';
    let data: string[] | null = null;
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (data) {
          if (line === '.') {
            received.push(data.join('\n'));
            data = null;
            socket.write('250 queued\r\n');
          } else data.push(line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'DATA') {
          data = [];
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, received });
    });
  });
}

describe('mails sent by SMTP (finding 1)', () => {
  it('sends the code to the reader and keeps no unredacted copy anywhere', async () => {
    const smtp = await smtpServer();
    const h = await startServer('pglite', { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const email = `${unique('smtp')}@example.com`;
      expect((await call(h, 'POST', '/web/getEmailCode', { body: { email, type: 1 } })).code).toBe(200);
      expect(smtp.received).toHaveLength(1);
      const code = smtp.received[0]!.match(/Your code to register is (\d{6})\./)?.[1];
      expect(code).toMatch(/^\d{6}$/);

      // No .eml file, and the database has the redacted copy only.
      expect(existsSync(join(h.dataDir, 'outbox')) ? readdirSync(join(h.dataDir, 'outbox')) : []).toEqual([]);
      const kept = await h.db.query<{ subject: string; body_text: string; transport: string; file_name: string | null }>(
        'select subject, body_text, transport, file_name from mail_outbox where to_address = $1',
        [email],
      );
      expect(kept).toEqual([
        {
          subject: 'Your verification code: ••••••',
          body_text: 'Your code to register is ••••••. It is valid for 10 minutes. If you did not ask for it, ignore this e-mail.',
          transport: 'smtp',
          file_name: null,
        },
      ]);
      const op = await operatorToken(h);
      const outbox = await call(h, 'GET', '/web/operator/outbox', { token: op });
      expect(outbox.data.delivery).toBe('smtp');
      expect(JSON.stringify(outbox.data)).not.toContain(code);
      // The code mailed works: the SMTP copy is the only one.
      const reg = await call(h, 'POST', '/web/register/email', { body: { email, code, password: PASSWORD, agreement: true } });
      expect(reg.code).toBe(200);
    } finally {
      await h.close();
      smtp.server.close();
    }
  }, 120_000);
});

describe('the audit chain over entries written before it', () => {
  it('hashes the existing entries in migration 0023 and chains the next ones to them', async () => {
    const dir = join(import.meta.dirname, '..', 'src', 'db', 'migrations');
    const files = readdirSync(dir)
      .filter((f) => /^\d{4}_.+\.sql$/.test(f))
      .sort();
    const db = await openPglite();
    try {
      for (const f of files.filter((f) => f < '0023')) await db.exec(readFileSync(join(dir, f), 'utf8'));
      await db.query(`insert into audit_log (actor_id, action, target_type, target_id, after, reason) values
        (null, 'operator.create', 'user', '1', '{"email": "ops@example.com"}', null),
        (null, 'kyc.approve', 'kyc', '7', '{"status": 3, "userId": 2}', 'Documents checked'),
        (null, 'user.disable', 'user', '2', null, 'Fraud report')`);
      await db.exec(
        readFileSync(
          join(
            dir,
            files.find((f) => f.startsWith('0023_'))!,
          ),
          'utf8',
        ),
      );
      expect(await verifyAuditChain(db)).toEqual({ checked: 3, firstBrokenId: null });
      const id = await writeAudit(db, { actorId: null, action: 'user.enable', targetType: 'user', targetId: 2, reason: 'Cleared' });
      expect(id).toBeGreaterThan(3);
      expect(await verifyAuditChain(db)).toEqual({ checked: 4, firstBrokenId: null });
      const rows = await db.query<{ id: number; prev_hash: string; hash: string }>('select id, prev_hash, hash from audit_log order by id');
      expect(rows.map((r) => r.prev_hash)).toEqual(['', rows[0]!.hash, rows[1]!.hash, rows[2]!.hash]);
      await db.query(`update audit_log set after = '{"status": 3, "userId": 5}' where target_id = '7'`);
      expect(await verifyAuditChain(db)).toEqual({ checked: 4, firstBrokenId: rows[1]!.id });
    } finally {
      await db.close();
    }
  }, 120_000);
});
