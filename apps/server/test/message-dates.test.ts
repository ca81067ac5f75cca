import { dayParam, instantParam } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, drivers, registerUser, startServer, type Harness } from './harness';

// A notice is stored with its parameters and written in the reader's language when read
// (modules/notices): its dates too, in the reader's form, through the contract's `translate`. A
// date stored as an ISO day (as the loans, funds and deals write theirs), as an instant on an
// exchange's clock (`instantParam`) and as a calendar day (`dayParam`) reads in one form per
// language, never as the raw ISO text or zone id.

describe.each(await drivers())('dates in notices on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer(driver);
  });
  afterAll(() => h.close());

  const bodies = async (token: string, lang: string) =>
    (await call(h, 'GET', '/web/userMessage/getMessage?size=10', { token, lang })).data.list.map((n: { body: string }) => n.body) as string[];

  it('writes a notice’s dates in the reader’s form in English, Dutch and Chinese', async () => {
    const u = await registerUser(h);
    const insert = (kind: string, params: object) =>
      h.db.query('insert into notices (user_id, kind, params) values ($1, $2, $3)', [u.id, kind, JSON.stringify(params)]);
    // As the loans write it today: an ISO day.
    await insert('loan.approved', { amount: '1000.00', instalment: '346.75', dueDate: '2025-02-28' });
    // 2026-12-07 14:30 UTC is 09:30 in New York (EST, UTC-5): the allotment on the exchange's clock.
    await insert('deal.reconfirm', { name: 'Acme', price: '12.50', currency: 'USD', date: instantParam(Date.UTC(2026, 11, 7, 14, 30), 'America/New_York') });
    await insert('fund.allotted', { name: 'Euro Bond Fund', amount: '500.00', units: '12.345', nav: '40.5000', day: dayParam('2026-03-10') });

    // Newest first: the fund's, the deal's, the loan's.
    expect(await bodies(u.token, 'en')).toEqual([
      'Your purchase of 500.00 EUR of Euro Bond Fund was allotted 12.345 units at the NAV of 10/03/2026, 40.5000.',
      'Acme was priced at 12.50 USD. Reconfirm your offer before the allotment on 07/12/2026 09:30 AM New York time, or your money is returned and nothing is allotted.',
      'Your loan of 1000.00 EUR was approved and paid into your funding account. The first instalment of 346.75 EUR is due on 28/02/2025.',
    ]);
    // Dutch amounts in Dutch separators too (modules/notices).
    const nl = await bodies(u.token, 'nl');
    expect(nl).toEqual([
      'Uw aankoop van 500,00 EUR in Euro Bond Fund kreeg 12,345 eenheden tegen de intrinsieke waarde van 10-03-2026, 40,5000.',
      'De prijs van Acme is vastgesteld op 12,50 USD. Bevestig uw bod vóór de toewijzing op 07-12-2026 09:30 New Yorkse tijd, anders krijgt u uw geld terug en wordt er niets toegewezen.',
      'Uw lening van 1.000,00 EUR is goedgekeurd en op uw financieringsrekening gestort. De eerste termijn van 346,75 EUR vervalt op 28-02-2025.',
    ]);
    const zh = await bodies(u.token, 'zh-CN');
    expect(zh).toEqual([
      '您申购 Euro Bond Fund 的 500.00 EUR 已按 2026-03-10 的净值 40.5000 确认 12.345 份。',
      'Acme 定价为 12.50 USD。请在 纽约时间 2026-12-07 09:30 配售前重新确认您的认购，否则款项将退回且不获配售。',
      '您的 1000.00 EUR 贷款已获批准，并已存入您的资金账户。首期还款 346.75 EUR，到期日为 2025-02-28。',
    ]);
    for (const text of [...nl, ...zh]) expect(text).not.toMatch(/America\/|T\d{2}:\d{2}|\{/);
  });
});
