import { randomUUID } from 'node:crypto';
import { LEVERAGE_RISK_VERSION } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import type { MarketProvider, SessionPhase } from '../src/market/types';
import { pngBytes } from './fixtures';
import { call, drivers, OPERATOR, registerUser, startServer, type Harness } from './harness';
import { scriptedMarket } from './scripted';

// Issue 33, one clock: a day order expires at the close of the trading day it belongs to, on the
// exchange's calendar (the closing auction included; with extended hours the end of the late
// session), and an order without extended hours fills only in the regular session. The server's
// clock is pinned to each moment; AAPL and Tencent follow the real calendar at it, MSFT is scripted.

const AAPL = 'AAPL';
const MSFT = 'MSFT';
const TENCENT = '0700.HK';
const at = (iso: string) => Date.parse(iso);

describe.each(await drivers())('day orders and extended hours on %s', (driver) => {
  let h: Harness;
  let op: string;
  // Thursday 15 January 2026, 10:00 in New York (EST, UTC−5): the regular session.
  let clock = at('2026-01-15T15:00:00Z');
  const now = () => clock;
  const market = scriptedMarket('day-orders', undefined, now);
  // MSFT's session phase, which the scripted market does not play.
  let msftPhase: SessionPhase = 'regular';
  const provider: MarketProvider = {
    ...market.provider,
    session: (symbol, t) => {
      const s = market.provider.session(symbol, t);
      return symbol === MSFT ? { ...s, phase: msftPhase } : s;
    },
    snapshot: (symbol, t) => {
      const s = market.provider.snapshot(symbol, t);
      return symbol === MSFT ? { ...s, session: { ...s.session, phase: msftPhase } } : s;
    },
  };
  let u: { id: number; token: string };

  beforeAll(async () => {
    h = await startServer(driver, { TRANSFER_SETTLE_SECONDS: '0' }, { provider, now });
    op = (await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
    market.set(MSFT, '100.00');
    u = await trader();
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const key = () => ({ 'idempotency-key': randomUUID() });
  const detail = async (id: number) => (await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id } })).data;

  async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await probe();
      if (done(v) || Date.now() > deadline) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async function wallet(code: string) {
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token: u.token, body: {} });
    return r.data.find((w: any) => w.code === code);
  }

  /** A verified trader with 4,000 euros in US_STOCK (5,000 dollars at 1.25) and 6,000 in HK_STOCK. */
  async function trader() {
    const user = await registerUser(h);
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
    const frontUrl = (await call(h, 'POST', '/web/file/upload', { form, token: user.token })).data.url;
    await call(h, 'POST', '/web/updateReal', {
      token: user.token,
      body: { firstName: 'Dana', lastName: 'Day', country: 'NL', idType: 'passport', idNumber: 'ND123456', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [user.id]);
    await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: user.token,
      headers: key(),
      body: { method: 'fiat', currency: 'EUR', amount: '10000', proofUrl: frontUrl },
    });
    await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    for (const [to, amount] of [
      ['US_STOCK', '4000'],
      ['HK_STOCK', '6000'],
    ]) {
      const t = await call(h, 'POST', '/web/wallet/transfer', { token: user.token, headers: key(), body: { from: 'BALANCE', to, amount } });
      expect(t.code, t.msg).toBe(200);
    }
    await call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { token: user.token, body: { version: LEVERAGE_RISK_VERSION } });
    u = user;
    const us = await until(
      () => wallet('US_STOCK'),
      (w) => w.balance === '5000.00',
    );
    expect(us.balance).toBe('5000.00');
    return user;
  }

  /** Half the quote's price, on its tick grid: a buy limit that waits whatever the simulated price does meanwhile. */
  async function farBelow(symbol: string) {
    const q = (await call(h, 'GET', `/web/m_ft/stock_detail_ft?symbol=${symbol}`)).data;
    return new Dec(q.price_nominal).div(2).div(q.tickSize).floor().mul(q.tickSize).toFixed();
  }

  const usDay = async (extra: object = {}) =>
    call(h, 'POST', '/web/stock/create', {
      token: u.token,
      headers: key(),
      body: { stockCode: AAPL, direction: 0, type: 1, price: await farBelow(AAPL), quantity: '1', leverage: 1, timeInForce: 'day', ...extra },
    });
  const hkDay = async (extra: object = {}, lang?: string) =>
    call(h, 'POST', '/web/hk/create', {
      token: u.token,
      headers: key(),
      ...(lang ? { lang } : {}),
      body: {
        stockCode: TENCENT,
        direction: 0,
        source: 11,
        type: 1,
        price: await farBelow(TENCENT),
        quantity: '100',
        leverage: 5,
        timeInForce: 'day',
        ...extra,
      },
    });

  /** The expiry of a day order placed on a US stock at `when`, without and with extended hours. */
  async function usExpiries(when: string) {
    clock = at(when);
    const regular = await usDay();
    const extended = await usDay({ extendedHours: true });
    expect([regular.code, extended.code], `${regular.msg} ${extended.msg}`).toEqual([200, 200]);
    expect(regular.data).toMatchObject({ status: 0, timeInForce: 'day', extendedHours: false, timeZone: 'America/New_York' });
    expect(extended.data).toMatchObject({ status: 0, timeInForce: 'day', extendedHours: true });
    return [regular.data.expiredDateTimestamp, extended.data.expiredDateTimestamp].map((t: number) => new Date(t).toISOString());
  }

  it('expires a US day order at 16:00 New York, 20:00 with extended hours, in winter and in summer time', async () => {
    // Thursday 15 January 2026, 10:00 EST (UTC−5): 16:00 EST is 21:00 UTC, 20:00 EST is 01:00 UTC on the 16th.
    expect(await usExpiries('2026-01-15T15:00:00Z')).toEqual(['2026-01-15T21:00:00.000Z', '2026-01-16T01:00:00.000Z']);
    // Wednesday 15 July 2026, 10:00 EDT (UTC−4) is 14:00 UTC: 16:00 EDT is 20:00 UTC, 20:00 EDT is 00:00 UTC on the 16th.
    expect(await usExpiries('2026-07-15T14:00:00Z')).toEqual(['2026-07-15T20:00:00.000Z', '2026-07-16T00:00:00.000Z']);
  });

  it('expires at 13:00 New York on the half day after Thanksgiving, 17:00 with extended hours', async () => {
    // Friday 27 November 2026, 10:00 EST = 15:00 UTC; the NYSE closes at 13:00 (18:00 UTC), late trading ends 17:00 (22:00 UTC).
    expect(await usExpiries('2026-11-27T15:00:00Z')).toEqual(['2026-11-27T18:00:00.000Z', '2026-11-27T22:00:00.000Z']);
  });

  it('gives an order placed on a Saturday or after the close the next trading day’s close', async () => {
    // Saturday 18 July 2026, noon EDT: Monday 20 July closes at 16:00 EDT (20:00 UTC), late trading at 20:00 EDT (00:00 UTC on the 21st).
    expect(await usExpiries('2026-07-18T16:00:00Z')).toEqual(['2026-07-20T20:00:00.000Z', '2026-07-21T00:00:00.000Z']);
    // Saturday 17 January 2026: Monday the 19th is Martin Luther King Jr. Day, so Tuesday 20 January, 16:00 EST = 21:00 UTC.
    expect(await usExpiries('2026-01-17T17:00:00Z')).toEqual(['2026-01-20T21:00:00.000Z', '2026-01-21T01:00:00.000Z']);
    // Thursday 15 January 2026, 17:00 EST (22:00 UTC), after hours: without extended hours the order is Friday's
    // (16:00 EST on the 16th = 21:00 UTC); with them it still has this evening's late session (20:00 EST = 01:00 UTC).
    expect(await usExpiries('2026-01-15T22:00:00Z')).toEqual(['2026-01-16T21:00:00.000Z', '2026-01-16T01:00:00.000Z']);
  });

  it('expires a Hong Kong day order at 16:10 after the closing auction, 12:10 on Christmas Eve', async () => {
    // Thursday 15 January 2026, 10:00 in Hong Kong (UTC+8, no summer time) = 02:00 UTC; 16:10 HKT = 08:10 UTC.
    clock = at('2026-01-15T02:00:00Z');
    const day = await hkDay();
    expect(day.code, day.msg).toBe(200);
    expect(day.data).toMatchObject({ status: 0, timeZone: 'Asia/Hong_Kong', extendedHours: false, expiredDateTimestamp: at('2026-01-15T08:10:00Z') });
    // Thursday 24 December 2026, a half day: the morning session and the auction, to 12:10 HKT = 04:10 UTC.
    clock = at('2026-12-24T02:00:00Z');
    const half = await hkDay();
    expect(half.code, half.msg).toBe(200);
    expect(half.data.expiredDateTimestamp).toBe(at('2026-12-24T04:10:00Z'));
  });

  it('refuses extended hours on an instrument without them, with its message in each language, and changes nothing', async () => {
    clock = at('2026-01-15T02:00:00Z');
    const before = await wallet('HK_STOCK');
    const entrusted = (await call(h, 'POST', '/web/position/consignList', { token: u.token, body: { size: 100 } })).data.total;
    const refused = await hkDay({ extendedHours: true });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ key: 'e.extendedHoursNotTraded', fields: { extendedHours: 'e.extendedHoursNotTraded' } });
    expect(refused.msg).toBe('This instrument does not trade in extended hours (pre-market and after-hours); send the order without them');
    expect((await hkDay({ extendedHours: true }, 'nl')).msg).toBe(
      'Dit instrument wordt niet verhandeld in de verlengde handelstijden (voor- en nabeurs); plaats de order zonder',
    );
    expect((await hkDay({ extendedHours: true }, 'zh_Hans_CN')).msg).toBe('该品种不在盘前和盘后时段交易，请不选延长交易时段再下单');
    // Not a boolean: the schema's refusal.
    expect((await hkDay({ extendedHours: 'yes' })).data).toMatchObject({ key: 'v.invalidValue' });
    expect(await wallet('HK_STOCK')).toEqual(before);
    expect((await call(h, 'POST', '/web/position/consignList', { token: u.token, body: { size: 100 } })).data.total).toBe(entrusted);
  });

  it('says which instruments take extended hours and on which calendar', async () => {
    const limits = async (stockCode: string) => (await call(h, 'POST', '/web/stocka_config/getMinCount', { body: { stockCode } })).data;
    expect(await limits(AAPL)).toMatchObject({ calendar: 'US', extendedHours: true });
    expect(await limits(TENCENT)).toMatchObject({ calendar: 'HK', extendedHours: false });
    // A future on New York's hours trades no pre-market or after-hours session.
    expect(await limits('ES')).toMatchObject({ calendar: 'GLOBEX', extendedHours: false });
    expect(await limits('BTCUSDT')).toMatchObject({ calendar: 'CRYPTO', extendedHours: false });
  });

  it('fills an order without extended hours only in the regular session; one with them fills after hours too', async () => {
    clock = at('2026-01-15T22:00:00Z');
    const buy = (price: string, extra: object = {}) =>
      call(h, 'POST', '/web/stock/create', {
        token: u.token,
        headers: key(),
        body: { stockCode: MSFT, direction: 0, type: 1, price, quantity: '1', leverage: 1, ...extra },
      });
    msftPhase = 'post';
    market.set(MSFT, '100.00');
    try {
      // The ask (100.01) crosses both limits: only the order that asked for extended hours fills now.
      const waits = await buy('101.00');
      expect(waits.data, waits.msg).toMatchObject({ status: 0, extendedHours: false, placedSession: 'post', filledSession: null });
      const fills = await buy('101.00', { extendedHours: true });
      expect(fills.data, fills.msg).toMatchObject({ status: 1, openPrice: '100.01', extendedHours: true, placedSession: 'post', filledSession: 'post' });
      // A market order outside the regular session is refused as before, with or without extended hours.
      for (const extra of [{}, { extendedHours: true }]) {
        const market = await call(h, 'POST', '/web/stock/create', {
          token: u.token,
          headers: key(),
          body: { stockCode: MSFT, direction: 0, type: 0, quantity: '1', leverage: 1, ...extra },
        });
        expect(market.data).toMatchObject({ key: 'e.extendedLimitOnly' });
      }
      // A witness that asked for extended hours, below the quote: the tick at 98.00 fills it after hours. The
      // engine's run for that tick looked at every entrusted MSFT order, the earlier one without extended hours too.
      const witness = await buy('99.00', { extendedHours: true });
      expect(witness.data).toMatchObject({ status: 0 });
      market.set(MSFT, '98.00');
      expect(
        await until(
          () => detail(witness.data.id),
          (d) => d.status === 1,
        ),
      ).toMatchObject({ status: 1, filledSession: 'post', openPrice: '99.00' });
      expect(await detail(waits.data.id)).toMatchObject({ status: 0, filledSession: null });
      // The regular session opens: it fills at its limit.
      msftPhase = 'regular';
      market.set(MSFT, '100.00');
      expect(
        await until(
          () => detail(waits.data.id),
          (d) => d.status === 1,
        ),
      ).toMatchObject({ status: 1, filledSession: 'regular', openPrice: '101.00' });
    } finally {
      msftPhase = 'regular';
    }
  });

  it('expires the day order at its close, not before the late session ends when it asked for extended hours', async () => {
    // Thursday 15 January 2026, 10:00 EST: expiries 21:00 UTC and 01:00 UTC on the 16th.
    clock = at('2026-01-15T15:00:00Z');
    const regular = await usDay();
    const extended = await usDay({ extendedHours: true });
    // One minute after the regular close (16:01 EST): the order without extended hours expires, its hold returned.
    clock = at('2026-01-15T21:01:00Z');
    expect(
      (
        await until(
          () => detail(regular.data.id),
          (d) => d.status === 4,
        )
      ).history.map((e: any) => e.event),
    ).toEqual(['placed', 'expired']);
    // Its late session runs to 20:00 EST: it stays until then.
    expect((await detail(extended.data.id)).status).toBe(0);
    clock = at('2026-01-16T01:01:00Z');
    expect(
      (
        await until(
          () => detail(extended.data.id),
          (d) => d.status === 4,
        )
      ).status,
    ).toBe(4);
  });
});
