import { randomUUID } from 'node:crypto';
import {
  DEAL_MARKETS,
  dayIn,
  dayToIso,
  isTradingDay,
  isoToDay,
  localDay,
  localMinute,
  localToUtc,
  nextTradingDay,
  nextWindowTime,
  tradingDayOnOrAfter,
  weekdayOf,
  zDealInput,
  type DealMarket,
} from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/lib/decimal';
import { allotHongKong } from '../src/modules/deals/allotment';
import { seedDeals } from '../src/modules/deals/seed';
import { pngBytes } from './fixtures';
import { call, drivers, operatorToken, registerUser, startServer, type Harness } from './harness';
import { PINNED_RATES, scriptedMarket } from './scripted';

// IPO deals through HTTP (decision 0019): the lifecycle, the money of each step to the cent, the
// refusals, ownership and the replayable ballot. The rates are pinned so that one Hong Kong dollar
// is 0.10 EUR (USDHKD 8, EURUSD 1.25) and one US dollar 0.80 EUR: every figure below is by hand.

const DAY = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
/** The trading day `n` trading days after `day` (YYYY-MM-DD) on a deal market's calendar. */
const tradingDaysAfter = (m: DealMarket, day: string, n: number) => {
  let d = isoToDay(day);
  for (let k = 0; k < n; k++) d = nextTradingDay(DEAL_MARKETS[m].calendar, d);
  return dayToIso(d);
};
let seq = 0;

/**
 * The server's clock: 10:00 in Hong Kong on its first trading day after tomorrow, running on from
 * there. A window the tests schedule an hour or two ahead then lies in Hong Kong's trading hours,
 * as the server requires, whenever the tests are run.
 */
const HK_MORNING = localToUtc('Asia/Hong_Kong', tradingDayOnOrAfter('HK', localDay('Asia/Hong_Kong', Date.now()) + 2), 10 * 60);
const offset = HK_MORNING - Date.now();
const now = () => Date.now() + offset;

/** A schedule as deals carry it. */
interface Scheduled {
  market: DealMarket;
  subscriptionOpensTimestamp: number;
  subscriptionClosesTimestamp: number;
  prospectusDate: string;
  allotmentDate: string;
  listingDate: string;
}

/**
 * What is off the exchange's timetable in a schedule (anchors, "IPO timetables"), read with the
 * calendar's plain facts (the wall clock, weekdays, trading days): Hong Kong opens at 09:00 and
 * closes at 12:00 noon, the results two trading days after the close and dealing the next;
 * New York opens at 09:30, closes at the 16:00 close (13:00 on a half day) and trades from the
 * next trading day. Nothing on a weekend or holiday; the dates in order.
 */
function offTimetable(d: Scheduled): string[] {
  const { calendar, timeZone } = DEAL_MARKETS[d.market];
  const opensDay = localDay(timeZone, d.subscriptionOpensTimestamp);
  const closesDay = localDay(timeZone, d.subscriptionClosesTimestamp);
  const days = { opens: opensDay, closes: closesDay, allotment: isoToDay(d.allotmentDate), listing: isoToDay(d.listingDate) };
  const off: string[] = [];
  for (const [step, day] of Object.entries(days)) {
    if (weekdayOf(day) === 0 || weekdayOf(day) === 6 || !isTradingDay(calendar, day)) off.push(`${step} on ${dayToIso(day)}, no trading day`);
  }
  const opensAt = localMinute(timeZone, d.subscriptionOpensTimestamp);
  const closesAt = localMinute(timeZone, d.subscriptionClosesTimestamp);
  const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  if (opensAt !== (d.market === 'HK' ? 9 * 60 : 9 * 60 + 30)) off.push(`opens at ${clock(opensAt)}`);
  if (!(d.market === 'HK' ? [12 * 60] : [16 * 60, 13 * 60]).includes(closesAt)) off.push(`closes at ${clock(closesAt)}`);
  const results = d.market === 'HK' ? nextTradingDay(calendar, nextTradingDay(calendar, closesDay)) : closesDay;
  if (days.allotment !== results) off.push(`allotment ${d.allotmentDate}, not ${dayToIso(results)}`);
  if (days.listing !== nextTradingDay(calendar, results)) off.push(`listing ${d.listingDate}, not the trading day after the allotment`);
  if (!(d.prospectusDate <= dayToIso(opensDay) && opensDay < closesDay)) off.push('dates out of order');
  return off;
}

describe.each(await drivers())('IPO deals on %s', (driver) => {
  let h: Harness;
  let op: string;
  const market = scriptedMarket('deals', { ...PINNED_RATES, USDHKD: '8.00000' });
  beforeAll(async () => {
    h = await startServer(driver, {}, { provider: market.provider, now });
    op = await operatorToken(h);
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const key = () => ({ 'idempotency-key': randomUUID() });

  async function upload(token: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
    return (await call(h, 'POST', '/web/file/upload', { form, token })).data.url;
  }

  /** A verified investor with `eur` in the subscription wallet. */
  async function investor(eur = '2500.00') {
    const u = await registerUser(h);
    const url = await upload(u.token);
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Iris', lastName: 'Investor', country: 'NL', idType: 'passport', idNumber: 'NX112233', frontUrl: url },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    expect((await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} })).code).toBe(200);
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'fiat', currency: 'EUR', amount: eur, proofUrl: url },
    });
    await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    const t = await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'SUBSCRIPTION', amount: eur } });
    expect(t.code).toBe(200);
    return u;
  }

  async function wallet(token: string) {
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} });
    const w = r.data.find((x: any) => x.code === 'SUBSCRIPTION');
    return { available: w.balance as string, held: w.usedBalance as string };
  }

  /**
   * A deal whose window opens in an hour or at the exchange's next session after that (an
   * operator opens it early), closes an hour later or at its next session, and is allotted two
   * trading days after: the job has nothing to do with it unless a test says so.
   */
  function dealBody(over: Record<string, unknown> = {}) {
    const marketCode = (over.market as 'US' | 'HK' | undefined) ?? 'HK';
    const code = `T${process.pid % 1000}${seq++}`;
    const opens = nextWindowTime(marketCode, now() + 3_600_000, 'opens');
    const closes = nextWindowTime(marketCode, opens + 3_600_000, 'closes');
    const tz = DEAL_MARKETS[marketCode].timeZone;
    const allotment = tradingDaysAfter(marketCode, dayIn(tz, closes), 2);
    return {
      name: `Test Deal ${code}`,
      code,
      symbol: marketCode === 'HK' ? `${code}.HK` : code,
      market: marketCode,
      exchange: marketCode === 'HK' ? 'HKEX' : 'NASDAQ',
      priceLow: '7.00',
      priceHigh: '8.00',
      lotSize: 500,
      publicLots: 4,
      feeRate: '0.010085',
      handlingFee: '50',
      prospectusDate: dayIn(tz, opens - DAY),
      fundRaising: '100000000',
      subscriptionOpensTimestamp: opens,
      subscriptionClosesTimestamp: closes,
      allotmentDate: allotment,
      listingDate: tradingDaysAfter(marketCode, allotment, 2),
      profile: 'A fictional company of the tests.',
      ...over,
    };
  }

  const step = (id: number, what: string, body: object = {}) => call(h, 'POST', `/web/operator/deals/${id}/${what}`, { token: op, body });

  async function openDeal(over: Record<string, unknown> = {}) {
    const created = await call(h, 'POST', '/web/operator/deals', { token: op, body: dealBody(over) });
    expect(created.code, created.msg).toBe(200);
    expect(created.data.dealStatus).toBe('announced');
    const opened = await step(created.data.id, 'open');
    expect(opened.data.dealStatus).toBe('open');
    return opened.data as { id: number; code: string; symbol: string };
  }

  const subscribe = (token: string, body: object, headers: Record<string, string> = key()) =>
    call(h, 'POST', '/web/NewShares/create', { token, headers, body });

  /** Every journal of a subscription, oldest first: its kind, the kind it releases, and its entries as `account: amount`. */
  async function journalsOf(subscriptionId: number) {
    const rows = await h.db.query<{ id: number; kind: string; releases: string | null }>(
      `select j.id, j.kind, hold.kind as releases from ledger_journals j left join ledger_journals hold on hold.id = j.hold_journal_id
        where j.ref_type = 'deal_subscription' and j.ref_id = $1 order by j.id`,
      [subscriptionId],
    );
    const out = [];
    for (const j of rows) {
      const entries = await h.db.query<{ name: string; amount: string }>(
        `select case when a.user_id is null then 'house:' || a.code else a.code || '/' || a.part end as name, e.amount::text as amount
           from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.journal_id = $1 order by name`,
        [j.id],
      );
      out.push({ kind: j.kind, releases: j.releases, entries: Object.fromEntries(entries.map((e) => [e.name, Number(e.amount).toFixed(2)])) });
    }
    return out;
  }

  const countJournals = async () => (await h.db.query<{ n: number }>('select count(*)::int as n from ledger_journals'))[0]!.n;
  const mine = async (token: string) => (await call(h, 'POST', '/web/position/subscription', { token, body: {} })).data;
  const notices = async (token: string) => (await call(h, 'GET', '/web/userMessage/getMessage', { token })).data.list.map((n: any) => n.title);

  it('runs a Hong Kong deal from subscription to allotment, to the cent', async () => {
    const deal = await openDeal();
    const a = await investor('2500.00');
    const b = await investor('500.00');

    // A applies for 4 lots: 4 x 500 x 8.00 (the top of the range) = HK$16,000 = 1600.00 EUR,
    // fee 16,000 x 1.0085 % x 0.1 = 16.136 -> 16.14 EUR, held 1616.14; the handling fee HK$50 = 5.00 EUR paid.
    const sa = await subscribe(a.token, { stockCode: deal.code, lots: 4 });
    expect(sa.code, sa.msg).toBe(200);
    expect(sa.data).toMatchObject({
      lots: 4,
      quantity: '2000',
      priceHeld: '8.00',
      price: '8.00',
      total: '16000.00',
      pendingPayment: '1616.14',
      actualPayment: '5.00',
      handlingFee: '5.00',
      rate: '0.1',
      state: 1,
      status: 'subscribed',
      walletCode: 'SUBSCRIPTION',
    });
    expect(await wallet(a.token)).toEqual({ available: '878.86', held: '1616.14' });
    // B: 1 lot, HK$4,000 = 400.00 EUR + fee 4.034 -> 4.03 = 404.03 held, 5.00 paid.
    const sb = await subscribe(b.token, { dealId: deal.id, lots: 1 });
    expect(sb.data.pendingPayment).toBe('404.03');
    expect(await wallet(b.token)).toEqual({ available: '90.97', held: '404.03' });
    expect(await journalsOf(sa.data.id)).toEqual([
      { kind: 'deal.subscribe', releases: null, entries: { 'SUBSCRIPTION/available': '-1621.14', 'SUBSCRIPTION/held': '1616.14', 'house:fees': '5.00' } },
    ]);

    // The pools so far: both applications are pool A (under HK$5m); pool B's 2 lots move to A.
    const open = (await call(h, 'GET', `/web/m_ft/new_stock/detail?symbol=${deal.symbol}`, { token: a.token })).data;
    expect(open).toMatchObject({ status: 'subscribing', dealStatus: 'open', applicants: 2, demandLots: 5, oversubscription: '1.25', state: 1 });
    expect(open.pools.A).toEqual({ applicants: 2, lotsApplied: 5, lots: 4, oversubscription: '1.25', oneLotChance: '1.0000' });
    expect(open.mine).toEqual({ subscriptionId: sa.data.id, lots: 4, pool: 'A', oneLotChance: '1.0000' });

    expect((await step(deal.id, 'close')).data.dealStatus).toBe('closed');
    expect((await mine(a.token)).list[0]).toMatchObject({ state: 2, status: 'subscribed' });
    const priced = await step(deal.id, 'price', { finalPrice: '7.50' });
    expect(priced.data).toMatchObject({ dealStatus: 'priced', finalPrice: '7.50', price: '7.50' });
    const allotted = await step(deal.id, 'allot');
    expect(allotted.data).toMatchObject({ dealStatus: 'allotted' });

    // 4 lots for 2 applicants of 5: one lot each, the 2 left in proportion to the lots beyond the
    // first (3 and 0): A 1 + 2 = 3 lots, B 1 lot, whatever the ballot's order.
    // A: 1,500 shares x 7.50 = HK$11,250 = 1125.00 EUR, fee 11.345625 -> 11.35; refund 1616.14 - 1136.35 = 479.79.
    expect(await wallet(a.token)).toEqual({ available: '1358.65', held: '1125.00' });
    expect(await journalsOf(sa.data.id)).toEqual([
      { kind: 'deal.subscribe', releases: null, entries: { 'SUBSCRIPTION/available': '-1621.14', 'SUBSCRIPTION/held': '1616.14', 'house:fees': '5.00' } },
      {
        kind: 'deal.allot',
        releases: 'deal.subscribe',
        entries: { 'SUBSCRIPTION/available': '479.79', 'SUBSCRIPTION/held': '-491.14', 'house:fees': '11.35' },
      },
    ]);
    // B: 500 shares x 7.50 = 375.00 EUR, fee 3.781875 -> 3.78; refund 404.03 - 378.78 = 25.25.
    expect(await wallet(b.token)).toEqual({ available: '116.22', held: '375.00' });

    const [row] = (await mine(a.token)).list;
    expect(row).toMatchObject({
      state: 3,
      status: 'allotted',
      price: '7.50',
      total: '15000.00',
      allottedQuantity: '1500',
      allotmentFee: '11.35',
      pendingPayment: '0.00',
      actualPayment: '1141.35',
    });
    // The allotted shares: a leverage-1 position at the offer price in the subscription wallet,
    // waiting for the listing (status 2): in no list of open positions, not closable yet.
    const position = await call(h, 'POST', '/web/position/detail', { token: a.token, body: { id: row.positionId } });
    expect(position.data).toMatchObject({
      status: 2,
      symbol: deal.symbol,
      stockName: `Test Deal ${deal.code}`,
      openPrice: '7.50',
      quantity: '1500',
      leverage: 1,
      margin: '1125.00',
      handlingFee: '11.35',
      walletCode: 'SUBSCRIPTION',
      walletCurrency: 'EUR',
      currency: 'HKD',
      liquidationPrice: null,
      // Where it came from: an IPO allotment (source NewStock), with no lock-up.
      source: 5,
      lockedUntilTimestamp: null,
    });
    const [openRate] = await h.db.query<{ open_rate: string }>('select open_rate::text from positions where id = $1', [row.positionId]);
    expect(new Dec(openRate!.open_rate).eq('0.1')).toBe(true);
    expect((await call(h, 'POST', '/web/position/me', { token: a.token, body: {} })).data.total).toBe(0);
    const close = await call(h, 'POST', '/web/position/flatPosition', { token: a.token, headers: key(), body: { id: row.positionId } });
    expect([close.status, close.msg]).toEqual([422, 'Allotted IPO shares can be sold once they are listed']);
    const more = await call(h, 'POST', '/web/position/addPositionMargin', { token: a.token, headers: key(), body: { id: row.positionId, amount: '10' } });
    expect(more.status).toBe(422);
    expect(await wallet(a.token)).toEqual({ available: '1358.65', held: '1125.00' });

    const after = (await call(h, 'GET', `/web/m_ft/new_stock/detail?id=${deal.id}`)).data;
    expect(after).toMatchObject({ status: 'allotting', dealStatus: 'allotted', pools: null, state: null, mine: null });
    expect(after.allotmentTable).toEqual([
      expect.objectContaining({ pool: 'A', lotsApplied: 1, applicants: 1, successful: 1, lotsAllotted: 1 }),
      expect.objectContaining({ pool: 'A', lotsApplied: 4, applicants: 1, successful: 1, lotsAllotted: 3 }),
    ]);
    expect(await notices(a.token)).toEqual(expect.arrayContaining(['Subscription received', 'Shares allotted']));

    // Running the allotment again changes nothing: refused, no journal, the same balances.
    const journals = await countJournals();
    const again = await step(deal.id, 'allot');
    expect([again.status, again.msg]).toEqual([422, 'This step is not possible at this stage of the deal']);
    expect(await countJournals()).toBe(journals);
    expect(await wallet(a.token)).toEqual({ available: '1358.65', held: '1125.00' });
    expect(await wallet(b.token)).toEqual({ available: '116.22', held: '375.00' });
  });

  it('pays a Hong Kong IPO through /hk/create with source NewStock, exactly as /NewShares/create; no other deal, and an order still an order', async () => {
    const payIpo = (token: string, body: object, headers: Record<string, string> = key()) => call(h, 'POST', '/web/hk/create', { token, headers, body });
    const deal = await openDeal();
    const us = await openDeal({ market: 'US', lotSize: 1 });
    const u = await investor('500.00');
    const journals = await countJournals();
    const before = await wallet(u.token);

    // Refused field by field, nothing written: lots, the deal's name, the source; a deal of another market does not exist here.
    expect(await payIpo(u.token, { source: 5, dealId: deal.id })).toMatchObject({
      status: 400,
      msg: 'Apply for a whole number of lots, at least 1',
      data: { fields: { lots: 'v.lotsRule' } },
    });
    expect(await payIpo(u.token, { source: 5, lots: 1 })).toMatchObject({ status: 400, data: { fields: { stockCode: 'v.fillRequired' } } });
    expect(await payIpo(u.token, { source: 12345, dealId: deal.id, lots: 1 })).toMatchObject({ status: 400, data: { fields: { source: 'v.invalidValue' } } });
    // Any other source is an order's, and an order names its stock, direction and quantity.
    expect(await payIpo(u.token, { source: 11, dealId: deal.id, lots: 1 })).toMatchObject({
      status: 400,
      data: { fields: { stockCode: 'v.fillRequired', direction: 'v.invalidValue', quantity: 'v.addQuantity' } },
    });
    expect((await payIpo(u.token, { source: 5, dealId: us.id, lots: 1 })).status).toBe(404);
    expect((await payIpo(u.token, { source: 5, stockCode: us.code, lots: 1 })).status).toBe(404);
    expect((await payIpo(u.token, { source: 5, dealId: deal.id, lots: 1 }, {})).status).toBe(400);
    expect(await countJournals()).toBe(journals);
    expect(await wallet(u.token)).toEqual(before);

    // 1 lot: 500 x 8.00 = HK$4,000 = 400.00 EUR + fee 4.034 -> 4.03 = 404.03 held, the handling fee HK$50 = 5.00 EUR paid.
    const k = key();
    const body = { source: 5, stockCode: deal.symbol, lots: 1, stockName: 'ignored' };
    const paid = await payIpo(u.token, body, k);
    expect(paid.code, paid.msg).toBe(200);
    expect(paid.data).toMatchObject({
      dealId: deal.id,
      lots: 1,
      quantity: '500',
      pendingPayment: '404.03',
      actualPayment: '5.00',
      status: 'subscribed',
      walletCode: 'SUBSCRIPTION',
    });
    expect((await payIpo(u.token, body, k)).data).toEqual(paid.data);
    // The source as the order page's query text pays too (here: the one subscription a deal allows).
    expect((await payIpo(u.token, { source: '5', dealId: deal.id, lots: 1 })).msg).toBe('You have already subscribed to this deal');
    expect(await wallet(u.token)).toEqual({ available: '90.97', held: '404.03' });
    expect(await journalsOf(paid.data.id)).toEqual([
      { kind: 'deal.subscribe', releases: null, entries: { 'SUBSCRIPTION/available': '-409.03', 'SUBSCRIPTION/held': '404.03', 'house:fees': '5.00' } },
    ]);
    expect((await mine(u.token)).list.map((x: any) => x.id)).toEqual([paid.data.id]);
    expect((await payIpo(u.token, { source: 5, dealId: deal.id, lots: 1 })).msg).toBe('You have already subscribed to this deal');

    // Without source 5 the call is the Hong Kong stock order it always was: its fields, its answer.
    expect(await payIpo(u.token, { stockCode: '0700.HK', direction: 0 })).toMatchObject({ status: 400, data: { fields: { quantity: 'v.addQuantity' } } });
    expect(await payIpo(u.token, { stockCode: '0700.HK', source: 11, direction: 0, quantity: '100', type: 1 })).toMatchObject({
      status: 400,
      data: { fields: { price: 'v.enterCorrectAmount' } },
    });
    expect(await payIpo(u.token, { stockCode: '0700.HK', source: '11', direction: 0, quantity: '100', type: 1 })).toMatchObject({
      status: 400,
      data: { fields: { price: 'v.enterCorrectAmount' } },
    });
  });

  it('shows operators a deal’s applications with their investors and pools, by status; to operators only', async () => {
    // Lots of 500 at HK$8.00: HK$5m is 1,250 lots, so 1,251 lots is pool B.
    const deal = await openDeal({ publicLots: 4000 });
    const a = await investor('2500.00');
    // 1,251 x 500 x 8.00 = HK$5,004,000 = 500,400.00 EUR, with the fee 505,446.54.
    const b = await investor('506000.00');
    const sa = await subscribe(a.token, { dealId: deal.id, lots: 2 });
    const sb = await subscribe(b.token, { dealId: deal.id, lots: 1251 });
    expect([sa.code, sb.code], sb.msg).toEqual([200, 200]);
    const list = async (query = '', token = op) => call(h, 'GET', `/web/operator/deals/${deal.id}/subscriptions${query}`, { token });

    const all = await list();
    expect(all.data).toMatchObject({ total: 2, page: 1 });
    expect(all.data.list.map((r: any) => [r.id, r.userId, r.userName, r.pool, r.lots, r.status, r.pendingPayment])).toEqual([
      [sa.data.id, a.id, a.username, 'A', 2, 'subscribed', sa.data.pendingPayment],
      [sb.data.id, b.id, b.username, 'B', 1251, 'subscribed', sb.data.pendingPayment],
    ]);
    expect((await list('?size=1&page=2')).data.list.map((r: any) => r.id)).toEqual([sb.data.id]);
    expect((await list('?status=allotted')).data).toMatchObject({ total: 0, list: [] });
    // Cancelled: every application refunded, and the filter finds them so.
    expect((await step(deal.id, 'cancel', { reason: 'The issuer withdrew' })).code).toBe(200);
    expect((await list('?status=cancelled')).data.list.map((r: any) => r.id)).toEqual([sa.data.id, sb.data.id]);

    expect((await list('', a.token)).status).toBe(403);
    expect((await call(h, 'GET', '/web/operator/deals/999999/subscriptions', { token: op })).status).toBe(404);
    // A United States deal has no pools.
    const us = await openDeal({ market: 'US', lotSize: 1 });
    await subscribe(a.token, { dealId: us.id, lots: 3 });
    expect((await call(h, 'GET', `/web/operator/deals/${us.id}/subscriptions`, { token: op })).data.list.map((r: any) => [r.userId, r.pool])).toEqual([
      [a.id, null],
    ]);
  });

  it('answers the most lots the subscription wallet pays for, handling fee included', async () => {
    const deal = await openDeal();
    const c = await investor('1000.00');
    // One lot at 8.00: 400.00 + fee 4.03; two lots 800.00 + 8.07 = 808.07; with the 5.00 handling
    // fee 813.07 <= 1000.00; three lots would be 1212.10.
    const full = await call(h, 'POST', '/web/position/getIpoFullNum', { token: c.token, body: { dealId: deal.id } });
    expect(full.data).toMatchObject({
      lots: 2,
      quantity: '1000',
      price: '8.00',
      amount: '808.07',
      handlingFee: '5.00',
      available: '1000.00',
      walletCode: 'SUBSCRIPTION',
    });
    const rich = await investor('100000.00');
    expect((await call(h, 'POST', '/web/position/getIpoFullNum', { token: rich.token, body: { stockCode: deal.symbol } })).data.lots).toBe(4);
    expect((await subscribe(c.token, { dealId: deal.id, lots: full.data.lots })).code).toBe(200);
    expect(await wallet(c.token)).toEqual({ available: '186.93', held: '808.07' });
  });

  it('refuses a subscription without KYC, to a deal not open, without the money or with bad lots, changing nothing', async () => {
    const deal = await openDeal();
    const unverified = await registerUser(h);
    expect((await subscribe(unverified.token, { dealId: deal.id, lots: 1 })).msg).toBe('Verify your identity first');
    const u = await investor('500.00');
    const journals = await countJournals();
    const before = await wallet(u.token);
    expect((await subscribe(u.token, { dealId: deal.id, lots: 2 })).msg).toBe('Insufficient balance');
    for (const lots of [0, -1, 1.5, 'two', undefined]) {
      const r = await subscribe(u.token, { dealId: deal.id, lots });
      expect([r.status, r.msg], String(lots)).toEqual([400, 'Apply for a whole number of lots, at least 1']);
    }
    expect((await subscribe(u.token, { dealId: deal.id, lots: 5 })).msg).toBe('You can apply for at most 4 lots');
    expect((await subscribe(u.token, { lots: 1 })).msg).toBe('Please fill in the required information');
    expect((await subscribe(u.token, { stockCode: 'NOSUCHDEAL', lots: 1 })).status).toBe(404);
    const announced = await call(h, 'POST', '/web/operator/deals', { token: op, body: dealBody() });
    expect((await subscribe(u.token, { dealId: announced.data.id, lots: 1 })).msg).toBe('This deal is not open for subscriptions');
    const closed = await openDeal();
    await step(closed.id, 'close');
    expect((await subscribe(u.token, { dealId: closed.id, lots: 1 })).msg).toBe('This deal is not open for subscriptions');
    expect((await subscribe(u.token, { dealId: deal.id, lots: 1 }, {})).status).toBe(400);
    expect(await countJournals()).toBe(journals);
    expect(await wallet(u.token)).toEqual(before);
    expect((await mine(u.token)).total).toBe(0);

    // One subscription per deal; a repeat of the same request is answered from the first.
    const k = key();
    const first = await subscribe(u.token, { dealId: deal.id, lots: 1 }, k);
    expect(first.code).toBe(200);
    const repeat = await subscribe(u.token, { dealId: deal.id, lots: 1 }, k);
    expect(repeat.data).toEqual(first.data);
    expect((await subscribe(u.token, { dealId: deal.id, lots: 1 })).msg).toBe('You have already subscribed to this deal');
    expect(await countJournals()).toBe(journals + 1);
    expect(await wallet(u.token)).toEqual({ available: '90.97', held: '404.03' });
    // A Hong Kong application cannot be changed; nothing needs reconfirming.
    expect((await call(h, 'POST', '/web/NewShares/change', { token: u.token, headers: key(), body: { dealId: deal.id, lots: 2 } })).msg).toBe(
      'Only a United States offer can be changed, and only while the deal is open',
    );
    expect((await call(h, 'POST', '/web/NewShares/reconfirm', { token: u.token, headers: key(), body: { dealId: deal.id } })).msg).toBe(
      'This subscription has nothing to reconfirm',
    );
  });

  it('keeps each investor to their own subscriptions and positions', async () => {
    const deal = await openDeal({ publicLots: 2 });
    const a = await investor('1000.00');
    const other = await investor('1000.00');
    const s = await subscribe(a.token, { dealId: deal.id, lots: 1 });
    expect((await mine(other.token)).list.map((x: any) => x.id)).not.toContain(s.data.id);
    const detail = (await call(h, 'GET', `/web/m_ft/new_stock/detail?id=${deal.id}`, { token: other.token })).data;
    expect(detail).toMatchObject({ mine: null, state: 0, applicants: 1 });
    // Signed out, an open deal reads as the specification's "available to subscribe".
    expect((await call(h, 'GET', `/web/m_ft/new_stock/detail?id=${deal.id}`)).data).toMatchObject({ mine: null, state: 0 });
    expect((await call(h, 'POST', '/web/NewShares/reconfirm', { token: other.token, headers: key(), body: { dealId: deal.id } })).status).toBe(404);
    await step(deal.id, 'close');
    await step(deal.id, 'price', { finalPrice: '8.00' });
    await step(deal.id, 'allot');
    const [row] = (await mine(a.token)).list;
    expect(row.status).toBe('allotted');
    expect((await call(h, 'POST', '/web/position/detail', { token: other.token, body: { id: row.positionId } })).status).toBe(404);
    expect((await call(h, 'POST', '/web/position/flatPosition', { token: other.token, headers: key(), body: { id: row.positionId } })).status).toBe(404);
  });

  it('replays the ballot from the audit log’s seed and refunds the unlucky whole', async () => {
    // Two lots for three one-lot applications: the ballot decides who gets none.
    const deal = await openDeal({ publicLots: 2 });
    const people = [await investor('1000.00'), await investor('1000.00'), await investor('1000.00')];
    const ids: number[] = [];
    for (const p of people) ids.push((await subscribe(p.token, { dealId: deal.id, lots: 1 })).data.id);
    await step(deal.id, 'close');
    await step(deal.id, 'price', { finalPrice: '8.00' });
    const allotted = await step(deal.id, 'allot');
    const audit = await call(h, 'GET', `/web/operator/audit?targetType=deal&targetId=${deal.id}`, { token: op });
    const entry = audit.data.list.find((e: any) => e.action === 'deal.allot');
    expect(entry.after.seed).toBe(allotted.data.allotmentSeed);
    const { market: _market, ...input } = entry.after.input;
    const replay = allotHongKong({ ...input, seed: entry.after.seed });
    expect(replay.results).toEqual(entry.after.results);
    expect(replay.table).toEqual(allotted.data.allotmentTable);
    expect(replay.results.map((r) => r.lotsAllotted).sort()).toEqual([0, 1, 1]);

    for (const [i, p] of people.entries()) {
      const result = replay.results.find((r) => r.id === String(ids[i]))!;
      const [row] = (await mine(p.token)).list;
      expect(row.lots, 'lots').toBe(1);
      if (result.lotsAllotted === 1) {
        // 500 x 8.00 = 400.00 EUR + fee 4.03 taken: exactly the hold, nothing to return.
        expect(row).toMatchObject({ status: 'allotted', state: 3, allottedQuantity: '500', actualPayment: '409.03' });
        expect(await wallet(p.token)).toEqual({ available: '590.97', held: '400.00' });
      } else {
        // Not allotted: the hold returned whole; only the handling fee stays paid.
        expect(row).toMatchObject({ status: 'notAllotted', state: 4, allottedQuantity: '0', actualPayment: '5.00', pendingPayment: '0.00' });
        expect(await wallet(p.token)).toEqual({ available: '995.00', held: '0.00' });
        expect((await journalsOf(row.id)).map((j) => [j.kind, j.releases])).toEqual([
          ['deal.subscribe', null],
          ['deal.refund', 'deal.subscribe'],
        ]);
        expect(await notices(p.token)).toContain('No shares allotted');
      }
    }
  });

  it('changes a United States offer while open and refunds an offer not reconfirmed after a price outside the band', async () => {
    const deal = await openDeal({
      market: 'US',
      exchange: 'NASDAQ',
      priceLow: '10.00',
      priceHigh: '12.00',
      lotSize: 1,
      publicLots: 100,
      feeRate: '0',
      handlingFee: '0',
    });
    const keen = await investor('700.00');
    const idle = await investor('1000.00');
    // 50 shares x 12.00 x 0.80 EUR = 480.00 held; no fee, no handling fee.
    const s = await subscribe(keen.token, { stockCode: deal.code, lots: 50 });
    expect(s.data).toMatchObject({ pendingPayment: '480.00', actualPayment: '0.00', rate: '0.8' });
    const changed = await call(h, 'POST', '/web/NewShares/change', { token: keen.token, headers: key(), body: { dealId: deal.id, lots: 40 } });
    expect(changed.data).toMatchObject({ lots: 40, pendingPayment: '384.00' });
    expect(await wallet(keen.token)).toEqual({ available: '316.00', held: '384.00' });
    // 90 x 12.00 x 0.80 = 864.00 is more than the 700.00 the wallet has: the change is refused whole.
    expect((await call(h, 'POST', '/web/NewShares/change', { token: keen.token, headers: key(), body: { dealId: deal.id, lots: 90 } })).msg).toBe(
      'Insufficient balance',
    );
    expect(await wallet(keen.token)).toEqual({ available: '316.00', held: '384.00' });
    await subscribe(idle.token, { dealId: deal.id, lots: 10 });

    await step(deal.id, 'close');
    expect((await call(h, 'POST', '/web/NewShares/change', { token: keen.token, headers: key(), body: { dealId: deal.id, lots: 30 } })).status).toBe(422);
    // 15.00 is more than 20 % above 12.00 (14.40): every offer must be reconfirmed.
    const priced = await step(deal.id, 'price', { finalPrice: '15.00' });
    expect(priced.data.reconfirmPending).toBe(2);
    expect((await mine(idle.token)).list[0]).toMatchObject({ reconfirmRequired: true, state: 2 });
    expect(await notices(idle.token)).toContain('Reconfirm your offer');
    // Reconfirmed at the final price: 40 x 15.00 x 0.80 = 480.00 held again.
    const reconfirmed = await call(h, 'POST', '/web/NewShares/reconfirm', { token: keen.token, headers: key(), body: { dealId: deal.id } });
    expect(reconfirmed.data).toMatchObject({ reconfirmRequired: false, priceHeld: '15.00', pendingPayment: '480.00' });
    expect(await wallet(keen.token)).toEqual({ available: '220.00', held: '480.00' });
    expect((await journalsOf(s.data.id)).map((j) => [j.kind, j.releases, j.entries['SUBSCRIPTION/held']])).toEqual([
      ['deal.subscribe', null, '480.00'],
      ['deal.release', 'deal.subscribe', '-480.00'],
      ['deal.hold', null, '384.00'],
      ['deal.release', 'deal.hold', '-384.00'],
      ['deal.hold', null, '480.00'],
    ]);

    await step(deal.id, 'allot');
    // 40 of 100 lots demanded: all allotted. 480.00 is exactly their price and there is no fee:
    // nothing moves, the hold carries on as the position's margin.
    const [kept] = (await mine(keen.token)).list;
    expect(kept).toMatchObject({ status: 'allotted', allottedQuantity: '40', actualPayment: '480.00', price: '15.00' });
    expect(await wallet(keen.token)).toEqual({ available: '220.00', held: '480.00' });
    const position = await call(h, 'POST', '/web/position/detail', { token: keen.token, body: { id: kept.positionId } });
    expect(position.data).toMatchObject({ status: 2, openPrice: '15.00', quantity: '40', margin: '480.00', currency: 'USD', walletCode: 'SUBSCRIPTION' });
    // Not reconfirmed: refunded whole at the allotment.
    const [refunded] = (await mine(idle.token)).list;
    expect(refunded).toMatchObject({ status: 'refunded', state: 4, pendingPayment: '0.00' });
    expect(await wallet(idle.token)).toEqual({ available: '1000.00', held: '0.00' });
    expect(await notices(idle.token)).toContain('Offer refunded');
  });

  it('cancels a deal before or after its allotment, giving back every hold and fee', async () => {
    const before = await openDeal();
    const a = await investor('1000.00');
    await subscribe(a.token, { dealId: before.id, lots: 1 });
    expect(await wallet(a.token)).toEqual({ available: '590.97', held: '404.03' });
    expect((await step(before.id, 'cancel', {})).msg).toBe('Please give a reason');
    const cancelled = await step(before.id, 'cancel', { reason: 'The issuer withdrew its offering' });
    expect(cancelled.data).toMatchObject({ dealStatus: 'cancelled', cancelReason: 'The issuer withdrew its offering', applicants: 0 });
    expect(await wallet(a.token)).toEqual({ available: '1000.00', held: '0.00' });
    const [row] = (await mine(a.token)).list;
    expect(row).toMatchObject({ status: 'cancelled', state: 4, actualPayment: '0.00', pendingPayment: '0.00' });
    expect((await journalsOf(row.id)).at(-1)).toEqual({
      kind: 'deal.cancel',
      releases: 'deal.subscribe',
      entries: { 'SUBSCRIPTION/available': '409.03', 'SUBSCRIPTION/held': '-404.03', 'house:fees': '-5.00' },
    });
    expect(await notices(a.token)).toContain('Deal cancelled');
    expect((await step(before.id, 'cancel', { reason: 'again' })).status).toBe(422);

    const late = await openDeal();
    const b = await investor('1000.00');
    await subscribe(b.token, { dealId: late.id, lots: 2 });
    await step(late.id, 'close');
    await step(late.id, 'price', { finalPrice: '7.50' });
    await step(late.id, 'allot');
    const [allotted] = (await mine(b.token)).list;
    expect(allotted.status).toBe('allotted');
    await step(late.id, 'cancel', { reason: 'Listing withdrawn' });
    expect(await wallet(b.token)).toEqual({ available: '1000.00', held: '0.00' });
    const position = await call(h, 'POST', '/web/position/detail', { token: b.token, body: { id: allotted.positionId } });
    expect(position.data.status).toBe(4);
  });

  it('checks what operators write and lets only operators run deals', async () => {
    const bad = async (over: Record<string, unknown>) => (await call(h, 'POST', '/web/operator/deals', { token: op, body: dealBody(over) })).msg;
    const body = dealBody();
    expect(await bad({ subscriptionClosesTimestamp: body.subscriptionOpensTimestamp })).toBe(
      'The dates must be in order: prospectus, subscription opens, subscription closes, allotment date, listing date',
    );
    expect(await bad({ listingDate: addDays(body.allotmentDate, -1) })).toMatch(/^The dates must be in order/);
    expect(await bad({ priceLow: '9.00' })).toBe('The top of the price range must be at or above its bottom');
    expect(await bad({ publicLots: 1 })).toBe('A Hong Kong public tranche needs at least 2 lots, one for each pool');
    expect(await bad({ exchange: 'NYSE' })).toBe('Please check this value');
    expect(await bad({ symbol: 'AAPL', market: 'US', exchange: 'NASDAQ' })).toBe('Another deal already uses this code or symbol');

    const investorUser = await investor('10.00');
    expect((await call(h, 'POST', '/web/operator/deals', { token: investorUser.token, body: body })).status).toBe(403);
    expect((await call(h, 'GET', '/web/operator/deals', { token: investorUser.token })).status).toBe(403);
    const created = await call(h, 'POST', '/web/operator/deals', { token: op, body });
    expect(created.code).toBe(200);
    for (const what of ['open', 'close', 'allot'])
      expect((await call(h, 'POST', `/web/operator/deals/${created.data.id}/${what}`, { token: investorUser.token, body: {} })).status).toBe(403);
    expect((await call(h, 'POST', `/web/operator/deals/${created.data.id}/cancel`, { token: investorUser.token, body: { reason: 'x' } })).status).toBe(403);
    expect((await call(h, 'POST', '/web/operator/deals', { token: op, body: { ...dealBody(), code: body.code } })).msg).toBe(
      'Another deal already uses this code or symbol',
    );

    // Edited while announced, not after; a Hong Kong price above the range is refused.
    const edited = await call(h, 'POST', `/web/operator/deals/${created.data.id}`, { token: op, body: { ...body, priceHigh: '8.50' } });
    expect(edited.data.priceHigh).toBe('8.50');
    await step(created.data.id, 'open');
    expect((await call(h, 'POST', `/web/operator/deals/${created.data.id}`, { token: op, body })).msg).toBe(
      'This step is not possible at this stage of the deal',
    );
    expect((await step(created.data.id, 'price', { finalPrice: '8.00' })).status).toBe(422);
    await step(created.data.id, 'close');
    expect((await step(created.data.id, 'price', { finalPrice: '8.60' })).msg).toBe('A Hong Kong final price can be at most the top of the range (8.50)');
    const list = await call(h, 'GET', '/web/operator/deals?size=100', { token: op });
    expect(list.data.list.find((d: any) => d.id === created.data.id)).toMatchObject({ dealStatus: 'closed', applicants: 0, demandLots: 0 });
    const log = await call(h, 'GET', `/web/operator/audit?targetType=deal&targetId=${created.data.id}`, { token: op });
    expect(log.data.list.map((e: any) => e.action)).toEqual(['deal.close', 'deal.open', 'deal.update', 'deal.create']);
  });

  it('opens and closes a window at its times and allots on the allotment date, by itself', async () => {
    const opens = now() + 1500;
    const tz = DEAL_MARKETS.HK.timeZone;
    const today = dayIn(tz, opens + 6000);
    const created = await call(h, 'POST', '/web/operator/deals', {
      token: op,
      body: dealBody({
        subscriptionOpensTimestamp: opens,
        subscriptionClosesTimestamp: opens + 6000,
        prospectusDate: dayIn(tz, opens),
        allotmentDate: today,
        listingDate: tradingDaysAfter('HK', today, 2),
      }),
    });
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id;
    const u = await investor('1000.00');
    const statusOf = async () => (await call(h, 'GET', `/web/operator/deals/${id}`, { token: op })).data.dealStatus;
    const until = async (want: string) => {
      const deadline = Date.now() + 10_000;
      while ((await statusOf()) !== want && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      return statusOf();
    };
    expect(await until('open')).toBe('open');
    expect((await subscribe(u.token, { dealId: id, lots: 1 })).code).toBe(200);
    expect(await until('closed')).toBe('closed');
    await step(id, 'price', { finalPrice: '8.00' });
    expect(await until('allotted')).toBe('allotted');
    expect((await mine(u.token)).list[0]).toMatchObject({ status: 'allotted', allottedQuantity: '500' });
    const log = await call(h, 'GET', `/web/operator/audit?targetType=deal&targetId=${id}`, { token: op });
    expect(log.data.list.filter((e: any) => e.actorId === null).map((e: any) => e.action)).toEqual(['deal.allot', 'deal.close', 'deal.open']);
  });

  it('lists the deals, the seeded ones among them, open ones first', async () => {
    const list = await call(h, 'GET', '/web/m_ft/webull/new/stock?size=100');
    expect(list.data.list.map((d: any) => d.symbol)).toEqual(expect.arrayContaining(['NRVA', 'HLXB', '2899.HK']));
    const hk = list.data.list.find((d: any) => d.symbol === '2899.HK');
    expect(hk).toMatchObject({ market: 'HK', exchange: 'HKEX', currency: 'HKD', lotSize: '500', handlingFee: '50.00', feeRate: '0.010085', priceHigh: '7.80' });
    expect(hk.pools).not.toBeNull();
    const statuses: string[] = list.data.list.map((d: any) => d.dealStatus);
    expect(statuses).toContain('open');
    expect(statuses.slice(statuses.findIndex((s) => s !== 'open'))).not.toContain('open');
  });

  /**
   * A Hong Kong deal on the week of Monday 1 March 2027, which has no holiday on either exchange:
   * opens 09:00 (01:00 UTC), closes 12:00 noon Thursday the 4th (04:00 UTC), results Monday the
   * 8th, dealing Tuesday the 9th.
   */
  const hkMarch = (over: Record<string, unknown> = {}) =>
    dealBody({
      prospectusDate: '2027-02-26',
      subscriptionOpensTimestamp: Date.UTC(2027, 2, 1, 1, 0),
      subscriptionClosesTimestamp: Date.UTC(2027, 2, 4, 4, 0),
      allotmentDate: '2027-03-08',
      listingDate: '2027-03-09',
      ...over,
    });
  /** A United States deal the same week (New York on EST, UTC-5, until 14 March): 09:30 Monday to the 16:00 close on Friday the 5th, allotted that night, trading Monday the 8th. */
  const usMarch = (over: Record<string, unknown> = {}) =>
    dealBody({
      market: 'US',
      lotSize: 1,
      prospectusDate: '2027-02-26',
      subscriptionOpensTimestamp: Date.UTC(2027, 2, 1, 14, 30),
      subscriptionClosesTimestamp: Date.UTC(2027, 2, 5, 21, 0),
      allotmentDate: '2027-03-05',
      listingDate: '2027-03-08',
      ...over,
    });
  const dealsState = async () =>
    (
      await h.db.query<{ s: string }>(
        'select json_agg(json_build_array(id, status, subscription_opens_at, subscription_closes_at, allotment_date, listing_date) order by id)::text as s from deals',
      )
    )[0]!.s;
  const auditCount = async () => (await h.db.query<{ n: number }>("select count(*)::int as n from audit_log where target_type = 'deal'"))[0]!.n;

  it('refuses an instant outside the calendar’s years or not a number as bad input, changing nothing', async () => {
    const announced = await call(h, 'POST', '/web/operator/deals', { token: op, body: hkMarch() });
    expect(announced.code, announced.msg).toBe(200);
    const before = [await dealsState(), await auditCount()];
    for (const field of ['subscriptionOpensTimestamp', 'subscriptionClosesTimestamp']) {
      for (const bad of [8.7e15, 1e20, -1, '1803000000000', null]) {
        const created = await call(h, 'POST', '/web/operator/deals', { token: op, body: hkMarch({ [field]: bad }) });
        expect([created.status, created.data.key, created.data.fields?.[field]], `${field} ${String(bad)}`).toEqual([
          400,
          'v.timestampRange',
          'v.timestampRange',
        ]);
        const updated = await call(h, 'POST', `/web/operator/deals/${announced.data.id}`, {
          token: op,
          body: { ...hkMarch(), code: announced.data.code, symbol: announced.data.symbol, [field]: bad },
        });
        expect([updated.status, updated.data.key], `update ${field} ${String(bad)}`).toEqual([400, 'v.timestampRange']);
      }
    }
    expect([await dealsState(), await auditCount()]).toEqual(before);
  });

  it('refuses a step off the exchange’s trading days and hours, naming the next valid time on its clock in the reader’s words', async () => {
    const before = [await dealsState(), await auditCount()];
    const refusal = async (body: object, lang = 'en') => {
      const r = await call(h, 'POST', '/web/operator/deals', { token: op, body, lang });
      return [r.status, r.data.fields, r.msg];
    };
    // Listing on Sunday 14 March: the next Hong Kong session is Monday the 15th, dealing from the 09:30 open.
    expect(await refusal(hkMarch({ listingDate: '2027-03-14' }))).toEqual([
      400,
      { listingDate: 'e.dealListingDay' },
      'The listing must be on a Hong Kong trading day; the next valid time is 15/03/2027 09:30 AM (Hong Kong time)',
    ]);
    expect((await refusal(hkMarch({ listingDate: '2027-03-14' }), 'nl'))[2]).toBe(
      'De notering moet op een handelsdag van Hongkong vallen; het eerstvolgende geldige tijdstip is 15-03-2027 09:30 (Hongkongse tijd)',
    );
    // Closing at 23:17 on Thursday the 4th (15:17 UTC): the next moment a window may close is
    // Friday's first session, the pre-opening from 09:00.
    expect(await refusal(hkMarch({ subscriptionClosesTimestamp: Date.UTC(2027, 2, 4, 15, 17) }))).toEqual([
      400,
      { subscriptionClosesTimestamp: 'e.dealClosesHours' },
      'Subscriptions must close during Hong Kong trading hours; the next valid time is 05/03/2027 09:00 AM (Hong Kong time)',
    ]);
    // At 12:30, in the lunch break: the afternoon session at 13:00.
    expect((await refusal(hkMarch({ subscriptionClosesTimestamp: Date.UTC(2027, 2, 4, 4, 30) })))[2]).toBe(
      'Subscriptions must close during Hong Kong trading hours; the next valid time is 04/03/2027 01:00 PM (Hong Kong time)',
    );
    // Opening at 08:00 on Monday the 1st: 09:00 that day.
    expect(await refusal(hkMarch({ subscriptionOpensTimestamp: Date.UTC(2027, 2, 1, 0, 0) }))).toEqual([
      400,
      { subscriptionOpensTimestamp: 'e.dealOpensHours' },
      'Subscriptions must open during Hong Kong trading hours; the next valid time is 01/03/2027 09:00 AM (Hong Kong time)',
    ]);
    // A United States allotment on Saturday the 6th: Monday the 8th.
    expect(await refusal(usMarch({ allotmentDate: '2027-03-06' }))).toEqual([
      400,
      { allotmentDate: 'e.dealAllotmentDay' },
      'The allotment must be on a US trading day; the next valid day is 08/03/2027',
    ]);
    expect((await refusal(usMarch({ allotmentDate: '2027-03-06' }), 'zh-CN'))[2]).toBe('配发日须为美国交易日；下一个有效日期为 2027-03-08');
    // Closing at 17:00 New York on Friday the 5th (22:00 UTC), after the close: Monday's 09:30 open.
    expect((await refusal(usMarch({ subscriptionClosesTimestamp: Date.UTC(2027, 2, 5, 22, 0) })))[2]).toBe(
      'Subscriptions must close during US trading hours; the next valid time is 08/03/2027 09:30 AM (New York time)',
    );
    expect([await dealsState(), await auditCount()]).toEqual(before);

    // On the timetable both are announced; an edit off it is refused and leaves the deal as it was.
    const hk = await call(h, 'POST', '/web/operator/deals', { token: op, body: hkMarch() });
    expect(hk.code, hk.msg).toBe(200);
    const us = await call(h, 'POST', '/web/operator/deals', { token: op, body: usMarch() });
    expect(us.code, us.msg).toBe(200);
    const kept = await dealsState();
    const edit = await call(h, 'POST', `/web/operator/deals/${hk.data.id}`, {
      token: op,
      body: { ...hkMarch({ listingDate: '2027-03-14' }), code: hk.data.code, symbol: hk.data.symbol },
    });
    expect([edit.status, edit.data.fields]).toEqual([400, { listingDate: 'e.dealListingDay' }]);
    expect(await dealsState()).toBe(kept);
  });

  it('seeds deals on the exchanges’ timetables, whenever the server first starts', async () => {
    // Every 7 h 13 min over the calendar's years: each hour of the week, holidays and half days
    // (Christmas Eve, the lunar new year, Easter) come round.
    const problems: string[] = [];
    let seeded = 0;
    for (let at = Date.UTC(2025, 0, 15); at < Date.UTC(2028, 10, 1); at += 7 * 3_600_000 + 13 * 60_000) {
      for (const deal of seedDeals(at)) {
        seeded++;
        const parsed = zDealInput.safeParse(deal);
        if (!parsed.success) problems.push(`${new Date(at).toISOString()} ${deal.code}: refused by the contract`);
        for (const p of offTimetable(deal)) problems.push(`${new Date(at).toISOString()} ${deal.code}: ${p}`);
        // Seeded around the first start: NRVA and 2899.HK open then, HLXB to come.
        const open = deal.subscriptionOpensTimestamp <= at && at < deal.subscriptionClosesTimestamp;
        if (open !== (deal.code !== 'HLXB')) problems.push(`${new Date(at).toISOString()} ${deal.code}: ${open ? 'open' : 'not open'} at the start`);
      }
    }
    expect(seeded).toBeGreaterThan(12_000);
    expect(problems.slice(0, 10)).toEqual([]);

    // And the deals this server seeded, as operators read them.
    const list = (await call(h, 'GET', '/web/operator/deals?size=100', { token: op })).data.list as Scheduled[] & { code: string }[];
    const seededHere = list.filter((d: any) => ['NRVA', 'HLXB', '02899'].includes(d.code));
    expect(seededHere).toHaveLength(3);
    for (const d of seededHere) expect(offTimetable(d), (d as any).code).toEqual([]);
  });
});
