import { randomUUID } from 'node:crypto';
import { LEVERAGE_RISK_VERSION, translate } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeTime } from '../src/modules/market/quote';
import { pngBytes } from './fixtures';
import { call, drivers, OPERATOR, registerUser, startServer, type Harness } from './harness';
import { scriptedMarket } from './scripted';

// A stock whose market is closed (decision 0015): its quote says so and when it opens, in the
// exchange's time zone; a market order is refused with that time; a limit order is accepted as an
// entrusted order and fills once the market is open and the quote crosses its price.

const HK = '0700.HK';

describe.each(await drivers())('orders on a closed market on %s', (driver) => {
  let h: Harness;
  let op: string;
  const market = scriptedMarket('closed-market');
  beforeAll(async () => {
    h = await startServer(driver, {}, { provider: market.provider });
    op = (await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
    market.set(HK, '400.0', false);
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [] });
    await h.close();
  });

  const key = () => ({ 'idempotency-key': randomUUID() });
  const hkOrder = (token: string, extra: object = {}, lang?: string) =>
    call(h, 'POST', '/web/hk/create', {
      token,
      headers: key(),
      ...(lang ? { lang } : {}),
      body: { stockCode: HK, stockName: 'Tencent', direction: 0, source: 11, type: 0, quantity: '100', leverage: 10, ...extra },
    });

  /** A verified user with 1,000 euros in the HK_STOCK wallet. */
  async function trader() {
    const u = await registerUser(h);
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
    const frontUrl = (await call(h, 'POST', '/web/file/upload', { form, token: u.token })).data.url;
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Hana', lastName: 'Lee', country: 'NL', idType: 'passport', idNumber: 'NX123456', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'fiat', currency: 'EUR', amount: '1000', proofUrl: frontUrl },
    });
    await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    const t = await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'HK_STOCK', amount: '1000' } });
    expect(t.code, t.msg).toBe(200);
    // Leverage 10 is above a share's retail cap of 5: the risk is acknowledged (trading-leverage.test.ts).
    await call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { token: u.token, body: { version: LEVERAGE_RISK_VERSION } });
    return u;
  }

  it('the quote carries the exchange time zone and the next open while closed', async () => {
    const q = (await call(h, 'GET', `/web/m_ft/stock_detail_ft?symbol=${HK}`)).data;
    expect(q).toMatchObject({ marketStatus: 'closed', tradable: false, timeZone: 'Asia/Hong_Kong' });
    expect(q.nextOpenTimestamp).toBeGreaterThan(Date.now() - 1000);
    const open = (await call(h, 'GET', '/web/m_ft/stock_detail_ft?symbol=BTCUSDT')).data;
    expect(open).toMatchObject({ tradable: true, nextOpenTimestamp: null, timeZone: 'UTC' });
  });

  it('refuses a market order with when the market opens, accepts a limit order as entrusted, fills it at the open', async () => {
    const u = await trader();
    const q = (await call(h, 'GET', `/web/m_ft/stock_detail_ft?symbol=${HK}`)).data;
    const opensAt = exchangeTime(q.nextOpenTimestamp, 'Asia/Hong_Kong');

    const refused = await hkOrder(u.token);
    expect(refused.status).toBe(422);
    // The sentence is the contract's (how it writes a time and a zone is its business): the time is the quote's next open on the exchange's clock.
    const closedUntil = (locale: 'en' | 'nl') => translate(locale, 'e.marketClosedUntil', { opensAt, timeZone: 'Asia/Hong_Kong' });
    expect(refused.msg).toBe(closedUntil('en'));
    expect(refused.msg).toMatch(/^The market is closed; it opens at /);
    expect(refused.data).toMatchObject({ key: 'e.marketClosedUntil' });
    expect((await hkOrder(u.token, {}, 'nl')).msg).toBe(closedUntil('nl'));
    expect((await call(h, 'POST', '/web/position/me', { token: u.token, body: {} })).data.total).toBe(0);

    // Below the quote: entrusted. Above it (the quote already crosses): still entrusted, at its limit, while closed.
    const below = await hkOrder(u.token, { type: 1, price: '390.0' });
    expect(below.code, below.msg).toBe(200);
    expect(below.data).toMatchObject({ status: 0, price: '390.0', openPrice: null });
    const above = await hkOrder(u.token, { type: 1, price: '410.0' });
    expect(above.code, above.msg).toBe(200);
    expect(above.data).toMatchObject({ status: 0, price: '410.0', openPrice: null });
    const entrusted = await call(h, 'POST', '/web/position/consignList', { token: u.token, body: {} });
    expect(entrusted.data.list.map((p: any) => p.id).sort()).toEqual([below.data.id, above.data.id].sort());

    // The market opens with the quote at 385.0: both limits are crossed and fill at their limit price.
    market.set(HK, '385.0', true);
    const deadline = Date.now() + 8000;
    let statuses: number[] = [];
    while (Date.now() < deadline) {
      const mine = await call(h, 'POST', '/web/position/me', { token: u.token, body: {} });
      statuses = mine.data.list.map((p: any) => p.status);
      if (statuses.length === 2 && statuses.every((s) => s === 1)) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(statuses).toEqual([1, 1]);
  });
});
