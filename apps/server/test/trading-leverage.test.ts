import { randomUUID } from 'node:crypto';
import { LEVERAGE_RISK_VERSION, leverageCapFor } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNIVERSE } from '../src/market/universe';
import { pngBytes } from './fixtures';
import { call, drivers, OPERATOR, registerUser, startServer, type Harness } from './harness';
import { scriptedMarket } from './scripted';

// Leverage above the retail cap of what an instrument follows (ESMA's: 2:1 crypto, 20:1 an index
// future on a major index; the contract's leverageCapFor) needs the investor's risk
// acknowledgement, once. The product's own leverages stay on offer: without the acknowledgement an
// order above the cap is refused and nothing moves; at the cap it needs none; the acknowledgement
// is the caller's alone and a repeat changes nothing.

const BTC = 'BTCUSDT';

/** Every instrument of the universe that is not a share, with its cap; a new one fails here until its cap is decided. */
const CAPS: Record<string, number> = {
  ...Object.fromEntries(['EURUSD', 'GBPUSD', 'USDJPY', 'USDCHF', 'USDCAD', 'EURGBP', 'EURJPY'].map((s) => [s, 30])),
  // AUD and NZD are not among ESMA's six major currencies.
  ...Object.fromEntries(
    ['AUDUSD', 'NZDUSD', 'USDHKD', 'USDMXN', 'USDCNH', 'GC', 'ES', 'NQ', 'YM', 'SPX', 'NDX', 'DJI', 'DAX', 'N225', 'UKX', 'SX5E'].map((s) => [s, 20]),
  ),
  ...Object.fromEntries(['SI', 'HG', 'PL', 'CL', 'NG', 'RB', 'HO', 'ZC', 'ZW', 'ZS', 'KC', 'SB', 'CC', 'HSI', 'AEX', 'BEL20', 'MEXBOL'].map((s) => [s, 10])),
  ...Object.fromEntries(['ZN', 'US1M', 'US3M', 'US6M', 'US2Y', 'US5Y', 'US10Y', 'US30Y', 'DE10Y', 'NL10Y', 'BE10Y', 'MX10Y'].map((s) => [s, 5])),
  ...Object.fromEntries(UNIVERSE.filter((i) => i.assetClass === 'crypto').map((i) => [i.symbol, 2])),
};

describe('the retail cap of every instrument of the universe', () => {
  it('is decided for each: shares 5:1, the rest as listed', () => {
    const caps = Object.fromEntries(UNIVERSE.map((i) => [i.symbol, leverageCapFor(i)]));
    const expected = Object.fromEntries(UNIVERSE.map((i) => [i.symbol, i.assetClass === 'stock' ? 5 : CAPS[i.symbol]]));
    expect(caps).toEqual(expected);
  });
});

describe.each(await drivers())('the leverage risk acknowledgement on %s', (driver) => {
  let h: Harness;
  let op: string;
  const market = scriptedMarket('leverage-risk');
  beforeAll(async () => {
    h = await startServer(driver, {}, { provider: market.provider });
    op = (await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
    market.set(BTC, '100000.00');
    market.set('ES', '6000.00');
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [] });
    await h.close();
  });

  const key = () => ({ 'idempotency-key': randomUUID() });
  const buyBtc = (token: string, leverage: number, lang?: string) =>
    call(h, 'POST', '/web/gold/create', {
      token,
      headers: key(),
      ...(lang ? { lang } : {}),
      body: { stockCode: BTC, stockName: 'Bitcoin', direction: 0, source: 100, type: 0, quantity: '0.01', leverage, goldCode: BTC },
    });
  const buyEs = (token: string, leverage: number) =>
    call(h, 'POST', '/web/gold/create', { token, headers: key(), body: { stockCode: 'ES', direction: 0, type: 0, quantity: '1', leverage, goldCode: 'ES' } });
  const risk = (token: string) => call(h, 'GET', '/web/trading/leverageRisk', { token });
  const acknowledge = (token: string, version: unknown = LEVERAGE_RISK_VERSION) =>
    call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { token, body: { version } });
  const wallets = async (token: string) => (await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} })).data;
  const openCount = async (token: string) => (await call(h, 'POST', '/web/position/me', { token, body: {} })).data.total;

  /** A verified investor with 2,000 euros in the FOREX wallet and 1,000 in the FUTURE wallet, never asked about leverage. */
  async function trader() {
    const u = await registerUser(h);
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
    const frontUrl = (await call(h, 'POST', '/web/file/upload', { form, token: u.token })).data.url;
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Lena', lastName: 'Vos', country: 'NL', idType: 'passport', idNumber: 'NL123456', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'fiat', currency: 'EUR', amount: '3000', proofUrl: frontUrl },
    });
    await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    for (const [to, amount] of [
      ['FOREX', '2000'],
      ['FUTURE', '1000'],
    ]) {
      const t = await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to, amount } });
      expect(t.data.status, t.msg).toBe(1);
    }
    return u;
  }

  it('refuses leverage above the cap without the acknowledgement, saying so in the caller’s language, and moves nothing', async () => {
    const u = await trader();
    const before = await wallets(u.token);
    const refused = await buyBtc(u.token, 5);
    expect(refused).toMatchObject({ status: 422, code: 422, msg: 'Leverage above 2:1 on this instrument needs your risk acknowledgement first' });
    expect(refused.data.fields).toEqual({ leverage: 'e.leverageRiskUnacknowledged' });
    expect((await buyBtc(u.token, 20, 'nl')).msg).toBe('Een hefboom boven 2:1 op dit instrument vraagt eerst uw bevestiging van het risico');
    expect((await buyBtc(u.token, 10, 'zh-CN')).msg).toBe('该品种杠杆高于 2:1 须先确认风险提示');
    expect((await buyEs(u.token, 50)).msg).toBe('Leverage above 20:1 on this instrument needs your risk acknowledgement first');
    expect(await wallets(u.token)).toEqual(before);
    expect(await openCount(u.token)).toBe(0);
    const [rows] = await h.db.query<{ n: number }>('select count(*)::int as n from positions where user_id = $1', [u.id]);
    expect(rows!.n).toBe(0);
    expect((await risk(u.token)).data).toEqual({
      acknowledged: false,
      version: LEVERAGE_RISK_VERSION,
      acknowledgedVersion: null,
      acknowledgedAtTimestamp: null,
    });
  });

  it('needs no acknowledgement at the cap exactly', async () => {
    const u = await trader();
    // 100000.01 x 0.01 x 0.8 EUR per USDT = 800.0008 EUR: margin / 2 = 400.00, fee x 0.001 = 0.80.
    expect((await buyBtc(u.token, 2)).data).toMatchObject({ status: 1, leverage: 2, margin: '400.00', handlingFee: '0.80' });
    // ES follows the S&P 500, a major index: 20:1. 6000.25 x 1 x 0.8 = 4800.20 EUR: margin / 20 = 240.01, fee x 0.0003 = 1.44.
    expect((await buyEs(u.token, 20)).data).toMatchObject({ status: 1, leverage: 20, margin: '240.01', handlingFee: '1.44' });
    expect((await risk(u.token)).data.acknowledged).toBe(false);
  });

  it('accepts leverage above the cap once acknowledged; a second acknowledgement changes nothing', async () => {
    const u = await trader();
    const t0 = Date.now();
    const first = await acknowledge(u.token);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ acknowledged: true, version: LEVERAGE_RISK_VERSION, acknowledgedVersion: LEVERAGE_RISK_VERSION });
    expect(first.data.acknowledgedAtTimestamp).toBeGreaterThanOrEqual(t0 - 5_000);
    expect((await risk(u.token)).data).toEqual(first.data);

    const again = await acknowledge(u.token);
    expect(again.data).toEqual(first.data);
    const [rows] = await h.db.query<{ n: number }>('select count(*)::int as n from leverage_risk_acknowledgements where user_id = $1', [u.id]);
    expect(rows!.n).toBe(1);

    // 800.0008 EUR / 10 = 80.00 margin, fee 0.80; ES at 50: 4800.20 / 50 = 96.00, fee 1.44.
    expect((await buyBtc(u.token, 10)).data).toMatchObject({ status: 1, leverage: 10, margin: '80.00', handlingFee: '0.80' });
    expect((await buyEs(u.token, 50)).data).toMatchObject({ status: 1, leverage: 50, margin: '96.00', handlingFee: '1.44' });
    // The product's own bounds still hold: a leverage it does not offer stays refused.
    expect((await buyBtc(u.token, 3)).msg).toBe('This leverage is not allowed for this instrument');
  });

  it("keeps each acknowledgement to its investor: A's does not let B", async () => {
    const a = await trader();
    const b = await trader();
    await acknowledge(a.token);
    expect((await buyBtc(a.token, 5)).data.status).toBe(1);
    const before = await wallets(b.token);
    expect((await buyBtc(b.token, 5)).msg).toBe('Leverage above 2:1 on this instrument needs your risk acknowledgement first');
    expect((await risk(b.token)).data.acknowledged).toBe(false);
    expect(await wallets(b.token)).toEqual(before);
  });

  it('takes only the current text version and only from a signed-in investor', async () => {
    const u = await trader();
    expect((await acknowledge(u.token, LEVERAGE_RISK_VERSION + 1)).status).toBe(400);
    expect((await acknowledge(u.token, 'x')).status).toBe(400);
    expect((await risk(u.token)).data.acknowledged).toBe(false);
    expect((await call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { body: { version: LEVERAGE_RISK_VERSION } })).status).toBe(401);
    expect((await call(h, 'GET', '/web/trading/leverageRisk')).status).toBe(401);
  });
});
