import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import type { MarketProvider } from '../src/market/types';
import { call, drivers, operatorToken, registerUser, startServer, uploadImage, type Harness } from './harness';
import { scriptedMarket } from './scripted';

// The portfolio's property (issue 32): random sequences of deposits, orders, closes, product
// purchases and redemptions, loans and repayments, for several investors, checked after every step
// against the ledger. The market and the clock stand still and every price has no spread, so the
// only change of an investor's net assets a step may make is money that left for the house (fees,
// penalties, interest) or came from outside (deposits), each read from the step's journals, never
// from the portfolio itself.

const BTC = 'BTCUSDT';
const DAY = 86_400_000;
// A Tuesday morning: markets open, no fund cut-off passed, nothing due.
const T0 = Date.parse('2026-03-10T10:00:00Z');
const idem = () => ({ 'idempotency-key': randomUUID() });
/** House accounts whose money stays the investor's (a product held outside the wallets): a move there is no change of net assets. */
const HOLDING_ACCOUNTS = ['funds', 'loans'];

/** The scripted market with no spread: a position bought and valued at once is worth what it cost. */
function noSpread(provider: MarketProvider): MarketProvider {
  return {
    ...provider,
    snapshot(symbol, at) {
      const s = provider.snapshot(symbol, at);
      return { ...s, bid: s.last, ask: s.last };
    },
  };
}

type Op =
  | { kind: 'deposit'; who: number; amount: number }
  | { kind: 'transfer'; who: number; to: 'FOREX' | 'FINANCIAL'; amount: number }
  | { kind: 'buy'; who: number; lots: number; leverage: 1 | 2 }
  | { kind: 'limit'; who: number; lots: number }
  | { kind: 'cancel'; who: number }
  | { kind: 'close'; who: number }
  | { kind: 'term'; who: number; amount: number; regular: boolean }
  | { kind: 'redeemTerm'; who: number }
  | { kind: 'fund'; who: number; amount: number }
  | { kind: 'loan'; who: number }
  | { kind: 'repay'; who: number; amount: number }
  | { kind: 'withdraw'; who: number; amount: number };

const INVESTORS = 2;
const who = fc.integer({ min: 0, max: INVESTORS - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), who, amount: fc.integer({ min: 100, max: 3000 }) }),
  fc.record({
    kind: fc.constant('transfer' as const),
    who,
    to: fc.constantFrom('FOREX' as const, 'FINANCIAL' as const),
    amount: fc.integer({ min: 50, max: 1500 }),
  }),
  fc.record({ kind: fc.constant('buy' as const), who, lots: fc.integer({ min: 1, max: 9 }), leverage: fc.constantFrom(1 as const, 2 as const) }),
  fc.record({ kind: fc.constant('limit' as const), who, lots: fc.integer({ min: 1, max: 9 }) }),
  fc.record({ kind: fc.constant('cancel' as const), who }),
  fc.record({ kind: fc.constant('close' as const), who }),
  fc.record({ kind: fc.constant('term' as const), who, amount: fc.integer({ min: 100, max: 900 }), regular: fc.boolean() }),
  fc.record({ kind: fc.constant('redeemTerm' as const), who }),
  fc.record({ kind: fc.constant('fund' as const), who, amount: fc.integer({ min: 100, max: 600 }) }),
  fc.record({ kind: fc.constant('loan' as const), who }),
  fc.record({ kind: fc.constant('repay' as const), who, amount: fc.integer({ min: 10, max: 300 }) }),
  fc.record({ kind: fc.constant('withdraw' as const), who, amount: fc.integer({ min: 10, max: 400 }) }),
);

describe.each(await drivers())('the portfolio property on %s', (driver) => {
  let h: Harness;
  let op_: string;
  const clock = T0;
  const now = () => clock;
  const market = scriptedMarket('portfolio-property', undefined, now);
  beforeAll(async () => {
    h = await startServer(driver, { TEST_CLOCKS: '1', AGENCIES: '0' }, { provider: noSpread(market.provider), now });
    op_ = await operatorToken(h);
    market.set(BTC, '50000.00');
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op_ });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  interface Investor {
    id: number;
    token: string;
    frontUrl: string;
    card: number;
  }

  async function investor(): Promise<Investor> {
    const u = await registerUser(h);
    // Old enough, with deposits, for the first loan band (loans.test.ts: 599 points, 1,000 at 24 %).
    await h.db.query('update users set created_at = $2 where id = $1', [u.id, new Date(T0 - 400 * DAY)]);
    const frontUrl = await uploadImage(h, u.token);
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Pia', lastName: 'Property', country: 'NL', idType: 'passport', idNumber: 'NP1234567', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    expect((await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op_, body: {} })).code).toBe(200);
    await call(h, 'POST', '/web/settingPayPassword', { token: u.token, body: { payPassword: '654321' } });
    const card = await call(h, 'POST', '/web/UserAccount/addCardNo', {
      token: u.token,
      body: { bankName: 'ING', accountName: 'Pia Property', cardNumber: 'NL69INGB0123456789', swiftCode: 'INGBNL2A' },
    });
    await call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { token: u.token, body: { version: 1 } });
    return { ...u, frontUrl, card: card.data.id };
  }

  const portfolio = async (u: Investor) => {
    const r = await call(h, 'POST', '/web/portfolio', { token: u.token, body: { currency: 'EUR' } });
    expect(r.code, r.msg).toBe(200);
    return r.data as {
      total: string;
      liabilities: string;
      netAssets: string;
      stale: string[];
      lines: Array<{ key: string; product: string; side: string; wallet: string | null; value: string; reportingValue: string; currency: string }>;
    };
  };
  const lastJournal = async () => (await h.db.query<{ id: number }>('select coalesce(max(id), 0)::int as id from ledger_journals'))[0]!.id;
  /** What the investor's journals since `after` moved to or from the house, outside the accounts that hold their products: −(fees, penalties, interest) + deposits − withdrawals. */
  const houseMoves = async (userId: number, after: number) => {
    const [row] = await h.db.query<{ sum: string }>(
      `select coalesce(sum(e.amount), 0)::text as sum from ledger_entries e
         join ledger_accounts a on a.id = e.account_id
         join ledger_journals j on j.id = e.journal_id
        where j.user_id = $1 and j.id > $2 and a.user_id is null and a.code <> all($3::text[]) and e.currency = 'EUR'`,
      [userId, after, HOLDING_ACCOUNTS],
    );
    return new Dec(row!.sum).neg();
  };
  const openOf = async (userId: number, status: number) =>
    (await h.db.query<{ id: number }>('select id from positions where user_id = $1 and status = $2 order by id', [userId, status])).map((r) => r.id);

  async function apply(u: Investor, o: Op): Promise<number | null> {
    const post = (path: string, body: object) => call(h, 'POST', path, { token: u.token, headers: idem(), body });
    switch (o.kind) {
      case 'deposit': {
        const d = await post('/web/recharge/create', { method: 'fiat', currency: 'EUR', amount: String(o.amount), proofUrl: u.frontUrl });
        return (await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op_, body: {} })).code;
      }
      case 'transfer':
        return (await post('/web/wallet/transfer', { from: 'BALANCE', to: o.to, amount: String(o.amount) })).code;
      case 'buy':
        return (
          await post('/web/gold/create', {
            stockCode: BTC,
            stockName: 'Bitcoin',
            direction: 0,
            source: 100,
            type: 0,
            quantity: `0.00${o.lots}`,
            leverage: o.leverage,
            goldCode: BTC,
          })
        ).code;
      case 'limit':
        // Below the market: it waits, holding its margin and fee.
        return (
          await post('/web/gold/create', {
            stockCode: BTC,
            stockName: 'Bitcoin',
            direction: 0,
            source: 100,
            type: 1,
            price: '40000.00',
            quantity: `0.00${o.lots}`,
            leverage: 1,
            goldCode: BTC,
          })
        ).code;
      case 'cancel': {
        const [id] = await openOf(u.id, 0);
        if (id !== undefined) return (await post('/web/position/cancelConsign', { id })).code;
        return null;
      }
      case 'close': {
        const [id] = await openOf(u.id, 1);
        if (id !== undefined) return (await post('/web/position/flatPosition', { id })).code;
        return null;
      }
      case 'term': {
        const list = (await call(h, 'POST', '/web/user_fund_orders/productPageList', { token: u.token, body: { size: 100 } })).data.list as Array<{
          id: number;
          kind: string;
        }>;
        const p = list.find((x) => x.kind === (o.regular ? 'regular' : 'current'));
        if (p) return (await post('/web/user_fund_orders/create', { productId: p.id, side: 'buy', amount: String(o.amount) })).code;
        return null;
      }
      case 'redeemTerm': {
        const held = (await call(h, 'POST', '/web/user_fund_orders/pageList', { token: u.token, body: { size: 100 } })).data.list as Array<{
          id: number;
          productId: number;
          kind: string;
          status: string;
        }>;
        const t = held.find((x) => (x.kind === 'regular' || x.kind === 'current') && x.status === 'bought');
        if (t)
          return (
            await post('/web/user_fund_orders/create', {
              productId: t.productId,
              side: 'redeem',
              units: 'all',
              ...(t.kind === 'regular' ? { holdingId: t.id } : {}),
            })
          ).code;
        return null;
      }
      case 'fund': {
        const list = (await call(h, 'POST', '/web/user_fund_orders/productPageList', { token: u.token, body: { size: 100 } })).data.list as Array<{
          id: number;
          kind: string;
        }>;
        const p = list.find((x) => x.kind === 'fund');
        if (p) return (await post('/web/user_fund_orders/create', { productId: p.id, side: 'buy', amount: String(o.amount) })).code;
        return null;
      }
      case 'loan': {
        // At the rate the investor's score is offered now (the key fact statement accepted).
        const profile = (await call(h, 'GET', '/web/loan/profile', { token: u.token })).data as { aprPercent: string | null };
        if (profile.aprPercent === null) return null;
        const r = await post('/web/loan/apply', { amount: '500', months: 3, aprPercent: profile.aprPercent, accepted: true });
        if (r.code !== 200) return r.code;
        return (await call(h, 'POST', `/web/operator/loans/${r.data.id}/approve`, { token: op_, body: { reason: 'property test' } })).code;
      }
      case 'repay': {
        const list = (await call(h, 'POST', '/web/loan/applyList', { token: u.token, body: {} })).data.list as Array<{ id: number; status: string }>;
        const active = list.find((l) => l.status === 'passed' || l.status === 'inUse');
        if (active) return (await post('/web/loan/applyRepay', { loanId: active.id, amount: String(o.amount) })).code;
        return null;
      }
      case 'withdraw':
        return (await post('/web/withdrawal/withdrawal-apply', { amount: String(o.amount), target: 'bank', cardId: u.card, payPassword: '654321' })).code;
    }
  }

  it('values every investor as the sum of their lines, and changes net assets only by what left for the house or came from outside', async () => {
    const done = new Set<string>();
    // The first run does every kind of step once, in an order where each can succeed; the others are random.
    const everyKind: Op[] = [
      { kind: 'deposit', who: 0, amount: 3000 },
      { kind: 'transfer', who: 0, to: 'FOREX', amount: 1000 },
      { kind: 'transfer', who: 0, to: 'FINANCIAL', amount: 1500 },
      { kind: 'buy', who: 0, lots: 3, leverage: 2 },
      { kind: 'limit', who: 0, lots: 2 },
      { kind: 'term', who: 0, amount: 300, regular: true },
      { kind: 'term', who: 0, amount: 200, regular: false },
      { kind: 'fund', who: 0, amount: 250 },
      { kind: 'loan', who: 0 },
      { kind: 'withdraw', who: 0, amount: 100 },
      { kind: 'repay', who: 0, amount: 50 },
      { kind: 'close', who: 0 },
      { kind: 'cancel', who: 0 },
      { kind: 'redeemTerm', who: 0 },
    ];
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 6, maxLength: 14 }), async (ops) => {
        const investors: Investor[] = [];
        for (let i = 0; i < INVESTORS; i += 1) investors.push(await investor());
        for (const o of ops) {
          const u = investors[o.who]!;
          const before = await portfolio(u);
          const mark = await lastJournal();
          const code = await apply(u, o);
          if (code === 200) done.add(o.kind);
          const after = await portfolio(u);
          const expected = new Dec(before.netAssets).add(await houseMoves(u.id, mark));
          const label = `${JSON.stringify(o)} on ${JSON.stringify(after.lines.map((l) => [l.key, l.value]))}`;
          // Everything held is claimed by a line, and every product answered.
          expect(
            after.lines.filter((l) => l.product === 'held'),
            label,
          ).toEqual([]);
          expect(after.stale, label).toEqual([]);
          // The totals are the sums of the lines.
          const sum = (side: string) => after.lines.filter((l) => l.side === side).reduce((s, l) => s.add(l.reportingValue), new Dec(0));
          expect(after.total, label).toBe(sum('asset').toFixed(2));
          expect(after.liabilities, label).toBe(sum('liability').toFixed(2));
          expect(after.netAssets, label).toBe(sum('asset').sub(sum('liability')).toFixed(2));
          // A frozen market: net assets move only by the house's fees and interest and the money from outside.
          expect(after.netAssets, label).toBe(expected.toFixed(2));
        }
        // Each investor's cash lines are their wallets' available sides in the ledger.
        for (const u of investors) {
          const p = await portfolio(u);
          const ledger = await h.db.query<{ code: string; balance: string }>(
            "select code, balance::text from ledger_accounts where user_id = $1 and part = 'available' and balance <> 0",
            [u.id],
          );
          const cash = p.lines.filter((l) => l.product === 'cash').map((l) => [l.wallet, l.value]);
          expect(cash.sort()).toEqual(ledger.map((r) => [r.code, new Dec(r.balance).toFixed(2)]).sort());
        }
      }),
      { numRuns: 4, seed: 32, endOnFailure: true, examples: [[everyKind]] },
    );
    expect([...done].sort()).toEqual([...new Set(everyKind.map((o) => o.kind))].sort());
  }, 240_000);
});
