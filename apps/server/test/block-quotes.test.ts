import { randomUUID } from 'node:crypto';
import { LEVERAGE_RISK_VERSION } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, drivers, operatorToken, registerUser, startServer, uploadImage, type Harness } from './harness';
import { scriptedMarket } from './scripted';

// Block trading's request for quote through HTTP (decision 0019, "Block trades"): only an active
// block trader, at least 10,000 shares of a block-list stock, a price the house computes from the
// mid within the ±3 % band, firm for 30 seconds on the desk's clock (which the test moves), accepted
// once into a position with exact cents, invisible to anyone else, and no print on the market.

describe.each(await drivers())('block quotes on %s', (driver) => {
  let h: Harness;
  let op: string;
  const market = scriptedMarket();
  // The desk's and the market's clock: pinned, so a quote's 30 seconds pass only when the test says.
  let clock = Date.parse('2026-11-24T15:00:00Z');
  beforeAll(async () => {
    h = await startServer(driver, { TRANSFER_SETTLE_SECONDS: '1' }, { provider: market.provider, now: () => clock });
    op = await operatorToken(h);
    // Mid = last: the scripted quote is one tick either side of it.
    market.set('AAPL', '40.00');
    market.set('MSFT', '12.34');
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const key = () => ({ 'idempotency-key': randomUUID() });
  const ask = (token: string, body: object, lang?: string) => call(h, 'POST', '/web/blockTrade/create', { token, body, ...(lang ? { lang } : {}) });
  const accept = (token: string, id: number, headers: Record<string, string> = key()) =>
    call(h, 'POST', '/web/blockTrade/accept', { token, headers, body: { id } });
  const aaplBuy = { stockCode: 'AAPL', direction: 0, quantity: '10000', leverage: 5 };

  async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, ms = 8000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await probe();
      if (done(v) || Date.now() > deadline) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** A registered investor whose identity an operator verified. */
  async function verified() {
    const u = await registerUser(h);
    const frontUrl = await uploadImage(h, u.token);
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Anna', lastName: 'de Vries', country: 'NL', idType: 'passport', idNumber: 'NX1234567', frontUrl },
    });
    const [row] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1 order by id desc limit 1', [u.id]);
    expect((await call(h, 'POST', `/web/operator/kyc/${row!.id}/approve`, { token: op, body: {} })).code).toBe(200);
    return { ...u, frontUrl };
  }

  /** An investor whose application was approved, the key not entered yet. */
  async function approved() {
    const u = await verified();
    expect((await call(h, 'POST', '/web/blockTrade/apply', { token: u.token, body: {} })).code).toBe(200);
    const [a] = await h.db.query<{ id: number }>('select id from block_trade_activations where user_id = $1 order by id desc limit 1', [u.id]);
    expect((await call(h, 'POST', `/web/operator/blockTrades/${a!.id}/approve`, { token: op, body: {} })).code).toBe(200);
    const notices = await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token });
    const body = notices.data.list.find((n: { kind: string }) => n.kind === 'blockTrade.approved').body as string;
    return { ...u, applicationId: a!.id, key: body.match(/[A-Z2-9]{4}(-[A-Z2-9]{4}){3}/)![0] };
  }

  /** An active block trader with `eur` euros moved to the US stock wallet at EURUSD 1.25 (PINNED_RATES). */
  async function trader(eur = '70000') {
    const u = await approved();
    expect((await call(h, 'POST', '/web/blockTrade/checkSecret', { token: u.token, body: { key: u.key } })).data.status).toBe('active');
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'fiat', currency: 'EUR', amount: eur, proofUrl: u.frontUrl },
    });
    await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    const t = await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'US_STOCK', amount: eur } });
    const settled = await until(
      () => call(h, 'POST', '/web/wallet/transferList', { token: u.token, body: {} }),
      (r) => r.data.list.find((x: { id: number }) => x.id === t.data.id)?.status === 1,
    );
    expect(settled.data.list.find((x: { id: number }) => x.id === t.data.id).status).toBe(1);
    return u;
  }

  async function usStock(token: string) {
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} });
    const w = r.data.find((x: { code: string }) => x.code === 'US_STOCK');
    return { balance: w.balance as string, usedBalance: w.usedBalance as string };
  }

  /** What a user's state is: wallet, positions, journals and quote rows; compared before and after a refusal. */
  async function stateOf(u: { id: number; token: string }) {
    const [counts] = await h.db.query<{ positions: number; journals: number; quotes: string }>(
      `select (select count(*)::int from positions where user_id = $1) as positions,
              (select count(*)::int from ledger_journals where user_id = $1) as journals,
              (select string_agg(id || ':' || status || ':' || coalesce(position_id, 0), ',' order by id) from block_quotes where user_id = $1) as quotes`,
      [u.id],
    );
    return { wallet: await usStock(u.token), ...counts };
  }

  /** The quote the market shows of a symbol: what a block print must not move. */
  async function printed(symbol: string) {
    const q = (await call(h, 'GET', `/web/m_ft/detail_quote?symbol=${symbol}`, {})).data;
    return { last: q.price_nominal, high: q.high, low: q.low, open: q.open, volume: q.volume, bid: q.bid, ask: q.ask, change: q.change };
  }

  it('refuses anyone but an active block trader with the specification’s messages, and writes nothing', async () => {
    const unverified = await registerUser(h);
    const r = await ask(unverified.token, aaplBuy);
    expect([r.status, r.msg]).toEqual([422, 'block trading authority not yet opened']);
    expect((await ask(unverified.token, aaplBuy, 'nl')).msg).toBe('bevoegdheid voor blokhandel nog niet geopend');
    expect((await ask(unverified.token, aaplBuy, 'zh_Hans_CN')).msg).toBe('大宗交易权限尚未开通');

    const applying = await verified();
    expect((await ask(applying.token, aaplBuy)).msg).toBe('block trading authority not yet opened');
    await call(h, 'POST', '/web/blockTrade/apply', { token: applying.token, body: {} });
    const waiting = await ask(applying.token, aaplBuy);
    expect([waiting.status, waiting.msg]).toEqual([409, 'transaction permissions under review']);
    expect((await ask(applying.token, aaplBuy, 'zh_Hans_CN')).msg).toBe('交易权限审核中');

    // Approved, the key not entered yet: not opened.
    const keyed = await approved();
    expect((await ask(keyed.token, aaplBuy)).msg).toBe('block trading authority not yet opened');
    expect((await call(h, 'POST', '/web/blockTrade/accept', { token: keyed.token, headers: key(), body: { id: 1 } })).msg).toBe(
      'block trading authority not yet opened',
    );
    expect((await call(h, 'POST', '/web/blockTrade/create', { body: aaplBuy })).status).toBe(401);
    expect(await h.db.query('select id from block_quotes where user_id = any($1::bigint[])', [[unverified.id, applying.id, keyed.id]])).toHaveLength(0);
  });

  it('refuses what is not a block: under 10,000 shares, off the lot grid, another instrument, a leverage not offered, above the retail cap unacknowledged, a closed market', async () => {
    const u = await trader('1000');
    const refusal = async (body: object, lang?: string) => {
      const r = await ask(u.token, { ...aaplBuy, ...body }, lang);
      return [r.status, r.msg, r.data?.fields ?? null];
    };
    expect(await refusal({ quantity: '9999' })).toEqual([400, 'A block trade is at least 10000 shares and a multiple of 1', { quantity: 'e.blockQuantity' }]);
    expect((await refusal({ quantity: '9999' }, 'nl'))[1]).toBe('Een blokorder is minstens 10000 aandelen en een veelvoud van 1');
    expect((await refusal({ quantity: '9999' }, 'zh_Hans_CN'))[1]).toBe('大宗交易数量须不少于10000股且为1的整数倍');
    expect(await refusal({ quantity: '10000.5' })).toEqual([
      400,
      'A block trade is at least 10000 shares and a multiple of 1',
      { quantity: 'e.blockQuantity' },
    ]);
    expect(await refusal({ quantity: '' })).toEqual([400, 'Please add quantity', { quantity: 'v.addQuantity' }]);
    for (const stockCode of ['BTCUSDT', 'EURUSD', '0700', 'NOPE']) {
      expect(await refusal({ stockCode }), stockCode).toEqual([
        400,
        'Block trades are open for the stocks of the block list only',
        { stockCode: 'e.blockStock' },
      ]);
    }
    expect(await refusal({ leverage: 3 })).toEqual([400, 'This leverage is not allowed for this instrument', { leverage: 'e.leverageNotAllowed' }]);
    // Shares' retail cap is 5: 10 needs the risk acknowledged first, as for /stock/create.
    const capped = await refusal({ leverage: 10 });
    expect(capped.slice(0, 1)).toEqual([422]);
    expect(capped[2]).toEqual({ leverage: 'e.leverageRiskUnacknowledged' });
    market.set('AAPL', '40.00', false);
    const closed = await refusal({});
    expect(closed[0]).toBe(422);
    expect(closed[1]).toMatch(/^The market is closed; it opens at /);
    market.set('AAPL', '40.00');
    expect(await h.db.query('select id from block_quotes where user_id = $1', [u.id])).toHaveLength(0);
  });

  it('lists the block stocks with their reference price and band', async () => {
    const r = await call(h, 'POST', '/web/m_ft/block_list', { body: { size: 100 } });
    expect(r.code).toBe(200);
    expect(r.data).toMatchObject({ bandPercent: '3', minQuantity: '10000', quoteSeconds: 30 });
    const aapl = r.data.list.find((q: { symbol: string }) => q.symbol === 'AAPL');
    // Mid (39.99 + 40.01) / 2 = 40.00; band 40 x 0.97 = 38.80 to 40 x 1.03 = 41.20.
    expect(aapl).toMatchObject({ source: 4, bid: '39.99', ask: '40.01', block: { referencePrice: '40.00', bandLow: '38.80', bandHigh: '41.20' } });
    expect(
      r.data.list.every((q: { market: string; assetClass: string; source: number }) => q.market === 'US' && q.assetClass === 'stock' && q.source === 4),
    ).toBe(true);
  });

  it('quotes at once: the mid moved against the investor by the block spread, on the tick grid, inside the band, exactly as computed', async () => {
    const u = await trader();
    const before = await stateOf(u);
    const buy = await ask(u.token, aaplBuy);
    expect(buy.code).toBe(200);
    // Mid 40.00; 10,000 shares: spread 0.10 %, 40 x 1.001 = 40.04 (+0.04, +0.10 %). Notional
    // 10,000 x 40.04 = 400,400.00 USD; margin at 5x 80,080.00; fee 400,400 x 0.05 % = 200.20; together 80,280.20.
    expect(buy.data).toEqual({
      id: expect.any(Number),
      symbol: 'AAPL',
      stockCode: 'AAPL',
      stockName: 'Apple Inc.',
      market: 'US',
      currency: 'USD',
      tickSize: '0.01',
      walletCode: 'US_STOCK',
      walletCurrency: 'USD',
      direction: 0,
      quantity: '10000',
      leverage: 5,
      referencePrice: '40.00',
      spread: '0.001',
      price: '40.04',
      bandPercent: '3',
      bandLow: '38.80',
      bandHigh: '41.20',
      difference: '0.04',
      differencePercent: '0.10',
      notional: '400400.00',
      margin: '80080.00',
      fee: '200.20',
      total: '80280.20',
      status: 'quoted',
      createTimeTimestamp: clock,
      expiresAtTimestamp: clock + 30_000,
      acceptTimeTimestamp: null,
      positionId: null,
      timestamp: clock,
    });
    // A sell of 25,000: 0.10 % + 0.01 % = 0.11 %; 12.34 x 0.9989 = 12.326426, down to the tick 12.32
    // (against the investor: 0.16 % under the mid). 308,000.00 USD notional, margin at 2x 154,000.00.
    const sell = await ask(u.token, { stockCode: 'MSFT', direction: 1, quantity: '25000', leverage: 1 });
    expect(sell.status).toBe(422); // 308,154.00 USD is more than the wallet's 87,500.00
    const smaller = await ask(u.token, { stockCode: 'msft', direction: 1, quantity: '25000', leverage: 5 });
    expect(smaller.data).toMatchObject({
      symbol: 'MSFT',
      direction: 1,
      referencePrice: '12.34',
      spread: '0.0011',
      price: '12.32',
      bandLow: '11.97',
      bandHigh: '12.71',
      difference: '-0.02',
      differencePercent: '-0.16',
      notional: '308000.00',
      margin: '61600.00',
      fee: '154.00',
      total: '61754.00',
    });
    // The band is the database's rule too: a price outside it cannot be written.
    for (const q of [buy.data, smaller.data]) expect(Number(q.price) >= Number(q.bandLow) && Number(q.price) <= Number(q.bandHigh)).toBe(true);
    // Asking moves no money.
    expect((await stateOf(u)).wallet).toEqual(before.wallet);
    expect((await call(h, 'GET', '/web/blockTrade/quotes', { token: u.token })).data.list.map((q: { id: number; status: string }) => [q.id, q.status])).toEqual(
      [
        [smaller.data.id, 'quoted'],
        [expect.any(Number), 'refused'],
        [buy.data.id, 'quoted'],
      ],
    );
  });

  it('accepts within the time: a block position at the quoted price with exact cents, and no print on the market', async () => {
    const u = await trader();
    const quote = (await ask(u.token, aaplBuy)).data;
    clock += 29_999;
    // At one instant of the pinned clock: the quote before the print and after it.
    const snapshot = await printed('AAPL');
    const r = await accept(u.token, quote.id);
    expect(r.code).toBe(200);
    expect(r.data.quote).toMatchObject({ id: quote.id, status: 'accepted', acceptTimeTimestamp: clock, positionId: r.data.position.id, price: '40.04' });
    expect(r.data.position).toMatchObject({
      status: 1,
      source: 4,
      symbol: 'AAPL',
      direction: 0,
      type: 0,
      openPrice: '40.04',
      quantity: '10000',
      leverage: 5,
      walletCode: 'US_STOCK',
      margin: '80080.00',
      handlingFee: '200.20',
      totalAmount: '400400.00',
      largeOrder: true,
    });
    // 70,000.00 EUR at 1.25 = 87,500.00 USD; less 80,080.00 held and 200.20 paid: 7,219.80 free.
    expect(await usStock(u.token)).toEqual({ balance: '7219.80', usedBalance: '80080.00' });
    // One balanced journal, trading's own: available -> held (margin), available -> house fees (fee).
    const entries = await h.db.query<{ kind: string; code: string; part: string; amount: string }>(
      `select j.kind, a.code, a.part, e.amount::text from ledger_journals j join ledger_entries e on e.journal_id = j.id join ledger_accounts a on a.id = e.account_id
        where j.ref_type = 'position' and j.ref_id = $1 order by e.amount`,
      [r.data.position.id],
    );
    expect(entries.map((e) => [e.kind, e.code, e.part, Number(e.amount).toFixed(2)])).toEqual([
      ['order.open', 'US_STOCK', 'available', '-80280.20'],
      ['order.open', 'fees', 'house', '200.20'],
      ['order.open', 'US_STOCK', 'held', '80080.00'],
    ]);
    const detail = await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: r.data.position.id } });
    expect(detail.data.history.map((e: { event: string; price: string }) => [e.event, e.price])).toEqual([
      ['placed', '40.04'],
      ['filled', '40.04'],
    ]);
    const notices = await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token });
    expect(notices.data.list[0]).toMatchObject({ kind: 'order.filled' });
    // Our simulated market is not moved by trades: the quote after the print is the quote before it.
    expect(await printed('AAPL')).toEqual(snapshot);
  });

  it('refuses a quote accepted when its 30 seconds are over, and nothing changes', async () => {
    const u = await trader();
    const quote = (await ask(u.token, aaplBuy)).data;
    const before = await stateOf(u);
    clock += 30_000;
    const late = await accept(u.token, quote.id);
    expect([late.status, late.msg]).toEqual([422, 'This quote has expired: request a new one']);
    expect((await call(h, 'POST', '/web/blockTrade/accept', { token: u.token, headers: key(), body: { id: quote.id }, lang: 'nl' })).msg).toBe(
      'Deze koers is verlopen: vraag een nieuwe aan',
    );
    expect(await stateOf(u)).toEqual(before);
    expect((await call(h, 'GET', '/web/blockTrade/quotes', { token: u.token })).data.list[0]).toMatchObject({
      id: quote.id,
      status: 'expired',
      positionId: null,
    });
    // A new request is quoted afresh, on the desk's clock.
    const fresh = (await ask(u.token, aaplBuy)).data;
    expect([fresh.status, fresh.expiresAtTimestamp]).toEqual(['quoted', clock + 30_000]);
  });

  it('refuses a second accept and changes nothing; a repeat under the same key answers the first', async () => {
    const u = await trader();
    const quote = (await ask(u.token, aaplBuy)).data;
    const first = key();
    const r = await accept(u.token, quote.id, first);
    expect(r.code).toBe(200);
    const after = await stateOf(u);
    const again = await accept(u.token, quote.id);
    expect([again.status, again.msg]).toEqual([409, 'This quote has already been accepted']);
    expect((await accept(u.token, quote.id, first)).data.position.id).toBe(r.data.position.id);
    expect(await stateOf(u)).toEqual(after);

    // Two accepts at once: one position.
    const v = await trader();
    const q2 = (await ask(v.token, aaplBuy)).data;
    const both = await Promise.all([accept(v.token, q2.id), accept(v.token, q2.id)]);
    expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
    expect(await h.db.query('select id from positions where user_id = $1', [v.id])).toHaveLength(1);
    expect(await usStock(v.token)).toEqual({ balance: '7219.80', usedBalance: '80080.00' });
  });

  it('keeps a quote to its investor: another cannot see it or accept it', async () => {
    const a = await trader();
    const b = await trader('1000');
    const quote = (await ask(a.token, aaplBuy)).data;
    const before = await stateOf(a);
    const stolen = await accept(b.token, quote.id);
    expect([stolen.status, stolen.msg]).toEqual([404, 'Not found']);
    expect((await call(h, 'GET', '/web/blockTrade/quotes', { token: b.token })).data).toMatchObject({ list: [], total: 0 });
    expect(await stateOf(a)).toEqual(before);
    expect((await accept(a.token, quote.id)).code).toBe(200);
  });

  it('takes leverage above the retail cap once the risk is acknowledged, and closes with a revoked key', async () => {
    const u = await trader();
    await call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { token: u.token, body: { version: LEVERAGE_RISK_VERSION } });
    const quote = (await ask(u.token, { ...aaplBuy, leverage: 10 })).data;
    // 400,400.00 / 10 = 40,040.00 margin; the fee is the same 200.20.
    expect([quote.margin, quote.fee, quote.total]).toEqual(['40040.00', '200.20', '40240.20']);
    const live = (await ask(u.token, aaplBuy)).data;
    expect((await accept(u.token, quote.id)).data.position).toMatchObject({ leverage: 10, margin: '40040.00', source: 4 });

    // The operator closes block trading: the investor's live quote can no longer be accepted.
    expect((await call(h, 'POST', `/web/operator/blockTrades/${u.applicationId}/revoke`, { token: op, body: { reason: 'Closed on request' } })).code).toBe(200);
    const before = await stateOf(u);
    expect((await accept(u.token, live.id)).msg).toBe('block trading authority not yet opened');
    expect(await stateOf(u)).toEqual(before);
  });

  it('shows the back office every investor’s quotes by status, refusals with their reason; to operators only', async () => {
    const u = await trader('1000');
    const refused = await ask(u.token, aaplBuy);
    expect([refused.status, refused.msg]).toEqual([422, 'Insufficient balance']);
    const list = async (status?: string) =>
      (await call(h, 'GET', `/web/operator/blockQuotes?size=100${status ? `&status=${status}` : ''}`, { token: op })).data;
    const mine = (await list('refused')).list.find((q: { userId: number }) => q.userId === u.id);
    expect(mine).toMatchObject({ userName: u.username, status: 'refused', refusal: 'e.insufficientFunds', price: '40.04', total: '80280.20' });
    for (const status of ['quoted', 'expired', 'accepted', 'refused']) {
      const page = await list(status);
      expect(
        page.list.every((q: { status: string }) => q.status === status),
        status,
      ).toBe(true);
      expect(page.total, status).toBe(page.list.length);
    }
    const all = await list();
    expect(all.total).toBe((await list('quoted')).total + (await list('expired')).total + (await list('accepted')).total + (await list('refused')).total);
    expect(all.list.map((q: { id: number }) => q.id)).toEqual([...all.list.map((q: { id: number }) => q.id)].sort((x, y) => y - x));
    expect((await call(h, 'GET', '/web/operator/blockQuotes', { token: u.token })).status).toBe(403);
    expect((await call(h, 'GET', '/web/operator/blockQuotes?status=open', { token: op })).status).toBe(400);
  });

  it('deals only in the regular session of a trading day, naming when the desk opens again, and quotes no further than its close', async () => {
    const u = await trader();
    const pinned = clock;
    try {
      const refusal = async (iso: string, lang?: string) => {
        clock = Date.parse(iso);
        const r = await ask(u.token, aaplBuy, lang);
        return [r.status, r.data?.key, r.msg];
      };
      // Saturday 28 November 2026: the next session is Monday the 30th's, 09:30 in New York.
      expect(await refusal('2026-11-28T15:00:00Z')).toEqual([
        400,
        'e.blockHours',
        'Block trades are dealt during US trading hours; the desk opens again at 30/11/2026 09:30 AM (New York time)',
      ]);
      expect((await refusal('2026-11-28T15:00:00Z', 'nl'))[2]).toBe(
        'Blokhandel gebeurt tijdens de handelsuren van New York; de desk opent weer op 30-11-2026 09:30 (New Yorkse tijd)',
      );
      // Tuesday the 24th at 08:00 New York (13:00 UTC, EST), the pre-market: the same day's 09:30 open.
      expect((await refusal('2026-11-24T13:00:00Z'))[2]).toBe(
        'Block trades are dealt during US trading hours; the desk opens again at 24/11/2026 09:30 AM (New York time)',
      );
      // Thanksgiving, Thursday the 26th: Friday the 27th, a half day, from 09:30.
      expect((await refusal('2026-11-26T15:00:00Z'))[2]).toBe(
        'Block trades are dealt during US trading hours; the desk opens again at 27/11/2026 09:30 AM (New York time)',
      );
      expect(await h.db.query('select id from block_quotes where user_id = $1', [u.id])).toHaveLength(0);

      // Ten seconds before Tuesday's 16:00 close (21:00 UTC): firm until the close, not for 30 seconds.
      clock = Date.parse('2026-11-24T20:59:50Z');
      const late = await ask(u.token, aaplBuy);
      expect([late.status, late.data?.expiresAtTimestamp]).toEqual([200, Date.parse('2026-11-24T21:00:00Z')]);
      // After it, the quote has expired.
      clock = Date.parse('2026-11-24T21:00:00Z');
      expect((await accept(u.token, late.data.id)).data?.key).toBe('e.blockQuoteExpired');
    } finally {
      clock = pinned;
    }
  });
});
