import { randomUUID } from 'node:crypto';
import { addDecimal, monthBounds, monthOf, roundDecimal } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngBytes } from './fixtures';
import { call, drivers, OPERATOR, registerUser, startServer, type Harness } from './harness';
import { scriptedMarket } from './scripted';

const BTC = 'BTCUSDT';

describe.each(await drivers())('monthly statements on %s', (driver) => {
  let h: Harness;
  let op: string;
  const market = scriptedMarket();
  const thisMonth = monthOf(Date.now());
  const lastMonth = monthOf(monthBounds(thisMonth).from - 1);
  beforeAll(async () => {
    h = await startServer(driver, {}, { provider: market.provider });
    op = (await call(h, 'POST', '/web/operator/login', { body: { email: OPERATOR.email, password: OPERATOR.password } })).data.token;
  });
  afterAll(async () => {
    const check = await call(h, 'GET', '/web/operator/ledger/check', { token: op });
    expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [] });
    await h.close();
  });

  const key = () => ({ 'idempotency-key': randomUUID() });
  /** A market buy of bitcoin at leverage 10 from the forex wallet. */
  const buyBtc = (token: string, quantity: string) =>
    call(h, 'POST', '/web/gold/create', {
      token,
      headers: key(),
      body: { stockCode: BTC, stockName: 'Bitcoin', direction: 0, source: 100, type: 0, quantity, leverage: 10, goldCode: BTC },
    });
  const statement = (token: string, month: string, lang?: string) =>
    call(h, 'GET', `/web/statement/month?month=${month}`, { token, ...(lang ? { lang } : {}) });

  /** Verified, 5,000 euros deposited and moved to the forex wallet; then (by hand, as last month's) a 100-euro deposit and the account opened last month. */
  async function trader(eur = '5000', to = 'FOREX') {
    const u = await registerUser(h);
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
    const frontUrl = (await call(h, 'POST', '/web/file/upload', { form, token: u.token })).data.url;
    await call(h, 'POST', '/web/updateReal', {
      token: u.token,
      body: { firstName: 'Sam', lastName: 'Statement', country: 'NL', idType: 'passport', idNumber: 'NX123456', frontUrl },
    });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
    const d = await call(h, 'POST', '/web/recharge/create', {
      token: u.token,
      headers: key(),
      body: { method: 'fiat', currency: 'EUR', amount: eur, proofUrl: frontUrl },
    });
    expect((await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} })).code).toBe(200);
    expect((await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to, amount: eur } })).code).toBe(200);
    await call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { token: u.token, body: { version: 1 } });
    const mid = new Date(monthBounds(lastMonth).from + 14 * 86_400_000);
    await h.db.tx(async (sql) => {
      await sql.query('update users set created_at = $2 where id = $1', [u.id, new Date(monthBounds(lastMonth).from + 86_400_000)]);
      const [j] = await sql.query<{ id: number }>(
        "insert into ledger_journals (kind, user_id, memo, created_at) values ('deposit', $1, 'last month', $2) returning id",
        [u.id, mid],
      );
      const [mine] = await sql.query<{ id: number }>(
        "select id from ledger_accounts where user_id = $1 and code = 'BALANCE' and part = 'available' and currency = 'EUR'",
        [u.id],
      );
      const [house] = await sql.query<{ id: number }>("select id from ledger_accounts where user_id is null and code = 'deposits' and currency = 'EUR'");
      await sql.query("insert into ledger_entries (journal_id, account_id, currency, amount) values ($1, $2, 'EUR', 100), ($1, $3, 'EUR', -100)", [
        j!.id,
        mine!.id,
        house!.id,
      ]);
    });
    return u;
  }

  it('states each wallet from the ledger: opening + movements = closing to the cent, the trades with their fees, and last month before this one', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const buy = await buyBtc(u.token, '0.2');
    // As in trading.test.ts: 0.2 at the ask 100,000.01, margin 1,600.00, fee 16.00.
    expect(buy.data).toMatchObject({ margin: '1600.00', handlingFee: '16.00' });
    market.set(BTC, '101000.00');
    // A quarter at the bid 100,999.99: fee 4.04, realised 35.96; then the rest: fee 12.12, realised 107.88.
    expect(
      (await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: buy.data.id, quantity: '0.05' } })).data,
    ).toMatchObject({
      closeFee: '4.04',
      sellProfit: '35.96',
    });
    expect((await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: buy.data.id } })).data).toMatchObject({
      closeFee: '12.12',
      sellProfit: '107.88',
    });

    const months = await call(h, 'GET', '/web/statement/months', { token: u.token });
    expect(months.data.months).toEqual([
      { month: thisMonth, complete: false },
      { month: lastMonth, complete: true },
    ]);

    const last = await statement(u.token, lastMonth);
    expect(last.code, last.msg).toBe(200);
    expect(last.data).toMatchObject({ month: lastMonth, complete: true, userName: u.username, trades: [], positions: [] });
    expect(last.data.wallets).toEqual([
      {
        walletCode: 'BALANCE',
        currency: 'EUR',
        opening: { available: '0.00', held: '0.00', total: '0.00' },
        closing: { available: '100.00', held: '0.00', total: '100.00' },
        lines: [{ type: 'deposit', count: 1, amount: '100.00' }],
        moneyIn: '100.00',
        moneyOut: '0.00',
        fees: '0.00',
      },
    ]);

    const now = await statement(u.token, thisMonth);
    expect(now.code, now.msg).toBe(200);
    expect(now.data.complete).toBe(false);
    const [funding, forex] = now.data.wallets;
    // Last month's closing is this month's opening.
    expect(funding).toMatchObject({
      walletCode: 'BALANCE',
      opening: { total: '100.00' },
      closing: { available: '100.00', held: '0.00', total: '100.00' },
      moneyIn: '5000.00',
    });
    expect(funding.lines).toEqual([
      { type: 'deposit', count: 1, amount: '5000.00' },
      { type: 'transfer', count: 1, amount: '-5000.00' },
    ]);
    // 5,000 − 16.00 + 35.96 + 107.88 = 5,127.84; fees 16.00 + 4.04 + 12.12 = 32.16.
    expect(forex).toMatchObject({
      walletCode: 'FOREX',
      opening: { total: '0.00' },
      closing: { available: '5127.84', held: '0.00', total: '5127.84' },
      fees: '32.16',
    });
    expect(forex.lines).toEqual([
      { type: 'transfer', count: 1, amount: '5000.00' },
      { type: 'order.open', count: 1, amount: '-16.00' },
      { type: 'position.close', count: 2, amount: '143.84' },
    ]);
    // A close states its trade as the position does: gross, its fees (its share of the 16.00 opening fee and its closing fee) and net.
    // The quarter: gross 40.00, fees 4.00 + 4.04 = 8.04, net 31.96; the rest: gross 120.00, fees 12.00 + 12.12 = 24.12, net 95.88.
    expect(now.data.trades.map((t: any) => [t.event, t.quantity, t.price, t.fee, t.gross, t.fees, t.net])).toEqual([
      ['filled', '0.2', '100000.01', '16.00', null, null, null],
      ['partially_closed', '0.05', '100999.99', '4.04', '40.00', '8.04', '31.96'],
      ['closed', '0.15', '100999.99', '12.12', '120.00', '24.12', '95.88'],
    ]);
    expect(now.data.positions).toEqual([]);

    // Recomputed from the entries themselves: each wallet's closing is the sum of all its entries, and the wallets' balances agree.
    const sums = await h.db.query<{ code: string; total: string }>(
      "select a.code, to_char(sum(e.amount), 'FM999999990.00') as total from ledger_entries e join ledger_accounts a on a.id = e.account_id where a.user_id = $1 group by a.code order by a.code",
      [u.id],
    );
    expect(sums).toEqual([
      { code: 'BALANCE', total: '100.00' },
      { code: 'FOREX', total: '5127.84' },
    ]);
    const balances = (await call(h, 'POST', '/web/wallet/getWalletBalance', { token: u.token, body: {} })).data;
    expect(balances.find((w: any) => w.code === 'FOREX').total).toBe(forex.closing.total);

    // The same trades and bills as CSV files for a range of days.
    const csv = async (what: string, from: string, to: string) => {
      const res = await fetch(`${h.base}/web/export/${what}.csv?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${u.token}` } });
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    };
    const first = `${thisMonth}-01`;
    const today = new Date().toISOString().slice(0, 10);
    const trades = await csv('trades', first, today);
    expect(trades.type).toBe('text/csv; charset=utf-8');
    const tradeRows = trades.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(tradeRows.map((r) => r.slice(2).join(' '))).toEqual([
      'symbol wallet side event quantity price fee gross_pnl trade_fees net_pnl',
      'BTCUSDT FOREX buy filled 0.2 100000.01 16.00   ',
      'BTCUSDT FOREX buy partially_closed 0.05 100999.99 4.04 40.00 8.04 31.96',
      'BTCUSDT FOREX buy closed 0.15 100999.99 12.12 120.00 24.12 95.88',
    ]);
    const bills = (await csv('bills', `${lastMonth}-01`, today)).text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    expect(bills[0]).toEqual(['time', 'journal_id', 'type', 'wallet', 'currency', 'part', 'amount', 'balance_after', 'memo']);
    // Every entry of both months: the amounts of each wallet add up to its closing, and the last balance of each part is the part's closing.
    const total = (code: string) =>
      bills
        .slice(1)
        .filter((r) => r[3] === code)
        .reduce((sum, r) => addDecimal(sum, r[6]!)!, '0');
    expect([roundDecimal(total('BALANCE')), roundDecimal(total('FOREX'))]).toEqual(['100.00', '5127.84']);
    expect(bills.find((r) => r[7] === '100.00' && r[2] === 'deposit' && r[8] === 'last month')).toBeTruthy();
    expect((await csv('bills', today, first)).status).toBe(400);
    const tooLong = await csv('bills', '2024-01-01', today);
    expect(JSON.parse(tooLong.text).msg).toBe('Choose a period of at most 366 days, from its first day to its last');
  });

  it('states one closed trade’s P&L once: the same gross, fees and net in the position, the statement and its CSV, and the wallet moved by the net', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const buy = await buyBtc(u.token, '0.1');
    expect(buy.code, buy.msg).toBe(200);
    market.set(BTC, '99500.00');
    const closed = await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: buy.data.id } });
    expect(closed.code, closed.msg).toBe(200);

    // By hand. EURUSD 1.25: a USDT is 0.80 EUR; bitcoin's fee rate is 0.1 % each way, leverage 10.
    // Open 0.1 at the ask 100,000.01: notional 100,000.01 × 0.1 × 0.8 = 8,000.0008 EUR, margin 800.00, fee 8.0000008 → 8.00.
    // Close at the bid 99,499.99: P&L (99,499.99 − 100,000.01) × 0.1 × 0.8 = −40.0016 → −40.00;
    // closing fee 99,499.99 × 0.1 × 0.8 × 0.001 = 7.9599992 → 7.96.
    // Gross −40.00 (the prices alone); fees 8.00 + 7.96 = 15.96; net −40.00 − 15.96 = −55.96.
    const expected = { gross: '-40.00', fees: '15.96', net: '-55.96' };

    const detail = (await call(h, 'POST', '/web/position/detail', { token: u.token, body: { id: buy.data.id } })).data;
    expect(detail).toMatchObject({ status: 3, handlingFee: '8.00', closeFee: '7.96', grossProfit: expected.gross, netProfit: expected.net });
    expect(addDecimal(detail.handlingFee, detail.closeFee)).toBe(expected.fees);

    const trades = (await statement(u.token, thisMonth)).data.trades.filter((t: any) => t.positionId === buy.data.id);
    expect(trades.map((t: any) => [t.event, t.fee, t.gross, t.fees, t.net])).toEqual([
      ['filled', '8.00', null, null, null],
      ['closed', '7.96', expected.gross, expected.fees, expected.net],
    ]);

    const today = new Date().toISOString().slice(0, 10);
    const res = await fetch(`${h.base}/web/export/trades.csv?from=${thisMonth}-01&to=${today}`, { headers: { authorization: `Bearer ${u.token}` } });
    const rows = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));
    const header = rows[0]!;
    const close = rows.find((r) => r[header.indexOf('position_id')] === String(buy.data.id) && r[header.indexOf('event')] === 'closed')!;
    expect(['gross_pnl', 'trade_fees', 'net_pnl'].map((c) => close[header.indexOf(c)])).toEqual([expected.gross, expected.fees, expected.net]);

    // Net is what the wallet moved over the trade's life: 5,000.00 − 55.96.
    const wallets = (await call(h, 'POST', '/web/wallet/getWalletBalance', { token: u.token, body: {} })).data;
    expect(wallets.find((w: any) => w.code === 'FOREX').total).toBe('4944.04');
  });

  it('lists a position still open at the month’s end, and refuses a month it cannot state with the message, changing nothing', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const buy = await buyBtc(u.token, '0.1');
    expect(buy.code, buy.msg).toBe(200);
    const s = (await statement(u.token, thisMonth)).data;
    expect(s.positions).toEqual([
      {
        positionId: buy.data.id,
        symbol: BTC,
        walletCode: 'FOREX',
        direction: 0,
        quantity: '0.1',
        openPrice: '100000.01',
        margin: '800.00',
        openedTimestamp: expect.any(Number),
      },
    ]);
    // The held margin is on the closing's held side.
    expect(s.wallets.find((w: any) => w.walletCode === 'FOREX').closing).toEqual({ available: '4192.00', held: '800.00', total: '4992.00' });

    const next = monthOf(monthBounds(thisMonth).to);
    const before = monthOf(monthBounds(lastMonth).from - 1);
    expect((await statement(u.token, next)).msg).toBe('There is no statement for this month');
    expect((await statement(u.token, before)).msg).toBe('There is no statement for this month');
    expect((await statement(u.token, '2026-13')).code).not.toBe(200);
    expect((await statement(u.token, before, 'nl')).msg).toBe('Voor deze maand is er geen overzicht');
    // Outside the calendar's years (2025-2028) a month is bad input: a 400 with its message, as JSON and as PDF.
    for (const month of ['2024-12', '2029-01']) {
      expect(await statement(u.token, month)).toMatchObject({ code: 400, msg: 'Choose a month from 2025 to 2028' });
      expect((await fetch(`${h.base}/web/statement/${month}/pdf`, { headers: { authorization: `Bearer ${u.token}` } })).status).toBe(400);
    }
    expect((await statement(u.token, '2029-01', 'zh_Hans_CN')).msg).toBe('请选择 2025 年至 2028 年之间的月份');
    expect((await call(h, 'GET', `/web/statement/month?month=${thisMonth}`)).status).toBe(401);
    // Another investor's statement of the same month shows none of this one's money.
    const other = await registerUser(h);
    const theirs = await statement(other.token, thisMonth);
    expect(theirs.data).toMatchObject({ wallets: [], trades: [], positions: [] });
  });

  it('states the net assets at the month’s end: this month the portfolio’s now, a deposit term and a loan counted; last month analytics’ value of its last day', async () => {
    // 10,000 euros deposited and moved to the financial wallet, and 100 by hand last month in the funding account.
    const u = await trader('10000', 'FINANCIAL');
    const products = (await call(h, 'POST', '/web/user_fund_orders/productPageList', { body: { kind: 'regular', size: 100 } })).data.list as Array<{
      id: number;
      code: string;
    }>;
    const term = await call(h, 'POST', '/web/user_fund_orders/create', {
      token: u.token,
      headers: key(),
      body: { productId: products.find((p) => p.code === 'REG30')!.id, side: 'buy', amount: '2500.00' },
    });
    expect(term.code, term.msg).toBe(200);
    // Identity 150, 10,000 deposited 150, no loan yet 50 (and a few days' age) on 300: the band of 3,000.
    const profile = (await call(h, 'GET', '/web/loan/profile', { token: u.token })).data;
    const applied = await call(h, 'POST', '/web/loan/apply', {
      token: u.token,
      headers: key(),
      body: { amount: '1500', months: 3, aprPercent: profile.aprPercent, accepted: true },
    });
    expect(applied.code, applied.msg).toBe(200);
    expect((await call(h, 'POST', `/web/operator/loans/${applied.data.id}/approve`, { token: op, body: { reason: 'statement test' } })).code).toBe(200);

    // By hand: the deposits 10,000 + 100 are still all held, the term's 2,500 in another place (no fee, no whole day of
    // interest earned yet); the loan's 1,500 is paid into the funding account and owed (no day of interest accrued yet).
    // Total 10,100 + 1,500 = 11,600.00, liabilities 1,500.00, net assets 11,600.00 − 1,500.00 = 10,100.00.
    const total = addDecimal(addDecimal('10000', '100'), '1500')!;
    const liabilities = '1500';
    const net = roundDecimal(addDecimal(total, `-${liabilities}`), 2);
    expect(net).toBe('10100.00');
    const portfolio = (await call(h, 'POST', '/web/portfolio', { token: u.token, body: { currency: 'EUR' } })).data;
    expect(portfolio).toMatchObject({ total: roundDecimal(total, 2), liabilities: roundDecimal(liabilities, 2), netAssets: net, stale: [] });

    const now = await statement(u.token, thisMonth);
    expect(now.code, now.msg).toBe(200);
    expect(now.data.portfolio).toEqual({
      currency: 'EUR',
      netAssets: portfolio.netAssets,
      total: portfolio.total,
      liabilities: portfolio.liabilities,
      asOf: expect.any(Number),
    });
    expect(now.data.portfolio.asOf).toBeGreaterThanOrEqual(portfolio.asOf);
    // The operator's statement states the same.
    const produced = await call(h, 'POST', `/web/operator/users/${u.id}/statement`, { token: op, body: { month: thisMonth, reason: 'Net assets check' } });
    expect(produced.data.portfolio).toMatchObject({ netAssets: net, total: portfolio.total, liabilities: portfolio.liabilities });

    // Last month, at its end: only the 100 deposited by hand; the figure analytics states for that day.
    const lastDay = new Date(monthBounds(lastMonth).to - 1).toISOString().slice(0, 10);
    const days = (await call(h, 'GET', '/web/analytics?period=3M', { token: u.token })).data.days as Array<{ day: string; value: string }>;
    expect(days.find((d) => d.day === lastDay)?.value).toBe('100.00');
    const last = await statement(u.token, lastMonth);
    expect(last.data.portfolio).toEqual({ currency: 'EUR', netAssets: '100.00', total: null, liabilities: null, asOf: monthBounds(lastMonth).to });

    // A month before the calendar's years has no statement even for an account that old: bad input, as JSON and as PDF.
    await h.db.query('update users set created_at = $2 where id = $1', [u.id, new Date(Date.UTC(2020, 0, 15))]);
    expect(await statement(u.token, '2020-01')).toMatchObject({ code: 400, msg: 'Choose a month from 2025 to 2028' });
    for (const lang of ['en', 'nl', 'zh_Hans_CN']) {
      const res = await fetch(`${h.base}/web/statement/${thisMonth}/pdf`, { headers: { authorization: `Bearer ${u.token}`, languages: lang } });
      expect(res.status).toBe(200);
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect((await fetch(`${h.base}/web/statement/2020-01/pdf`, { headers: { authorization: `Bearer ${u.token}`, languages: lang } })).status).toBe(400);
    }
  });

  it('sends the statement as a PDF in the reader’s language, and lets an operator produce one only with a reason, audited', async () => {
    const u = await trader();
    for (const lang of ['en', 'nl', 'zh_Hans_CN']) {
      const res = await fetch(`${h.base}/web/statement/${lastMonth}/pdf`, { headers: { authorization: `Bearer ${u.token}`, languages: lang } });
      expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.subarray(-6).toString()).toContain('%%EOF');
    }
    expect((await fetch(`${h.base}/web/statement/${lastMonth}/pdf`)).status).toBe(401);

    const noReason = await call(h, 'POST', `/web/operator/users/${u.id}/statement`, { token: op, body: { month: lastMonth } });
    expect(noReason.msg).toBe('Please give a reason');
    expect((await call(h, 'POST', `/web/operator/users/${u.id}/statement`, { token: u.token, body: { month: lastMonth, reason: 'x' } })).status).toBe(403);
    const produced = await call(h, 'POST', `/web/operator/users/${u.id}/statement`, {
      token: op,
      body: { month: lastMonth, reason: 'Customer asked by phone' },
    });
    expect(produced.code, produced.msg).toBe(200);
    const own = (await statement(u.token, lastMonth)).data;
    expect({ ...produced.data, generatedTimestamp: 0 }).toEqual({ ...own, generatedTimestamp: 0 });
    const pdf = await fetch(`${h.base}/web/operator/users/${u.id}/statement/${lastMonth}/pdf?reason=${encodeURIComponent('Audit sample')}`, {
      headers: { authorization: `Bearer ${op}` },
    });
    expect(pdf.status).toBe(200);
    const unreasoned = await fetch(`${h.base}/web/operator/users/${u.id}/statement/${lastMonth}/pdf`, { headers: { authorization: `Bearer ${op}` } });
    expect(((await unreasoned.json()) as { msg: string }).msg).toBe('Please give a reason');
    const audit = await h.db.query<{ reason: string }>("select reason from audit_log where action = 'statement.produce' and target_id = $1 order by id", [
      String(u.id),
    ]);
    expect(audit.map((a) => a.reason)).toEqual(['Customer asked by phone', 'Audit sample']);
  });

  it('shows the account’s timeline: money movements, order steps with their journals and reviews with their audit entries, and the chain checked', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const buy = await buyBtc(u.token, '0.1');
    expect(buy.code, buy.msg).toBe(200);
    expect((await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: buy.data.id } })).code).toBe(200);
    expect((await call(h, 'POST', `/web/operator/users/${u.id}/statement`, { token: op, body: { month: thisMonth, reason: 'Timeline check' } })).code).toBe(
      200,
    );

    const t = await call(h, 'GET', '/web/account/timeline?page=1&size=50', { token: u.token });
    expect(t.code, t.msg).toBe(200);
    expect(t.data.auditChain.ok).toBe(true);
    const summary = t.data.list.map((e: any) =>
      e.kind === 'money'
        ? `money ${e.journalKind} ${e.wallets.map((w: any) => `${w.walletCode} ${w.amount}`).join(' ')}`
        : e.kind === 'order'
          ? `order ${e.event} ${e.quantity}`
          : `review ${e.review.action}`,
    );
    // Newest first; last month's hand-made deposit is the oldest. The order's steps: placed and filled in one transaction, then closed.
    expect(summary).toEqual([
      'review statement.produce',
      'order closed 0.1',
      expect.stringMatching(/^order (placed|filled) 0\.1$/),
      expect.stringMatching(/^order (placed|filled) 0\.1$/),
      'money transfer BALANCE -5000.00 FOREX 5000.00',
      'money deposit BALANCE 5000.00',
      'review deposit.approve',
      'review kyc.approve',
      'money deposit BALANCE 100.00',
    ]);
    expect(t.data.total).toBe(9);
    expect(t.data.list[0].review.reason).toBe('Timeline check');
    expect(t.data.list[0].review.hash).toMatch(/^[0-9a-f]{64}$/);
    // Each order step names the journals it posted: the fill its opening, the close its closing.
    const journals = await h.db.query<{ id: number; kind: string }>(
      "select id, kind from ledger_journals where ref_type = 'position' and ref_id = $1 order by id",
      [buy.data.id],
    );
    const filled = t.data.list.find((e: any) => e.event === 'filled');
    const closed = t.data.list.find((e: any) => e.event === 'closed');
    expect(filled.journalIds).toEqual(journals.filter((j) => j.kind === 'order.open').map((j) => Number(j.id)));
    expect(closed.journalIds).toEqual(journals.filter((j) => j.kind === 'position.close').map((j) => Number(j.id)));
    // Paged: the second page of two starts where the first ended.
    const second = await call(h, 'GET', '/web/account/timeline?page=2&size=2', { token: u.token });
    expect(second.data.list.map((e: any) => e.timestamp)).toEqual(t.data.list.slice(2, 4).map((e: any) => e.timestamp));
    // Nobody else's.
    const other = await registerUser(h);
    expect((await call(h, 'GET', '/web/account/timeline', { token: other.token })).data).toMatchObject({ list: [], total: 0 });
  });
});
