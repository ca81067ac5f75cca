import { ALERT_ACTIVE_LIMIT } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { call, countRows, drivers, pushSocket, registerUser, startServer, type Harness } from './harness';
import { scriptedMarket } from './scripted';

// Price alerts (issue 18) through HTTP: a scripted price path crosses a price level each way, a day's
// change each way and a moving average each way; each alert fires once, with the price of the tick
// that met it, as a notice and an `alert` push event. Paused alerts stay silent, another investor's
// alerts are out of reach, and bad input is refused with its message and changes nothing.

const S = 'MSFT';
const T = 'NVDA';
const DAY = 86_400_000;
const cents = (v: Dec) => v.toFixed(2, Dec.ROUND_HALF_UP);

describe.each(await drivers())('price alerts on %s', (driver) => {
  let h: Harness;
  const market = scriptedMarket();
  beforeAll(async () => {
    h = await startServer(driver, {}, { provider: market.provider });
  });
  afterAll(async () => {
    await h.close();
  });

  const create = (token: string, body: object, lang?: string) => call(h, 'POST', '/web/priceAlert/save', { token, body, ...(lang ? { lang } : {}) });
  const list = async (token: string, status: 'waiting' | 'triggered' = 'waiting') =>
    (await call(h, 'GET', `/web/priceAlert/list?status=${status}&size=100`, { token })).data;
  async function until<T>(what: () => Promise<T | undefined>, label: string, ms = 8000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const got = await what();
      if (got !== undefined) return got;
      if (Date.now() > end) throw new Error(`timed out waiting for ${label}`);
      await new Promise((r) => setTimeout(r, 40));
    }
  }
  const noticesOf = async (token: string) => (await call(h, 'GET', '/web/userMessage/getMessage?size=100', { token })).data.list as any[];

  /** The mean close of the last 20 daily candles before today's, summed by hand from the market's candles. */
  function ma20(symbol: string, at: number) {
    const closed = market.provider.candles(symbol, '1d', at - 60 * DAY, at + 1).filter((c) => c.time + DAY <= at);
    expect(closed.length).toBeGreaterThanOrEqual(20);
    return closed
      .slice(-20)
      .reduce((sum, c) => sum.add(c.close), new Dec(0))
      .div(20);
  }

  it('fires each kind of alert once, at the price of the tick that met it, and never a paused one', async () => {
    const a = await registerUser(h);
    const b = await registerUser(h);
    const average = ma20(S, Date.now());
    const p0 = average.sub(10).toDecimalPlaces(0, Dec.ROUND_FLOOR); // below the average, on the cent grid
    const at = (delta: number) => cents(p0.add(delta));
    market.set(S, at(0));
    const close = new Dec((await call(h, 'GET', `/web/m_ft/stock_detail_ft?symbol=${T}`)).data.preClose as string);
    market.set(T, cents(close));

    const made = async (token: string, body: object) => {
      const r = await create(token, body);
      expect(r.code, r.msg).toBe(200);
      return r.data;
    };
    const up = await made(a.token, { symbol: S, kind: 'price', direction: 'above', level: at(5) });
    const down = await made(a.token, { symbol: S, kind: 'price', direction: 'below', level: at(-5) });
    const paused = await made(a.token, { symbol: S, kind: 'price', direction: 'above', level: at(1) });
    const crossUp = await made(a.token, { symbol: S, kind: 'ma', direction: 'above', period: 20, interval: '1d' });
    const crossDown = await made(a.token, { symbol: S, kind: 'ma', direction: 'below', period: 20, interval: '1d' });
    const gain = await made(a.token, { symbol: T, kind: 'change', direction: 'above', percent: '2' });
    const loss = await made(a.token, { symbol: T, kind: 'change', direction: 'below', percent: '2.5' });
    const other = await made(b.token, { symbol: S, kind: 'price', direction: 'above', level: at(1) });
    expect(up).toMatchObject({
      symbol: S,
      stockCode: S,
      currency: 'USD',
      kind: 'price',
      direction: 'above',
      level: at(5),
      status: 'active',
      triggeredPrice: null,
    });
    expect((await call(h, 'POST', `/web/priceAlert/pause/${paused.id}`, { token: a.token, body: {} })).data.status).toBe('paused');

    const socket = await pushSocket(h, a.token);
    // The path, tick by tick. The averages' cross downwards needs the price above the average first.
    const above1 = cents(average.add(1).toDecimalPlaces(2, Dec.ROUND_CEIL));
    const above2 = cents(average.add(2).toDecimalPlaces(2, Dec.ROUND_CEIL));
    const below1 = cents(average.sub(1).toDecimalPlaces(2, Dec.ROUND_FLOOR));
    const path: Array<[string, string]> = [
      [S, at(2)], // B's level (+1) is passed; A's paused one at +1 stays silent
      [S, at(5)], // `up` at exactly its level
      [S, at(6)],
      [S, above1], // crosses the average upwards: `crossUp`; `crossDown` is now armed
      [S, above2],
      [S, below1], // crosses it downwards: `crossDown`
      [S, at(-4)],
      [S, at(-5)], // `down` at exactly its level
      [S, at(-6)],
      [T, cents(close.mul('1.015'))],
      [T, cents(close.mul('1.02').toDecimalPlaces(2, Dec.ROUND_CEIL))], // +2 %: `gain`
      [T, cents(close.mul('1.03'))],
      [T, cents(close.mul('0.975').toDecimalPlaces(2, Dec.ROUND_FLOOR))], // -2.5 %: `loss`
      [T, cents(close.mul('0.97'))],
    ];
    for (const [symbol, price] of path) market.set(symbol, price);

    // The two symbols' alerts fire in no fixed order against each other (`gain` may come before `down`): wait for these five, not any five.
    const firstFive = [up.id, down.id, crossUp.id, crossDown.id, gain.id];
    const fired = await until(async () => {
      const rows = (await list(a.token, 'triggered')).list as any[];
      return firstFive.every((id) => rows.some((r) => r.id === id)) ? rows : undefined;
    }, 'five triggered alerts');
    const byId = new Map(fired.map((r) => [r.id, r]));
    expect(byId.get(up.id)).toMatchObject({ status: 'triggered', triggeredPrice: at(5), triggeredValue: null });
    expect(byId.get(down.id)).toMatchObject({ status: 'triggered', triggeredPrice: at(-5) });
    expect(byId.get(crossUp.id)).toMatchObject({ status: 'triggered', triggeredPrice: above1, triggeredValue: average.toFixed(4, Dec.ROUND_HALF_UP) });
    expect(byId.get(crossDown.id)).toMatchObject({ status: 'triggered', triggeredPrice: below1, triggeredValue: average.toFixed(4, Dec.ROUND_HALF_UP) });
    const gained = byId.get(gain.id);
    expect(gained.triggeredPrice).toBe(cents(close.mul('1.02').toDecimalPlaces(2, Dec.ROUND_CEIL)));
    expect(new Dec(gained.triggeredValue).gte(2)).toBe(true);
    await until(async () => ((await list(a.token, 'triggered')).list.length === 6 ? true : undefined), 'the sixth alert');
    const lost = (await list(a.token, 'triggered')).list.find((r: any) => r.id === loss.id);
    expect(lost.triggeredPrice).toBe(cents(close.mul('0.975').toDecimalPlaces(2, Dec.ROUND_FLOOR)));
    expect(new Dec(lost.triggeredValue).lte(-2.5)).toBe(true);
    for (const r of (await list(a.token, 'triggered')).list) expect(typeof r.triggeredTimestamp).toBe('number');

    // The paused one waits on; nothing of B's shows in A's lists.
    const waiting = await list(a.token);
    expect(waiting.list.map((r: any) => [r.id, r.status])).toEqual([[paused.id, 'paused']]);
    expect(waiting.active).toBe(0);
    expect(waiting.limit).toBe(ALERT_ACTIVE_LIMIT);
    expect((await list(b.token, 'triggered')).list.map((r: any) => [r.id, r.triggeredPrice])).toEqual([[other.id, at(2)]]);

    // One push and one notice per alert fired, none for the paused one.
    const events = await until(async () => {
      const got = await socket.rest((f) => f.type === 'event' && f.event === 'alert');
      return got.length ? got : undefined;
    }, 'alert events');
    await new Promise((r) => setTimeout(r, 200));
    events.push(...(await socket.rest((f) => f.type === 'event' && f.event === 'alert')));
    socket.close();
    expect(events.map((e) => e.data.id).sort((x, y) => x - y)).toEqual([up.id, down.id, crossUp.id, crossDown.id, gain.id, loss.id].sort((x, y) => x - y));
    expect(events.find((e) => e.data.id === up.id).data).toMatchObject({ symbol: S, kind: 'price', triggeredPrice: at(5) });
    const notices = await noticesOf(a.token);
    expect(notices.map((n) => n.kind).sort()).toEqual(['alert.change', 'alert.change', 'alert.ma', 'alert.ma', 'alert.price', 'alert.price']);
    const priceNotice = notices.find((n) => n.kind === 'alert.price' && n.body.includes(at(5)));
    expect(priceNotice).toMatchObject({
      title: 'Price alert',
      body: `Microsoft Corporation (MSFT) traded at ${at(5)} USD, at or above your level of ${at(5)}.`,
    });

    // A second pass over the same levels fires nothing again.
    for (const [symbol, price] of path) market.set(symbol, price);
    const more = await registerUser(h);
    const sentinel = await made(more.token, { symbol: S, kind: 'price', direction: 'above', level: at(50) });
    market.set(S, at(50));
    await until(async () => ((await list(more.token, 'triggered')).list.some((r: any) => r.id === sentinel.id) ? true : undefined), 'the sentinel');
    expect((await list(a.token, 'triggered')).list).toHaveLength(6);
    expect(await noticesOf(a.token)).toHaveLength(6);
    expect((await list(a.token)).list[0].status).toBe('paused');
  });

  it('pauses, resumes and deletes only the caller’s own alerts, in the states that allow it', async () => {
    market.set(S, '300.00');
    const a = await registerUser(h);
    const b = await registerUser(h);
    const alert = (await create(a.token, { symbol: S, kind: 'price', direction: 'above', level: '900.00' })).data;
    for (const what of ['pause', 'resume', 'delete']) {
      const r = await call(h, 'POST', `/web/priceAlert/${what}/${alert.id}`, { token: b.token, body: {} });
      expect([r.status, r.msg]).toEqual([404, 'Not found']);
    }
    expect((await list(b.token)).list).toEqual([]);
    expect((await list(a.token)).list.map((r: any) => r.status)).toEqual(['active']);

    const resumeActive = await call(h, 'POST', `/web/priceAlert/resume/${alert.id}`, { token: a.token, body: {} });
    expect([resumeActive.status, resumeActive.msg]).toEqual([409, 'Only a paused alert can be resumed']);
    expect((await call(h, 'POST', `/web/priceAlert/pause/${alert.id}`, { token: a.token, body: {} })).data.status).toBe('paused');
    const pauseAgain = await call(h, 'POST', `/web/priceAlert/pause/${alert.id}`, { token: a.token, body: {} });
    expect([pauseAgain.status, pauseAgain.msg]).toEqual([409, 'Only an active alert can be paused']);
    expect((await call(h, 'POST', `/web/priceAlert/resume/${alert.id}`, { token: a.token, body: {} })).data.status).toBe('active');
    expect((await call(h, 'POST', `/web/priceAlert/delete/${alert.id}`, { token: a.token, body: {} })).data).toEqual({ removed: 1 });
    expect((await call(h, 'POST', `/web/priceAlert/delete/${alert.id}`, { token: a.token, body: {} })).status).toBe(404);
    expect((await list(a.token)).list).toEqual([]);
  });

  it(`keeps at most ${ALERT_ACTIVE_LIMIT} active alerts, saying so`, async () => {
    market.set(S, '300.00');
    const u = await registerUser(h);
    const ids: number[] = [];
    for (let n = 0; n < ALERT_ACTIVE_LIMIT; n++) {
      const r = await create(u.token, { symbol: S, kind: 'price', direction: 'above', level: `${400 + n}.00` });
      expect(r.code, r.msg).toBe(200);
      ids.push(r.data.id);
    }
    const before = await countRows(h, 'price_alerts');
    const over = await create(u.token, { symbol: S, kind: 'price', direction: 'above', level: '999.00' });
    expect([over.status, over.msg]).toEqual([422, `You can have at most ${ALERT_ACTIVE_LIMIT} active alerts: delete or pause one first`]);
    const overNl = await create(u.token, { symbol: S, kind: 'price', direction: 'above', level: '999.00' }, 'nl');
    expect(overNl.msg).toBe(`U kunt hoogstens ${ALERT_ACTIVE_LIMIT} actieve alarmen hebben: verwijder of pauzeer er eerst een`);
    expect(await countRows(h, 'price_alerts')).toBe(before);
    // A paused alert frees its place; resuming it while the place is taken is refused the same way.
    await call(h, 'POST', `/web/priceAlert/pause/${ids[0]}`, { token: u.token, body: {} });
    expect((await create(u.token, { symbol: S, kind: 'price', direction: 'above', level: '999.00' })).code).toBe(200);
    const resume = await call(h, 'POST', `/web/priceAlert/resume/${ids[0]}`, { token: u.token, body: {} });
    expect([resume.status, resume.data.key]).toEqual([422, 'e.alertLimit']);
    const page = await list(u.token);
    expect([page.total, page.active]).toEqual([ALERT_ACTIVE_LIMIT + 1, ALERT_ACTIVE_LIMIT]);
  });

  it('refuses bad input with its message, in the caller’s language, and changes nothing', async () => {
    market.set(S, '300.00');
    const u = await registerUser(h);
    const before = await countRows(h, 'price_alerts');
    const cases: Array<[object, string | undefined, number, string, string?]> = [
      [{ symbol: S, kind: 'price', direction: 'above', level: '0' }, undefined, 400, 'Enter a price above 0', 'level'],
      [{ symbol: S, kind: 'price', direction: 'above', level: '3e2' }, undefined, 400, 'Enter a price above 0', 'level'],
      [{ symbol: S, kind: 'price', direction: 'above', level: 310.5 }, undefined, 400, 'Enter a price above 0', 'level'],
      [{ symbol: S, kind: 'price', direction: 'above' }, 'nl', 400, 'Voer een koers boven 0 in', 'level'],
      [{ symbol: S, kind: 'price', direction: 'above', level: '310.005' }, undefined, 400, 'The price must be a multiple of 0.01', 'level'],
      [
        { symbol: S, kind: 'price', direction: 'above', level: '290.00' },
        undefined,
        422,
        'This is already the case now (300.00): choose a level the market has not reached',
        'level',
      ],
      [{ symbol: S, kind: 'price', direction: 'below', level: '300.00' }, 'zh_Hans_CN', 422, '当前已满足该条件（300.00）：请选择市场尚未达到的价位', 'level'],
      [
        { symbol: S, kind: 'change', direction: 'above', percent: '150' },
        undefined,
        400,
        'Enter a change from 0.01 to 100 %, with at most 2 decimals',
        'percent',
      ],
      [
        { symbol: S, kind: 'change', direction: 'below', percent: '1.234' },
        undefined,
        400,
        'Enter a change from 0.01 to 100 %, with at most 2 decimals',
        'percent',
      ],
      [{ symbol: S, kind: 'ma', direction: 'above', period: 1, interval: '1d' }, undefined, 400, 'The moving average is over 2 to 200 candles', 'period'],
      [{ symbol: S, kind: 'ma', direction: 'above', period: 20, interval: '5m' }, undefined, 400, 'Choose 1-minute or daily candles', 'interval'],
      [
        { symbol: S, kind: 'level', direction: 'above', level: '310.00' },
        undefined,
        400,
        'Choose what the alert watches: price, change in the day or moving average',
        'kind',
      ],
      [{ symbol: S, kind: 'price', direction: 'up', level: '310.00' }, undefined, 400, 'Choose above or below', 'direction'],
      [{ symbol: '', kind: 'price', direction: 'above', level: '310.00' }, undefined, 400, 'Please fill in the required information', 'symbol'],
      [{ symbol: 'NOPE', kind: 'price', direction: 'above', level: '310.00' }, undefined, 404, 'Not found'],
    ];
    for (const [body, lang, status, msg, field] of cases) {
      const r = await create(u.token, body, lang);
      expect([r.status, r.msg], JSON.stringify(body)).toEqual([status, msg]);
      if (field) expect(Object.keys(r.data.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await countRows(h, 'price_alerts')).toBe(before);
    const signedOut = await call(h, 'POST', '/web/priceAlert/save', { body: { symbol: S, kind: 'price', direction: 'above', level: '310.00' } });
    expect(signedOut.status).toBe(401);
    expect(await countRows(h, 'price_alerts')).toBe(before);
  });
});
