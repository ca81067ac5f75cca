import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { LEVERAGE_RISK_VERSION } from '@tradeapp/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { Dec } from '../src/lib/decimal';
import { pngBytes } from './fixtures';
import { call, drivers, OPERATOR, pushSocket, registerUser, startServer, tempDataDir, testConfig, type Harness } from './harness';
import { scriptedMarket } from './scripted';

// The margin warning ladder (modules/marginLadder): notices at 80 % and 65 % of the margin before the
// liquidation at the maintenance level, each once per position, on a scripted price path.
//
// Every position here is 0.1 bitcoin bought at leverage 20 with the last price at 100000.00: it opens
// at the ask 100000.01, its margin is 100000.01 x 0.1 x 0.8 (USDT to EUR at the pinned EURUSD 1.25)
// / 20 = 400.00 EUR, and its equity at a bid is 400.00 + (bid - 100000.01) x 0.08 EUR. The ladder's
// 80 % is an equity of 320.00 (bid 99000.01), its 65 % one of 260.00 (bid 98250.01), and the
// liquidation at half the margin (bid 97500.01, the position's liquidation price).

const BTC = 'BTCUSDT';
const OPEN_PRICE = '100000.01';
const RATE = '0.8';

/** Equity and its ratio to the margin in percent (two places, half up) at a bid, by the formula above. */
function expected(margin: string, bid: string) {
  const equity = new Dec(margin).add(new Dec(bid).sub(OPEN_PRICE).mul('0.1').mul(RATE));
  return { equity: equity.toFixed(2), ratio: equity.div(margin).mul(100).toFixed(2, Dec.ROUND_HALF_UP), exact: equity.div(margin).toFixed() };
}
/** The liquidation price: open - margin x (1 - 0.5) / (0.1 x 0.8), to the cent. */
const liquidationAt = (margin: string) => new Dec(OPEN_PRICE).sub(new Dec(margin).mul('0.5').div(new Dec('0.1').mul(RATE))).toFixed(2);
/** The bid one tick under a last price (scripted.ts). */
const bidOf = (last: string) => new Dec(last).sub('0.01').toFixed(2);

describe.each(await drivers())('margin warning ladder on %s', (driver) => {
  let h: Harness;
  let op: string;
  const market = scriptedMarket('ladder');
  beforeAll(async () => {
    h = await startServer(driver, {}, { provider: market.provider });
    op = (await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
    market.set(BTC, '100000.00');
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [] });
    await h.close();
  });

  const key = () => ({ 'idempotency-key': randomUUID() });

  async function trader() {
    const u = await registerUser(h);
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
    const frontUrl = (await call(h, 'POST', '/web/file/upload', { form, token: u.token })).data.url;
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Lea', lastName: 'Ladder', country: 'BE', idType: 'passport', idNumber: 'EH123456', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'fiat', currency: 'EUR', amount: '5000', proofUrl: frontUrl },
    });
    await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'FOREX', amount: '5000' } });
    await call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { token: u.token, body: { version: LEVERAGE_RISK_VERSION } });
    return u;
  }

  async function openLong(token: string) {
    market.set(BTC, '100000.00');
    const p = await call(h, 'POST', '/web/gold/create', {
      token,
      headers: key(),
      body: { stockCode: BTC, stockName: 'Bitcoin', direction: 0, source: 100, type: 0, quantity: '0.1', leverage: 20, goldCode: BTC },
    });
    expect(p.data).toMatchObject({ status: 1, openPrice: OPEN_PRICE, margin: '400.00', liquidationPrice: liquidationAt('400.00') });
    return p.data;
  }

  const warningsOf = async (token: string) =>
    ((await call(h, 'GET', '/web/userMessage/getMessage?size=100', { token })).data.list as any[]).filter((n) => n.kind === 'position.marginWarning');

  /**
   * Tick `last` until the investor has `count` warnings (the job learns of a new position's symbol
   * within its two-second refresh, so the first ticks may go unheard), then a few more ticks at the
   * same price, and answer the warnings: the further ticks must not add one.
   */
  async function tickUntil(token: string, last: string, count: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      market.set(BTC, last);
      const got = await warningsOf(token);
      if (got.length >= count) break;
      if (Date.now() > deadline) throw new Error(`no warning number ${count} at ${last}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    for (let i = 0; i < 3; i++) {
      market.set(BTC, last);
      await new Promise((r) => setTimeout(r, 60));
    }
    return warningsOf(token);
  }

  /** Tick `last` a few times, long enough for the job to have heard of every open position's symbol. */
  async function tickQuietly(last: string) {
    for (let i = 0; i < 6; i++) {
      market.set(BTC, last);
      await new Promise((r) => setTimeout(r, 400));
    }
  }

  it('warns once at 80 %, once at 65 %, then the position is liquidated and never warned again', async () => {
    const u = await trader();
    const p = await openLong(u.token);
    const socket = await pushSocket(h, u.token);
    try {
      // Just above 80 %: bid 99000.02, equity 320.0008. Nothing.
      await tickQuietly('99000.03');
      expect(await warningsOf(u.token)).toEqual([]);
      expect((await call(h, 'GET', '/web/position/warnings', { token: u.token })).data).toEqual([]);

      // Through 80 %: bid 98899.99, equity 311.9984, 78.00 % of the margin.
      const at80 = expected('400.00', bidOf('98900.00'));
      expect(at80).toEqual({ equity: '312.00', ratio: '78.00', exact: '0.779996' });
      const [first, ...none] = await tickUntil(u.token, '98900.00', 1);
      expect(none).toEqual([]);
      // Without figures: the screens toast a notice by its title alone.
      expect(first.title).toBe('Margin warning');
      expect(first.body).toBe(
        `Your Buy position of 0.1 Bitcoin (BTC/USDT) is at or below 80 % of its margin: at ${bidOf('98900.00')} USDT its equity is ${at80.equity} EUR, ` +
          `${at80.ratio} % of the margin of 400.00 EUR. It will be liquidated at ${liquidationAt('400.00')} USDT, where equity reaches 50 % of the margin. Adding margin moves that price away.`,
      );
      const frame = await socket.next((f) => f.type === 'event' && f.event === 'notice' && f.data.kind === 'position.marginWarning');
      expect(frame.data.id).toBe(first.id);
      const [row] = await h.db.query<{ level: string; ratio: string; liquidation_price: string }>(
        'select level::text, ratio::text, liquidation_price::text from margin_warnings where position_id = $1',
        [p.id],
      );
      expect(row).toEqual({ level: '0.80', ratio: at80.exact, liquidation_price: '97500.01' });

      // The route answers the position at its level, valued live.
      const listed = (await call(h, 'GET', '/web/position/warnings', { token: u.token })).data;
      expect(listed).toEqual([
        expect.objectContaining({
          positionId: p.id,
          level: '0.80',
          ratio: at80.ratio,
          equity: at80.equity,
          margin: '400.00',
          liquidationPrice: '97500.01',
          walletCurrency: 'EUR',
          currency: 'USDT',
        }),
      ]);
      expect(listed[0].warnedTimestamp).toEqual(expect.any(Number));

      // Lower within the level, then back up and down again without margin added: no second notice.
      expect(await tickUntil(u.token, '98800.00', 1)).toHaveLength(1);
      await tickQuietly('99500.00');
      expect(await tickUntil(u.token, '98900.00', 1)).toHaveLength(1);

      // Through 65 %: bid 97999.99, equity 239.9984, 60.00 %.
      const at65 = expected('400.00', bidOf('98000.00'));
      expect(at65).toMatchObject({ equity: '240.00', ratio: '60.00' });
      const second = await tickUntil(u.token, '98000.00', 2);
      expect(second).toHaveLength(2);
      expect(second[0].body).toContain(`is at or below 65 % of its margin: at 97999.99 USDT its equity is ${at65.equity} EUR, ${at65.ratio} % of the margin`);
      expect(second[0].body).toContain('liquidated at 97500.01 USDT');
      expect((await call(h, 'GET', '/web/position/warnings', { token: u.token })).data).toEqual([
        expect.objectContaining({ positionId: p.id, level: '0.65', ratio: at65.ratio, equity: at65.equity }),
      ]);

      // Through the maintenance level: bid 97499.99, equity 199.9984, at or below 200.00: liquidated.
      market.set(BTC, '97500.00');
      const deadline = Date.now() + 10_000;
      let done;
      do {
        market.set(BTC, '97500.00');
        done = await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: p.id } });
        await new Promise((r) => setTimeout(r, 100));
      } while (done.data.status !== 3 && Date.now() < deadline);
      expect(done.data).toMatchObject({ status: 3, closeReason: 'liquidation' });
      await tickQuietly('97400.00');
      expect(await warningsOf(u.token)).toHaveLength(2);
      expect((await call(h, 'GET', '/web/position/warnings', { token: u.token })).data).toEqual([]);
      const kinds = ((await call(h, 'GET', '/web/userMessage/getMessage?size=100', { token: u.token })).data.list as any[]).map((n) => n.kind);
      expect(kinds.filter((k) => k === 'position.liquidated')).toHaveLength(1);
    } finally {
      socket.close();
    }
  });

  it('a price through both levels in one tick sends one notice, of 65 %; one through the maintenance level sends none', async () => {
    const u = await trader();
    const p = await openLong(u.token);
    const at = expected('400.00', bidOf('98100.00'));
    const got = await tickUntil(u.token, '98100.00', 1);
    expect(got).toHaveLength(1);
    expect(got[0].body).toContain(`is at or below 65 % of its margin: at 98099.99 USDT its equity is ${at.equity} EUR, ${at.ratio} %`);
    const rows = await h.db.query<{ level: string }>('select level::text from margin_warnings where position_id = $1 order by level desc', [p.id]);
    expect(rows.map((r) => r.level)).toEqual(['0.80', '0.65']);

    const v = await trader();
    const q = await openLong(v.token);
    await tickQuietly('99500.00');
    // Straight from 89.99 % to below the maintenance level: the liquidation's notice, no warning.
    const deadline = Date.now() + 10_000;
    let done;
    do {
      market.set(BTC, '90000.00');
      done = await call(h, 'POST', '/web/position/detail', { token: v.token, body: { id: q.id } });
      await new Promise((r) => setTimeout(r, 100));
    } while (done.data.status !== 3 && Date.now() < deadline);
    expect(done.data).toMatchObject({ status: 3, closeReason: 'liquidation' });
    expect(await warningsOf(v.token)).toEqual([]);
  });

  it('warns again at a level once margin has been added and equity has recovered above it', async () => {
    const u = await trader();
    const p = await openLong(u.token);
    expect(await tickUntil(u.token, '98900.00', 1)).toHaveLength(1);
    // 100.00 more margin: 500.00, liquidation 100000.01 - 250 / 0.08 = 96875.01. At bid 98899.99 the
    // equity is 411.9984, 82.40 %: above 80 %, so the level is armed again.
    const added = await call(h, 'POST', '/web/position/addPositionMargin', { token: u.token, headers: key(), body: { id: p.id, amount: '100.00' } });
    expect(added.data).toMatchObject({ margin: '500.00', liquidationPrice: liquidationAt('500.00') });
    expect(liquidationAt('500.00')).toBe('96875.01');
    expect(expected('500.00', bidOf('98900.00')).ratio).toBe('82.40');
    await tickQuietly('98900.00');
    expect(await h.db.query('select 1 from margin_warnings where position_id = $1', [p.id])).toEqual([]);
    expect((await call(h, 'GET', '/web/position/warnings', { token: u.token })).data).toEqual([]);
    // Down again through 80 %: bid 98699.99, equity 395.9984, 79.20 %, with the new liquidation price.
    const again = expected('500.00', bidOf('98700.00'));
    expect(again.ratio).toBe('79.20');
    const got = await tickUntil(u.token, '98700.00', 2);
    expect(got).toHaveLength(2);
    expect(got[0].body).toContain(
      `is at or below 80 % of its margin: at 98699.99 USDT its equity is ${again.equity} EUR, ${again.ratio} % of the margin of 500.00 EUR. It will be liquidated at 96875.01 USDT`,
    );
    market.set(BTC, '100000.00');
  });

  it('two nodes hearing the same ticks send each level once', async () => {
    const dataDir = tempDataDir();
    let second: FastifyInstance | undefined;
    try {
      second = await buildApp(testConfig(dataDir), { db: h.db, logger: false, provider: market.provider });
      const u = await trader();
      const p = await openLong(u.token);
      // Both nodes' jobs check every tick at once; the warning's row lets one of them through per level.
      expect(await tickUntil(u.token, '98900.00', 1)).toHaveLength(1);
      await tickQuietly('98900.00');
      expect(await warningsOf(u.token)).toHaveLength(1);
      expect(await tickUntil(u.token, '98000.00', 2)).toHaveLength(2);
      await tickQuietly('98000.00');
      expect(await warningsOf(u.token)).toHaveLength(2);
      const rows = await h.db.query<{ level: string }>('select level::text from margin_warnings where position_id = $1 order by level desc', [p.id]);
      expect(rows.map((r) => r.level)).toEqual(['0.80', '0.65']);
      market.set(BTC, '100000.00');
    } finally {
      await second?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("answers only the caller's positions", async () => {
    const a = await trader();
    const b = await trader();
    const p = await openLong(a.token);
    await tickUntil(a.token, '98900.00', 1);
    expect((await call(h, 'GET', '/web/position/warnings', { token: a.token })).data.map((w: any) => w.positionId)).toEqual([p.id]);
    expect((await call(h, 'GET', '/web/position/warnings', { token: b.token })).data).toEqual([]);
    expect(await warningsOf(b.token)).toEqual([]);
    expect((await call(h, 'GET', '/web/position/warnings')).code).not.toBe(0);
    market.set(BTC, '100000.00');
  });
});
