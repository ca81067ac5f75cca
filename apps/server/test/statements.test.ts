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
  const statement = (token: string, month: string, lang?: string) => call(h, 'GET', `/web/statement/month?month=${month}`, { token, ...(lang ? { lang } : {}) });

  /** Verified, 5,000 euros deposited and moved to the forex wallet; then (by hand, as last month's) a 100-euro deposit and the account opened last month. */
  async function trader() {
    const u = await registerUser(h);
    const form = new FormData();
    form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'id.png');
    const frontUrl = (await call(h, 'POST', '/web/file/upload', { form, token: u.token })).data.url;
    await call(h, 'POST', '/web/updateReal', { token: u.token, body: { firstName: 'Sam', lastName: 'Statement', country: 'NL', idType: 'passport', idNumber: 'NX123456', frontUrl } });
    const [kyc] = await h.db.query<{ id: number }>('select id from kyc_submissions where user_id = $1', [u.id]);
    await call(h, 'POST', `/web/operator/kyc/${kyc!.id}/approve`, { token: op, body: {} });
    const d = await call(h, 'POST', '/web/recharge/create', { token: u.token, headers: key(), body: { method: 'fiat', currency: 'EUR', amount: '5000', proofUrl: frontUrl } });
    expect((await call(h, 'POST', `/web/operator/deposits/${d.data.id}/approve`, { token: op, body: {} })).code).toBe(200);
    expect((await call(h, 'POST', '/web/wallet/transfer', { token: u.token, headers: key(), body: { from: 'BALANCE', to: 'FOREX', amount: '5000' } })).code).toBe(200);
    await call(h, 'POST', '/web/trading/leverageRisk/acknowledge', { token: u.token, body: { version: 1 } });
    const mid = new Date(monthBounds(lastMonth).from + 14 * 86_400_000);
    await h.db.tx(async (sql) => {
      await sql.query('update users set created_at = $2 where id = $1', [u.id, new Date(monthBounds(lastMonth).from + 86_400_000)]);
      const [j] = await sql.query<{ id: number }>("insert into ledger_journals (kind, user_id, memo, created_at) values ('deposit', $1, 'last month', $2) returning id", [u.id, mid]);
      const [mine] = await sql.query<{ id: number }>("select id from ledger_accounts where user_id = $1 and code = 'BALANCE' and part = 'available' and currency = 'EUR'", [u.id]);
      const [house] = await sql.query<{ id: number }>("select id from ledger_accounts where user_id is null and code = 'deposits' and currency = 'EUR'");
      await sql.query("insert into ledger_entries (journal_id, account_id, currency, amount) values ($1, $2, 'EUR', 100), ($1, $3, 'EUR', -100)", [j!.id, mine!.id, house!.id]);
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
    expect((await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: buy.data.id, quantity: '0.05' } })).data).toMatchObject({
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
    expect(funding).toMatchObject({ walletCode: 'BALANCE', opening: { total: '100.00' }, closing: { available: '100.00', held: '0.00', total: '100.00' }, moneyIn: '5000.00' });
    expect(funding.lines).toEqual([
      { type: 'deposit', count: 1, amount: '5000.00' },
      { type: 'transfer', count: 1, amount: '-5000.00' },
    ]);
    // 5,000 − 16.00 + 35.96 + 107.88 = 5,127.84; fees 16.00 + 4.04 + 12.12 = 32.16.
    expect(forex).toMatchObject({ walletCode: 'FOREX', opening: { total: '0.00' }, closing: { available: '5127.84', held: '0.00', total: '5127.84' }, fees: '32.16' });
    expect(forex.lines).toEqual([
      { type: 'transfer', count: 1, amount: '5000.00' },
      { type: 'order.open', count: 1, amount: '-16.00' },
      { type: 'position.close', count: 2, amount: '143.84' },
    ]);
    expect(now.data.trades.map((t: any) => [t.event, t.quantity, t.price, t.fee, t.profit])).toEqual([
      ['filled', '0.2', '100000.01', '16.00', null],
      ['partially_closed', '0.05', '100999.99', '4.04', '35.96'],
      ['closed', '0.15', '100999.99', '12.12', '107.88'],
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
    const tradeRows = trades.text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(','));
    expect(tradeRows.map((r) => r.slice(2).join(' '))).toEqual([
      'symbol wallet side event quantity price fee profit',
      'BTCUSDT FOREX buy filled 0.2 100000.01 16.00 ',
      'BTCUSDT FOREX buy partially_closed 0.05 100999.99 4.04 35.96',
      'BTCUSDT FOREX buy closed 0.15 100999.99 12.12 107.88',
    ]);
    const bills = (await csv('bills', `${lastMonth}-01`, today)).text.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((l) => l.split(','));
    expect(bills[0]).toEqual(['time', 'journal_id', 'type', 'wallet', 'currency', 'part', 'amount', 'balance_after', 'memo']);
    // Every entry of both months: the amounts of each wallet add up to its closing, and the last balance of each part is the part's closing.
    const total = (code: string) => bills.slice(1).filter((r) => r[3] === code).reduce((sum, r) => addDecimal(sum, r[6]!)!, '0');
    expect([roundDecimal(total('BALANCE')), roundDecimal(total('FOREX'))]).toEqual(['100.00', '5127.84']);
    expect(bills.find((r) => r[7] === '100.00' && r[2] === 'deposit' && r[8] === 'last month')).toBeTruthy();
    expect((await csv('bills', today, first)).status).toBe(400);
    const tooLong = await csv('bills', '2024-01-01', today);
    expect(JSON.parse(tooLong.text).msg).toBe('Choose a period of at most 366 days, from its first day to its last');
  });

  it('lists a position still open at the month’s end, and refuses a month it cannot state with the message, changing nothing', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const buy = await buyBtc(u.token, '0.1');
    expect(buy.code, buy.msg).toBe(200);
    const s = (await statement(u.token, thisMonth)).data;
    expect(s.positions).toEqual([
      { positionId: buy.data.id, symbol: BTC, walletCode: 'FOREX', direction: 0, quantity: '0.1', openPrice: '100000.01', margin: '800.00', openedTimestamp: expect.any(Number) },
    ]);
    // The held margin is on the closing's held side.
    expect(s.wallets.find((w: any) => w.walletCode === 'FOREX').closing).toEqual({ available: '4192.00', held: '800.00', total: '4992.00' });

    const next = monthOf(monthBounds(thisMonth).to);
    const before = monthOf(monthBounds(lastMonth).from - 1);
    expect((await statement(u.token, next)).msg).toBe('There is no statement for this month');
    expect((await statement(u.token, before)).msg).toBe('There is no statement for this month');
    expect((await statement(u.token, '2026-13')).code).not.toBe(200);
    expect((await statement(u.token, before, 'nl')).msg).toBe('Voor deze maand is er geen overzicht');
    expect((await call(h, 'GET', `/web/statement/month?month=${thisMonth}`)).status).toBe(401);
    // Another investor's statement of the same month shows none of this one's money.
    const other = await registerUser(h);
    const theirs = await statement(other.token, thisMonth);
    expect(theirs.data).toMatchObject({ wallets: [], trades: [], positions: [] });
  });

  it('sends the statement as a PDF in the reader’s language, and lets an operator produce one only with a reason, audited', async () => {
    const u = await trader();
    for (const lang of ['en', 'nl', 'zh_Hans_CN']) {
      const res = await fetch(`${h.base}/web/statement/${lastMonth}/pdf`, { headers: { authorization: `Bearer ${u.token}`, languages: lang } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.subarray(-6).toString()).toContain('%%EOF');
    }
    expect((await fetch(`${h.base}/web/statement/${lastMonth}/pdf`)).status).toBe(401);

    const noReason = await call(h, 'POST', `/web/operator/users/${u.id}/statement`, { token: op, body: { month: lastMonth } });
    expect(noReason.msg).toBe('Please give a reason');
    expect((await call(h, 'POST', `/web/operator/users/${u.id}/statement`, { token: u.token, body: { month: lastMonth, reason: 'x' } })).status).toBe(403);
    const produced = await call(h, 'POST', `/web/operator/users/${u.id}/statement`, { token: op, body: { month: lastMonth, reason: 'Customer asked by phone' } });
    expect(produced.code, produced.msg).toBe(200);
    const own = (await statement(u.token, lastMonth)).data;
    expect({ ...produced.data, generatedTimestamp: 0 }).toEqual({ ...own, generatedTimestamp: 0 });
    const pdf = await fetch(`${h.base}/web/operator/users/${u.id}/statement/${lastMonth}/pdf?reason=${encodeURIComponent('Audit sample')}`, { headers: { authorization: `Bearer ${op}` } });
    expect(pdf.status).toBe(200);
    const unreasoned = await fetch(`${h.base}/web/operator/users/${u.id}/statement/${lastMonth}/pdf`, { headers: { authorization: `Bearer ${op}` } });
    expect(((await unreasoned.json()) as { msg: string }).msg).toBe('Please give a reason');
    const audit = await h.db.query<{ reason: string }>("select reason from audit_log where action = 'statement.produce' and target_id = $1 order by id", [String(u.id)]);
    expect(audit.map((a) => a.reason)).toEqual(['Customer asked by phone', 'Audit sample']);
  });

  it('shows the account’s timeline: money movements, order steps with their journals and reviews with their audit entries, and the chain checked', async () => {
    market.set(BTC, '100000.00');
    const u = await trader();
    const buy = await buyBtc(u.token, '0.1');
    expect(buy.code, buy.msg).toBe(200);
    expect((await call(h, 'POST', '/web/position/flatPosition', { token: u.token, headers: key(), body: { id: buy.data.id } })).code).toBe(200);
    expect((await call(h, 'POST', `/web/operator/users/${u.id}/statement`, { token: op, body: { month: thisMonth, reason: 'Timeline check' } })).code).toBe(200);

    const t = await call(h, 'GET', '/web/account/timeline?page=1&size=50', { token: u.token });
    expect(t.code, t.msg).toBe(200);
    expect(t.data.auditChain.ok).toBe(true);
    const summary = t.data.list.map((e: any) =>
      e.kind === 'money' ? `money ${e.journalKind} ${e.wallets.map((w: any) => `${w.walletCode} ${w.amount}`).join(' ')}` : e.kind === 'order' ? `order ${e.event} ${e.quantity}` : `review ${e.review.action}`,
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
    const journals = await h.db.query<{ id: number; kind: string }>("select id, kind from ledger_journals where ref_type = 'position' and ref_id = $1 order by id", [buy.data.id]);
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
