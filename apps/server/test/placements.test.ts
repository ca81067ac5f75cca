import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayToIso, isoToDay, localDay, localToUtc } from '@tradeapp/contract';
import { Dec } from '../src/lib/decimal';
import { call, drivers, operatorToken, registerUser, startServer, uploadImage, type Harness } from './harness';
import { scriptedMarket } from './scripted';

/** An instant as the English messages write it on the UTC clock (the specification's DD/MM/YYYY hh:mm A). */
function utcMinute(at: number): string {
  const d = new Date(at);
  const two = (n: number) => String(n).padStart(2, '0');
  const hour = d.getUTCHours() % 12 === 0 ? 12 : d.getUTCHours() % 12;
  return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${two(hour)}:${two(d.getUTCMinutes())} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`;
}

// Placements (issue 12, decision 0019): the QIP floor and its 5 % rule, keys issued in notices and
// unlocked by their own investor only, purchases with their cents, the lock-up against the close,
// the sellable count, oversells, and that every refusal leaves everything as it was.

const DAY = 86_400_000;
/** XETRA, euros: the STOCK wallet, no conversion, so every figure below is written by hand. */
const SAP = 'SAP.DE';
const KEY_IN_TEXT = /[A-HJ-NP-Z2-9]{4}(?:-[A-HJ-NP-Z2-9]{4}){3}/;

describe.each(await drivers())('placements on %s', (driver) => {
  let h: Harness;
  let op: string;
  // The server's clock: the lock-up is moved past by moving it.
  let offset = 0;
  const now = () => Date.now() + offset;
  const market = scriptedMarket();
  beforeAll(async () => {
    h = await startServer(driver, {}, { provider: market.provider, now });
    op = await operatorToken(h);
    market.set(SAP, '200.00');
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const idem = () => ({ 'idempotency-key': randomUUID() });

  /** A verified investor with `stock` euros in the STOCK wallet. */
  async function investor(stock = '0') {
    const u = await registerUser(h);
    const frontUrl = await uploadImage(h, u.token);
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Pia', lastName: 'Placement', country: 'NL', idType: 'passport', idNumber: 'NX7654321', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    expect((await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} })).code).toBe(200);
    if (stock !== '0') {
      const d = await call(h, 'POST', '/web/recharge/create', {
        token: u.token,
        headers: idem(),
        body: { method: 'fiat', currency: 'EUR', amount: stock, proofUrl: frontUrl },
      });
      await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
      const t = await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: idem(), body: { from: 'BALANCE', to: 'STOCK', amount: stock } });
      expect(t.code).toBe(200);
    }
    return u;
  }

  const create = (body: object) => call(h, 'POST', '/web/operator/placements', { token: op, body });
  /** An SPO of SAP at 190.00, open from an hour ago for a week, 30 days of lock-up, unless said otherwise. */
  async function spo(extra: object = {}) {
    const r = await create({
      symbol: SAP,
      kind: 'SPO',
      price: '190.00',
      quantity: '1000',
      minQuantity: '10',
      opensAtTimestamp: now() - 3_600_000,
      closesAtTimestamp: now() + 7 * DAY,
      lockupDays: 30,
      ...extra,
    });
    expect(r.code, r.msg).toBe(200);
    return r.data as { id: number; [k: string]: any };
  }
  const issue = (id: number, investorRef: string | number) =>
    call(h, 'POST', `/web/operator/placements/${id}/keys`, { token: op, body: { investor: String(investorRef) } });
  const enter = (token: string, key: unknown) => call(h, 'POST', '/web/placing_order/checkSecret', { token, body: { key } });
  const buy = (token: string, placementId: number, quantity: string) =>
    call(h, 'POST', '/web/placing_order/create', { token, headers: idem(), body: { placementId, quantity } });
  const audit = async (id: number) =>
    (await call(h, 'GET', `/web/operator/audit?targetType=placement&targetId=${id}&size=100`, { token: op })).data.list as any[];

  /** The newest placement key in the investor's notices, read as they read it. */
  async function keyFromNotice(token: string): Promise<string> {
    const page = await call(h, 'GET', '/web/userMessage/getMessage', { token });
    const notice = page.data.list.find((n: { kind: string }) => n.kind === 'placement.key');
    const key = (notice?.body as string | undefined)?.match(KEY_IN_TEXT)?.[0];
    if (!key) throw new Error(`no key in the notices: ${JSON.stringify(page.data.list)}`);
    return key;
  }

  /** An investor with a key for `placementId` that they have entered. */
  async function unlocked(placementId: number, stock = '5000.00') {
    const u = await investor(stock);
    expect((await issue(placementId, u.username)).code).toBe(200);
    const key = await keyFromNotice(u.token);
    expect((await enter(u.token, key)).code).toBe(200);
    return { ...u, key };
  }

  async function stockWallet(token: string) {
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} });
    const w = r.data.find((x: any) => x.code === 'STOCK');
    return { balance: w.balance as string, usedBalance: w.usedBalance as string };
  }

  /** Everything a refusal must leave as it was: the caller's money, positions, orders and keys, the placements' sales. */
  async function everything(userId: number) {
    const [row] = await h.db.query<{ state: string }>(
      `select json_build_object(
         'accounts', (select json_agg(json_build_array(code, part, balance) order by id) from ledger_accounts where user_id = $1),
         'journals', (select count(*) from ledger_journals),
         'positions', (select json_agg(json_build_array(id, status, quantity, locked_until) order by id) from positions where user_id = $1),
         'orders', (select count(*) from placement_orders),
         'keys', (select json_agg(json_build_array(id, used_at, revoked_at) order by id) from access_keys where user_id = $1),
         'sold', (select json_agg(json_build_array(id, quantity_sold, status) order by id) from placements))::text as state`,
      [userId],
    );
    return row!.state;
  }

  it('computes the QIP floor from the daily candles exactly and refuses a price more than 5 % below it', async () => {
    const floor = await call(h, 'GET', `/web/operator/placements/floor?symbol=${SAP}`, { token: op });
    expect(floor.code).toBe(200);
    // The ten trading days before today's date in Frankfurt, as the market's daily candles close them.
    const at = now();
    const today = dayToIso(localDay('Europe/Berlin', at));
    const daily = market.provider
      .candles(SAP, '1d', at - 31 * DAY, at + 1)
      .map((c) => ({ day: market.provider.session(SAP, c.time).tradingDay, close: c.close }));
    const closes = daily
      .filter((c) => c.day < today)
      .slice(-10)
      .map((c) => c.close);
    expect(closes).toHaveLength(10);
    // The discount's base: today's close once XETRA's closing auction is over (17:35 in Frankfurt), else the last before today.
    const todays = daily.find((c) => c.day === today);
    const lastClose = todays && at >= localToUtc('Europe/Berlin', isoToDay(today), 17 * 60 + 35) ? todays.close : closes[9]!;
    expect(floor.data.closes.map((c: { close: string }) => c.close)).toEqual(closes);
    const exact = closes.reduce((sum, c) => sum.add(c), new Dec(0)).div(10);
    expect(floor.data).toMatchObject({ symbol: SAP, currency: 'EUR', floorPrice: exact.toFixed(), minPrice: exact.mul('0.95').toFixed(), lastClose });
    // The same closes as the chart's daily candles (the last candle may be today's, still forming).
    const kline = await call(h, 'GET', `/web/m_ft/kline?symbol=${SAP}&range=1d`);
    const tail = kline.data.candles.slice(-11).map((c: { close: string }) => c.close);
    expect([tail.slice(0, 10), tail.slice(1)]).toContainEqual(closes);

    // The lowest price on SAP's tick (0.02) that is not more than 5 % below the floor, and one tick under it.
    const lowest = exact.mul('0.95').div('0.02').ceil().mul('0.02');
    const below = lowest.sub('0.02');
    const base = { symbol: SAP, kind: 'QIP', quantity: '100', minQuantity: '10', opensAtTimestamp: now(), closesAtTimestamp: now() + DAY, lockupDays: 365 };
    const before = await h.db.query('select id from placements');
    const refused = await create({ ...base, price: below.toFixed(2) });
    expect([refused.status, refused.msg, refused.data.fields]).toEqual([
      400,
      `A QIP may be priced at most 5 % below its floor of ${exact.toFixed()} EUR: at least ${exact.mul('0.95').toFixed()} EUR`,
      { price: 'e.qipBelowFloor' },
    ]);
    const nl = await call(h, 'POST', '/web/operator/placements', { token: op, body: { ...base, price: below.toFixed(2) }, lang: 'nl' });
    expect(nl.msg).toMatch(/^Een QIP mag hooguit 5 % onder de bodemprijs/);
    expect(await h.db.query('select id from placements')).toEqual(before);

    const qip = await create({ ...base, price: lowest.toFixed(2) });
    expect(qip.code, qip.msg).toBe(200);
    expect(qip.data).toMatchObject({
      kind: 'QIP',
      state: 'open',
      floorPrice: exact.toFixed(),
      minPrice: exact.mul('0.95').toFixed(),
      price: lowest.toFixed(2),
      discountPercent: new Dec(lastClose).sub(lowest).div(lastClose).mul(100).toFixed(2),
      walletCode: 'STOCK',
      orders: [],
      keys: [],
    });
    // An SPO takes any price, shown as its discount to the last close.
    const cheap = await spo({ price: '100.00' });
    expect(cheap).toMatchObject({
      kind: 'SPO',
      floorPrice: null,
      minPrice: null,
      discountPercent: new Dec(lastClose).sub(100).div(lastClose).mul(100).toFixed(2),
    });
    // Created placements are audited with the closes the floor came from.
    const [created] = await audit(qip.data.id);
    expect(created).toMatchObject({ action: 'placement.create', after: { kind: 'QIP', floorPrice: exact.toFixed(), closes: expect.any(Array) } });

    // Not a stock; a window in the past; a minimum above the offer; off the tick: refused, nothing stored.
    expect((await create({ ...base, symbol: 'EURUSD', kind: 'SPO', price: '1.00000' })).msg).toBe('Placements are of listed stocks only');
    expect((await create({ ...base, kind: 'SPO', price: '190.00', opensAtTimestamp: now() - 2 * DAY, closesAtTimestamp: now() - DAY })).msg).toBe(
      'The window must close after it opens',
    );
    expect((await create({ ...base, kind: 'SPO', price: '190.00', closesAtTimestamp: base.opensAtTimestamp })).data.fields).toEqual({
      closesAtTimestamp: 'e.placementWindow',
    });
    expect((await create({ ...base, kind: 'SPO', price: '190.00', minQuantity: '101' })).msg).toBe(
      'The minimum purchase cannot be more than the quantity offered',
    );
    expect((await create({ ...base, kind: 'SPO', price: '190.01' })).msg).toBe('The price must be a multiple of 0.02');
  });

  it('sends a key in a notice that unlocks the placement for its investor only; a wrong, another’s or a revoked key is refused', async () => {
    const p = await spo();
    const a = await investor();
    const b = await investor();
    // By account name and by user number.
    const issued = await issue(p.id, a.username.toUpperCase());
    expect(issued.code, issued.msg).toBe(200);
    expect(issued.data.keys).toEqual([expect.objectContaining({ userId: a.id, userName: a.username, status: 'sent', usedAtTimestamp: null })]);
    expect((await issue(p.id, b.id)).code).toBe(200);
    const again = await issue(p.id, a.id);
    expect([again.status, again.msg]).toEqual([409, 'This investor already has a live key for this placement']);
    expect((await issue(p.id, 'nobody_here')).msg).toBe('No investor with this user number or account name');
    expect((await issue(p.id, 1)).status).toBe(404); // the built-in operator is no investor

    const keyA = await keyFromNotice(a.token);
    const keyB = await keyFromNotice(b.token);
    expect(keyA).not.toBe(keyB);
    // Never in an answer to the operator or in the audit log.
    expect(JSON.stringify(issued.data)).not.toContain(keyA);
    expect(JSON.stringify(await audit(p.id))).not.toContain(keyA);
    const notice = (await call(h, 'GET', '/web/userMessage/getMessage', { token: a.token, lang: 'nl' })).data.list[0];
    expect(notice).toMatchObject({ kind: 'placement.key', title: 'Uitnodiging voor een plaatsing' });
    expect(notice.body).toContain(`Uw sleutel: ${keyA}`);

    // B's key is not A's: refused with the one message, and nothing changes.
    const beforeA = await everything(a.id);
    for (const wrong of [keyB, `${keyA.slice(0, -1)}${keyA.endsWith('A') ? 'B' : 'A'}`, 'x'.repeat(101)]) {
      const r = await enter(a.token, wrong);
      expect([r.status, r.msg]).toEqual([422, 'This key is not valid']);
    }
    const empty = await enter(a.token, ' ');
    expect([empty.status, empty.msg]).toEqual([400, 'Please enter key']);
    expect(await everything(a.id)).toBe(beforeA);
    expect((await call(h, 'GET', '/web/placing_order/unlocked', { token: a.token })).data).toEqual([]);

    // A's own key, however typed, unlocks A's placement; again, the same answer.
    const r = await enter(a.token, ` ${keyA.toLowerCase().replaceAll('-', ' ')} `);
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({
      id: p.id,
      symbol: SAP,
      kind: 'SPO',
      price: '190.00',
      state: 'open',
      lockupDays: 30,
      quantityRemaining: '1000',
      walletCode: 'STOCK',
      walletCurrency: 'EUR',
      rate: '1',
      feeRate: '0.0005',
    });
    expect((await enter(a.token, keyA)).data.id).toBe(p.id);
    expect((await call(h, 'GET', '/web/placing_order/unlocked', { token: a.token })).data.map((x: any) => x.id)).toEqual([p.id]);
    expect((await call(h, 'GET', `/web/operator/placements/${p.id}`, { token: op })).data.keys.find((k: any) => k.userId === a.id).status).toBe('used');

    // Revoked: the key no longer opens anything, for A or anyone; A is told in a notice.
    const keyId = (await h.db.query<{ id: number }>("select id from access_keys where user_id = $1 and purpose = 'placement'", [a.id]))[0]!.id;
    const revoked = await call(h, 'POST', `/web/operator/placementKeys/${keyId}/revoke`, { token: op, body: { reason: 'Allocation changed' } });
    expect(revoked.code).toBe(200);
    expect(revoked.data.keys.find((k: any) => k.id === keyId).status).toBe('revoked');
    expect((await call(h, 'POST', `/web/operator/placementKeys/${keyId}/revoke`, { token: op, body: { reason: 'twice' } })).msg).toBe(
      'This key is already revoked',
    );
    expect((await call(h, 'POST', `/web/operator/placementKeys/${keyId}/revoke`, { token: op, body: {} })).msg).toBe('Please give a reason');
    expect((await enter(a.token, keyA)).msg).toBe('This key is not valid');
    expect((await enter(b.token, keyA)).msg).toBe('This key is not valid');
    expect((await call(h, 'GET', '/web/placing_order/unlocked', { token: a.token })).data).toEqual([]);
    expect((await call(h, 'GET', '/web/userMessage/getMessage', { token: a.token })).data.list[0]).toMatchObject({
      kind: 'placement.revoked',
      title: 'Placement key revoked',
    });
    expect((await buy(a.token, p.id, '10')).msg).toBe('Enter your key for this placement first');
    expect((await audit(p.id)).map((e) => e.action)).toEqual(['placement.revokeKey', 'placement.issueKey', 'placement.issueKey', 'placement.create']);
  });

  it('rate-limits the key check per investor', async () => {
    const u = await investor();
    for (let i = 0; i < 10; i++) expect((await enter(u.token, 'ABCD-EFGH-JKLM-NPQR')).status).toBe(422);
    const limited = await enter(u.token, 'ABCD-EFGH-JKLM-NPQR');
    expect([limited.status, limited.msg]).toEqual([429, 'Too many attempts, please try again later']);
    // Another investor still has their attempts.
    expect((await enter((await investor()).token, 'ABCD-EFGH-JKLM-NPQR')).status).toBe(422);
  });

  it('buys at the placement price with the stock fee to the cent, as a locked position that cannot be closed before the lock-up ends', async () => {
    const p = await spo();
    const u = await unlocked(p.id);
    expect(await stockWallet(u.token)).toEqual({ balance: '5000.00', usedBalance: '0.00' });

    const r = await buy(u.token, p.id, '25');
    expect(r.code, r.msg).toBe(200);
    // 25 x 190.00 EUR = 4750.00 EUR held as the position's margin (leverage 1); fee 4750.00 x 0.05 % = 2.375 -> 2.38.
    expect(r.data).toMatchObject({
      placementId: p.id,
      symbol: SAP,
      kind: 'SPO',
      price: '190.00',
      quantity: '25',
      amount: '4750.00',
      fee: '2.38',
      total: '4752.38',
    });
    expect(r.data).toMatchObject({ walletCode: 'STOCK', walletCurrency: 'EUR', positionOpen: true, openQuantity: '25', sellableQuantity: '0', locked: true });
    const lockedUntil = r.data.lockedUntilTimestamp as number;
    expect(Math.abs(lockedUntil - (now() + 30 * DAY))).toBeLessThan(60_000);
    // 5000.00 - 4750.00 - 2.38 = 247.62 available; 4750.00 held.
    expect(await stockWallet(u.token)).toEqual({ balance: '247.62', usedBalance: '4750.00' });

    // The journal: the shares' money to the held side, the fee to the house, one balanced order.open journal of the position.
    const entries = await h.db.query<{ kind: string; user_id: number | null; code: string; part: string; amount: string }>(
      `select j.kind, a.user_id, a.code, a.part, e.amount from placement_orders o join ledger_journals j on j.id = o.journal_id
         join ledger_entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id where o.id = $1 order by e.amount`,
      [r.data.id],
    );
    expect(entries.map((e) => [e.kind, e.user_id === null ? 'house' : 'user', e.code, e.part, new Dec(e.amount).toFixed(2)])).toEqual([
      ['order.open', 'user', 'STOCK', 'available', '-4752.38'],
      ['order.open', 'house', 'fees', 'house', '2.38'],
      ['order.open', 'user', 'STOCK', 'held', '4750.00'],
    ]);

    // The position: at the placement price, leverage 1, from placing stock (source 8), with the lock-up.
    const pos = await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: r.data.positionId } });
    expect(pos.data).toMatchObject({
      status: 1,
      direction: 0,
      openPrice: '190.00',
      quantity: '25',
      leverage: 1,
      margin: '4750.00',
      handlingFee: '2.38',
      walletCode: 'STOCK',
      source: 8,
      lockedUntilTimestamp: lockedUntil,
    });
    expect((await call(h, 'GET', `/web/operator/placements/${p.id}`, { token: op })).data).toMatchObject({
      quantitySold: '25',
      quantityRemaining: '975',
      orderCount: 1,
    });

    // Locked: the close is refused with the date, the sellable count is zero.
    const before = await everything(u.id);
    const close = await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: idem(), body: { id: r.data.positionId } });
    expect([close.status, close.msg]).toEqual([422, `Placement shares are locked up until ${utcMinute(lockedUntil)} UTC`]);
    expect(
      (await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: idem(), body: { id: r.data.positionId, quantity: '5' } })).status,
    ).toBe(422);
    expect(await everything(u.id)).toBe(before);
    const count = await call(h, 'POST', '/web/position/getPlacingFlatCount', { token: u.token, body: { stockCode: SAP } });
    expect(count.data).toEqual({
      quantity: '25',
      sellable: '0',
      locked: '25',
      nextUnlockTimestamp: lockedUntil,
      positions: [{ positionId: r.data.positionId, symbol: SAP, quantity: '25', sellable: '0', lockedUntilTimestamp: lockedUntil }],
    });
    const orders = await call(h, 'POST', '/web/position/placing_subscription', { token: u.token, body: {} });
    expect(orders.data).toMatchObject({ total: 1, list: [{ id: r.data.id, locked: true, sellableQuantity: '0', lockedUntilTimestamp: lockedUntil }] });

    // Past the lock-up: all of it is sellable and the close goes through.
    offset += 30 * DAY + 60_000;
    try {
      const later = await call(h, 'POST', '/web/position/getPlacingFlatCount', { token: u.token, body: { positionId: r.data.positionId } });
      expect(later.data).toMatchObject({ quantity: '25', sellable: '25', locked: '0', nextUnlockTimestamp: null });
      expect((await call(h, 'POST', '/web/position/placing_subscription', { token: u.token, body: {} })).data.list[0]).toMatchObject({
        locked: false,
        sellableQuantity: '25',
      });
      const part = await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: idem(), body: { id: r.data.positionId, quantity: '10' } });
      expect(part.code, part.msg).toBe(200);
      expect((await call(h, 'POST', '/web/position/getPlacingFlatCount', { token: u.token, body: {} })).data).toMatchObject({ quantity: '15', sellable: '15' });
      const rest = await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: idem(), body: { id: r.data.positionId } });
      expect(rest.code, rest.msg).toBe(200);
      expect((await call(h, 'POST', '/web/position/placing_subscription', { token: u.token, body: {} })).data.list[0]).toMatchObject({
        positionOpen: false,
        openQuantity: '0',
        sellableQuantity: '0',
      });
      expect((await call(h, 'POST', '/web/position/getPlacingFlatCount', { token: u.token, body: {} })).data).toMatchObject({
        quantity: '0',
        sellable: '0',
        positions: [],
      });
    } finally {
      offset -= 30 * DAY + 60_000;
    }
  });

  it('refuses what may not be bought, changing nothing: no identity, no key, closed window, below the minimum, off the lot, more than is left, short of money', async () => {
    const p = await spo({ quantity: '50', minQuantity: '10' });
    const a = await unlocked(p.id, '10000.00');
    const b = await unlocked(p.id, '10000.00');
    const poor = await unlocked(p.id, '100.00');
    const stranger = await investor('5000.00');

    // A key entered before the identity was verified does not let the purchase through.
    const unverified = await registerUser(h);
    expect((await issue(p.id, unverified.username)).code).toBe(200);
    expect((await enter(unverified.token, await keyFromNotice(unverified.token))).code).toBe(200);

    const refusals: [string, { token: string; id: number }, number, string, string][] = [
      ['no identity', unverified, p.id, '10', 'Verify your identity first'],
      ['no key', stranger, p.id, '10', 'Enter your key for this placement first'],
      ['below the minimum', a, p.id, '9', 'Buy at least 10 shares in this placement'],
      ['off the lot', a, p.id, '10.5', 'The quantity must be a multiple of 1 and at least 10'],
      ['more than offered', a, p.id, '51', 'Only 50 shares of this placement are left'],
      ['short of money', poor, p.id, '10', 'Insufficient balance'],
      ['no such placement', a, 999_999, '10', 'Not found'],
    ];
    for (const [what, u, id, q, message] of refusals) {
      const before = await everything(u.id);
      const r = await buy(u.token, id, q);
      expect(r.msg, what).toBe(message);
      expect(await everything(u.id), what).toBe(before);
    }
    expect((await buy(a.token, p.id, '')).msg).toBe('Please add quantity');

    // Two buyers at once for 30 each of 50: one gets them, the other is told what is left.
    const both = await Promise.all([buy(a.token, p.id, '30'), buy(b.token, p.id, '30')]);
    expect(both.map((x) => x.status).sort()).toEqual([200, 422]);
    expect(both.find((x) => x.status === 422)!.msg).toBe('Only 20 shares of this placement are left');
    const loser = both[0]!.status === 422 ? b : a;
    expect((await buy(loser.token, p.id, '20')).code).toBe(200);
    const before = await everything(loser.id);
    expect((await buy(loser.token, p.id, '10')).msg).toBe('Only 0 shares of this placement are left');
    expect(await everything(loser.id)).toBe(before);
    const sold = await call(h, 'GET', `/web/operator/placements/${p.id}`, { token: op });
    expect(sold.data).toMatchObject({ state: 'soldOut', quantitySold: '50', quantityRemaining: '0', orderCount: 2 });

    // Not yet open, then closed early: refused.
    const later = await spo({ opensAtTimestamp: now() + DAY, closesAtTimestamp: now() + 2 * DAY });
    const c = await unlocked(later.id);
    expect((await enter(c.token, c.key)).data.state).toBe('upcoming');
    expect((await buy(c.token, later.id, '10')).msg).toBe('This placement is not open for purchases');
    const open = await spo();
    const d = await unlocked(open.id);
    const closed = await call(h, 'POST', `/web/operator/placements/${open.id}/close`, { token: op, body: { reason: 'Demand met' } });
    expect(closed.data).toMatchObject({ state: 'closed', status: 'closed', closeReason: 'Demand met' });
    expect((await call(h, 'POST', `/web/operator/placements/${open.id}/close`, { token: op, body: { reason: 'again' } })).msg).toBe(
      'This placement is already closed or over',
    );
    expect((await issue(open.id, d.id)).msg).toBe('This placement is already closed or over');
    const beforeD = await everything(d.id);
    expect((await buy(d.token, open.id, '10')).msg).toBe('This placement is not open for purchases');
    expect(await everything(d.id)).toBe(beforeD);
    expect((await audit(open.id)).map((e) => [e.action, e.reason])).toEqual([
      ['placement.close', 'Demand met'],
      ['placement.issueKey', null],
      ['placement.create', null],
    ]);
  });

  it('keeps each investor to their own orders and positions; the market lists the running placements', async () => {
    const p = await spo();
    const a = await unlocked(p.id);
    const bought = await buy(a.token, p.id, '10');
    expect(bought.code).toBe(200);
    const other = await investor('5000.00');
    expect((await call(h, 'POST', '/web/position/placing_subscription', { token: other.token, body: {} })).data).toMatchObject({ list: [], total: 0 });
    expect(
      (await call(h, 'POST', '/web/position/getPlacingFlatCount', { token: other.token, body: { positionId: bought.data.positionId } })).data,
    ).toMatchObject({ quantity: '0', positions: [] });
    expect((await call(h, 'POST', '/web/position/flatPosition', { token: other.token, headers: idem(), body: { id: bought.data.positionId } })).status).toBe(
      404,
    );
    expect((await call(h, 'GET', `/web/operator/placements/${p.id}`, { token: a.token })).status).toBe(403);
    expect((await call(h, 'POST', '/web/placing_order/checkSecret', { body: { key: a.key } })).status).toBe(401);

    // The public list: running placements with their fixed price and window; the window call agrees.
    const sale = await call(h, 'POST', '/web/m_ft/sale_list', { body: { size: 100 } });
    const row = sale.data.list.find((x: any) => x.id === p.id);
    expect(row).toMatchObject({
      symbol: SAP,
      kind: 'SPO',
      price: '190.00',
      minQuantity: '10',
      open: true,
      nextChangeTimestamp: p.closesAtTimestamp,
      quote: { symbol: SAP },
    });
    const time = await call(h, 'POST', '/web/m_ft/get_sale_time', { body: { symbol: SAP } });
    expect(time.data).toMatchObject({ symbol: SAP, open: true });
    const list = await call(h, 'GET', '/web/operator/placements?state=open&size=100', { token: op });
    expect(list.data.list.find((x: any) => x.id === p.id)).toMatchObject({ state: 'open', orderCount: 1, keyCount: 1 });
    expect((await call(h, 'GET', '/web/operator/placements?state=closed&size=100', { token: op })).data.list.every((x: any) => x.state === 'closed')).toBe(
      true,
    );
  });

  it('takes the discount from the last completed session’s close: on a Monday before the open, Friday’s, never Thursday’s', async () => {
    const saved = offset;
    const made: number[] = [];
    try {
      const closeOf = (day: string) => market.provider.candles(SAP, '1d', Date.parse(`${day}T00:00:00Z`), Date.parse(`${day}T23:59:59Z`))[0]!.close;
      const thursday = closeOf('2026-11-26');
      const friday = closeOf('2026-11-27');
      // Two closes the test can tell apart.
      expect(friday).not.toBe(thursday);
      const at = async (iso: string) => {
        offset = Date.parse(iso) - Date.now();
        const p = await spo({ price: '190.00' });
        made.push(p.id);
        return p;
      };
      // Monday 30 November 2026, 08:00 in Frankfurt (07:00 UTC), an hour before XETRA opens: Friday's
      // close, and the discount (Friday's close - 190.00) / Friday's close, in percent to two places.
      const monday = await at('2026-11-30T07:00:00Z');
      expect(monday).toMatchObject({ lastClose: friday, discountPercent: new Dec(friday).sub('190.00').div(friday).mul(100).toFixed(2) });
      // Monday at noon, its session under way: still Friday's.
      expect((await at('2026-11-30T11:00:00Z')).lastClose).toBe(friday);
      // Friday 27th at 17:30 in Frankfurt, the closing auction still running (to 17:35): Thursday's;
      // at 17:40, Friday's own.
      expect((await at('2026-11-27T16:30:00Z')).lastClose).toBe(thursday);
      expect((await at('2026-11-27T16:40:00Z')).lastClose).toBe(friday);
    } finally {
      offset = saved;
      // Closed again, so the windows of a clock moved about stay out of the other tests' lists.
      for (const id of made) await call(h, 'POST', `/web/operator/placements/${id}/close`, { token: op, body: { reason: 'Clock test done' } });
    }
  });
});
