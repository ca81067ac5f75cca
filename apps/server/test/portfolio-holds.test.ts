import { randomUUID } from 'node:crypto';
import { DEAL_MARKETS, LEVERAGE_RISK_VERSION, dealTimetable, localDay } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import type { MarketProvider } from '../src/market/types';
import { pngBytes } from './fixtures';
import { call, drivers, operatorToken, registerUser, startServer, type Harness } from './harness';
import { PINNED_RATES, scriptedMarket } from './scripted';

// Held money in the portfolio (issue 32): every amount on a held side belongs to the line of the
// product that holds it, so the portfolio shows no `held` line, and holding money changes nothing
// of net assets; only a fee paid does. The rates are pinned (EURUSD 1.25, USDHKD 8: HK$1 = EUR 0.10)
// and no line follows the market, so every figure below is by hand.

const RATES = { ...PINNED_RATES, USDHKD: '8.00000' };
const BTC = 'BTCUSDT';

type Line = { key: string; product: string; wallet: string | null; value: string; reportingValue: string; currency: string };
type Answer = { currency: string; lines: Line[]; total: string; liabilities: string; netAssets: string };

/** The set-up every investor of these tests goes through: registered, verified by an operator, with `euros` deposited. */
function investors(h: () => Harness, op: () => string) {
  const key = () => ({ 'idempotency-key': randomUUID() });
  return {
    key,
    async verified(euros: string) {
      const u = await registerUser(h());
      const form = new FormData();
      form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
      const url = (await call(h(), 'POST', '/web/file/upload', { form, token: u.token })).data.url;
      await call(h(), 'POST', '/web/updateReal', {
        token: u.token,
        body: { firstName: 'Paula', lastName: 'Portfolio', country: 'NL', idType: 'passport', idNumber: 'NX445566', frontUrl: url },
      });
      const [kyc] = await h().db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
      expect((await call(h(), 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op(), body: {} })).code).toBe(200);
      const d = await call(h(), 'POST', '/web/recharge/create', {
        token: u.token,
        headers: key(),
        body: { method: 'fiat', currency: 'EUR', amount: euros, proofUrl: url },
      });
      expect((await call(h(), 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op(), body: {} })).data.status).toBe(3);
      return u;
    },
    async portfolio(token: string, currency = 'EUR'): Promise<Answer> {
      const r = await call<Answer>(h(), 'POST', '/web/portfolio', { token, body: { currency } });
      expect(r.code, r.msg).toBe(200);
      return r.data;
    },
  };
}

/** What holds for every answer: no held money unclaimed, the totals the sums of the lines, the overview the same totals. */
async function checkAnswer(h: Harness, token: string, p: Answer) {
  expect(p.lines.filter((l) => l.product === 'held')).toEqual([]);
  const sum = p.lines.reduce((acc, l) => acc.add(l.reportingValue), new Dec(0));
  expect(sum.toFixed(2)).toBe(p.total);
  expect(p.liabilities).toBe('0.00');
  expect(p.netAssets).toBe(p.total);
  const o = await call(h, 'POST', '/web/userCenter/getFundingOverview', { token, body: { currency: p.currency } });
  expect(o.code, o.msg).toBe(200);
  expect(o.data).toMatchObject({ currency: p.currency, total: p.total, liabilities: p.liabilities, netAssets: p.netAssets });
}

const lineOf = (p: Answer, key: string) => p.lines.find((l) => l.key === key);
const ofProduct = (p: Answer, product: string) => p.lines.filter((l) => l.product === product);

describe.each(await drivers())('held money in the portfolio on %s', (driver) => {
  let h: Harness;
  let op: string;
  const market = scriptedMarket('portfolio-holds', RATES);
  const { key, verified, portfolio } = investors(
    () => h,
    () => op,
  );
  beforeAll(async () => {
    // Transfers across currencies stay in progress for the whole file.
    h = await startServer(driver, { TRANSFER_SETTLE_SECONDS: '3600' }, { provider: market.provider });
    op = await operatorToken(h);
    market.set(BTC, '100000.00');
    // Four servers in this file: a busy machine may take longer than the default hook time to migrate PGlite.
  }, 180_000);
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const step = (id: number, what: string, body: object = {}) => call(h, 'POST', `/web/operator/deals/${id}/${what}`, { token: op, body });

  /**
   * A Hong Kong deal opened now by an operator: HK$7.00 to 8.00, lots of 500, four public lots, HK$50
   * handling fee; on HKEX's timetable from the next trading day, far enough that the job leaves it alone.
   */
  async function openDeal() {
    const code = `P${process.pid % 1000}${Math.floor(Math.random() * 1e6)}`;
    const timetable = dealTimetable('HK', localDay(DEAL_MARKETS.HK.timeZone, Date.now()) + 1);
    const created = await call(h, 'POST', '/web/operator/deals', {
      token: op,
      body: {
        name: `Portfolio Deal ${code}`,
        code,
        symbol: `${code}.HK`,
        market: 'HK',
        exchange: 'HKEX',
        priceLow: '7.00',
        priceHigh: '8.00',
        lotSize: 500,
        publicLots: 4,
        feeRate: '0.010085',
        handlingFee: '50',
        fundRaising: '100000000',
        ...timetable,
        profile: 'A fictional company of the portfolio tests.',
      },
    });
    expect(created.code, created.msg).toBe(200);
    expect((await step(created.data.id, 'open')).data.dealStatus).toBe('open');
    return created.data as { id: number; code: string; symbol: string };
  }

  it('counts each held amount once, on the line of the product that holds it, and net assets move only by the fees paid', async () => {
    const u = await verified('2000.00');
    let before = await portfolio(u.token);
    expect(before).toMatchObject({ currency: 'EUR', total: '2000.00', netAssets: '2000.00' });
    await checkAnswer(h, u.token, before);
    const transfer = async (to: string, amount: string) => {
      const t = await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to, amount } });
      expect(t.code, t.msg).toBe(200);
      return t.data as { id: number; status: number };
    };
    // Transfers in one currency move at once: nothing held, net assets the same.
    expect((await transfer('FOREX', '600.00')).status).toBe(1);
    expect((await transfer('SUBSCRIPTION', '500.00')).status).toBe(1);
    expect((await portfolio(u.token)).netAssets).toBe('2000.00');

    // 1. An entrusted limit order: 0.1 BTC at 50000.00, leverage 10, well below the quote.
    // 50000.00 x 0.1 x 0.8 EUR per USDT = 4000.00 EUR; margin 400.00 and fee 4.00 held, nothing paid.
    expect((await call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { token: u.token, body: { version: LEVERAGE_RISK_VERSION } })).code).toBe(200);
    const order = await call(h, 'POST', '/web/gold/create', {
      token: u.token,
      headers: key(),
      body: { stockCode: BTC, stockName: 'Bitcoin', direction: 0, source: 100, type: 1, price: '50000.00', quantity: '0.1', leverage: 10, goldCode: BTC },
    });
    expect(order.data, order.msg).toMatchObject({ status: 0, margin: '400.00', handlingFee: '4.00' });
    let after = await portfolio(u.token);
    expect(lineOf(after, `entrustedOrder:${order.data.id}`)).toMatchObject({
      product: 'entrustedOrder',
      wallet: 'FOREX',
      currency: 'EUR',
      value: '404.00',
      reportingValue: '404.00',
    });
    expect(after.netAssets).toBe(before.netAssets);
    await checkAnswer(h, u.token, after);
    before = after;

    // 2. An IPO subscription before the allotment: 1 lot, 500 x HK$8.00 (the top of the range) =
    // HK$4,000 = 400.00 EUR, fee 4,000 x 1.0085 % x 0.1 = 4.034 -> 4.03: 404.03 held on the
    // subscription wallet. The handling fee HK$50 = 5.00 EUR is paid: net assets fall by 5.00.
    const deal = await openDeal();
    const sub = await call(h, 'POST', '/web/NewShares/create', { token: u.token, headers: key(), body: { dealId: deal.id, lots: 1 } });
    expect(sub.data, sub.msg).toMatchObject({ status: 'subscribed', pendingPayment: '404.03', actualPayment: '5.00', walletCode: 'SUBSCRIPTION' });
    after = await portfolio(u.token);
    expect(lineOf(after, `deal:subscription-${sub.data.id}`)).toMatchObject({ product: 'deal', wallet: 'SUBSCRIPTION', currency: 'EUR', value: '404.03' });
    expect(new Dec(before.netAssets).sub(after.netAssets).toFixed(2)).toBe('5.00');
    expect(after.netAssets).toBe('1995.00');
    await checkAnswer(h, u.token, after);
    before = after;

    // 3. Allotted shares before their listing: priced at HK$7.50, the one lot allotted (four lots, one
    // applicant). 500 x 7.50 = HK$3,750 = 375.00 EUR stays held as the position's margin, the fee
    // 3,750 x 1.0085 % x 0.1 = 3.781875 -> 3.78 is paid, and 404.03 - 378.78 = 25.25 comes back.
    expect((await step(deal.id, 'close')).data.dealStatus).toBe('closed');
    expect((await step(deal.id, 'price', { finalPrice: '7.50' })).data.dealStatus).toBe('priced');
    expect((await step(deal.id, 'allot')).data.dealStatus).toBe('allotted');
    const [allotted] = (await call(h, 'POST', '/web/position/subscription', { token: u.token, body: {} })).data.list;
    expect(allotted).toMatchObject({ id: sub.data.id, status: 'allotted', allotmentFee: '3.78' });
    after = await portfolio(u.token);
    // The subscription holds nothing of its own any more: trading's line claims the shares' money.
    expect(lineOf(after, `deal:subscription-${sub.data.id}`)).toBeUndefined();
    expect(ofProduct(after, 'deal')).toEqual([]);
    expect(ofProduct(after, 'ipoShares')).toEqual([
      expect.objectContaining({ key: `ipoShares:${allotted.positionId}`, instrument: deal.symbol, wallet: 'SUBSCRIPTION', currency: 'EUR', value: '375.00' }),
    ]);
    expect(new Dec(before.netAssets).sub(after.netAssets).toFixed(2)).toBe('3.78');
    expect(after.netAssets).toBe('1991.22');
    await checkAnswer(h, u.token, after);
    before = after;

    // 4. A transfer across currencies in progress: 200.00 EUR held on the funding account until it
    // settles as 250.00 USD.
    const fx = await transfer('US_STOCK', '200.00');
    expect(fx.status).toBe(0);
    after = await portfolio(u.token);
    expect(lineOf(after, `transfer:${fx.id}`)).toMatchObject({ product: 'transfer', wallet: 'BALANCE', currency: 'EUR', value: '200.00' });
    expect(after.netAssets).toBe(before.netAssets);
    await checkAnswer(h, u.token, after);
    before = after;

    // 5. A withdrawal awaiting review: 80.00 EUR held on the funding account.
    await call(h, 'POST', '/web/settingPayPassword', { token: u.token, body: { payPassword: '654321' } });
    const card = await call(h, 'POST', '/web/UserAccount/addCardNo', {
      token: u.token,
      body: { bankName: 'ING', accountName: 'Paula Portfolio', cardNumber: 'NL69INGB0123456789', swiftCode: 'INGBNL2A' },
    });
    const w = await call(h, 'POST', '/web/withdrawal/withdrawal-apply', {
      token: u.token,
      headers: key(),
      body: { amount: '80', target: 'bank', cardId: card.data.id, payPassword: '654321' },
    });
    expect(w.data, w.msg).toMatchObject({ status: 1, amount: '80.00' });
    after = await portfolio(u.token);
    expect(lineOf(after, `withdrawal:${w.data.id}`)).toMatchObject({ product: 'withdrawal', wallet: 'BALANCE', currency: 'EUR', value: '80.00' });
    expect(after.netAssets).toBe(before.netAssets);
    await checkAnswer(h, u.token, after);

    // All five at once, beside the cash: 2000.00 - 5.00 - 3.78 = 1991.22.
    // Cash: BALANCE 2000 - 600 - 500 - 200 - 80 = 620.00; FOREX 600 - 404 = 196.00;
    // SUBSCRIPTION 500 - 409.03 + 25.25 = 116.22.
    const cash = Object.fromEntries(ofProduct(after, 'cash').map((l) => [l.wallet, l.value]));
    expect(cash).toEqual({ BALANCE: '620.00', FOREX: '196.00', SUBSCRIPTION: '116.22' });
    expect(after).toMatchObject({ total: '1991.22', netAssets: '1991.22', liabilities: '0.00' });
    // In dollars at 1.25 each line, to the cent, and the overview the same.
    const usd = await portfolio(u.token, 'USD');
    expect(usd.lines.filter((l) => l.product === 'held')).toEqual([]);
    expect(usd.total).toBe('2489.03');
    await checkAnswer(h, u.token, usd);

    // Ending the holds ends the lines: the withdrawal paid out (80.00 gone), the transfer cancelled (back as cash).
    const paid = await call(h, 'POST', `/web/operator/withdrawals/${w.data.id}/approve`, { token: op, body: {} });
    expect(paid.code, paid.msg).toBe(200);
    const cancelled = await call(h, 'POST', '/web/wallet/cancelTransfer', { token: u.token, headers: key(), body: { id: fx.id } });
    expect(cancelled.data.status).toBe(2);
    after = await portfolio(u.token);
    expect(ofProduct(after, 'withdrawal')).toEqual([]);
    expect(ofProduct(after, 'transfer')).toEqual([]);
    expect(after.netAssets).toBe('1911.22');
    await checkAnswer(h, u.token, after);
  });

  it('refuses a reporting currency it does not count in with a 400 and its message, and changes nothing', async () => {
    const u = await verified('100.00');
    const journals = async () => (await h.db.query<{ n: number }>('select count(*)::int as n from ledger_journals where user_id = $1', [u.id]))[0]!.n;
    const before = await portfolio(u.token);
    const n = await journals();
    for (const path of ['/web/portfolio', '/web/userCenter/getFundingOverview']) {
      for (const lang of ['en', 'nl']) {
        const r = await call(h, 'POST', path, { token: u.token, lang, body: { currency: 'GBP' } });
        expect(r.status).toBe(400);
        expect(r.data.fields).toEqual({ currency: 'v.reportingCurrency' });
        if (lang === 'en') expect(r.msg).toBe('Choose EUR or USD as the reporting currency');
        else expect(r.msg).not.toBe('Choose EUR or USD as the reporting currency');
      }
    }
    expect(await journals()).toBe(n);
    const after = await portfolio(u.token);
    // The same lines and totals (the moment and the rates' quote times move on).
    const held = (p: Answer) => ({ lines: p.lines, total: p.total, liabilities: p.liabilities, netAssets: p.netAssets });
    expect(held(after)).toEqual(held(before));
  });
});

// The pre-opening auction's orders hold their money before any position row exists: the auction's
// own source claims it. On a clock in the auction's input phase: 2026-03-10 09:05 Hong Kong time.
const hk = (day: number, hour: number, minute: number) => Date.UTC(2026, 2, day, hour - 8, minute);
const TENCENT = '0700.HK';

describe.each(await drivers())('auction orders in the portfolio on %s', (driver) => {
  let h: Harness;
  let op: string;
  const clock = hk(10, 9, 5);
  const market = scriptedMarket('scripted', RATES);
  const provider: MarketProvider = {
    ...market.provider,
    snapshot(symbol, at) {
      const s = market.provider.snapshot(symbol, at);
      return symbol === TENCENT ? { ...s, previousClose: '600.0', open: '604.0' } : s;
    },
  };
  const { key, verified, portfolio } = investors(
    () => h,
    () => op,
  );
  beforeAll(async () => {
    h = await startServer(driver, {}, { provider, now: () => clock });
    op = await operatorToken(h);
  }, 180_000);
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  it('shows a collected auction order as the money it holds, and net assets unchanged', async () => {
    const u = await verified('8000.00');
    expect(
      (await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'HK_STOCK', amount: '8000.00' } })).code,
    ).toBe(200);
    const before = await portfolio(u.token);
    expect(before.netAssets).toBe('8000.00');
    // A limit buy of 100 at 600.0, leverage 1: 600.0 x 100 x EUR 0.10 = 6000.00 margin, with its fee, all held.
    const placed = await call(h, 'POST', '/web/stock/auctionStockCreate', {
      token: u.token,
      headers: key(),
      body: { stockCode: TENCENT, direction: 0, type: 1, price: '600.0', quantity: '100', leverage: 1 },
    });
    expect(placed.data, placed.msg).toMatchObject({ status: 'collected', holdPrice: '600.0' });
    expect(new Dec(placed.data.held).gt('6000.00')).toBe(true);
    const after = await portfolio(u.token);
    expect(ofProduct(after, 'entrustedOrder')).toEqual([
      expect.objectContaining({
        key: `entrustedOrder:auction-${placed.data.id}`,
        instrument: TENCENT,
        wallet: 'HK_STOCK',
        currency: 'EUR',
        value: placed.data.held,
      }),
    ]);
    expect(after.netAssets).toBe(before.netAssets);
    await checkAnswer(h, u.token, after);

    // Cancelled before 09:15, its hold returns whole and its line goes.
    const cancelled = await call(h, 'POST', '/web/auction/cancel', { token: u.token, headers: key(), body: { id: placed.data.id } });
    expect(cancelled.data.status).toBe('cancelled');
    const back = await portfolio(u.token);
    expect(ofProduct(back, 'entrustedOrder')).toEqual([]);
    expect(back.netAssets).toBe(before.netAssets);
    await checkAnswer(h, u.token, back);
  });
});
