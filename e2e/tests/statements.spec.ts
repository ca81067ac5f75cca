import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/app/paths';
import { funded, post, verifiedUser } from './api';
import { documentPng } from './png';
import { animationsDone, LANGUAGES, launch, open, seriousViolations, shot } from './support';

// Issue 18, statements: an investor who deposited 1,000 euros and moved 500 to the forex wallet reads
// this month's statement (opening 0.00, the deposit and the transfer, closing 500.00 in the funding
// wallet and 500.00 in the forex wallet), downloads it as a PDF and the month's bills as CSV. Each
// screen is photographed in English, Dutch and Chinese at 390x844 and checked by axe.

test.use({ bypassCSP: true });

const PNG = documentPng();
const thisMonth = new Date().toISOString().slice(0, 7);

async function axe(page: Page, what: string) {
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
  await animationsDone(page);
  expect(await seriousViolations(page), `axe on ${what}`).toEqual([]);
}

async function photograph(page: Page, name: string, path: string, ready: string) {
  for (const language of LANGUAGES) {
    await page.evaluate((lang) => localStorage.setItem('mm.language', lang), language.ui);
    await page.reload();
    await open(page, path);
    await expect(page.locator(ready).first()).toBeVisible();
    await shot(page, `statements-${name}-${language.short}`);
    await axe(page, `${name} in ${language.short}`);
  }
  await page.evaluate(() => localStorage.setItem('mm.language', 'en'));
  await page.reload();
  await open(page, path);
}

test('a month’s statement from the ledger, as a PDF, and the bills as CSV', async ({ page, request }) => {
  const user = await verifiedUser(request, 'stmt', PNG);
  await funded(request, user, '1000', PNG);
  await post(request, '/wallet/transfer', user.token, { from: 'BALANCE', to: 'FOREX', amount: '500' }, true);
  await launch(page, user.token);

  await photograph(page, 'months', ROUTES.statements, '[data-testid="statement-month"]');
  await expect(page.getByTestId('statement-month').first()).toHaveAttribute('data-month', thisMonth);

  await page.getByTestId('statement-month').first().click();
  await photograph(page, 'month', `${ROUTES.statements}?month=${thisMonth}`, '[data-testid="statement-wallet"]');
  const funding = page.locator('[data-testid="statement-wallet"][data-wallet="BALANCE"]');
  await expect(funding.getByTestId('statement-opening')).toHaveText('0.00');
  await expect(funding.locator('[data-type="deposit"] dd')).toHaveText('+1,000.00');
  await expect(funding.locator('[data-type="transfer"] dd')).toHaveText('-500.00');
  await expect(funding.getByTestId('statement-closing')).toHaveText('500.00');
  await expect(page.locator('[data-testid="statement-wallet"][data-wallet="FOREX"]').getByTestId('statement-closing')).toHaveText('500.00');

  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByTestId('statement-pdf').click()]);
  expect(pdf.suggestedFilename()).toBe(`statement-${thisMonth}.pdf`);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  await open(page, ROUTES.statements);
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-bills').click()]);
  const lines = (await readFile((await csv.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe('time,journal_id,type,wallet,currency,part,amount,balance_after,memo');
  expect(lines.slice(1).map((l) => l.split(',').slice(2, 8).join(' '))).toEqual([
    'deposit BALANCE EUR available 1000.00 1000.00',
    'transfer BALANCE EUR available -500.00 500.00',
    'transfer FOREX EUR available 500.00 500.00',
  ]);

  // The account's timeline: the transfer and the deposit (money), the deposit's and the identity's approvals (reviews), newest first.
  await photograph(page, 'timeline', ROUTES.timeline, '[data-testid="timeline-entry"]');
  await expect(page.getByTestId('timeline-chain')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('timeline-entry')).toHaveCount(4);
  expect(await page.getByTestId('timeline-entry').evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.kind))).toEqual([
    'money',
    'money',
    'review',
    'review',
  ]);
  await expect(page.getByTestId('timeline-entry').nth(0)).toContainText('Transfer');
  await expect(page.getByTestId('timeline-entry').nth(2)).toContainText('Deposit approved');
  await expect(page.getByTestId('timeline-entry').nth(3)).toContainText('Identity approved');
});
