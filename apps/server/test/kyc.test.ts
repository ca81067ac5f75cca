import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireVerifiedKyc } from '../src/modules/kyc/service';
import { call, drivers, OPERATOR, registerUser, startServer, uploadImage, type Harness } from './harness';

describe.each(await drivers())('KYC submission and review on %s', (driver) => {
  let h: Harness;
  let op: string;
  let opId: number;
  beforeAll(async () => {
    h = await startServer(driver);
    const r = await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } });
    expect(r.code).toBe(200);
    op = r.data.token;
    opId = r.data.userInfo.id;
  });
  afterAll(() => h.close());

  const upload = (token: string) => uploadImage(h, token);

  describe('submission', () => {
    it('puts the identity under review and refuses a second submission meanwhile', async () => {
      const u = await registerUser(h);
      const frontUrl = await upload(u.token);
      const body = { firstName: 'Li', lastName: 'Wei', country: 'CN', idType: 'passport', idNumber: 'E12345678', frontUrl };
      const missing = await call(h, 'POST', '/web/updateReal', { token: u.token, body: { ...body, idNumber: '' } });
      expect(missing.msg).toBe('Please enter ID card number');
      const noBack = await call(h, 'POST', '/web/updateReal', { token: u.token, body: { ...body, idType: 'idCard' } });
      expect([noBack.status, noBack.msg, noBack.data.fields]).toEqual([400, 'Please upload an image', { backUrl: 'v.uploadImage' }]);
      const r = await call(h, 'POST', '/web/updateReal', { token: u.token, body });
      expect(r.data).toEqual({ kycStatus: 1 });
      const again = await call(h, 'POST', '/web/updateReal', { token: u.token, body });
      expect([again.status, again.msg]).toEqual([409, 'Your identity documents are under review']);
    });
  });

  /** A user with a passport submission under review; returns the user and the submission id. */
  async function submitted(overrides: Record<string, string> = {}) {
    const u = await registerUser(h);
    const frontUrl = await upload(u.token);
    const body = { firstName: 'Li', lastName: 'Wei', country: 'CN', idType: 'passport', idNumber: 'E12345678', frontUrl, ...overrides };
    const r = await call(h, 'POST', '/web/updateReal', { token: u.token, body });
    expect(r.data).toEqual({ kycStatus: 1 });
    const [row] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1 order by id desc limit 1', [u.id]);
    return { ...u, submissionId: row!.id, frontUrl };
  }

  const kycStatus = async (token: string) => (await call(h, 'GET', '/web/api/user/info', { token })).data.kycStatus as number;
  const notices = async (token: string) => (await call(h, 'GET', '/web/userMessage/getMessage', { token })).data;

  describe('submission', () => {
    it('takes a passport with its front page only, and an ID card only with both pages', async () => {
      const u = await registerUser(h);
      const frontUrl = await upload(u.token);
      const base = { firstName: 'Sam', lastName: 'Lee', country: 'SG', idNumber: 'S1234567D', frontUrl };
      const noBack = await call(h, 'POST', '/web/updateReal', { token: u.token, body: { ...base, idType: 'idCard' } });
      expect([noBack.status, noBack.msg, noBack.data.fields]).toEqual([400, 'Please upload an image', { backUrl: 'v.uploadImage' }]);
      const licence = await call(h, 'POST', '/web/updateReal', { token: u.token, body: { ...base, idType: 'DL' } });
      expect([licence.status, licence.msg]).toEqual([400, 'Please upload an image']);
      const noFront = await call(h, 'POST', '/web/updateReal', { token: u.token, body: { ...base, idType: 'passport', frontUrl: undefined } });
      expect([noFront.status, noFront.msg, noFront.data.fields]).toEqual([400, 'Please upload an image', { frontUrl: 'v.uploadImage' }]);
      expect(await kycStatus(u.token)).toBe(0);

      const backUrl = await upload(u.token);
      const card = await call(h, 'POST', '/web/updateReal', { token: u.token, body: { ...base, idType: 'idCard', backUrl } });
      expect(card.data).toEqual({ kycStatus: 1 });
      const [row] = await h.db.query('select front_image, back_image, id_type from kyc_submissions where user_id = $1', [u.id]);
      expect(row).toEqual({ front_image: frontUrl, back_image: backUrl, id_type: 'idCard' });

      const v = await registerUser(h);
      const passport = await call(h, 'POST', '/web/updateReal', {
        token: v.token,
        body: { ...base, idType: 'passport', frontUrl: await upload(v.token) },
      });
      expect(passport.data).toEqual({ kycStatus: 1 });
    });

    it("refuses another user's images", async () => {
      const a = await registerUser(h);
      const b = await registerUser(h);
      const aImage = await upload(a.token);
      const body = { firstName: 'Bob', lastName: 'Smith', country: 'US', idType: 'idCard', idNumber: '1', frontUrl: await upload(b.token), backUrl: aImage };
      const r = await call(h, 'POST', '/web/updateReal', { token: b.token, body });
      expect([r.status, r.data.fields]).toEqual([400, { backUrl: 'v.uploadImage' }]);
      expect(await kycStatus(b.token)).toBe(0);
    });
  });

  describe('operator queue', () => {
    it('lists pending submissions oldest first with the user and the images', async () => {
      const first = await submitted();
      const second = await submitted({ firstName: 'Ana' });
      const r = await call(h, 'GET', '/web/operator/kyc?size=100', { token: op });
      expect(r.code).toBe(200);
      const ids = r.data.list.map((k: { id: number }) => k.id);
      expect(ids.indexOf(first.submissionId)).toBeLessThan(ids.indexOf(second.submissionId));
      const item = r.data.list.find((k: { id: number }) => k.id === second.submissionId);
      expect(item).toMatchObject({
        userId: second.id,
        userName: second.username,
        email: null,
        firstName: 'Ana',
        lastName: 'Wei',
        idType: 'passport',
        frontUrl: second.frontUrl,
        backUrl: null,
        status: 1,
        reason: null,
        reviewTimeTimestamp: null,
      });
      // Pending first: nothing reviewed comes before a pending one.
      const statuses = r.data.list.map((k: { status: number }) => k.status);
      expect(statuses.slice(0, statuses.lastIndexOf(1) + 1).every((s: number) => s === 1)).toBe(true);
      const paged = await call(h, 'GET', '/web/operator/kyc?size=1&page=2', { token: op });
      expect([paged.data.list.length, paged.data.total, paged.data.page]).toEqual([1, r.data.total, 2]);
      // The operator may open the user's images.
      expect((await fetch(h.base + second.frontUrl, { headers: { authorization: `Bearer ${op}` } })).status).toBe(200);
    });

    it('approves: the user is verified with the submitted name, told, and the decision audited', async () => {
      const u = await submitted({ firstName: 'Mei', lastName: 'Chen', country: 'TW' });
      await expect(requireVerifiedKyc(h.db, u.id)).rejects.toMatchObject({ code: 422, key: 'e.kycRequired' });
      const r = await call(h, 'POST', `/web/operator/kyc/${u.submissionId}/approve`, { token: op, body: {} });
      expect(r.code).toBe(200);
      expect(r.data).toMatchObject({ id: u.submissionId, status: 3, reason: null, reviewTimeTimestamp: expect.any(Number) });
      const me = (await call(h, 'GET', '/web/api/user/info', { token: u.token })).data;
      expect(me).toMatchObject({ kycStatus: 3, firstName: 'Mei', lastName: 'Chen', country: 'TW' });
      await expect(requireVerifiedKyc(h.db, u.id)).resolves.toBeUndefined();

      const received = await notices(u.token);
      expect(received.unread).toBe(1);
      expect(received.list[0]).toMatchObject({ kind: 'kyc.approved', title: 'Identity verified', read: false });

      const audit = await call(h, 'GET', `/web/operator/audit?targetType=kyc&targetId=${u.submissionId}`, { token: op });
      expect(audit.data.list).toHaveLength(1);
      expect(audit.data.list[0]).toMatchObject({
        actorId: opId,
        action: 'kyc.approve',
        before: { status: 1, userId: u.id, userKycStatus: 1, firstName: null },
        after: { status: 3, userId: u.id, userKycStatus: 3, firstName: 'Mei', lastName: 'Chen', country: 'TW' },
      });
      const [row] = await h.db.query<{ reviewed_by: number }>('select reviewed_by from kyc_submissions where id = $1', [u.submissionId]);
      expect(row?.reviewed_by).toBe(opId);

      const twice = await call(h, 'POST', `/web/operator/kyc/${u.submissionId}/approve`, { token: op, body: {} });
      expect([twice.status, twice.msg]).toEqual([409, 'This request has already been reviewed']);
      const late = await call(h, 'POST', `/web/operator/kyc/${u.submissionId}/reject`, { token: op, body: { reason: 'blurred' } });
      expect(late.status).toBe(409);
      expect((await call(h, 'GET', '/web/api/user/info', { token: u.token })).data.kycStatus).toBe(3);
      const resubmit = await call(h, 'POST', '/web/updateReal', {
        token: u.token,
        body: { firstName: 'X', lastName: 'Y', country: 'NL', idType: 'passport', idNumber: '1', frontUrl: u.frontUrl },
      });
      expect([resubmit.status, resubmit.msg]).toEqual([409, 'Your identity is already verified']);
      expect((await h.db.query("select id from audit_log where target_type = 'kyc' and target_id = $1", [String(u.submissionId)])).length).toBe(1);
    });

    it('rejects with a reason the user reads, and lets the user submit again', async () => {
      const u = await submitted();
      const noReason = await call(h, 'POST', `/web/operator/kyc/${u.submissionId}/reject`, { token: op, body: {} });
      expect([noReason.status, noReason.msg]).toEqual([400, 'Please give a reason']);
      const blank = await call(h, 'POST', `/web/operator/kyc/${u.submissionId}/reject`, { token: op, body: { reason: '  ' } });
      expect([blank.status, blank.msg]).toEqual([400, 'Please give a reason']);
      expect(await kycStatus(u.token)).toBe(1);

      const r = await call(h, 'POST', `/web/operator/kyc/${u.submissionId}/reject`, { token: op, body: { reason: 'The photo is blurred' } });
      expect(r.data).toMatchObject({ status: 2, reason: 'The photo is blurred' });
      expect(await kycStatus(u.token)).toBe(2);
      const received = await notices(u.token);
      expect(received.list[0]).toMatchObject({
        kind: 'kyc.rejected',
        title: 'Identity verification unsuccessful',
        body: 'Your identity documents were not approved: The photo is blurred. You can submit them again.',
      });
      const audit = await call(h, 'GET', `/web/operator/audit?targetType=kyc&targetId=${u.submissionId}`, { token: op });
      expect(audit.data.list[0]).toMatchObject({
        action: 'kyc.reject',
        reason: 'The photo is blurred',
        before: { status: 1, userKycStatus: 1 },
        after: { status: 2, userKycStatus: 2, reason: 'The photo is blurred' },
      });
      expect((await call(h, 'POST', `/web/operator/kyc/${u.submissionId}/reject`, { token: op, body: { reason: 'again' } })).status).toBe(409);

      const again = await call(h, 'POST', '/web/updateReal', {
        token: u.token,
        body: { firstName: 'Li', lastName: 'Wei', country: 'CN', idType: 'passport', idNumber: 'E12345678', frontUrl: await upload(u.token) },
      });
      expect(again.data).toEqual({ kycStatus: 1 });
    });

    it('filters the queue by the status given in the query string', async () => {
      const pending = await submitted();
      const refused = await submitted();
      expect((await call(h, 'POST', `/web/operator/kyc/${refused.submissionId}/reject`, { token: op, body: { reason: 'expired' } })).code).toBe(200);
      const under = await call(h, 'GET', '/web/operator/kyc?status=1&size=100', { token: op });
      expect(under.code).toBe(200);
      expect(under.data.list.every((k: { status: number }) => k.status === 1)).toBe(true);
      expect(under.data.list.map((k: { id: number }) => k.id)).toContain(pending.submissionId);
      const failed = await call(h, 'GET', '/web/operator/kyc?status=2&size=100', { token: op });
      expect(failed.data.list.map((k: { id: number }) => k.id)).toContain(refused.submissionId);
      expect(failed.data.list.every((k: { status: number; reason: string }) => k.status === 2 && k.reason)).toBe(true);
      expect((await call(h, 'GET', '/web/operator/kyc?status=7', { token: op })).status).toBe(400);
    });

    it('lets only one of two operators acting at once decide', async () => {
      const u = await submitted();
      const [approve, reject] = await Promise.all([
        call(h, 'POST', `/web/operator/kyc/${u.submissionId}/approve`, { token: op, body: {} }),
        call(h, 'POST', `/web/operator/kyc/${u.submissionId}/reject`, { token: op, body: { reason: 'no' } }),
      ]);
      expect([approve.status, reject.status].sort()).toEqual([200, 409]);
      expect(await kycStatus(u.token)).toBe(approve.status === 200 ? 3 : 2);
      expect((await h.db.query("select id from audit_log where target_type = 'kyc' and target_id = $1", [String(u.submissionId)])).length).toBe(1);
      expect((await notices(u.token)).total).toBe(1);
    });

    it('answers 404 for an unknown submission and 403 to investors', async () => {
      expect((await call(h, 'POST', '/web/operator/kyc/999999/approve', { token: op, body: {} })).status).toBe(404);
      const u = await submitted();
      const attempts = [
        call(h, 'GET', '/web/operator/kyc', { token: u.token }),
        call(h, 'POST', `/web/operator/kyc/${u.submissionId}/approve`, { token: u.token, body: {} }),
        call(h, 'POST', `/web/operator/kyc/${u.submissionId}/reject`, { token: u.token, body: { reason: 'x' } }),
      ];
      for (const r of await Promise.all(attempts)) expect([r.status, r.msg]).toEqual([403, 'Operators only']);
      expect((await call(h, 'GET', '/web/operator/kyc', {})).status).toBe(401);
      expect(await kycStatus(u.token)).toBe(1);
    });
  });
});
