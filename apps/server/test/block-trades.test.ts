import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../src/lib/secrets';
import { call, drivers, operatorToken, registerUser, startServer, uploadImage, type Harness } from './harness';

/** The shape of an issued key: four groups of four, without 0/O and 1/I. */
const KEY_SHAPE = /^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/;

describe.each(await drivers())('block-trading activation and keys on %s', (driver) => {
  let h: Harness;
  let op: string;
  beforeAll(async () => {
    h = await startServer(driver);
    op = await operatorToken(h);
  });
  afterAll(async () => {
    // Nothing here moves money; the ledger must still add up.
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  /** A registered investor whose identity an operator verified. */
  async function verified(firstName = 'Anna', lastName = 'de Vries') {
    const u = await registerUser(h);
    const frontUrl = await uploadImage(h, u.token);
    const submitted = await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName, lastName, country: 'NL', idType: 'passport', idNumber: 'NX1234567', frontUrl },
    });
    expect(submitted.code).toBe(200);
    const [row] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1 order by id desc limit 1', [u.id]);
    expect((await call(h, 'POST', `/web/operator/kyc/${row!.id}/approve`, { token: op, body: {} })).code).toBe(200);
    return u;
  }

  const activation = async (token: string, lang?: string) => call(h, 'GET', '/web/blockTrade/activation', { token, ...(lang ? { lang } : {}) });
  const apply = (token: string, lang?: string) => call(h, 'POST', '/web/blockTrade/apply', { token, body: {}, ...(lang ? { lang } : {}) });
  const enter = (token: string, key: unknown, lang?: string) =>
    call(h, 'POST', '/web/blockTrade/checkSecret', { token, body: { key }, ...(lang ? { lang } : {}) });
  const approve = (id: number) => call(h, 'POST', `/web/operator/blockTrades/${id}/approve`, { token: op, body: {} });
  const refuse = (id: number, reason?: string) =>
    call(h, 'POST', `/web/operator/blockTrades/${id}/refuse`, { token: op, body: reason === undefined ? {} : { reason } });
  const revoke = (id: number, reason?: string) =>
    call(h, 'POST', `/web/operator/blockTrades/${id}/revoke`, { token: op, body: reason === undefined ? {} : { reason } });
  const notices = async (token: string) => (await call(h, 'GET', '/web/userMessage/getMessage', { token })).data;
  const audit = async (id: number) => (await call(h, 'GET', `/web/operator/audit?targetType=blockTrade&targetId=${id}`, { token: op })).data.list;

  /** The investor's newest application, by id. */
  async function applicationOf(userId: number): Promise<number> {
    const [row] = await h.db.query<{ id: number }>('select id from block_trade_activations where user_id = $1 order by id desc limit 1', [userId]);
    return row!.id;
  }

  /** The key of the newest approval notice, read as the investor reads it. */
  async function keyFromNotice(token: string, lang?: string): Promise<string> {
    const page = await call(h, 'GET', '/web/userMessage/getMessage', { token, ...(lang ? { lang } : {}) });
    const notice = page.data.list.find((n: { kind: string }) => n.kind === 'blockTrade.approved');
    const key = (notice?.body as string | undefined)?.match(/[A-Z2-9]{4}(-[A-Z2-9]{4}){3}/)?.[0];
    if (!key) throw new Error(`no key in the notices: ${JSON.stringify(page.data.list)}`);
    return key;
  }

  /** A verified investor whose application an operator approved; their key from the notice. */
  async function approved() {
    const u = await verified();
    expect((await apply(u.token)).code).toBe(200);
    const id = await applicationOf(u.id);
    expect((await approve(id)).code).toBe(200);
    return { ...u, applicationId: id, key: await keyFromNotice(u.token) };
  }

  it('is not opened before the identity is verified: apply and the key check are refused with the specification’s message', async () => {
    const u = await registerUser(h);
    expect((await activation(u.token)).data).toEqual({
      status: 'notOpened',
      blockTradeStatus: 0,
      reason: null,
      applyTimestamp: null,
      reviewTimestamp: null,
      activeTimestamp: null,
    });
    const refused = await apply(u.token);
    expect([refused.status, refused.msg]).toEqual([422, 'block trading authority not yet opened']);
    expect((await apply(u.token, 'zh_Hans_CN')).msg).toBe('大宗交易权限尚未开通');
    expect((await apply(u.token, 'nl')).msg).toBe('bevoegdheid voor blokhandel nog niet geopend');
    const key = await enter(u.token, 'ABCD-EFGH-JKLM-NPQR');
    expect([key.status, key.msg]).toEqual([422, 'block trading authority not yet opened']);
    expect(await h.db.query('select id from block_trade_activations where user_id = $1', [u.id])).toHaveLength(0);
  });

  it('takes one application at a time from a verified investor; the key check says it is under review', async () => {
    const u = await verified();
    expect((await activation(u.token)).data).toMatchObject({ status: 'canApply', blockTradeStatus: 1, applyTimestamp: null });
    const r = await apply(u.token);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ status: 'underReview', blockTradeStatus: 2, reason: null, applyTimestamp: expect.any(Number), reviewTimestamp: null });
    const again = await apply(u.token);
    expect([again.status, again.msg]).toEqual([409, 'transaction permissions under review']);
    expect((await apply(u.token, 'nl')).msg).toBe('handelsrechten worden beoordeeld');
    const early = await enter(u.token, 'ABCD-EFGH-JKLM-NPQR');
    expect([early.status, early.msg]).toEqual([409, 'transaction permissions under review']);
    expect(await h.db.query('select id from block_trade_activations where user_id = $1', [u.id])).toHaveLength(1);

    // Two at once: one application, the other told it is under review.
    const v = await verified();
    const both = await Promise.all([apply(v.token), apply(v.token)]);
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
    expect(await h.db.query('select id from block_trade_activations where user_id = $1', [v.id])).toHaveLength(1);
  });

  it('approves: a key in a notice in the investor’s language, only its hash stored, never in the answer or the audit log', async () => {
    const u = await verified('Mei', 'Chen');
    await apply(u.token);
    const id = await applicationOf(u.id);
    const queued = await call(h, 'GET', '/web/operator/blockTrades?status=applied&size=100', { token: op });
    expect(queued.data.list.find((a: { id: number }) => a.id === id)).toMatchObject({
      userId: u.id,
      userName: u.username,
      firstName: 'Mei',
      lastName: 'Chen',
      status: 'applied',
      keyStatus: 'none',
      reviewTimeTimestamp: null,
    });

    const r = await approve(id);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ id, status: 'approved', keyStatus: 'sent', reason: null, reviewTimeTimestamp: expect.any(Number) });
    expect((await activation(u.token)).data).toMatchObject({ status: 'approved', blockTradeStatus: 1, reviewTimestamp: expect.any(Number) });

    const received = await notices(u.token);
    expect(received.list[0]).toMatchObject({ kind: 'blockTrade.approved', title: 'Block trading approved', read: false });
    const key = await keyFromNotice(u.token);
    expect(key).toMatch(KEY_SHAPE);
    expect(await keyFromNotice(u.token, 'zh_Hans_CN')).toBe(key);
    const [zh] = (await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token, lang: 'zh_Hans_CN' })).data.list;
    expect(zh).toMatchObject({ title: '大宗交易申请已批准' });
    expect(zh.body).toContain(`您的密钥：${key}`);

    // Stored: the SHA-256 of the key, not the key; the operator's answer and the audit log never carry it.
    const [stored] = await h.db.query<{ key_hash: string; user_id: number; purpose: string; issued_by: number }>(
      'select k.key_hash, k.user_id, k.purpose, k.issued_by from access_keys k join block_trade_activations a on a.key_id = k.id where a.id = $1',
      [id],
    );
    expect(stored).toMatchObject({ user_id: u.id, purpose: 'block_trade' });
    expect(stored!.key_hash).not.toContain(key.replaceAll('-', ''));
    expect(stored!.key_hash).toBe(sha256(key.replaceAll('-', '')));
    expect(JSON.stringify(r)).not.toContain(key);
    const trail = await audit(id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'blockTrade.approve', before: { status: 'applied', userId: u.id }, after: { status: 'approved', userId: u.id } });
    expect(JSON.stringify(trail)).not.toContain(key);
    const everything = await h.db.query<{ row: string }>(
      `select row_to_json(k)::text as row from access_keys k
       union all select row_to_json(a)::text from audit_log a
       union all select row_to_json(b)::text from block_trade_activations b`,
    );
    expect(everything.some((e) => e.row.includes(key) || e.row.includes(key.replaceAll('-', '')))).toBe(false);

    const twice = await approve(id);
    expect([twice.status, twice.msg]).toEqual([409, 'This request has already been reviewed']);
    expect((await refuse(id, 'late')).status).toBe(409);
    expect(await audit(id)).toHaveLength(1);
  });

  it('refuses a wrong key with one message and changes nothing; the right key, however typed, makes block trading active', async () => {
    const u = await approved();
    const empty = await enter(u.token, '  ');
    expect([empty.status, empty.msg, empty.data.fields]).toEqual([400, 'Please enter key', { key: 'v.enterKey' }]);
    expect((await enter(u.token, undefined, 'nl')).msg).toBe('Voer de sleutel in');
    expect((await enter(u.token, '', 'zh_Hans_CN')).msg).toBe('请输入密钥');

    const wrong = u.key.startsWith('A') ? `B${u.key.slice(1)}` : `A${u.key.slice(1)}`;
    // Within the rate limit of ten: every call below counts.
    for (const attempt of [wrong, u.key.slice(0, -1), 'x'.repeat(101)]) {
      const r = await enter(u.token, attempt);
      expect([r.msg, r.data?.fields?.key ?? null], attempt).toEqual(['This key is not valid', attempt.length > 100 ? 'e.keyInvalid' : null]);
    }
    expect((await activation(u.token)).data).toMatchObject({ status: 'approved', activeTimestamp: null });
    const [key] = await h.db.query('select used_at, revoked_at from access_keys where user_id = $1', [u.id]);
    expect(key).toEqual({ used_at: null, revoked_at: null });

    // Lower case, spaces for dashes: the same key to the reader of the notice.
    const r = await enter(u.token, ` ${u.key.toLowerCase().replaceAll('-', ' ')} `);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ status: 'active', blockTradeStatus: 3, activeTimestamp: expect.any(Number) });
    expect((await activation(u.token)).data.status).toBe('active');
    const [used] = await h.db.query<{ used_at: Date | null }>('select used_at from access_keys where user_id = $1', [u.id]);
    expect(used!.used_at).toBeInstanceOf(Date);

    // A repeat of the same key answers active; another key is still refused; applying again is pointless.
    expect((await enter(u.token, u.key)).data.status).toBe('active');
    expect((await enter(u.token, wrong)).msg).toBe('This key is not valid');
    const reapply = await apply(u.token);
    expect([reapply.status, reapply.msg]).toEqual([409, 'Block trading is already active']);
    const list = await call(h, 'GET', '/web/operator/blockTrades?status=active&size=100', { token: op });
    expect(list.data.list.find((a: { id: number }) => a.id === u.applicationId)).toMatchObject({
      status: 'active',
      keyStatus: 'used',
      activeTimeTimestamp: expect.any(Number),
    });
  });

  it('never lets one investor’s key open another’s block trading', async () => {
    const a = await approved();
    const b = await approved();
    const r = await enter(b.token, a.key);
    expect([r.status, r.msg]).toEqual([422, 'This key is not valid']);
    expect((await enter(b.token, a.key, 'nl')).msg).toBe('Deze sleutel is niet geldig');
    expect((await enter(b.token, a.key, 'zh_Hans_CN')).msg).toBe('密钥无效');
    expect((await activation(b.token)).data.status).toBe('approved');
    // A's key is untouched by B's attempt: it still opens A's.
    expect((await h.db.query<{ used_at: Date | null }>('select used_at from access_keys where user_id = $1', [a.id]))[0]!.used_at).toBeNull();
    expect((await enter(a.token, a.key)).data.status).toBe('active');
    // An investor who never applied cannot use anyone's key either.
    const c = await verified();
    expect((await enter(c.token, b.key)).msg).toBe('block trading authority not yet opened');
    expect((await enter(b.token, b.key)).data.status).toBe('active');
  });

  it('refuses with a reason the investor reads, and lets them apply again', async () => {
    const u = await verified();
    await apply(u.token);
    const id = await applicationOf(u.id);
    const noReason = await refuse(id);
    expect([noReason.status, noReason.msg]).toEqual([400, 'Please give a reason']);
    expect((await refuse(id, '   ')).status).toBe(400);
    expect((await activation(u.token)).data.status).toBe('underReview');

    const r = await refuse(id, 'Your account is too new for block trading');
    expect(r.data).toMatchObject({ status: 'refused', reason: 'Your account is too new for block trading', keyStatus: 'none' });
    expect((await activation(u.token)).data).toMatchObject({
      status: 'refused',
      blockTradeStatus: 1,
      reason: 'Your account is too new for block trading',
      reviewTimestamp: expect.any(Number),
    });
    expect((await notices(u.token)).list[0]).toMatchObject({
      kind: 'blockTrade.refused',
      title: 'Block trading application refused',
      body: 'Your application for block trading was refused: Your account is too new for block trading. You can apply again.',
    });
    expect((await enter(u.token, 'ABCD-EFGH-JKLM-NPQR')).msg).toBe('block trading authority not yet opened');
    const trail = await audit(id);
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({
      action: 'blockTrade.refuse',
      reason: 'Your account is too new for block trading',
      before: { status: 'applied' },
      after: { status: 'refused', reason: 'Your account is too new for block trading' },
    });

    const again = await apply(u.token);
    expect(again.data).toMatchObject({ status: 'underReview', reason: null });
    // The refused application stays as history beside the new one.
    const rows = await h.db.query<{ status: string }>('select status from block_trade_activations where user_id = $1 order by id', [u.id]);
    expect(rows.map((row) => row.status)).toEqual(['refused', 'applied']);
  });

  it('revokes a key: it stops working, block trading closes with the reason, and a new approval sends a new key', async () => {
    const u = await approved();
    expect((await revoke(u.applicationId)).msg).toBe('Please give a reason');
    const r = await revoke(u.applicationId, 'Sent to the wrong address');
    expect(r.data).toMatchObject({ status: 'refused', reason: 'Sent to the wrong address', keyStatus: 'revoked' });
    const refused = await enter(u.token, u.key);
    expect([refused.status, refused.msg]).toEqual([422, 'block trading authority not yet opened']);
    expect((await activation(u.token)).data).toMatchObject({ status: 'refused', reason: 'Sent to the wrong address' });
    expect((await notices(u.token)).list[0]).toMatchObject({ kind: 'blockTrade.revoked', title: 'Block trading closed' });
    expect((await revoke(u.applicationId, 'again')).msg).toBe('This application has no key to revoke');

    // Applied and approved again: the revoked key is refused, the new one opens.
    await apply(u.token);
    const second = await applicationOf(u.id);
    await approve(second);
    const fresh = await keyFromNotice(u.token);
    expect(fresh).not.toBe(u.key);
    expect((await enter(u.token, u.key)).msg).toBe('This key is not valid');
    expect((await enter(u.token, fresh)).data.status).toBe('active');

    // An active one is closed the same way.
    const closed = await revoke(second, 'Block trading closed at your request');
    expect(closed.data).toMatchObject({ status: 'refused', keyStatus: 'revoked' });
    expect((await activation(u.token)).data.status).toBe('refused');
    expect((await enter(u.token, fresh)).msg).toBe('block trading authority not yet opened');

    const trail = await audit(second);
    expect(trail.map((e: { action: string }) => e.action)).toEqual(['blockTrade.revoke', 'blockTrade.approve']);
    expect(trail[0]).toMatchObject({
      reason: 'Block trading closed at your request',
      before: { status: 'active' },
      after: { status: 'refused', keyRevoked: true, reason: 'Block trading closed at your request' },
    });
    expect(JSON.stringify(trail)).not.toContain(fresh);
    expect((await audit(u.applicationId)).map((e: { action: string }) => e.action)).toEqual(['blockTrade.revoke', 'blockTrade.approve']);
  });

  it('rate-limits the key check per investor', async () => {
    const u = await approved();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await enter(u.token, 'ABCD-EFGH-JKLM-NPQR')).status);
    expect(statuses).toEqual(Array(10).fill(422));
    const limited = await enter(u.token, u.key);
    expect([limited.status, limited.msg]).toEqual([429, 'Too many attempts, please try again later']);
    expect((await activation(u.token)).data.status).toBe('approved');
    // Counted per account: another investor is not held back.
    const v = await approved();
    expect((await enter(v.token, v.key)).data.status).toBe('active');
  });

  it('lists the queue waiting first, filters by status and pages', async () => {
    const first = await verified();
    const second = await verified();
    await apply(first.token);
    await apply(second.token);
    const [a, b] = [await applicationOf(first.id), await applicationOf(second.id)];
    const all = await call(h, 'GET', '/web/operator/blockTrades?size=100', { token: op });
    expect(all.code).toBe(200);
    const ids = all.data.list.map((x: { id: number }) => x.id);
    expect(ids.indexOf(a)).toBeLessThan(ids.indexOf(b));
    const statuses: string[] = all.data.list.map((x: { status: string }) => x.status);
    expect(statuses.slice(0, statuses.lastIndexOf('applied') + 1).every((s) => s === 'applied')).toBe(true);

    await refuse(a, 'Incomplete profile');
    const refusedOnly = await call(h, 'GET', '/web/operator/blockTrades?status=refused&size=100', { token: op });
    expect(refusedOnly.data.list.every((x: { status: string }) => x.status === 'refused')).toBe(true);
    expect(refusedOnly.data.list.map((x: { id: number }) => x.id)).toContain(a);
    const waiting = await call(h, 'GET', '/web/operator/blockTrades?status=applied&size=100', { token: op });
    expect(waiting.data.list.map((x: { id: number }) => x.id)).toEqual(expect.arrayContaining([b]));
    expect(waiting.data.list.map((x: { id: number }) => x.id)).not.toContain(a);
    const paged = await call(h, 'GET', '/web/operator/blockTrades?size=1&page=2', { token: op });
    expect([paged.data.list.length, paged.data.total, paged.data.page]).toEqual([1, all.data.total, 2]);
    expect((await call(h, 'GET', '/web/operator/blockTrades?status=open', { token: op })).status).toBe(400);
    expect((await approve(999_999)).status).toBe(404);
  });

  it('keeps the operator calls to operators', async () => {
    const u = await verified();
    await apply(u.token);
    const id = await applicationOf(u.id);
    const attempts = [
      call(h, 'GET', '/web/operator/blockTrades', { token: u.token }),
      call(h, 'POST', `/web/operator/blockTrades/${id}/approve`, { token: u.token, body: {} }),
      call(h, 'POST', `/web/operator/blockTrades/${id}/refuse`, { token: u.token, body: { reason: 'x' } }),
      call(h, 'POST', `/web/operator/blockTrades/${id}/revoke`, { token: u.token, body: { reason: 'x' } }),
    ];
    for (const r of await Promise.all(attempts)) expect([r.status, r.msg]).toEqual([403, 'Operators only']);
    expect((await call(h, 'GET', '/web/operator/blockTrades', {})).status).toBe(401);
    expect((await call(h, 'GET', '/web/blockTrade/activation', {})).status).toBe(401);
    expect((await activation(u.token)).data.status).toBe('underReview');
    expect(await audit(id)).toHaveLength(0);
    expect(await h.db.query('select id from access_keys where user_id = $1', [u.id])).toHaveLength(0);
  });
});
