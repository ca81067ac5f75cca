import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec, fixed } from '../src/lib/decimal';
import { call, drivers, operatorToken, registerUser, startServer, uploadImage, type Harness } from './harness';
import { scriptedMarket } from './scripted';

// Copy-following (decision 0020) through HTTP: the agencies' backfill and record, the follow's money,
// proportional copies, skipped copies, "cannot be sold after placing", the copy stop-loss, stopping,
// additions, ownership and the back office's pause. The agency trades here are scripted through the
// test route that takes the rule's own path (a rule trades once a day at most).

/** Tuesday 10 March 2026, 15:00 UTC: New York is open, and crypto always is. */
const NOW = Date.parse('2026-03-10T15:00:00Z');
const idem = () => ({ 'idempotency-key': randomUUID() });

interface AgencyWire {
  id: number;
  strategy: string;
  rank: number | null;
  record: { equity: string; nav: string; returns: Record<string, string | null>; maxDrawdown90: string; winRate: string | null; closedTrades: number };
  [k: string]: unknown;
}

describe.each(await drivers())('copy-following on %s', (driver) => {
  let h: Harness;
  let op: string;
  const now = () => NOW;
  const market = scriptedMarket('follow', undefined, now);
  beforeAll(async () => {
    // The agencies start today: none has traded yet, so each is worth its capital to the cent and a copy's size is known.
    h = await startServer(driver, { TEST_CLOCKS: '1', TRANSFER_SETTLE_SECONDS: '1', AGENCY_START: '2026-03-10' }, { provider: market.provider, now });
    op = await operatorToken(h);
    market.set('BTCUSDT', '50000.00');
    market.set('ETHUSDT', '2500.00');
    expect((await run()).code).toBe(200);
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const run = () => call(h, 'POST', '/web/test/agencies/run', { token: op, body: {} });
  const agencies = async () => (await call(h, 'GET', '/web/userFollowInvest/getInvestAgencyList')).data as { list: AgencyWire[]; ranking: number[] };
  const agencyId = async (strategy: string) => (await agencies()).list.find((a) => a.strategy === strategy)!.id;
  const scripted = (id: number, body: object) => call(h, 'POST', `/web/test/agencies/${id}/trade`, { token: op, body });
  const follow = (token: string, body: object, lang?: string) =>
    call(h, 'POST', '/web/userFollowInvest/add', { token, headers: idem(), body, ...(lang ? { lang } : {}) });
  const detail = (token: string, id: number) => call(h, 'POST', '/web/userFollowInvest/detail', { token, body: { id } });
  const followWallet = async (token: string) => {
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} });
    return r.data.find((w: { code: string }) => w.code === 'FOLLOW') as { balance: string; usedBalance: string; currency: string };
  };

  /** A verified investor with `eur` euros moved to the follow wallet: dollars at EURUSD 1.25 (the pinned rate). */
  async function investor(eur: string) {
    const u = await registerUser(h);
    const frontUrl = await uploadImage(h, u.token);
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Fenna', lastName: 'Follower', country: 'NL', idType: 'passport', idNumber: 'NX1122334', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    expect((await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} })).code).toBe(200);
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: idem(),
      body: { method: 'fiat', currency: 'EUR', amount: eur, proofUrl: frontUrl },
    });
    await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    const t = await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: idem(), body: { from: 'BALANCE', to: 'FOLLOW', amount: eur } });
    expect(t.code, t.msg).toBe(200);
    for (let n = 0; n < 100 && (await followWallet(u.token)).balance === '0.00'; n += 1) await new Promise((r) => setTimeout(r, 100));
    return u;
  }

  /** What a user's follow side is: journals, follows and positions; compared before and after a refusal. */
  async function stateOf(userId: number) {
    const [row] = await h.db.query<{ journals: number; follows: number; positions: number }>(
      `select (select count(*)::int from ledger_journals where user_id = $1) as journals, (select count(*)::int from follows where user_id = $1) as follows,
              (select count(*)::int from positions where user_id = $1) as positions`,
      [userId],
    );
    return row;
  }

  it('makes the follow wallet a dollar wallet: euros from the funding account arrive converted', async () => {
    const u = await investor('400');
    expect(await followWallet(u.token)).toMatchObject({ currency: 'USD', balance: '500.00', usedBalance: '0.00' });
  });

  it('lists the four agencies, each worth its capital before its first trade, and ranks none younger than 90 days', async () => {
    const list = await agencies();
    expect(list.list.map((a) => a.strategy).sort()).toEqual(['breakout', 'reversion', 'rotation', 'trend']);
    for (const a of list.list) {
      expect(a.record).toMatchObject({ equity: '100000.00', nav: '1.0000', closedTrades: 0, winRate: null });
      expect(a.record.returns.d90).toBeNull();
      expect(a.rank).toBeNull();
    }
    expect(list.ranking).toEqual([]);
  });

  it('refuses amounts outside 100 to 1,000,000 dollars and a stop-loss outside 5-95 % with their messages, and writes nothing', async () => {
    const u = await investor('400');
    const id = await agencyId('breakout');
    const before = await stateOf(u.id);
    for (const amount of ['99.99', '1000000.01']) {
      const r = await follow(u.token, { agencyId: id, amount });
      expect(r.code).toBe(400);
      expect(r.msg).toBe('The follow amount is between 100 and 1,000,000 dollars');
    }
    expect((await follow(u.token, { agencyId: id, amount: '100.001' })).msg).toBe('Amount: greater than 0, at most 2 decimals');
    expect((await follow(u.token, { agencyId: id, amount: '99' }, 'nl')).msg).toBe('Het volgbedrag ligt tussen 100 en 1.000.000 dollar');
    for (const stopLossPercent of [4, 96, 40.5]) {
      expect((await follow(u.token, { agencyId: id, amount: '200', stopLossPercent })).msg).toBe('The copy stop-loss is a whole percentage from 5 to 95');
    }
    // More than the wallet holds: the ledger refuses, nothing stays.
    expect((await follow(u.token, { agencyId: id, amount: '500.01' })).code).not.toBe(200);
    expect(await stateOf(u.id)).toEqual(before);
  });

  it('copies an agency trade in proportion to equity, floored to the lot, from the follow’s money; the copy cannot be sold; it closes with its agency', async () => {
    const u = await investor('400');
    const id = await agencyId('breakout');
    const started = await follow(u.token, { agencyId: id, amount: '500.00' });
    expect(started.code, started.msg).toBe(200);
    expect(started.data).toMatchObject({
      status: 'following',
      amount: '500.00',
      stopLossPercent: 40,
      stopLossEquity: '300.00',
      cash: '500.00',
      equity: '500.00',
      copies: [],
    });
    expect(await followWallet(u.token)).toMatchObject({ balance: '0.00', usedBalance: '500.00' });

    // The agency buys 1 BTC at the ask, 50,000.01: the follow's 500 of the agency's 100,000 is 0.005 BTC.
    const bought = await scripted(id, { open: { symbol: 'BTCUSDT', direction: 0, quantity: '1' } });
    expect(bought.code, bought.msg).toBe(200);
    let f = (await detail(u.token, started.data.id)).data;
    expect(f.copies).toHaveLength(1);
    const copy = f.copies[0];
    // 0.005 x 50,000.01 = 250.00005 of notional: margin at 2x 125.00, the 0.1 % fee 0.25.
    expect(copy).toMatchObject({
      followId: f.id,
      symbol: 'BTCUSDT',
      quantity: '0.005',
      openPrice: '50000.01',
      leverage: 2,
      margin: '125.00',
      handlingFee: '0.25',
      walletCode: 'FOLLOW',
    });
    expect(f).toMatchObject({ cash: '374.75', margin: '125.00', openCopies: 1, fees: '0.25' });
    // The copy's money came from the follow's (held) side: the wallet's free balance never moved; the fee left it.
    expect(await followWallet(u.token)).toMatchObject({ balance: '0.00', usedBalance: '499.75' });

    const sell = await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: idem(), body: { id: copy.id } });
    expect(sell.msg).toBe('This position follows its agency and cannot be sold after placing: stop following to close it');
    const margin = await call(h, 'POST', '/web/position/addPositionMargin', { token: u.token, headers: idem(), body: { id: copy.id, amount: '10' } });
    expect(margin.msg).toBe('This position follows its agency and cannot be sold after placing: stop following to close it');

    // BTC rises to 52,000.00: the agency sells at the bid, 51,999.99, and the copy with it, at the same price.
    market.set('BTCUSDT', '52000.00');
    const agencyPosition = (await call(h, 'GET', `/web/userFollowInvest/agency/${id}`)).data.open.find((p: { symbol: string }) => p.symbol === 'BTCUSDT');
    expect((await scripted(id, { close: agencyPosition.id })).code).toBe(200);
    f = (await detail(u.token, started.data.id)).data;
    expect(f.copies[0]).toMatchObject({ status: 3, closePrice: '51999.99', closeReason: 'agency' });
    // 0.005 x (51,999.99 − 50,000.01) = 9.9999 → 10.00 gross; closing fee 0.1 % of 259.99995 → 0.26; net 10.00 − 0.25 − 0.26 = 9.49.
    expect(f.copies[0].netProfit).toBe('9.49');
    expect(f).toMatchObject({ cash: '509.49', margin: '0.00', equity: '509.49', realised: '9.49', fees: '0.51', returnPercent: '1.90', openCopies: 0 });
    // The agency over the same time: 1 BTC, fees 50.00 and 52.00, net 1,897.98 on its 100,000.00: 1.89798 %. The two differ by the rounding of the copy's cents.
    expect(f.agencyReturnPercent).toBe('1.90');
    expect((await agencies()).list.find((a) => a.id === id)!.record.equity).toBe('101897.98');
    expect(await followWallet(u.token)).toMatchObject({ balance: '0.00', usedBalance: '509.49' });
  });

  it('answers no agency return, rather than failing, for a follow stamped before the agency held anything (the database’s clock behind the server’s)', async () => {
    const u = await investor('200');
    const started = await follow(u.token, { agencyId: await agencyId('breakout'), amount: '100.00' });
    expect(started.code, started.msg).toBe(200);
    await h.db.query("update follows set created_at = '2000-01-01T00:00:00Z' where id = $1", [started.data.id]);
    const f = await detail(u.token, started.data.id);
    expect(f.code, f.msg).toBe(200);
    expect(f.data).toMatchObject({ agencyReturnPercent: null, returnPercent: '0.00' });
  });

  it('skips a copy below the instrument’s minimum and lists it with the size it would have had', async () => {
    const u = await investor('80');
    const id = await agencyId('breakout');
    const started = await follow(u.token, { agencyId: id, amount: '100' });
    expect(started.code, started.msg).toBe(200);
    // 0.03 ETH x 100 / 100,000 = 0.00003 ETH, under the 0.0001 lot.
    expect((await scripted(id, { open: { symbol: 'ETHUSDT', direction: 0, quantity: '0.03' } })).code).toBe(200);
    const f = (await detail(u.token, started.data.id)).data;
    expect(f.copies).toEqual([]);
    expect(f.skipped).toEqual([
      expect.objectContaining({ symbol: 'ETHUSDT', reason: 'belowMinimum', agencyQuantity: '0.03', quantity: '0', minQuantity: '0.0001' }),
    ]);
    expect(f.skippedCopies).toBe(1);
  });

  it('adds money to a running follow: one journal, and the next copy is sized from the larger equity', async () => {
    const u = await investor('400');
    const id = await agencyId('trend');
    const started = await follow(u.token, { agencyId: id, amount: '200' });
    const added = await call(h, 'POST', '/web/orders/additions', { token: u.token, headers: idem(), body: { orderId: started.data.id, amount: '300' } });
    expect(added.code, added.msg).toBe(200);
    expect(added.data).toMatchObject({ amount: '500.00', cash: '500.00', additions: [expect.objectContaining({ amount: '300.00' })] });
    const [j] = await h.db.query<{ n: number }>("select count(*)::int as n from ledger_journals where kind = 'follow.add' and ref_id = $1", [started.data.id]);
    expect(j!.n).toBe(1);
    // The agency's first trade (its equity still its capital): 1 BTC x 500 / 100,000 = 0.005 BTC, not the 0.002 of 200 alone.
    expect((await scripted(id, { open: { symbol: 'BTCUSDT', direction: 0, quantity: '1' } })).code).toBe(200);
    expect((await detail(u.token, started.data.id)).data.copies.map((c: { quantity: string }) => c.quantity)).toEqual(['0.005']);
    expect((await call(h, 'POST', '/web/orders/additions', { token: u.token, headers: idem(), body: { orderId: started.data.id, amount: '0.001' } })).msg).toBe(
      'Amount: greater than 0, at most 2 decimals',
    );
  });

  it('keeps every follow its owner’s: another investor can neither read, add to nor stop it', async () => {
    const owner = await investor('400');
    const other = await investor('400');
    const started = await follow(owner.token, { agencyId: await agencyId('rotation'), amount: '150' });
    expect((await detail(other.token, started.data.id)).code).toBe(404);
    expect(
      (await call(h, 'POST', '/web/orders/additions', { token: other.token, headers: idem(), body: { orderId: started.data.id, amount: '10' } })).code,
    ).toBe(404);
    expect((await call(h, 'POST', '/web/userFollowInvest/stop', { token: other.token, headers: idem(), body: { id: started.data.id } })).code).toBe(404);
    const page = await call(h, 'POST', '/web/userFollowInvest/pageList', { token: other.token, body: {} });
    expect(page.data.list.map((f: { id: number }) => f.id)).not.toContain(started.data.id);
  });

  it('stops a follow when its equity falls to the copy stop-loss: every copy closed, the rest back in the wallet', async () => {
    market.set('BTCUSDT', '50000.00');
    const u = await investor('800');
    const id = await agencyId('breakout');
    const prior = (await call(h, 'GET', `/web/userFollowInvest/agency/${id}`)).data.open as Array<{ id: number }>;
    for (const p of prior) await scripted(id, { close: p.id });
    const started = await follow(u.token, { agencyId: id, amount: '1000', stopLossPercent: 5 });
    expect(started.code, started.msg).toBe(200);
    const agencyEquity = new Dec((await agencies()).list.find((a) => a.id === id)!.record.equity);
    expect((await scripted(id, { open: { symbol: 'BTCUSDT', direction: 0, quantity: '1' } })).code).toBe(200);
    const copy = (await detail(u.token, started.data.id)).data.copies[0];
    // The follow's 1,000 of the agency's equity, in 0.00001 lots.
    expect(copy.quantity).toBe(new Dec(1).mul(1000).div(agencyEquity).div('0.00001').floor().mul('0.00001').toFixed());
    // A 12 % fall at 2x takes about a quarter of the copy's margin: well past 5 % of the follow.
    market.set('BTCUSDT', '44000.00');
    expect((await run()).data.guarded).toBeGreaterThanOrEqual(1);
    const f = (await detail(u.token, started.data.id)).data;
    expect(f).toMatchObject({ status: 'stopped', stopReason: 'stopLoss', openCopies: 0, margin: '0.00', cash: '0.00' });
    expect(f.copies[0]).toMatchObject({ closeReason: 'copyStop', closePrice: '43999.99' });
    const returned = new Dec(1000).add(f.realised);
    expect(await followWallet(u.token)).toMatchObject({ balance: fixed(returned, 2), usedBalance: '0.00' });
    expect(new Dec(f.equity).lte(f.stopLossEquity)).toBe(true);
    // The investor is told twice: when the stop-loss fires, and when the money is back. (The margin
    // ladder may also have warned of a copy's fall meanwhile: a notice of its own, not the follow's.)
    const notices = ((await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token })).data.list as Array<{ kind: string; body: string }>).filter((n) =>
      n.kind.startsWith('follow.'),
    );
    expect(notices.map((n) => n.kind).slice(0, 2)).toEqual(['follow.stopped', 'follow.stopLoss']);
    expect(notices[1]!.body).toContain('Crypto breakout');
    expect(notices[1]!.body).toContain('5 % stop-loss (950.00 USD)');
    expect(notices[0]!.body).toContain(`${fixed(returned, 2)} USD returned to your follow wallet`);
  });

  it('lists an open agency position as skipped when "copy open trades" finds its market closed', async () => {
    market.set('BTCUSDT', '50000.00', false);
    try {
      const u = await investor('400');
      const started = await follow(u.token, { agencyId: await agencyId('breakout'), amount: '500', copyOpen: true });
      expect(started.code, started.msg).toBe(200);
      expect(started.data.copies).toEqual([]);
      expect(started.data.skipped).toEqual([expect.objectContaining({ symbol: 'BTCUSDT', reason: 'marketClosed' })]);
      expect((await call(h, 'POST', '/web/userFollowInvest/stop', { token: u.token, headers: idem(), body: { id: started.data.id } })).data.status).toBe(
        'stopped',
      );
    } finally {
      market.set('BTCUSDT', '50000.00');
    }
  });

  it('stops following on request: copies closed at market, the money returned, and the follow cannot be stopped twice', async () => {
    market.set('BTCUSDT', '50000.00');
    const u = await investor('400');
    const id = await agencyId('breakout');
    const started = await follow(u.token, { agencyId: id, amount: '500', copyOpen: true });
    expect(started.code, started.msg).toBe(200);
    // "Copy open trades": the agency's open BTC position, copied at the live ask.
    expect(started.data.copies).toHaveLength(1);
    expect(started.data.copies[0]).toMatchObject({ symbol: 'BTCUSDT', openPrice: '50000.01' });
    market.set('BTCUSDT', '50500.00');
    const stopped = await call(h, 'POST', '/web/userFollowInvest/stop', { token: u.token, headers: idem(), body: { id: started.data.id } });
    expect(stopped.code, stopped.msg).toBe(200);
    expect(stopped.data).toMatchObject({ status: 'stopped', stopReason: 'user', openCopies: 0, cash: '0.00' });
    expect(stopped.data.copies[0]).toMatchObject({ closeReason: 'unfollow', closePrice: '50499.99' });
    const net = new Dec(stopped.data.copies[0].netProfit);
    expect(stopped.data.realised).toBe(fixed(net, 2));
    expect(await followWallet(u.token)).toMatchObject({ balance: fixed(new Dec(500).add(net), 2), usedBalance: '0.00' });
    const again = await call(h, 'POST', '/web/userFollowInvest/stop', { token: u.token, headers: idem(), body: { id: started.data.id } });
    expect(again.msg).toBe('This follow has stopped');
    // A stopped follow may be followed anew.
    expect((await follow(u.token, { agencyId: id, amount: '100' })).code).toBe(200);
    expect((await follow(u.token, { agencyId: id, amount: '100' })).msg).toBe('You already follow this agency: add money to that follow instead');
  });

  it('lets an operator pause and resume an agency with a reason, audited; a paused agency takes no new followers; nothing edits a record', async () => {
    const id = await agencyId('reversion');
    expect((await call(h, 'POST', `/web/operator/agencies/${id}/pause`, { token: op, body: {} })).code).toBe(400);
    const paused = await call(h, 'POST', `/web/operator/agencies/${id}/pause`, { token: op, body: { reason: 'Strategy review' } });
    expect(paused.data).toMatchObject({ id, paused: true, pausedReason: 'Strategy review' });
    const u = await investor('400');
    expect((await follow(u.token, { agencyId: id, amount: '100' })).msg).toBe('This agency is paused and takes no new followers');
    expect((await call(h, 'POST', `/web/operator/agencies/${id}/resume`, { token: op, body: { reason: 'Review done' } })).data).toMatchObject({
      paused: false,
      pausedReason: null,
    });
    const audit = (await call(h, 'GET', `/web/operator/audit?targetType=agency&targetId=${id}`, { token: op })).data.list as Array<{
      action: string;
      reason: string;
    }>;
    expect(audit.map((a) => [a.action, a.reason])).toEqual([
      ['agency.resume', 'Review done'],
      ['agency.pause', 'Strategy review'],
    ]);
    // An investor's token is no operator's.
    expect((await call(h, 'POST', `/web/operator/agencies/${id}/pause`, { token: u.token, body: { reason: 'x' } })).code).toBe(403);
  });

  it('never signs an agency in', async () => {
    const r = await call(h, 'POST', '/web/loginByUsername', { body: { username: 'agency-trend', password: '!' } });
    expect(r.code).not.toBe(200);
  });
});

// Months of every agency's trading, twice: up to a minute on a loaded machine.
describe.each(await drivers())('the agencies’ backfilled history on %s', { timeout: 120_000 }, (driver) => {
  /** Two servers of the same market seed at the same moment, each backfilling from 1 December 2025. */
  const servers: Harness[] = [];
  const tokens: string[] = [];
  const now = () => NOW;
  beforeAll(async () => {
    for (let n = 0; n < 2; n += 1) {
      const market = scriptedMarket('backfill', undefined, now);
      const h = await startServer(driver, { TEST_CLOCKS: '1', AGENCY_START: '2025-12-01' }, { provider: market.provider, now });
      servers.push(h);
      tokens.push(await operatorToken(h));
    }
  });
  afterAll(async () => {
    for (const [n, h] of servers.entries()) {
      const check = await call(h, 'GET', '/web/operator/ledger/check', { token: tokens[n] });
      expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
      await h.close();
    }
  });

  /** Every agency position as the database keeps it: what, when, at what price, with what result. */
  const trades = (h: Harness) =>
    h.db.query<Record<string, unknown>>(
      `select a.strategy, p.symbol, p.direction, p.quantity::text, p.open_price::text, p.margin::text, p.open_fee::text, p.close_price::text, p.realised::text,
              p.filled_at, p.closed_at from positions p join agencies a on a.user_id = p.user_id order by a.strategy, p.filled_at, p.symbol`,
    );

  it('trades every agency from its first day through the order path, the same to the digit in two runs (one of them two runs at once), and a further run adds nothing', async () => {
    const runOn = (n: number) => call(servers[n]!, 'POST', '/web/test/agencies/run', { token: tokens[n], body: {} });
    expect((await runOn(0)).code).toBe(200);
    // The second server runs the job twice at once (as the job and the test route may): each day is still acted on once.
    expect((await Promise.all([runOn(1), runOn(1)])).map((r) => r.code)).toEqual([200, 200]);
    const [first, second] = [await trades(servers[0]!), await trades(servers[1]!)];
    expect(first.length).toBeGreaterThan(10);
    expect(second).toEqual(first);
    // Each strategy traded, each trade at a session's open plus five minutes, before now.
    expect(new Set(first.map((t) => t.strategy))).toEqual(new Set(['breakout', 'reversion', 'rotation', 'trend']));
    for (const t of first) expect((t.filled_at as Date).getTime()).toBeLessThan(NOW);
    const [a, b] = await Promise.all(servers.map(async (h) => (await call(h, 'GET', '/web/userFollowInvest/getInvestAgencyList')).data));
    expect(b).toEqual(a);
    const again = await call(servers[0]!, 'POST', '/web/test/agencies/run', { token: tokens[0], body: {} });
    expect(again.data.trades).toBe(0);
    expect(await trades(servers[0]!)).toEqual(first);
  });

  it('computes an agency’s record from its own positions and journals: a test recomputes its equity, win rate and ranking', async () => {
    const h = servers[0]!;
    const list = (await call(h, 'GET', '/web/userFollowInvest/getInvestAgencyList')).data as { list: AgencyWire[]; ranking: number[] };
    for (const agency of list.list) {
      const detail = (await call(h, 'GET', `/web/userFollowInvest/agency/${agency.id}`)).data;
      const [row] = await h.db.query<{ user_id: number }>('select user_id from agencies where id = $1', [agency.id]);
      // Equity now: the follow wallet's balance from the ledger, plus the open positions' floating P&L (the page lists each).
      const [balance] = await h.db.query<{ b: string }>(
        "select coalesce(sum(balance), 0)::text as b from ledger_accounts where user_id = $1 and code = 'FOLLOW'",
        [row!.user_id],
      );
      const floating = (detail.open as Array<{ profit: string; direction: number; quantity: string; openPrice: string; price: string }>).reduce((sum, p) => {
        const sign = p.direction === 0 ? 1 : -1;
        // USD-quoted instruments (and USDT, counted as a dollar): the profit is the price move times the quantity.
        expect(p.profit).toBe(fixed(new Dec(p.price).sub(p.openPrice).mul(p.quantity).mul(sign), 2));
        return sum.add(new Dec(p.price).sub(p.openPrice).mul(p.quantity).mul(sign));
      }, new Dec(0));
      expect(agency.record.equity).toBe(fixed(new Dec(balance!.b).add(floating), 2));
      expect(agency.record.nav).toBe(fixed(new Dec(balance!.b).add(floating).div(100000), 4));
      // Win rate: closed positions with a positive net (after both fees) over all closed.
      const closed = await h.db.query<{ net: string }>('select (realised - open_fee)::text as net from positions where user_id = $1 and status = 3', [
        row!.user_id,
      ]);
      expect(agency.record.closedTrades).toBe(closed.length);
      expect(agency.record.winRate).toBe(closed.length ? fixed(new Dec(closed.filter((c) => new Dec(c.net).gt(0)).length).div(closed.length), 4) : null);
      // The curve starts on the first day, the backfilled part before the live one; its last point is the equity now.
      expect(detail.curve[0].day).toBe('2025-12-01');
      expect(detail.curve.at(-1)).toMatchObject({ day: '2026-03-10', equity: agency.record.equity, backfilled: false });
      expect(detail.curve.slice(0, -1).every((p: { backfilled: boolean }) => p.backfilled)).toBe(true);
    }
    // The ranking: the 90-day return among those whose 90-day drawdown is at most 25 %, ties by the smaller drawdown.
    const expected = list.list
      .filter((a) => a.record.returns.d90 !== null && new Dec(a.record.maxDrawdown90).lte('0.25'))
      .sort((x, y) => new Dec(y.record.returns.d90!).cmp(x.record.returns.d90!) || new Dec(x.record.maxDrawdown90).cmp(y.record.maxDrawdown90))
      .slice(0, 3)
      .map((a) => a.id);
    expect(list.ranking).toEqual(expected);
    expect(
      list.list
        .filter((a) => a.rank !== null)
        .sort((x, y) => x.rank! - y.rank!)
        .map((a) => a.id),
    ).toEqual(expected);
  });
});
