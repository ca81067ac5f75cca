import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, drivers, operatorToken, registerUser, startServer, type Harness } from './harness';
import { scriptedMarket } from './scripted';

// Issue 16, finding 9: the simulated chain credited whatever amount a user reported (a made-up
// hash for 999,999,999,999,999.99 USDT was credited after 32 s). Now a crypto deposit comes from
// the investor's simulated external wallet, filled by a demo faucet with a daily limit; the report
// is accepted only for a transaction the simulated chain knows (the caller's, to the caller's
// address, on that network, for exactly that amount), credited once; above CRYPTO_REVIEW_ABOVE_EUR
// it waits for an operator's review after its confirmations, and a refused one returns its coins
// to the simulated wallet.
//
// Rates: PINNED_RATES' EURUSD 1.25, so one USDT is 0.80 EUR; BTCUSDT set to 50,000, one BTC 40,000 EUR.

const DAY = 86_400_000;
const TRC20_HASH = () => randomUUID().replace(/-/g, '').repeat(2);

describe.each(await drivers())('the simulated chain on %s', (driver) => {
  let h: Harness;
  let op: string;
  // The server's clock: the real one moved to about noon UTC (no test crosses midnight by chance),
  // then shifted to a later UTC day or frozen (no block passes) by a test.
  let shift = Math.floor(Date.now() / DAY) * DAY + DAY / 2 - Date.now();
  let frozen: number | null = null;
  const now = () => frozen ?? Date.now() + shift;
  const market = scriptedMarket('scripted', undefined, now);

  beforeAll(async () => {
    h = await startServer(
      driver,
      { CHAIN_BLOCK_SECONDS: '0.2', SIM_FAUCET_DAILY: '10000', CRYPTO_REVIEW_ABOVE_EUR: '5000' },
      { provider: market.provider, now },
    );
    market.set('BTCUSDT', '50000.00');
    op = await operatorToken(h);
  });
  afterAll(async () => {
    // Whatever the tests did, the ledger must add up.
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const key = () => ({ 'idempotency-key': randomUUID() });
  const post = (token: string, path: string, body: object, headers: Record<string, string> = key()) => call(h, 'POST', `/web${path}`, { token, headers, body });
  const faucet = (token: string, currency: string, network: string, amount: string) => post(token, '/recharge/simulated/faucet', { currency, network, amount });
  const send = (token: string, currency: string, network: string, amount: string, headers = key()) =>
    post(token, '/recharge/simulated/send', { currency, network, amount }, headers);
  const report = (token: string, body: { currency: string; network: string; amount: string; txHash: string }) =>
    post(token, '/recharge/create', { method: 'crypto', ...body });
  const simWallet = async (token: string) => (await post(token, '/recharge/simulated/wallet', {})).data;
  const simBalance = async (token: string, network: string) => (await simWallet(token)).wallets.find((w: any) => w.network === network).balance as string;
  const funding = async (token: string) => (await post(token, '/wallet/getWalletBalance', {})).data.find((w: any) => w.code === 'BALANCE').balance as string;
  const deposits = async (token: string) => (await post(token, '/recharge/listPage', {})).data.list;

  async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await probe();
      if (done(v) || Date.now() > deadline) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('refuses the finding’s made-up hash for 999,999,999,999,999.99 USDT and credits nothing, ever', async () => {
    const u = await registerUser(h);
    const madeUp = await report(u.token, { currency: 'USDT', network: 'TRC20', amount: '999999999999999.99', txHash: TRC20_HASH() });
    expect([madeUp.status, madeUp.msg]).toEqual([
      422,
      'The simulated chain has no transaction with this hash from your simulated wallet to your deposit address on this network',
    ]);
    expect((madeUp.data as any).fields).toEqual({ txHash: 'e.txHashUnknown' });
    const nl = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      lang: 'nl',
      headers: key(),
      body: { method: 'crypto', currency: 'USDT', network: 'TRC20', amount: '5', txHash: TRC20_HASH() },
    });
    expect(nl.msg).toBe('De gesimuleerde keten kent geen transactie met deze hash van uw gesimuleerde wallet naar uw stortingsadres op dit netwerk');

    // A real transaction of someone else, or of the caller on another network, is not the caller's deposit.
    const other = await registerUser(h);
    expect((await faucet(other.token, 'USDT', 'TRC20', '50')).code).toBe(200);
    const theirs = await send(other.token, 'USDT', 'TRC20', '50');
    expect(theirs.code).toBe(200);
    expect((await report(u.token, { currency: 'USDT', network: 'TRC20', amount: '50', txHash: theirs.data.txHash })).status).toBe(422);
    expect((await faucet(u.token, 'USDT', 'ERC20', '20')).code).toBe(200);
    const erc = await send(u.token, 'USDT', 'ERC20', '20');
    expect(erc.data.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect((await report(u.token, { currency: 'USDT', network: 'TRC20', amount: '20', txHash: erc.data.txHash.slice(2) })).msg).toMatch(
      /^The simulated chain has no transaction/,
    );

    // Several blocks later: no deposit row, nothing credited, no journal for the user.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await deposits(u.token)).toEqual([]);
    expect(await funding(u.token)).toBe('0.00');
    expect(await h.db.query('select id from ledger_journals where user_id = $1', [u.id])).toEqual([]);
  });

  it('fills the simulated wallet from the faucet up to the daily limit, in USDT of value at the live rate, and again the next UTC day', async () => {
    const u = await registerUser(h);
    const fresh = await simWallet(u.token);
    expect(fresh.simulated).toBe(true);
    expect(fresh.wallets.map((w: any) => [w.currency, w.network, w.balance])).toEqual([
      ['USDT', 'TRC20', '0'],
      ['USDT', 'ERC20', '0'],
      ['BTC', 'BTC', '0'],
      ['ETH', 'ETH', '0'],
    ]);
    expect(fresh.faucet).toMatchObject({ dailyLimit: '10000.00', usedToday: '0.00', leftToday: '10000.00', unit: 'USDT' });
    expect(fresh.reviewAboveEur).toBe('5000.00');
    expect(fresh.faucet.resetTimestamp).toBe((Math.floor(now() / DAY) + 1) * DAY);

    const usdt = await faucet(u.token, 'USDT', 'TRC20', '6000');
    expect(usdt.data.faucet).toMatchObject({ usedToday: '6000.00', leftToday: '4000.00' });
    // 4,000 USDT left is 0.08 BTC at 50,000.
    expect(usdt.data.wallets.find((w: any) => w.currency === 'BTC').faucetMax).toBe('0.08');
    const tooMuch = await faucet(u.token, 'BTC', 'BTC', '0.09');
    expect([tooMuch.status, tooMuch.msg]).toEqual([422, 'The simulated faucet gives at most 10000.00 USDT of value a day; 4000.00 USDT is left today']);
    const btc = await faucet(u.token, 'BTC', 'BTC', '0.08');
    expect(btc.data.faucet).toMatchObject({ usedToday: '10000.00', leftToday: '0.00' });
    expect(btc.data.wallets.map((w: any) => w.balance)).toEqual(['6000', '0', '0.08', '0']);
    const spent = await faucet(u.token, 'USDT', 'ERC20', '0.01');
    expect(spent.msg).toBe('The simulated faucet gives at most 10000.00 USDT of value a day; 0.00 USDT is left today');
    expect((await faucet(u.token, 'DOGE', 'TRC20', '1')).msg).toBe('This currency is not accepted here');
    expect((await faucet(u.token, 'USDT', 'TRC20', '0')).status).toBe(400);
    // Another investor's day is their own.
    const other = await registerUser(h);
    expect((await faucet(other.token, 'USDT', 'TRC20', '10000')).code).toBe(200);

    // The next UTC day (the server's clock moved past midnight): the whole limit again, the coins kept.
    shift += (Math.floor(now() / DAY) + 1) * DAY - now() + 1000;
    const nextDay = await simWallet(u.token);
    expect(nextDay.faucet).toMatchObject({ usedToday: '0.00', leftToday: '10000.00' });
    expect(nextDay.wallets.map((w: any) => w.balance)).toEqual(['6000', '0', '0.08', '0']);
    expect((await faucet(u.token, 'USDT', 'TRC20', '10000')).data.wallets[0].balance).toBe('16000');
    expect((await faucet(u.token, 'USDT', 'TRC20', '0.01')).status).toBe(422);
  });

  it('debits a send exactly, and credits the deposit of its hash for exactly that amount, once', async () => {
    const u = await registerUser(h);
    await faucet(u.token, 'USDT', 'TRC20', '100');
    const methods = (await post(u.token, '/recharge/currency/selectList', {})).data;
    const address = methods.find((m: any) => m.network === 'TRC20').address;

    // Retried with its idempotency key, a send is one send.
    const sendKey = key();
    const sent = await send(u.token, 'USDT', 'TRC20', '40.5', sendKey);
    expect(sent.data).toMatchObject({ simulated: true, currency: 'USDT', network: 'TRC20', amount: '40.5', address, balance: '59.5' });
    expect(sent.data.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await send(u.token, 'USDT', 'TRC20', '40.5', sendKey)).data.txHash).toBe(sent.data.txHash);
    expect(await simBalance(u.token, 'TRC20')).toBe('59.5');

    // The wrong amount is refused with what the transaction did send, and changes nothing.
    const wrong = await report(u.token, { currency: 'USDT', network: 'TRC20', amount: '40.51', txHash: sent.data.txHash });
    expect([wrong.status, wrong.msg, (wrong.data as any).fields]).toEqual([
      422,
      'This transaction sent 40.5 USDT: report exactly that amount',
      { amount: 'e.txAmountMismatch' },
    ]);
    expect(await deposits(u.token)).toEqual([]);

    const d = await report(u.token, { currency: 'USDT', network: 'TRC20', amount: '40.50', txHash: sent.data.txHash.toUpperCase() });
    expect(d.data).toMatchObject({ status: 1, amount: '40.5', txHash: sent.data.txHash, reviewRequired: false, requiredConfirmations: 3 });
    const again = await report(u.token, { currency: 'USDT', network: 'TRC20', amount: '40.5', txHash: sent.data.txHash });
    expect([again.status, again.msg]).toEqual([409, 'This transaction was already reported']);
    // Below the review threshold, the chain credits it: an operator's approval is refused.
    const byHand = await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    expect([byHand.status, byHand.msg]).toEqual([422, 'A crypto deposit is credited by the chain after its confirmations, not by review']);

    const done = await until(
      () => deposits(u.token),
      (list) => list[0].status === 3,
    );
    // 40.5 USDT at 0.80 EUR: 32.40 EUR.
    expect(done[0]).toMatchObject({ status: 3, confirmations: 3, creditedAmount: '32.40' });
    expect(await funding(u.token)).toBe('32.40');
    // Blocks later, still credited once.
    await new Promise((r) => setTimeout(r, 800));
    expect(await funding(u.token)).toBe('32.40');
    expect(await h.db.query("select id from ledger_journals where user_id = $1 and kind = 'deposit'", [u.id])).toHaveLength(1);

    // More than the simulated wallet holds: refused, nothing debited.
    const overdraw = await send(u.token, 'USDT', 'TRC20', '59.51');
    expect([overdraw.status, overdraw.msg]).toEqual([422, 'Your simulated wallet holds only 59.5 USDT']);
    expect((await send(u.token, 'BTC', 'BTC', '0.01')).msg).toBe('Your simulated wallet holds only 0 BTC');
    expect(await simBalance(u.token, 'TRC20')).toBe('59.5');
  });

  it('credits exactly 5,000 EUR by the chain, and holds a larger deposit for review: credited on approval only, after its confirmations', async () => {
    const u = await registerUser(h);
    await faucet(u.token, 'USDT', 'TRC20', '6250');
    await faucet(u.token, 'BTC', 'BTC', '0.07');
    // 6,250 USDT is 5,000.00 EUR: not above the threshold.
    const atLimit = await send(u.token, 'USDT', 'TRC20', '6250');
    const small = await report(u.token, { currency: 'USDT', network: 'TRC20', amount: '6250', txHash: atLimit.data.txHash });
    expect(small.data.reviewRequired).toBe(false);
    await until(
      () => deposits(u.token),
      (list) => list[0].status === 3,
    );
    expect(await funding(u.token)).toBe('5000.00');

    // 0.07 BTC is 3,500 USDT, 2,800 EUR; a second user with 0.13 BTC (5,200 EUR) is above it.
    const big = await registerUser(h);
    await faucet(big.token, 'BTC', 'BTC', '0.13');
    frozen = now();
    const sent = await send(big.token, 'BTC', 'BTC', '0.13');
    const d = await report(big.token, { currency: 'BTC', network: 'BTC', amount: '0.13', txHash: sent.data.txHash });
    expect(d.data).toMatchObject({ status: 1, reviewRequired: true, confirmations: 0 });
    // Not before its confirmations (the clock is still: no block has passed).
    const early = await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    expect([early.status, early.msg]).toEqual([422, 'This deposit has 0 of its 3 confirmations: review it once they are in']);
    frozen = null;

    const confirmed = await until(
      () => deposits(big.token),
      (list) => list[0].confirmations === 3,
    );
    expect(confirmed[0]).toMatchObject({ status: 1, confirmations: 3, reviewRequired: true, creditedAmount: null });
    // Blocks later it still waits: the chain credits nothing above the threshold.
    await new Promise((r) => setTimeout(r, 800));
    expect((await deposits(big.token))[0].status).toBe(1);
    expect(await funding(big.token)).toBe('0.00');
    const queue = await call(h, 'GET', '/web/operator/deposits?status=1&size=100', { token: op });
    expect(queue.data.list.find((x: any) => x.id === d.data.id)).toMatchObject({
      method: 'crypto',
      reviewRequired: true,
      paymentReference: sent.data.txHash,
      userId: big.id,
    });

    const approved = await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    // 0.13 BTC x 40,000 EUR = 5,200.00 EUR.
    expect(approved.data).toMatchObject({ status: 3, creditedAmount: '5200.00' });
    expect(await funding(big.token)).toBe('5200.00');
    expect((await call(h, 'POST', `/web/operator/deposits/${d.data.id}/reject`, { token: op, body: { reason: 'Late' } })).status).toBe(409);
    const audit = await call(h, 'GET', `/web/operator/audit?targetType=deposit&targetId=${d.data.id}`, { token: op });
    expect(audit.data.list[0]).toMatchObject({ action: 'deposit.approve', before: { status: 1 }, after: { status: 3 } });
    const notices = (await call(h, 'GET', '/web/userMessage/getMessage', { token: big.token })).data.list;
    expect(notices[0]).toMatchObject({ kind: 'deposit.completed' });
  });

  it('refuses a large deposit on review: nothing credited, the coins back in the simulated wallet, the hash spent', async () => {
    const u = await registerUser(h);
    await faucet(u.token, 'USDT', 'ERC20', '7000');
    const sent = await send(u.token, 'USDT', 'ERC20', '7000');
    expect(await simBalance(u.token, 'ERC20')).toBe('0');
    // 7,000 USDT is 5,600 EUR: above the threshold.
    const d = await report(u.token, { currency: 'USDT', network: 'ERC20', amount: '7000', txHash: sent.data.txHash });
    expect(d.data.reviewRequired).toBe(true);
    await until(
      () => deposits(u.token),
      (list) => list[0].confirmations === 3,
    );
    expect((await call(h, 'POST', `/web/operator/deposits/${d.data.id}/reject`, { token: op, body: { reason: '' } })).status).toBe(400);
    const rejected = await call(h, 'POST', `/web/operator/deposits/${d.data.id}/reject`, { token: op, body: { reason: 'Source of funds unclear' } });
    expect(rejected.data).toMatchObject({ status: 2, reason: 'Source of funds unclear', creditedAmount: null });
    expect(await funding(u.token)).toBe('0.00');
    expect(await simBalance(u.token, 'ERC20')).toBe('7000');
    expect(await h.db.query('select id from ledger_journals where user_id = $1', [u.id])).toEqual([]);
    // The refused transaction cannot be reported again; the refunded coins can be sent anew.
    expect((await report(u.token, { currency: 'USDT', network: 'ERC20', amount: '7000', txHash: sent.data.txHash })).status).toBe(409);
    const audit = await call(h, 'GET', `/web/operator/audit?targetType=deposit&targetId=${d.data.id}`, { token: op });
    expect(audit.data.list[0]).toMatchObject({
      action: 'deposit.reject',
      reason: 'Source of funds unclear',
      before: { status: 1 },
      after: { status: 2, refundedToSimulatedWallet: '7000' },
    });
    const notices = (await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token })).data.list;
    expect(notices[0]).toMatchObject({ kind: 'deposit.rejected' });
    // Refunded once: a second review finds it done and the wallet unchanged.
    expect((await call(h, 'POST', `/web/operator/deposits/${d.data.id}/reject`, { token: op, body: { reason: 'Again' } })).status).toBe(409);
    expect(await simBalance(u.token, 'ERC20')).toBe('7000');
  });

  it('never overdraws the simulated wallet under concurrent sends, nor the faucet’s limit under concurrent calls', async () => {
    const u = await registerUser(h);
    // Twelve faucet calls of 1,000 USDT at once: exactly ten fit the day's 10,000.
    const drips = await Promise.all(Array.from({ length: 12 }, () => faucet(u.token, 'USDT', 'TRC20', '1000')));
    expect(drips.filter((r) => r.code === 200)).toHaveLength(10);
    expect(drips.every((r) => r.code === 200 || (r.status === 422 && r.msg.startsWith('The simulated faucet gives at most')))).toBe(true);
    expect(await simBalance(u.token, 'TRC20')).toBe('10000');

    // Fourteen sends of 750 at once from 10,000: exactly thirteen fit, and 250 is left.
    const sends = await Promise.all(Array.from({ length: 14 }, () => send(u.token, 'USDT', 'TRC20', '750')));
    const ok = sends.filter((r) => r.code === 200);
    expect(ok).toHaveLength(13);
    expect(sends.every((r) => r.code === 200 || (r.status === 422 && r.msg.startsWith('Your simulated wallet holds only')))).toBe(true);
    expect(new Set(ok.map((r) => r.data.txHash)).size).toBe(13);
    expect(await simBalance(u.token, 'TRC20')).toBe('250');
    const [sum] = await h.db.query<{ sent: string }>("select sum(amount)::text as sent from sim_wallet_transfers where user_id = $1 and kind = 'send'", [u.id]);
    expect(Number(sum!.sent)).toBe(9750);
  });
});
