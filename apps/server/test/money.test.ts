import { randomUUID } from 'node:crypto';
import { DEPOSIT_FIAT_CURRENCIES, LEVERAGE_RISK_VERSION } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postRelease } from '../src/ledger/ledger';
import { Dec } from '../src/lib/decimal';
import { pngBytes } from './fixtures';
import { call, drivers, operatorToken, registerUser, startServer, type Harness } from './harness';
import { scriptedMarket } from './scripted';

/** EURUSD held still, so every conversion below has one exact answer. */
const EUR_USD = '1.08500';

describe.each(await drivers())('money on %s', (driver) => {
  let h: Harness;
  let op: string;
  const market = scriptedMarket();
  beforeAll(async () => {
    h = await startServer(driver, { TRANSFER_SETTLE_SECONDS: '1', CHAIN_BLOCK_SECONDS: '0.2' }, { provider: market.provider });
    market.set('EURUSD', EUR_USD);
    op = await operatorToken(h);
  });
  afterAll(async () => {
    // Whatever the tests did, the ledger must add up.
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
    await h.close();
  });

  const key = () => ({ 'idempotency-key': randomUUID() });

  async function upload(token: string): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'proof.png');
    return (await call(h, 'POST', '/web/file/upload', { form, token })).data.url;
  }

  async function balances(token: string): Promise<Record<string, { balance: string; usedBalance: string; currency: string }>> {
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token, body: {} });
    return Object.fromEntries(r.data.map((w: any) => [w.code, w]));
  }

  async function fund(token: string, amount: string) {
    const d = await call(h, 'POST', '/web/recharge/create', {
      token,
      headers: key(),
      body: { method: 'fiat', currency: 'EUR', amount, proofUrl: await upload(token) },
    });
    expect(d.code).toBe(200);
    const approved = await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    expect(approved.data.status).toBe(3);
    return d.data.id as number;
  }

  async function verified() {
    const u = await registerUser(h);
    const kyc = await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Eva', lastName: 'Jansen', country: 'NL', idType: 'passport', idNumber: 'NX998877', frontUrl: await upload(u.token) },
    });
    expect(kyc.code).toBe(200);
    const [row] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1 order by id desc limit 1', [u.id]);
    expect((await call(h, 'POST', `/web/operator/kyc/${row!.id}/approve`, { token: op, body: {} })).code).toBe(200);
    return u;
  }

  async function until<T>(probe: () => Promise<T>, done: (v: T) => boolean, ms = 8000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = await probe();
      if (done(v) || Date.now() > deadline) return v;
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('opens every wallet of the specification at zero, dollars for US stock and euros elsewhere', async () => {
    const u = await registerUser(h);
    const r = await call(h, 'POST', '/web/wallet/getWalletBalance', { token: u.token, body: {} });
    expect(r.data.map((w: any) => w.code)).toEqual([
      'BALANCE',
      'US_STOCK',
      'STOCK',
      'FUTURE',
      'FOREX',
      'HK_STOCK',
      'MX_STOCK',
      'FOLLOW',
      'SUBSCRIPTION',
      'FINANCIAL',
    ]);
    expect(r.data.find((w: any) => w.code === 'US_STOCK')).toMatchObject({ currency: 'USD', symbol: '$', balance: '0.00', usedBalance: '0.00' });
    expect(r.data.find((w: any) => w.code === 'BALANCE')).toMatchObject({ currency: 'EUR', symbol: '€' });
    expect((await call(h, 'POST', '/web/wallet/getWalletBalance', { body: {} })).status).toBe(401);
  });

  it('takes a fiat deposit only with proof, holds it for review, and credits it when approved', async () => {
    const u = await registerUser(h);
    const proof = await upload(u.token);
    const create = (body: object, headers = key()) => call(h, 'POST', '/web/recharge/create', { token: u.token, headers, body });
    expect((await create({ method: 'fiat', currency: 'EUR', amount: '50' })).msg).toBe('Please upload credentials first');
    expect((await create({ method: 'fiat', currency: 'EUR', amount: '0.5', proofUrl: proof })).msg).toBe('The minimum is 1');
    expect((await create({ method: 'fiat', currency: 'EUR', amount: '10.123', proofUrl: proof })).msg).toBe('Amount: greater than 0, at most 2 decimals');
    expect((await create({ method: 'fiat', currency: 'EUR', amount: '', proofUrl: proof })).msg).toBe('Please enter the correct amount');
    expect((await create({ method: 'fiat', currency: 'GBP', amount: '10', proofUrl: proof })).msg).toBe('This currency is not accepted here');
    const other = await registerUser(h);
    expect((await create({ method: 'fiat', currency: 'EUR', amount: '10', proofUrl: await upload(other.token) })).status).toBe(400);
    const noKey = await call(h, 'POST', '/web/recharge/create', { token: u.token, body: { method: 'fiat', currency: 'EUR', amount: '10', proofUrl: proof } });
    expect(noKey.status).toBe(400);

    const d = await create({ method: 'fiat', currency: 'EUR', amount: '250.00', proofUrl: proof });
    expect(d.data).toMatchObject({ status: 1, amount: '250', creditedAmount: null });
    expect((await balances(u.token)).BALANCE!.balance).toBe('0.00');
    const approved = await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    expect(approved.data).toMatchObject({ status: 3, creditedAmount: '250.00', userId: u.id });
    expect((await balances(u.token)).BALANCE!.balance).toBe('250.00');
    expect((await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} })).status).toBe(409);

    const bill = await call(h, 'POST', '/web/wallet/getWalletBill', { token: u.token, body: { walletCode: 'BALANCE' } });
    expect(bill.data.list[0]).toMatchObject({ type: 'deposit', amount: '250.00', balanceAfter: '250.00', part: 'available' });
    const notices = await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token });
    expect(notices.data.list[0]).toMatchObject({ kind: 'deposit.completed', title: 'Deposit credited', read: false });
    expect(notices.data.unread).toBe(1);
    const nl = await call(h, 'GET', `/web/userMessage/${notices.data.list[0].id}`, { token: u.token, lang: 'nl' });
    expect(nl.data).toMatchObject({ title: 'Storting bijgeschreven', read: true });
    // In a Dutch reader's separators: 250,00, not 250.00.
    expect(nl.data.body).toMatch(/^Uw storting van 250,00 EUR is als 250,00 EUR op uw hoofdrekening bijgeschreven\.$/);
    expect((await call(h, 'GET', `/web/userMessage/${notices.data.list[0].id}`, { token: other.token })).status).toBe(404);

    const refused = await create({ method: 'fiat', currency: 'EUR', amount: '40', proofUrl: proof });
    expect((await call(h, 'POST', `/web/operator/deposits/${refused.data.id}/reject`, { token: op, body: { reason: '' } })).status).toBe(400);
    const rejected = await call(h, 'POST', `/web/operator/deposits/${refused.data.id}/reject`, { token: op, body: { reason: 'Proof unreadable' } });
    expect(rejected.data).toMatchObject({ status: 2, reason: 'Proof unreadable' });
    expect((await balances(u.token)).BALANCE!.balance).toBe('250.00');
    const audit = await call(h, 'GET', `/web/operator/audit?targetType=deposit&targetId=${refused.data.id}`, { token: op });
    expect(audit.data.list[0]).toMatchObject({ action: 'deposit.reject', reason: 'Proof unreadable', before: { status: 1 }, after: { status: 2 } });
  });

  it('credits a crypto deposit after three confirmations of the simulated chain, in euros at the live rate', async () => {
    const u = await registerUser(h);
    const methods = await call(h, 'POST', '/web/recharge/currency/selectList', { token: u.token, body: {} });
    const trc = methods.data.find((m: any) => m.network === 'TRC20');
    expect(trc.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(methods.data.find((m: any) => m.method === 'fiat').reference).toMatch(/^MM\d{8}$/);
    const create = (body: object) => call(h, 'POST', '/web/recharge/create', { token: u.token, headers: key(), body });
    expect((await create({ method: 'crypto', currency: 'USDT', network: 'TRC20', amount: '100', txHash: 'nope' })).msg).toBe(
      'Enter a valid transaction hash for the chosen network',
    );
    // The coins come from the investor's simulated wallet (hardening-chain.test.ts): the faucet, then a send to the deposit address.
    const sim = (path: string) =>
      call(h, 'POST', `/web/recharge/simulated/${path}`, { token: u.token, headers: key(), body: { currency: 'USDT', network: 'TRC20', amount: '100' } });
    expect((await sim('faucet')).code).toBe(200);
    const sent = await sim('send');
    expect(sent.data).toMatchObject({ address: trc.address, amount: '100', balance: '0' });
    const txHash: string = sent.data.txHash;
    const d = await create({ method: 'crypto', currency: 'USDT', network: 'TRC20', amount: '100', txHash });
    expect(d.data).toMatchObject({ status: 1, confirmations: 0, requiredConfirmations: 3, reviewRequired: false });
    expect((await create({ method: 'crypto', currency: 'USDT', network: 'TRC20', amount: '100', txHash })).status).toBe(409);
    // Crypto is credited by the chain only: the review refuses it and changes nothing.
    const refused = await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    expect([refused.status, refused.msg]).toEqual([422, 'A crypto deposit is credited by the chain after its confirmations, not by review']);
    const done = await until(
      () => call(h, 'POST', '/web/recharge/listPage', { token: u.token, body: {} }),
      (r) => r.data.list[0].status === 3,
    );
    const credited = done.data.list[0];
    expect(credited.confirmations).toBe(3);
    expect((await call(h, 'GET', '/web/m_ft/stock_detail_ft?symbol=EURUSD')).data.price_nominal).toBe(EUR_USD);
    // 100 USDT is 100 USD; one USD is 1 / 1.085 = 0.921658986175 EUR (12 places): 92.1658986175, to the cent.
    expect(credited.creditedAmount).toBe('92.17');
    expect((await balances(u.token)).BALANCE!.balance).toBe(credited.creditedAmount);
  });

  it('transfers between the funding account and a trading wallet, at once in one currency', async () => {
    const u = await registerUser(h);
    await fund(u.token, '300');
    const transfer = (body: object, headers = key()) => call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers, body });
    expect((await transfer({ from: 'BALANCE', to: 'BALANCE', amount: '10' })).msg).toBe('Choose two different wallets');
    expect((await transfer({ from: 'STOCK', to: 'FUTURE', amount: '10' })).msg).toBe('Transfers go between the funding account and a trading account');
    const tooMuch = await transfer({ from: 'BALANCE', to: 'STOCK', amount: '300.01' });
    expect([tooMuch.status, tooMuch.msg]).toEqual([422, 'Insufficient balance']);
    const t = await transfer({ from: 'BALANCE', to: 'STOCK', amount: '120.50' });
    expect(t.data).toMatchObject({ status: 1, amount: '120.50', toAmount: '120.50', currency: 'EUR', toCurrency: 'EUR' });
    const b = await balances(u.token);
    expect([b.BALANCE!.balance, b.STOCK!.balance]).toEqual(['179.50', '120.50']);
    const back = await transfer({ from: 'STOCK', to: 'BALANCE', amount: '20.50' });
    expect(back.data.status).toBe(1);
    expect((await balances(u.token)).STOCK!.balance).toBe('100.00');
    expect((await call(h, 'POST', '/web/wallet/cancelTransfer', { token: u.token, headers: key(), body: { id: t.data.id } })).status).toBe(422);
  });

  it('converts across currencies at the live rate, holds until settlement, and can be cancelled until then', async () => {
    const u = await registerUser(h);
    await fund(u.token, '500');
    const transfer = (amount: string) =>
      call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'US_STOCK', amount } });
    const first = await transfer('100');
    expect(first.data).toMatchObject({ status: 0, currency: 'EUR', toCurrency: 'USD', rate: '1.085', toAmount: '108.50' });
    let b = await balances(u.token);
    expect([b.BALANCE!.balance, b.BALANCE!.usedBalance]).toEqual(['400.00', '100.00']);
    const cancelled = await call(h, 'POST', '/web/wallet/cancelTransfer', { token: u.token, headers: key(), body: { id: first.data.id } });
    expect(cancelled.data.status).toBe(2);
    b = await balances(u.token);
    expect([b.BALANCE!.balance, b.BALANCE!.usedBalance]).toEqual(['500.00', '0.00']);

    const second = await transfer('200');
    const settled = await until(
      () => call(h, 'POST', '/web/wallet/transferList', { token: u.token, body: {} }),
      (r) => r.data.list[0].status === 1,
    );
    expect(settled.data.list[0]).toMatchObject({ id: second.data.id, status: 1, settleAfterTimestamp: null });
    b = await balances(u.token);
    expect(second.data.toAmount).toBe('217.00');
    expect([b.BALANCE!.balance, b.BALANCE!.usedBalance, b.US_STOCK!.balance]).toEqual(['300.00', '0.00', '217.00']);
    expect((await call(h, 'POST', '/web/wallet/cancelTransfer', { token: u.token, headers: key(), body: { id: second.data.id } })).msg).toBe(
      'This transfer can no longer be cancelled',
    );
    const other = await registerUser(h);
    expect((await call(h, 'POST', '/web/wallet/cancelTransfer', { token: other.token, headers: key(), body: { id: second.data.id } })).status).toBe(404);
    const notices = await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token, lang: 'nl' });
    const done = notices.data.list.find((n: any) => n.kind === 'transfer.completed');
    expect(done.body).toBe('200,00 EUR is overgeboekt van hoofdrekening naar VS-aandelenrekening als 217,00 USD.');
    const overview = await call(h, 'POST', '/web/userCenter/getFundingOverview', { token: u.token, body: { currency: 'EUR' } });
    // 217.00 USD at 0.921658986175 EUR per dollar is 199.999999999975 EUR; with the 300.00 EUR, 500.00 to the cent.
    expect(overview.data).toMatchObject({ currency: 'EUR', eurUsd: '1.085', total: '500.00', available: '500.00', held: '0.00' });
  });

  it('offers bank transfers in exactly the contract’s currencies, and credits dollars in euros at the live rate', async () => {
    const u = await registerUser(h);
    const methods = await call(h, 'POST', '/web/recharge/currency/selectList', { token: u.token, body: {} });
    expect(methods.data.filter((m: any) => m.method === 'fiat').map((m: any) => m.currency)).toEqual([...DEPOSIT_FIAT_CURRENCIES]);
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'fiat', currency: 'USD', amount: '108.50', proofUrl: await upload(u.token) },
    });
    expect(d.data).toMatchObject({ status: 1, currency: 'USD', amount: '108.5' });
    const approved = await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} });
    // 108.50 USD x 0.921658986175 EUR per dollar = 99.99999999998875 EUR: 100.00 to the cent.
    expect(approved.data).toMatchObject({ status: 3, creditedAmount: '100.00' });
    expect((await balances(u.token)).BALANCE!.balance).toBe('100.00');
  });

  it('counts total assets as every wallet plus the open positions’ floating profit, in euros at the stated rate, with the day change', async () => {
    const u = await verified();
    await fund(u.token, '3000');
    const transfer = (to: string, amount: string) =>
      call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to, amount } });
    expect((await transfer('FOREX', '1000')).data.status).toBe(1);
    const usd = await transfer('US_STOCK', '200');
    expect(usd.data.toAmount).toBe('217.00');
    await until(
      () => call(h, 'POST', '/web/wallet/transferList', { token: u.token, body: {} }),
      (r) => r.data.list.find((t: any) => t.id === usd.data.id).status === 1,
    );
    const order = (path: string, body: object) => call(h, 'POST', path, { token: u.token, headers: key(), body });
    market.set('BTCUSDT', '60000.00');
    market.set('AAPL', '200.00');
    // Leverage 10 is above bitcoin's retail cap of 2: the risk is acknowledged first (trading-leverage.test.ts).
    await call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { token: u.token, body: { version: LEVERAGE_RISK_VERSION } });
    const btc = await order('/web/gold/create', { stockCode: 'BTCUSDT', direction: 0, type: 0, quantity: '0.01', leverage: 10 });
    // At the ask 60000.01: 60000.01 x 0.01 x 0.921658986175 EUR per USDT = 552.9954838708986175 EUR;
    // margin / 10 = 55.30, fee x 0.001 = 0.55. FOREX: 1000.00 - 55.30 - 0.55 = 944.15 available, 55.30 held.
    expect(btc.data).toMatchObject({ status: 1, openPrice: '60000.01', walletCode: 'FOREX', margin: '55.30', handlingFee: '0.55' });
    const aapl = await order('/web/stock/create', { stockCode: 'AAPL', direction: 0, type: 0, quantity: '1', leverage: 1 });
    // At the ask 200.01 USD, leverage 1: margin 200.01, fee 0.100005 -> 0.10. US_STOCK: 217.00 - 200.01 - 0.10 = 16.89 available.
    expect(aapl.data).toMatchObject({ status: 1, openPrice: '200.01', walletCode: 'US_STOCK', margin: '200.01', handlingFee: '0.10' });

    market.set('BTCUSDT', '61000.00');
    market.set('AAPL', '190.00');
    const overview = async () => (await call(h, 'POST', '/web/userCenter/getFundingOverview', { token: u.token, body: { currency: 'EUR' } })).data;
    const o = await overview();
    // Floating at the bids: BTC (60999.99 - 60000.01) x 0.01 x 0.921658986175 = 9.21640552995... -> 9.22 EUR;
    // AAPL (189.99 - 200.01) x 1 = -10.02 USD, counted -9.23502304147350 EUR. Floating -0.01502304147350 -> -0.02.
    // Available 1800.00 + 944.15 + 16.89 USD x 0.921658986175 (15.56682027649575) = 2759.71682027649575;
    // held 55.30 + 200.01 USD x 0.921658986175 (184.34101382486175) = 239.64101382486175;
    // The total is the portfolio's: the sum of its lines, each to the cent in its currency and then in euros (issue 32):
    // cash 1800.00 + 944.15 + 16.89 USD (15.566... -> 15.57); BTC margin 55.30 + floating 9.22 = 64.52;
    // AAPL 200.01 - 10.02 = 189.99 USD (175.10599... -> 175.11). 1800.00 + 944.15 + 15.57 + 64.52 + 175.11 = 2999.35.
    expect(o).toMatchObject({
      currency: 'EUR',
      eurUsd: '1.085',
      available: '2759.72',
      held: '239.64',
      floating: '-0.02',
      total: '2999.35',
      liabilities: '0.00',
      netAssets: '2999.35',
      // Both positions were filled today: the day change is their floating profit since opening.
      dayChange: '-0.02',
    });
    expect(o.rateTimestamp).toBeGreaterThan(Date.now() - 60_000);
    expect(o.wallets.find((w: any) => w.code === 'FOREX')).toMatchObject({ balance: '944.15', usedBalance: '55.30', floating: '9.22' });
    // The dollar wallet's ledger total 216.90 USD x 0.921658986175 = 199.90783410... -> 199.91 EUR.
    expect(o.wallets.find((w: any) => w.code === 'US_STOCK')).toMatchObject({ balance: '16.89', usedBalance: '200.01', floating: '-10.02', value: '199.91' });
    const trading = await call(h, 'POST', '/web/position/me', { token: u.token, body: {} });
    expect(trading.data.list.map((p: any) => p.profit).sort()).toEqual(['-10.02', '9.22']);

    // Held since before today's session: the bitcoin position's day change runs from its previous close.
    await h.db.query(`update positions set filled_at = now() - interval '3 days' where id = $1`, [btc.data.id]);
    const quote = await call(h, 'GET', '/web/m_ft/stock_detail_ft?symbol=BTCUSDT');
    const previousClose = quote.data.preClose as string;
    const r = new Dec('0.921658986175');
    const atClose = new Dec(previousClose).sub('60000.01').mul('0.01').mul(r).toFixed(2);
    const dayChange = new Dec('9.22').sub(atClose).add(new Dec('-10.02').mul(r));
    const later = await overview();
    expect(later.total).toBe('2999.35');
    expect(later.dayChange).toBe(dayChange.toFixed(2));
    const before = new Dec(later.netAssets).sub(later.dayChange);
    expect(later.dayChangePercent).toBe(new Dec(later.dayChange).div(before).mul(100).toFixed(2));

    // Closed, the positions count what the ledger booked and nothing floats.
    for (const id of [btc.data.id, aapl.data.id]) {
      expect((await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id } })).code).toBe(200);
    }
    const closed = await overview();
    expect(closed).toMatchObject({ floating: '0.00', dayChange: '0.00', dayChangePercent: '0.00' });
    const ledger = await balances(u.token);
    // Nothing is held any more: one cash line per wallet, each counted in euros to the cent.
    const sum = Object.values(ledger).reduce(
      (acc, w) =>
        acc.add(
          new Dec(w.balance)
            .add(w.usedBalance)
            .mul(w.currency === 'USD' ? r : 1)
            .toFixed(2, Dec.ROUND_HALF_UP),
        ),
      new Dec(0),
    );
    expect(closed.total).toBe(sum.toFixed(2));
  });

  it('moves money once for one idempotency key, and refuses the key for another request', async () => {
    const u = await registerUser(h);
    await fund(u.token, '100');
    const headers = key();
    const body = { from: 'BALANCE', to: 'FOREX', amount: '10' };
    const a = await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers, body });
    const b = await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers, body });
    expect(b).toEqual(a);
    expect((await balances(u.token)).FOREX!.balance).toBe('10.00');
    const different = await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers, body: { ...body, amount: '11' } });
    expect(different.status).toBe(409);
    const journals = await h.db.query('select id from ledger_journals where idempotency_key = $1', [headers['idempotency-key']]);
    expect(journals).toHaveLength(1);
  });

  it('withdraws only for a verified identity with the transaction password, holding the amount until review', async () => {
    const unverified = await registerUser(h);
    await fund(unverified.token, '50');
    await call(h, 'POST', '/web/settingPayPassword', { token: unverified.token, body: { payPassword: '123456' } });
    const card0 = await call(h, 'POST', '/web/UserAccount/addCardNo', {
      token: unverified.token,
      body: { bankName: 'ABN AMRO', accountName: 'Piet Pot', cardNumber: 'NL91 ABNA 0417 1643 00', swiftCode: 'ABNANL2A' },
    });
    const apply = (token: string, body: object) => call(h, 'POST', '/web/withdrawal/withdrawal-apply', { token, headers: key(), body });
    expect((await apply(unverified.token, { amount: '10', target: 'bank', cardId: card0.data.id, payPassword: '123456' })).msg).toBe(
      'Verify your identity first',
    );

    const u = await verified();
    await fund(u.token, '200');
    expect((await apply(u.token, { amount: '10', target: 'bank', cardId: card0.data.id, payPassword: '123456' })).msg).toBe('Set a transaction password first');
    await call(h, 'POST', '/web/settingPayPassword', { token: u.token, body: { payPassword: '654321' } });
    expect((await apply(u.token, { amount: '10', target: 'bank', cardId: card0.data.id, payPassword: '654321' })).msg).toBe('Please select a bank card first');
    const card = await call(h, 'POST', '/web/UserAccount/addCardNo', {
      token: u.token,
      body: { bankName: 'ING', accountName: 'Eva Jansen', cardNumber: 'NL69INGB0123456789', swiftCode: 'INGBNL2A' },
    });
    expect((await apply(u.token, { amount: '10', target: 'bank', payPassword: '654321' })).msg).toBe('Please select a bank card first');
    expect((await apply(u.token, { amount: '10', target: 'bank', cardId: card.data.id, payPassword: '000000' })).msg).toBe('The transaction password is wrong');
    expect((await apply(u.token, { amount: '10', target: 'bank', cardId: card.data.id })).msg).toBe('Please enter the transaction password');
    expect((await apply(u.token, { amount: '200.01', target: 'bank', cardId: card.data.id, payPassword: '654321' })).msg).toBe('Insufficient balance');

    const w = await apply(u.token, { amount: '80', target: 'bank', cardId: card.data.id, payPassword: '654321' });
    expect(w.data).toMatchObject({ status: 1, amount: '80.00', destination: 'ING ********6789' });
    let b = await balances(u.token);
    expect([b.BALANCE!.balance, b.BALANCE!.usedBalance]).toEqual(['120.00', '80.00']);
    expect((await call(h, 'GET', '/web/withdrawal/getUsableWithdrawalAmount', { token: u.token })).data).toMatchObject({ amount: '120.00', kycVerified: true });

    const queue = await call(h, 'GET', '/web/operator/withdrawals?status=1', { token: op });
    const mine = queue.data.list.find((x: any) => x.id === w.data.id);
    expect(mine.details).toMatchObject({ bankName: 'ING', cardNumber: 'NL69INGB0123456789', swiftCode: 'INGBNL2A' });
    const rejected = await call(h, 'POST', `/web/operator/withdrawals/${w.data.id}/reject`, { token: op, body: { reason: 'Name does not match' } });
    expect(rejected.data).toMatchObject({ status: 2, reason: 'Name does not match' });
    b = await balances(u.token);
    expect([b.BALANCE!.balance, b.BALANCE!.usedBalance]).toEqual(['200.00', '0.00']);

    const paid = await apply(u.token, { amount: '50', target: 'bank', cardId: card.data.id, payPassword: '654321' });
    expect((await call(h, 'POST', `/web/operator/withdrawals/${paid.data.id}/approve`, { token: op, body: {} })).data.status).toBe(3);
    b = await balances(u.token);
    expect([b.BALANCE!.balance, b.BALANCE!.usedBalance]).toEqual(['150.00', '0.00']);
    const history = await call(h, 'POST', '/web/withdrawal/listPage', { token: u.token, body: {} });
    expect(history.data.list.map((x: any) => x.status)).toEqual([3, 2]);
    const kinds = (await call(h, 'GET', '/web/userMessage/getMessage', { token: u.token })).data.list.map((n: any) => n.kind);
    expect(kinds).toEqual(expect.arrayContaining(['withdrawal.rejected', 'withdrawal.completed', 'kyc.approved']));
  });

  it('never overdraws a wallet under many parallel withdrawals and transfers', async () => {
    const u = await verified();
    await fund(u.token, '100');
    await call(h, 'POST', '/web/settingPayPassword', { token: u.token, body: { payPassword: '654321' } });
    const card = await call(h, 'POST', '/web/UserAccount/addCardNo', {
      token: u.token,
      body: { bankName: 'Rabobank', accountName: 'Eva Jansen', cardNumber: 'NL44RABO0123456789', swiftCode: 'RABONL2U' },
    });
    const attempts = [
      ...Array.from({ length: 15 }, () =>
        call(h, 'POST', '/web/withdrawal/withdrawal-apply', {
          token: u.token,
          headers: key(),
          body: { amount: '10', target: 'bank', cardId: card.data.id, payPassword: '654321' },
        }),
      ),
      ...Array.from({ length: 15 }, () =>
        call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'STOCK', amount: '10' } }),
      ),
    ];
    const results = await Promise.all(attempts);
    const ok = results.filter((r) => r.code === 200).length;
    expect(results.every((r) => r.code === 200 || (r.status === 422 && r.msg === 'Insufficient balance'))).toBe(true);
    expect(ok).toBe(10);
    const b = await balances(u.token);
    expect(b.BALANCE!.balance).toBe('0.00');
    expect(new Dec(b.BALANCE!.usedBalance).add(b.STOCK!.balance).eq(100)).toBe(true);
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data.ok).toBe(true);
  });

  it('names the hold in every release, and lets a hold be released once', async () => {
    const u = await verified();
    await fund(u.token, '100');
    await call(h, 'POST', '/web/settingPayPassword', { token: u.token, body: { payPassword: '654321' } });
    const card = await call(h, 'POST', '/web/UserAccount/addCardNo', {
      token: u.token,
      body: { bankName: 'Triodos', accountName: 'Eva Jansen', cardNumber: 'NL12TRIO0123456789', swiftCode: 'TRIONL2U' },
    });
    const withdraw = async (amount: string) =>
      (
        await call(h, 'POST', '/web/withdrawal/withdrawal-apply', {
          token: u.token,
          headers: key(),
          body: { amount, target: 'bank', cardId: card.data.id, payPassword: '654321' },
        })
      ).data.id as number;
    const transfer = async () =>
      (await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'US_STOCK', amount: '10' } })).data
        .id as number;

    const paid = await withdraw('30');
    expect((await call(h, 'POST', `/web/operator/withdrawals/${paid}/approve`, { token: op, body: {} })).code).toBe(200);
    const refused = await withdraw('20');
    expect((await call(h, 'POST', `/web/operator/withdrawals/${refused}/reject`, { token: op, body: { reason: 'Wrong name' } })).code).toBe(200);
    const cancelled = await transfer();
    expect((await call(h, 'POST', '/web/wallet/cancelTransfer', { token: u.token, headers: key(), body: { id: cancelled } })).code).toBe(200);
    const settled = await transfer();
    await until(
      () => call(h, 'POST', '/web/wallet/transferList', { token: u.token, body: {} }),
      (r) => r.data.list.find((t: any) => t.id === settled).status === 1,
    );

    const releases = await h.db.query<{ kind: string; ref_id: number; hold_kind: string; hold_ref_id: number }>(
      `select r.kind, r.ref_id, hold.kind as hold_kind, hold.ref_id as hold_ref_id
         from ledger_journals r join ledger_journals hold on hold.id = r.hold_journal_id
        where r.user_id = $1 order by r.id`,
      [u.id],
    );
    expect(releases).toEqual([
      { kind: 'withdrawal', ref_id: paid, hold_kind: 'withdrawal.hold', hold_ref_id: paid },
      { kind: 'withdrawal.release', ref_id: refused, hold_kind: 'withdrawal.hold', hold_ref_id: refused },
      { kind: 'transfer.cancel', ref_id: cancelled, hold_kind: 'transfer.hold', hold_ref_id: cancelled },
      { kind: 'transfer.settle', ref_id: settled, hold_kind: 'transfer.hold', hold_ref_id: settled },
    ]);

    // Two operators at once: one review wins, the other finds it done.
    const raced = await withdraw('10');
    const answers = await Promise.all([
      call(h, 'POST', `/web/operator/withdrawals/${raced}/approve`, { token: op, body: {} }),
      call(h, 'POST', `/web/operator/withdrawals/${raced}/reject`, { token: op, body: { reason: 'Too late' } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(
      await h.db.query('select id from ledger_journals where hold_journal_id = (select hold_journal_id from withdrawals where id = $1)', [raced]),
    ).toHaveLength(1);

    // Whatever a caller checked before, the database refuses a second release and another user's hold.
    const holdOf = async (withdrawal: number) =>
      (await h.db.query<{ id: number }>('select hold_journal_id as id from withdrawals where id = $1', [withdrawal]))[0]!.id;
    const release = (hold: number, userId: number) =>
      h.db.tx((sql) =>
        postRelease(sql, hold, { kind: 'withdrawal.release', userId, actorId: null, refType: 'withdrawal', refId: paid }, [
          { account: { userId, wallet: 'BALANCE', part: 'held', currency: 'EUR' }, amount: '-1' },
          { account: { userId, wallet: 'BALANCE', part: 'available', currency: 'EUR' }, amount: '1' },
        ]),
      );
    await expect(release(await holdOf(paid), u.id)).rejects.toThrow(/already released/);
    const pending = await withdraw('5');
    const other = await registerUser(h);
    await expect(release(await holdOf(pending), other.id)).rejects.toThrow(/not one of user/);
    expect((await balances(u.token)).BALANCE!.usedBalance).toBe('5.00');
    expect((await call(h, 'POST', `/web/operator/withdrawals/${pending}/reject`, { token: op, body: { reason: 'Test' } })).code).toBe(200);
  });

  it('keeps history append-only and every journal balanced', async () => {
    await expect(h.db.query('update ledger_entries set amount = amount * 2')).rejects.toThrow(/append-only/);
    await expect(h.db.query('delete from ledger_journals')).rejects.toThrow(/append-only/);
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data.journals).toBeGreaterThan(10);
    const u = await registerUser(h);
    expect((await call(h, 'GET', '/web/operator/ledger/check', { token: u.token })).status).toBe(403);
  });

  it('filters the bill by type and day', async () => {
    const u = await registerUser(h);
    await fund(u.token, '60');
    await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'FUTURE', amount: '15' } });
    const deposits = await call(h, 'POST', '/web/wallet/getWalletBill', { token: u.token, body: { type: 'deposit' } });
    expect(deposits.data.list.map((b: any) => b.type)).toEqual(['deposit']);
    const transfers = await call(h, 'POST', '/web/wallet/getWalletBill', { token: u.token, body: { type: 'transfer' } });
    expect(transfers.data.list.map((b: any) => [b.walletCode, b.amount])).toEqual([
      ['FUTURE', '15.00'],
      ['BALANCE', '-15.00'],
    ]);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await call(h, 'POST', '/web/wallet/getWalletBill', { token: u.token, body: { from: tomorrow } })).data.total).toBe(0);
    expect((await call(h, 'POST', '/web/wallet/getWalletBill', { token: u.token, body: { from: 'yesterday' } })).status).toBe(400);
  });

  it('reads the bill as a statement: one event per journal with its net changes, running balances and entries', async () => {
    const u = await verified();
    await fund(u.token, '1000');
    const transfer = await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'FOREX', amount: '600' } });
    expect(transfer.data.status).toBe(1);
    const order = (path: string, body: object) => call(h, 'POST', path, { token: u.token, headers: key(), body });
    market.set('BTCUSDT', '60000.00');
    // Leverage 10 is above bitcoin's retail cap of 2: the risk is acknowledged first (trading-leverage.test.ts).
    await call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { token: u.token, body: { version: LEVERAGE_RISK_VERSION } });
    const btc = await order('/web/gold/create', { stockCode: 'BTCUSDT', direction: 0, type: 0, quantity: '0.01', leverage: 10 });
    // At the ask 60000.01: 600.0001 USDT x 0.921658986175 = 552.99548387... EUR; margin / 10 = 55.30, fee x 0.001 = 0.55.
    expect(btc.data).toMatchObject({ status: 1, openPrice: '60000.01', margin: '55.30', handlingFee: '0.55' });
    market.set('BTCUSDT', '61000.00');
    expect((await order('/web/position/flatPosition', { id: btc.data.id })).code).toBe(200);
    // At the bid 60999.99: profit 9.9998 USDT x 0.921658986175 = 9.21640552... -> 9.22 EUR;
    // fee 609.9999 x 0.921658986175 x 0.001 = 0.56221... -> 0.56. Payout 55.30 + 9.22 - 0.56 = 63.96.

    await call(h, 'POST', '/web/settingPayPassword', { token: u.token, body: { payPassword: '654321' } });
    const card = await call(h, 'POST', '/web/UserAccount/addCardNo', {
      token: u.token,
      body: { bankName: 'ING', accountName: 'Eva Jansen', cardNumber: 'NL69INGB0123456789', swiftCode: 'INGBNL2A' },
    });
    const apply = (amount: string) =>
      call(h, 'POST', '/web/withdrawal/withdrawal-apply', {
        token: u.token,
        headers: key(),
        body: { amount, target: 'bank', cardId: card.data.id, payPassword: '654321' },
      });
    // Refused for want of money: no journal, no event.
    expect((await apply('400.01')).msg).toBe('Insufficient balance');
    const w = await apply('100');
    expect((await call(h, 'POST', `/web/operator/withdrawals/${w.data.id}/reject`, { token: op, body: { reason: 'Name does not match' } })).data.status).toBe(
      2,
    );

    const bill = async (body: object) => (await call(h, 'POST', '/web/wallet/getWalletBill', { token: u.token, body: { groupBy: 'journal', ...body } })).data;
    const all = await bill({});
    const side = (e: any) => e.wallets.map((x: any) => [x.walletCode, x.available, x.held, x.availableAfter, x.heldAfter]);
    // Six actions that moved money, six events (eleven entries of the caller underneath), newest first.
    expect(all.total).toBe(6);
    expect(all.events.map((e: any) => [e.type, ...side(e)])).toEqual([
      ['withdrawal.release', ['BALANCE', '100.00', '-100.00', '400.00', '0.00']],
      ['withdrawal.hold', ['BALANCE', '-100.00', '100.00', '300.00', '100.00']],
      ['position.close', ['FOREX', '63.96', '-55.30', '608.11', '0.00']],
      ['order.open', ['FOREX', '-55.85', '55.30', '544.15', '55.30']],
      ['transfer', ['BALANCE', '-600.00', '0.00', '400.00', '0.00'], ['FOREX', '600.00', '0.00', '600.00', '0.00']],
      ['deposit', ['BALANCE', '1000.00', '0.00', '1000.00', '0.00']],
    ]);
    expect(all.events[0]).toMatchObject({ memo: 'Name does not match', holdJournalId: all.events[1].journalId });
    expect(all.events[2].holdJournalId).toBe(all.events[3].journalId);
    // Folded under the trades: the fee each paid and the profit the close booked (63.96 = 55.30 + 9.22 - 0.56).
    expect(all.events.map((e: any) => [e.fee, e.profit])).toEqual([
      [null, null],
      [null, null],
      ['0.56', '9.22'],
      ['0.55', null],
      [null, null],
      [null, null],
    ]);
    expect(all.events.map((e: any) => e.entries.length)).toEqual([2, 2, 2, 2, 2, 1]);
    expect(all.events[3].entries.map((b: any) => [b.part, b.amount])).toEqual([
      ['available', '-55.85'],
      ['held', '55.30'],
    ]);
    // The old fields stay: `list` holds the entries of the page's events, in the shape of a bill.
    expect(all.list).toHaveLength(11);
    expect(all.list[0]).toMatchObject({ type: 'withdrawal.release', walletCode: 'BALANCE', part: 'held', amount: '-100.00', balanceAfter: '0.00' });
    const flat = (await call(h, 'POST', '/web/wallet/getWalletBill', { token: u.token, body: {} })).data;
    expect([flat.total, flat.list.length, flat.events]).toEqual([11, 11, undefined]);

    // The events' available changes add up to each wallet's balance change since it was opened at zero.
    const b = await balances(u.token);
    for (const code of ['BALANCE', 'FOREX']) {
      const moved = all.events.flatMap((e: any) => e.wallets.filter((x: any) => x.walletCode === code));
      expect(moved.reduce((acc: Dec, x: any) => acc.add(x.available), new Dec(0)).toFixed(2)).toBe(b[code]!.balance);
      expect(moved.reduce((acc: Dec, x: any) => acc.add(x.held), new Dec(0)).toFixed(2)).toBe(b[code]!.usedBalance);
    }
    expect([b.BALANCE!.balance, b.FOREX!.balance]).toEqual(['400.00', '608.11']);

    // Paging, the wallet, the type and the day all count events.
    const p1 = await bill({ walletCode: 'FOREX', size: 2 });
    const p2 = await bill({ walletCode: 'FOREX', size: 2, page: 2 });
    expect([p1.total, p1.events.map((e: any) => e.type), p2.events.map((e: any) => e.type)]).toEqual([3, ['position.close', 'order.open'], ['transfer']]);
    // In one wallet a transfer shows that wallet's side only.
    expect(side(p2.events[0])).toEqual([['FOREX', '600.00', '0.00', '600.00', '0.00']]);
    expect(p2.list.map((x: any) => [x.walletCode, x.amount])).toEqual([['FOREX', '600.00']]);
    const closes = await bill({ type: 'position.close' });
    expect([closes.total, side(closes.events[0])]).toEqual([1, [['FOREX', '63.96', '-55.30', '608.11', '0.00']]]);
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await bill({ from: today, to: tomorrow })).total).toBe(6);
    expect((await bill({ from: tomorrow })).total).toBe(0);
    expect((await call(h, 'POST', '/web/wallet/getWalletBill', { token: u.token, body: { groupBy: 'wallet' } })).status).toBe(400);
  });
});
