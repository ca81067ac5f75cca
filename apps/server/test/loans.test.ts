import { randomUUID } from 'node:crypto';
import { LEVERAGE_RISK_VERSION } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { call, drivers, operatorToken, registerUser, startServer, uploadImage, type Harness } from './harness';
import { scriptedMarket } from './scripted';

// Loans (decision 0022) through HTTP with the loans' clock pinned: the score factor by factor from the
// caller's own records; the key fact statement of a worked example; refusals that change nothing;
// an operator's refusal and approval (the disbursement's journal); an early repayment that re-computes
// the rest; an instalment paid on its day; an overdue one with its penalty and its notice;
// shouldRepayAmount on each of those days; the payoff; the job run twice; the ledger check.
// Every expected figure is worked out here by hand from the stated rules.

const DAY = 86_400_000;
const at = (iso: string) => Date.parse(iso);
/** Friday 31 January 2025: the application and the disbursement. 2025 is not a leap year; no due day of it falls on a TARGET holiday or a weekend. */
const JAN31 = at('2025-01-31T10:00:00Z');
const DUE = [at('2025-02-28T00:00:00Z'), at('2025-03-31T00:00:00Z'), at('2025-04-30T00:00:00Z')];
type Value = string | number | Dec;
const idem = () => ({ 'idempotency-key': randomUUID() });
const BTC = 'BTCUSDT';

/** Half up to the cent, as the rules round. */
const cents = (x: Value) => new Dec(x).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
/** The annuity from the monthly rate APR ÷ 12, by the textbook formula P·r ÷ (1 − (1 + r)^−n). */
const annuity = (p: Value, apr: Value, n: number) => {
  const r = new Dec(apr).div(1200);
  return cents(new Dec(p).mul(r).div(new Dec(1).sub(new Dec(1).add(r).pow(-n))));
};
/** Interest of `principal` over `days` at `apr` percent: principal × apr × days ÷ 365. */
const interest = (principal: Value, apr: Value, days: number) => cents(new Dec(principal).mul(apr).div(100).mul(days).div(365));

describe.each(await drivers())('loans on %s', (driver) => {
  let h: Harness;
  let op: string;
  let clock = JAN31;
  const now = () => clock;
  const market = scriptedMarket('loans', undefined, now);

  beforeAll(async () => {
    h = await startServer(driver, { TEST_CLOCKS: '1' }, { provider: market.provider, now });
    op = await operatorToken(h);
    market.set(BTC, '100000.00');
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const runJob = async () => {
    const r = await call(h, 'POST', '/web/test/loans/run', { token: op, body: {} });
    expect(r.code, r.msg).toBe(200);
    return r.data as { loans: number; days: number; overdue: number };
  };
  const profile = async (token: string) => (await call(h, 'GET', '/web/loan/profile', { token })).data;
  const points = async (token: string) =>
    Object.fromEntries(((await profile(token)).factors as Array<{ factor: string; points: number }>).map((f) => [f.factor, f.points]));
  const apply = (token: string, body: object) => call(h, 'POST', '/web/loan/apply', { token, headers: idem(), body });
  const repay = (token: string, loanId: number, amount: string) =>
    call(h, 'POST', '/web/loan/applyRepay', { token, headers: idem(), body: { loanId, amount } });
  const due = async (token: string, loanId?: number) =>
    (await call(h, 'GET', `/web/loan/shouldRepayAmount${loanId ? `?loanId=${loanId}` : ''}`, { token })).data;
  const loans = async (token: string) => (await call(h, 'POST', '/web/loan/applyList', { token, body: {} })).data.list as any[];
  const balance = async (token: string) => {
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} });
    return r.data.find((w: { code: string }) => w.code === 'BALANCE').balance as string;
  };
  const noticesOf = async (token: string, kind: string) =>
    ((await call(h, 'GET', '/web/userMessage/getMessage?size=100', { token })).data.list as any[]).filter((n) => n.kind === kind);
  /** Everything a refused call must leave as it was. */
  const state = async (userId: number, token: string) => ({
    balance: await balance(token),
    journals: (await h.db.query('select id from ledger_journals where user_id = $1', [userId])).length,
    loans: await h.db.query('select id, status, principal::text, done_through::text from loans where user_id = $1 order by id', [userId]),
    instalments: await h.db.query('select i.* from loan_instalments i join loans l on l.id = i.loan_id where l.user_id = $1 order by i.loan_id, i.n', [userId]),
    repayments: (await h.db.query('select id from loan_repayments where user_id = $1', [userId])).length,
  });

  async function verified(ageDays: number) {
    const u = await registerUser(h);
    await h.db.query('update users set created_at = $2 where id = $1', [u.id, new Date(JAN31 - ageDays * DAY)]);
    const frontUrl = await uploadImage(h, u.token);
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Lena', lastName: 'Lender', country: 'NL', idType: 'passport', idNumber: 'NL1234567', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    expect((await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} })).code).toBe(200);
    return { ...u, frontUrl };
  }
  async function deposit(u: { token: string; frontUrl: string }, eur: string) {
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: idem(),
      body: { method: 'fiat', currency: 'EUR', amount: eur, proofUrl: u.frontUrl },
    });
    expect((await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} })).code).toBe(200);
  }

  let borrower: Awaited<ReturnType<typeof verified>>;
  let other: Awaited<ReturnType<typeof verified>>;
  let loanId: number;
  /** The figures of the re-computed schedule (10 February), worked out below. */
  let recomputed: { a: Dec; i1: Dec; p1: Dec; i2: Dec; p2: Dec; p3: Dec };
  let paid = new Dec(0);

  it('scores each factor from the caller’s own records', async () => {
    const u = await registerUser(h);
    // 200 days old: 100 × 200 ÷ 365 = 54.79 → 54 whole points.
    await h.db.query('update users set created_at = $2 where id = $1', [u.id, new Date(JAN31 - 200 * DAY)]);
    let p = await profile(u.token);
    expect(p).toMatchObject({
      score: 300 + 54 + 50,
      limit: '0.00',
      available: '0.00',
      aprPercent: null,
      terms: [3, 6, 12],
      penaltyDailyPercent: '0.05',
      inReview: false,
    });
    expect(p.factors).toEqual([
      { factor: 'identity', points: 0, max: 150, input: '0', flag: false },
      { factor: 'accountAge', points: 54, max: 100, input: '200', flag: false },
      { factor: 'netDeposits', points: 0, max: 150, input: '0.00', flag: false },
      { factor: 'tradingRecord', points: 0, max: 100, input: '0', flag: false },
      // no loan yet
      { factor: 'repayment', points: 50, max: 50, input: '0', flag: false },
    ]);
    // Identity verified: +150 → 554, still below the first band (580): no loan.
    const frontUrl = await uploadImage(h, u.token);
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Sam', lastName: 'Score', country: 'NL', idType: 'passport', idNumber: 'NL7654321', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
    expect((await profile(u.token)).score).toBe(554);
    const before = await state(u.id, u.token);
    const below = await apply(u.token, { amount: '100', months: 3, aprPercent: '24.00', accepted: true });
    expect(below.msg).toBe('Your credit score of 554 is below 580: no loan can be offered now');
    expect(await state(u.id, u.token)).toEqual(before);

    // Deposits 3,000: 150 × 3,000 ÷ 10,000 = 45 → 599, the first band: 1,000 at 24 %.
    await deposit({ token: u.token, frontUrl }, '3000');
    p = await profile(u.token);
    expect(p).toMatchObject({ score: 599, limit: '1000.00', available: '1000.00', aprPercent: '24.00' });
    // A withdrawal of 500 waiting for review has left already: net 2,500 → 37.5 → 37.
    await call(h, 'POST', '/web/settingPayPassword', { token: u.token, body: { payPassword: '654321' } });
    const card = await call(h, 'POST', '/web/UserAccount/addCardNo', {
      token: u.token,
      body: { bankName: 'ING', accountName: 'Sam Score', cardNumber: 'NL69INGB0123456789', swiftCode: 'INGBNL2A' },
    });
    const w = await call(h, 'POST', '/web/withdrawal/withdrawal-apply', {
      token: u.token,
      headers: idem(),
      body: { amount: '500', target: 'bank', cardId: card.data.id, payPassword: '654321' },
    });
    expect(w.code, w.msg).toBe(200);
    expect(await points(u.token)).toMatchObject({ netDeposits: 37 });
    expect((await profile(u.token)).factors[2]).toMatchObject({ input: '2500.00' });

    // Trading: 5 points a closed position. Three bought and closed at leverage 1.
    expect(
      (await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: idem(), body: { from: 'BALANCE', to: 'FOREX', amount: '1000' } })).code,
    ).toBe(200);
    const order = (body: object) =>
      call(h, 'POST', '/web/gold/create', {
        token: u.token,
        headers: idem(),
        body: { stockCode: BTC, stockName: 'Bitcoin', direction: 0, source: 100, type: 0, goldCode: BTC, ...body },
      });
    for (let k = 0; k < 3; k += 1) {
      const o = await order({ quantity: '0.001', leverage: 1 });
      expect(o.code, o.msg).toBe(200);
      const closed = await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: idem(), body: { id: o.data.id } });
      expect(closed.code, closed.msg).toBe(200);
    }
    expect(await points(u.token)).toEqual({ identity: 150, accountAge: 54, netDeposits: 37, tradingRecord: 15, repayment: 50 });
    expect((await profile(u.token)).score).toBe(300 + 150 + 54 + 37 + 15 + 50);

    // A liquidation in the last 90 days takes the whole factor: 0.01 at leverage 20 opened at the ask
    // 100,000.01 (0.8 EUR a dollar): margin 0.01 × 100,000.01 × 0.8 ÷ 20 = 40.00; liquidated when the
    // bid falls to 97,499.99.
    await call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { token: u.token, body: { version: LEVERAGE_RISK_VERSION } });
    const risky = await order({ quantity: '0.01', leverage: 20 });
    expect(risky.code, risky.msg).toBe(200);
    market.set(BTC, '97500.00');
    try {
      for (let n = 0; n < 100; n += 1) {
        const d = await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: risky.data.id } });
        if (d.data.status === 3) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      market.set(BTC, '100000.00');
    }
    p = await profile(u.token);
    expect(p.factors[3]).toEqual({ factor: 'tradingRecord', points: 0, max: 100, input: '3', flag: true });
    expect(p.score).toBe(300 + 150 + 54 + 37 + 0 + 50);
  });

  it('states the key fact statement, refuses what is not allowed, and an operator refuses or approves', async () => {
    // 365 days (100), verified (150), 2,000 deposited (150 × 2,000 ÷ 10,000 = 30), no trades, no loan (50): 630.
    borrower = await verified(365);
    await deposit(borrower, '2000');
    other = await verified(365);
    await deposit(other, '2000');
    expect(await profile(borrower.token)).toMatchObject({ score: 630, limit: '1000.00', available: '1000.00', aprPercent: '24.00' });

    const before = await state(borrower.id, borrower.token);
    const good = { amount: '1000', months: 3, aprPercent: '24.00', accepted: true };
    expect((await apply(borrower.token, { ...good, aprPercent: '18.00' })).msg).toBe(
      'The borrowing rate for your score is now 24.00 %: read the new key fact statement and accept it',
    );
    expect((await apply(borrower.token, { ...good, accepted: false })).msg).toBe('Read and accept the key fact statement first');
    expect((await apply(borrower.token, { ...good, amount: '1000.01' })).msg).toBe('You can borrow at most 1000.00 EUR now');
    expect((await apply(borrower.token, { ...good, amount: '99.99' })).msg).toBe('The least loan is 100 EUR');
    expect((await apply(borrower.token, { ...good, months: 4 })).msg).toBe('Choose a term of 3, 6 or 12 months');
    expect(await state(borrower.id, borrower.token)).toEqual(before);

    // 1,000 at 24 % over 3 months: r = 0.02 a month; 1.02³ = 1.061208; 20 ÷ (1 − 1 ÷ 1.061208) = 346.7547… → 346.75.
    // 31 Jan → 28 Feb, 28 days: 1,000 × 0.24 × 28 ÷ 365 = 18.4109… → 18.41; principal 346.75 − 18.41 = 328.34; 671.66 left.
    // 28 Feb → 31 Mar, 31 days: 671.66 × 0.24 × 31 ÷ 365 = 13.6908… → 13.69; principal 333.06; 338.60 left.
    // 31 Mar → 30 Apr, 30 days: 338.60 × 0.24 × 30 ÷ 365 = 6.6792… → 6.68; the last clears 338.60: 345.28.
    const kfs = [
      { n: 1, dueDay: DUE[0], principal: '328.34', interest: '18.41', total: '346.75', penalty: '0.00', paid: '0.00', status: 'upcoming' },
      { n: 2, dueDay: DUE[1], principal: '333.06', interest: '13.69', total: '346.75', penalty: '0.00', paid: '0.00', status: 'upcoming' },
      { n: 3, dueDay: DUE[2], principal: '338.60', interest: '6.68', total: '345.28', penalty: '0.00', paid: '0.00', status: 'upcoming' },
    ];
    const first = await apply(borrower.token, good);
    expect(first.code, first.msg).toBe(200);
    // 18.41 + 13.69 + 6.68 = 38.78 of interest
    expect(first.data).toMatchObject({
      status: 'review',
      amount: '1000.00',
      months: 3,
      aprPercent: '24.00',
      score: 630,
      instalment: '346.75',
      totalRepay: '1038.78',
      outstanding: '0.00',
      longCreateTime: JAN31,
      longAuditTime: null,
    });
    expect(first.data.schedule).toEqual(kfs);
    const waiting = await state(borrower.id, borrower.token);
    expect((await apply(borrower.token, good)).msg).toBe('You already have an application waiting for review');
    expect(await state(borrower.id, borrower.token)).toEqual(waiting);
    expect((await profile(borrower.token)).inReview).toBe(true);

    // The operator sees it in the queue with the score's explanation, and refuses it: nothing moves.
    const queue = (await call(h, 'GET', '/web/operator/loans?status=review', { token: op })).data.list as any[];
    const mine = queue.find((l) => l.id === first.data.id);
    expect(mine).toMatchObject({ userId: borrower.id, userName: borrower.username, score: 630, schedule: kfs });
    expect(mine.factors.map((f: any) => f.points)).toEqual([150, 100, 30, 0, 50]);
    const beforeRefusal = await state(borrower.id, borrower.token);
    const refused = await call(h, 'POST', `/web/operator/loans/${first.data.id}/refuse`, { token: op, body: { reason: 'Income not shown' } });
    expect(refused.data).toMatchObject({ status: 'rejected', reason: 'Income not shown', longAuditTime: JAN31 });
    const afterRefusal = await state(borrower.id, borrower.token);
    expect({ ...afterRefusal, loans: [] }).toEqual({ ...beforeRefusal, loans: [] });
    expect((await call(h, 'POST', `/web/operator/loans/${first.data.id}/approve`, { token: op, body: { reason: 'late' } })).msg).toBe(
      'This application has already been reviewed',
    );
    expect((await noticesOf(borrower.token, 'loan.refused'))[0].body).toBe('Your application for a loan of 1000.00 EUR was refused: Income not shown');
    const [audit] = await h.db.query<{ reason: string }>("select reason from audit_log where action = 'loan.refuse' and target_id = $1", [
      String(first.data.id),
    ]);
    expect(audit!.reason).toBe('Income not shown');

    // Applied again and approved: 1,000 from the house's loans receivable to the funding account, at once.
    const second = await apply(borrower.token, good);
    loanId = second.data.id;
    expect(await balance(borrower.token)).toBe('2000.00');
    const approved = await call(h, 'POST', `/web/operator/loans/${loanId}/approve`, { token: op, body: { reason: 'Score and history fine' } });
    expect(approved.data).toMatchObject({ status: 'passed', outstanding: '1000.00', accruedInterest: '0.00', schedule: kfs });
    expect(await balance(borrower.token)).toBe('3000.00');
    const entries = await h.db.query<{ user_id: number | null; code: string; part: string; amount: string }>(
      `select a.user_id, a.code, a.part, e.amount::text from ledger_journals j join ledger_entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id
        where j.kind = 'loan.disburse' and j.ref_type = 'loan' and j.ref_id = $1 order by e.amount`,
      [loanId],
    );
    expect(entries.map((e) => [e.user_id, e.code, e.part, new Dec(e.amount).toFixed(2)])).toEqual([
      [null, 'loans', 'house', '-1000.00'],
      [borrower.id, 'BALANCE', 'available', '1000.00'],
    ]);
    expect((await noticesOf(borrower.token, 'loan.approved'))[0].body).toBe(
      'Your loan of 1000.00 EUR was approved and paid into your funding account. The first instalment of 346.75 EUR is due on 28/02/2025.',
    );
    // Owing 1,000 uses the whole limit; a loan taken and not yet repaid counts 0 of the repayment factor: 630 − 50.
    expect(await profile(borrower.token)).toMatchObject({ score: 580, available: '0.00', inReview: false });
    // Nothing is due on the day of disbursement; the payoff is the principal.
    expect(await due(borrower.token)).toEqual({
      loanId,
      due: '0.00',
      overdue: '0.00',
      penalty: '0.00',
      payoff: '1000.00',
      nextDueDay: DUE[0],
      nextDueAmount: '346.75',
    });

    // Beyond the payoff, or another's loan: refused, nothing changed.
    const still = await state(borrower.id, borrower.token);
    expect((await repay(borrower.token, loanId, '1000.01')).msg).toBe('The most you can repay on this loan today is 1000.00 EUR, which repays it in full');
    const stranger = await repay(other.token, loanId, '10');
    expect([stranger.status, stranger.msg]).toEqual([404, 'Not found']);
    expect((await call(h, 'GET', `/web/loan/shouldRepayAmount?loanId=${loanId}`, { token: other.token })).status).toBe(404);
    expect((await call(h, 'POST', '/web/loan/applyList', { token: other.token, body: {} })).data.total).toBe(0);
    expect(await state(borrower.id, borrower.token)).toEqual(still);
    expect(await balance(other.token)).toBe('2000.00');
  });

  it('repays early on 10 February: interest to date, then principal, and the rest re-computed', async () => {
    clock = at('2025-02-10T09:00:00Z');
    // Ten days accrued (31 Jan … 9 Feb); a second run has nothing to do.
    expect(await runJob()).toEqual({ loans: 1, days: 10, overdue: 0 });
    const after = await state(borrower.id, borrower.token);
    expect(await runJob()).toEqual({ loans: 0, days: 0, overdue: 0 });
    expect(await state(borrower.id, borrower.token)).toEqual(after);
    // 1,000 × 0.24 × 10 ÷ 365 = 6.5753… → 6.58 accrued to date.
    expect(await due(borrower.token)).toMatchObject({ due: '0.00', payoff: '1006.58' });
    // One payment for one idempotency key, however often it is sent.
    const headers = idem();
    const r = await call(h, 'POST', '/web/loan/applyRepay', { token: borrower.token, headers, body: { loanId, amount: '200' } });
    expect(r.code, r.msg).toBe(200);
    expect(await call(h, 'POST', '/web/loan/applyRepay', { token: borrower.token, headers, body: { loanId, amount: '200' } })).toEqual(r);
    paid = paid.add(200);
    // 200 = 6.58 of interest + 193.42 of principal: 806.58 left.
    const [split] = (await call(h, 'POST', '/web/loan/repayList', { token: borrower.token, body: { loanId } })).data.list;
    expect(split).toMatchObject({ loanId, amount: '200.00', penalty: '0.00', interest: '6.58', principal: '193.42', createTimeTimestamp: clock });
    expect(r.data).toMatchObject({ status: 'inUse', outstanding: '806.58', accruedInterest: '0.00' });

    // The same three due days from today on 806.58: the annuity at 2 % a month over 3.
    const a = annuity('806.58', 24, 3);
    expect(a.toFixed(2)).toBe('279.69');
    // Instalment 1's period: 10 days on 1,000 and 18 on 806.58 (10 Feb … 27 Feb): (10,000 + 14,518.44) × 0.24 ÷ 365 = 16.1217… → 16.12,
    // of which 6.58 is paid; it still comes to the annuity, so its principal is 279.69 + 6.58 − 16.12.
    const i1 = cents(new Dec(1000).mul(10).add(new Dec('806.58').mul(18)).mul('0.24').div(365));
    const p1 = a.add('6.58').sub(i1);
    const left2 = new Dec('806.58').sub(p1);
    const i2 = interest(left2, 24, 31);
    const p2 = a.sub(i2);
    const p3 = left2.sub(p2);
    const i3 = interest(p3, 24, 30);
    recomputed = { a, i1, p1, i2, p2, p3 };
    expect(r.data.schedule).toEqual([
      {
        n: 1,
        dueDay: DUE[0],
        principal: p1.toFixed(2),
        interest: i1.toFixed(2),
        total: p1.add(i1).toFixed(2),
        penalty: '0.00',
        paid: '6.58',
        status: 'upcoming',
      },
      { n: 2, dueDay: DUE[1], principal: p2.toFixed(2), interest: i2.toFixed(2), total: a.toFixed(2), penalty: '0.00', paid: '0.00', status: 'upcoming' },
      {
        n: 3,
        dueDay: DUE[2],
        principal: p3.toFixed(2),
        interest: i3.toFixed(2),
        total: p3.add(i3).toFixed(2),
        penalty: '0.00',
        paid: '0.00',
        status: 'upcoming',
      },
    ]);
    expect(await due(borrower.token)).toEqual({
      loanId,
      due: '0.00',
      overdue: '0.00',
      penalty: '0.00',
      payoff: '806.58',
      nextDueDay: DUE[0],
      nextDueAmount: a.toFixed(2),
    });
    // The repayment's journal: 200 from the funding account, the principal to the receivable, the interest to income.
    const entries = await h.db.query<{ code: string; amount: string }>(
      `select a.code, e.amount::text from ledger_journals j join ledger_entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id
        where j.kind = 'loan.repay' and j.ref_id = $1 order by e.amount`,
      [loanId],
    );
    expect(entries.map((e) => [e.code, new Dec(e.amount).toFixed(2)])).toEqual([
      ['BALANCE', '-200.00'],
      ['loan-income', '6.58'],
      ['loans', '193.42'],
    ]);
  });

  it('falls due on 28 February: exactly the instalment is due, and paying it on the day leaves nothing overdue', async () => {
    clock = at('2025-02-28T08:00:00Z');
    expect(await runJob()).toMatchObject({ loans: 1, days: 18, overdue: 0 });
    const { a, i1, p1 } = recomputed;
    // What remains of instalment 1 after the 6.58 paid: the annuity.
    expect(await due(borrower.token)).toMatchObject({ due: a.toFixed(2), overdue: '0.00', penalty: '0.00', nextDueDay: DUE[1] });
    const loan = (await loans(borrower.token))[0];
    expect(loan.schedule[0]).toMatchObject({ principal: p1.toFixed(2), interest: i1.toFixed(2), status: 'due' });
    expect((await repay(borrower.token, loanId, a.toFixed(2))).data.schedule[0].status).toBe('paid');
    paid = paid.add(a);
    const [split] = (await call(h, 'POST', '/web/loan/repayList', { token: borrower.token, body: { loanId } })).data.list;
    expect(split).toMatchObject({ penalty: '0.00', interest: i1.sub('6.58').toFixed(2), principal: p1.toFixed(2) });
    expect(await due(borrower.token)).toMatchObject({ due: '0.00', payoff: new Dec('806.58').sub(p1).toFixed(2) });
  });

  it('makes an unpaid instalment overdue the next day: a daily penalty, one notice, the score marked', async () => {
    const { a, i2, p2, p3 } = recomputed;
    clock = at('2025-03-31T12:00:00Z');
    await runJob();
    // Due today: instalment 2, the annuity, nothing overdue yet.
    expect(await due(borrower.token)).toMatchObject({ due: a.toFixed(2), overdue: '0.00', penalty: '0.00' });
    expect(await noticesOf(borrower.token, 'loan.overdue')).toHaveLength(0);

    clock = at('2025-04-01T06:00:00Z');
    expect(await runJob()).toMatchObject({ loans: 1, days: 1, overdue: 1 });
    // One day of 0.05 % of the 279.69 overdue: 0.139845 → 0.14.
    const day1 = cents(a.mul('0.0005'));
    expect(day1.toFixed(2)).toBe('0.14');
    expect(await due(borrower.token)).toMatchObject({ overdue: a.toFixed(2), penalty: '0.14', due: a.add(day1).toFixed(2) });
    const notices = await noticesOf(borrower.token, 'loan.overdue');
    expect(notices).toHaveLength(1);
    expect(notices[0].body).toBe(
      `Instalment 2 of your loan of 1000.00 EUR, ${a.toFixed(2)} EUR due on 31/03/2025, is unpaid. A penalty of 0.05 % a day of what is overdue applies until it is paid.`,
    );
    const loan = (await loans(borrower.token))[0];
    expect(loan).toMatchObject({ overdue: true, penalty: '0.14' });
    expect(loan.schedule[1]).toMatchObject({ principal: p2.toFixed(2), interest: i2.toFixed(2), status: 'overdue', penalty: '0.14' });
    // An instalment overdue now: −25 for repayment history.
    expect((await profile(borrower.token)).factors[4]).toEqual({ factor: 'repayment', points: -25, max: 50, input: '0', flag: true });

    clock = at('2025-04-03T07:00:00Z');
    expect(await runJob()).toMatchObject({ loans: 1, days: 2, overdue: 0 });
    expect(await runJob()).toEqual({ loans: 0, days: 0, overdue: 0 });
    expect(await noticesOf(borrower.token, 'loan.overdue')).toHaveLength(1);
    // Three days (1, 2, 3 April) of 0.05 % of 279.69, exact, then rounded: 0.419535 → 0.42.
    const penalty = cents(a.mul('0.0005').mul(3));
    expect(penalty.toFixed(2)).toBe('0.42');
    const owed = a.add(penalty);
    expect(await due(borrower.token)).toMatchObject({ overdue: a.toFixed(2), penalty: '0.42', due: owed.toFixed(2) });
    // Paying what is due clears it: penalty, then the instalment's interest, then its principal.
    const r = await repay(borrower.token, loanId, owed.toFixed(2));
    paid = paid.add(owed);
    expect(r.data.schedule[1]).toMatchObject({ status: 'paid', paid: owed.toFixed(2) });
    const [split] = (await call(h, 'POST', '/web/loan/repayList', { token: borrower.token, body: { loanId } })).data.list;
    expect(split).toMatchObject({ penalty: '0.42', interest: i2.toFixed(2), principal: p2.toFixed(2) });
    expect(r.data).toMatchObject({ overdue: false, outstanding: p3.toFixed(2), penalty: '0.00' });
    expect(await due(borrower.token)).toMatchObject({ due: '0.00', overdue: '0.00', penalty: '0.00' });
  });

  it('repays in full on 20 April without charge: repaid, the receivable back to zero, the ledger clean', async () => {
    const { p3 } = recomputed;
    clock = at('2025-04-20T10:00:00Z');
    // Instalment 3's period so far: 31 March … 19 April, 20 days on what is left.
    const toDate = interest(p3, 24, 20);
    const payoff = p3.add(toDate);
    expect(await due(borrower.token)).toEqual({
      loanId,
      due: '0.00',
      overdue: '0.00',
      penalty: '0.00',
      payoff: payoff.toFixed(2),
      nextDueDay: DUE[2],
      nextDueAmount: expect.any(String),
    });
    const before = await state(borrower.id, borrower.token);
    expect((await repay(borrower.token, loanId, payoff.add('0.01').toFixed(2))).msg).toBe(
      `The most you can repay on this loan today is ${payoff.toFixed(2)} EUR, which repays it in full`,
    );
    expect(await state(borrower.id, borrower.token)).toEqual(before);
    const r = await repay(borrower.token, loanId, payoff.toFixed(2));
    paid = paid.add(payoff);
    expect(r.data).toMatchObject({ status: 'repaid', outstanding: '0.00', accruedInterest: '0.00', penalty: '0.00', overdue: false, repaidTimestamp: clock });
    expect(r.data.schedule.map((s: any) => s.status)).toEqual(['paid', 'paid', 'paid']);
    expect(await due(borrower.token)).toEqual({
      loanId: null,
      due: '0.00',
      overdue: '0.00',
      penalty: '0.00',
      payoff: '0.00',
      nextDueDay: null,
      nextDueAmount: null,
    });
    expect((await repay(borrower.token, loanId, '1')).msg).toBe('This loan has nothing to repay');
    expect(await runJob()).toEqual({ loans: 0, days: 0, overdue: 0 });

    // 2,000 deposited + 1,000 lent − everything repaid.
    expect(await balance(borrower.token)).toBe(new Dec(3000).sub(paid).toFixed(2));
    const house = async (code: string) =>
      new Dec(
        (
          await h.db.query<{ balance: string }>("select balance::text from ledger_accounts where user_id is null and code = $1 and currency = 'EUR'", [code])
        )[0]!.balance,
      );
    expect((await house('loans')).toFixed(2)).toBe('0.00');
    // The income is everything paid beyond the 1,000: interest and the penalty.
    expect((await house('loan-income')).toFixed(2)).toBe(paid.sub(1000).toFixed(2));
    const repayments = (await call(h, 'POST', '/web/loan/repayList', { token: borrower.token, body: {} })).data;
    expect(repayments.total).toBe(4);
    // Repaid with no instalment overdue more than 30 days: the repayment factor is 50 again.
    expect((await profile(borrower.token)).factors[4]).toEqual({ factor: 'repayment', points: 50, max: 50, input: '1', flag: false });
    expect((await call(h, 'GET', '/web/operator/loans?status=repaid', { token: op })).data.list.map((l: any) => l.id)).toEqual([loanId]);
  });

  it('pays an instalment due on a day off Modified Following on a TARGET business day, its interest and APR to the day it is paid', async () => {
    // Thursday 31 December 2026: the first due day, Sunday 31 January 2027, moves back to Friday the
    // 29th (Monday 1 February is in the next month); Sunday 28 February to Friday the 26th; Wednesday
    // 31 March stays.
    clock = at('2026-12-31T10:00:00Z');
    const u = await verified(365);
    await deposit(u, '2000');
    const paidOn = [at('2027-01-29T00:00:00Z'), at('2027-02-26T00:00:00Z'), at('2027-03-31T00:00:00Z')];
    // The annuity is 346.75 as above. 31 Dec → 29 Jan, 29 days: 1,000 × 0.24 × 29 ÷ 365 = 19.0684… → 19.07; principal 327.68; 672.32 left.
    // 29 Jan → 26 Feb, 28 days: 672.32 × 0.24 × 28 ÷ 365 = 12.3780… → 12.38; principal 334.37; 337.95 left.
    // 26 Feb → 31 Mar, 33 days: 337.95 × 0.24 × 33 ÷ 365 = 7.3330… → 7.33; the last clears 337.95: 345.28.
    expect([interest(1000, 24, 29), interest('672.32', 24, 28), interest('337.95', 24, 33)].map((x) => x.toFixed(2))).toEqual(['19.07', '12.38', '7.33']);
    const r = await apply(u.token, { amount: '1000', months: 3, aprPercent: '24.00', accepted: true });
    expect(r.code, r.msg).toBe(200);
    expect(r.data.schedule).toEqual([
      { n: 1, dueDay: paidOn[0], principal: '327.68', interest: '19.07', total: '346.75', penalty: '0.00', paid: '0.00', status: 'upcoming' },
      { n: 2, dueDay: paidOn[1], principal: '334.37', interest: '12.38', total: '346.75', penalty: '0.00', paid: '0.00', status: 'upcoming' },
      { n: 3, dueDay: paidOn[2], principal: '337.95', interest: '7.33', total: '345.28', penalty: '0.00', paid: '0.00', status: 'upcoming' },
    ]);
    // The APR of these payments on these days: the first two 2 days before their whole month (1/12 and
    // 2/12 of a year less 2/365), the third on its month; bisected here in floating point.
    const years = [1 / 12 - 2 / 365, 2 / 12 - 2 / 365, 3 / 12];
    const excess = (x: number) => [346.75, 346.75, 345.28].reduce((s, d, k) => s + d * (1 + x) ** -years[k]!, 0) - 1000;
    let lo = 0;
    let hi = 1;
    for (let k = 0; k < 200; k += 1) {
      const mid = (lo + hi) / 2;
      if (excess(mid) > 0) lo = mid;
      else hi = mid;
    }
    expect(r.data.annualPercentageRate).toBe((lo * 100).toFixed(2));
  });
});
