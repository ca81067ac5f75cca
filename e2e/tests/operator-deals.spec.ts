import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { announcedDeal, funded, get, operator, post, type User, verifiedUser } from './api';
import { DESKTOP, signIn } from './backOffice';
import { documentPng } from './png';
import { screen } from './support';

// Issue 12, the back office's side of IPO deals (decision 0019): an operator announces a Hong Kong
// deal in the editor, opens it, two investors subscribe through the API, the operator closes it,
// prices it (a price above the range refused on its field first), runs the allotment and finds the
// basis-of-allotment table and the seed, then the deal's entries in the audit log. A second deal
// is cancelled with a reason.

test.use(DESKTOP);

/** A verified investor with `euros` in the subscription wallet. */
async function subscriber(request: APIRequestContext, prefix: string, euros: string): Promise<User> {
  const png = documentPng();
  const user = await verifiedUser(request, prefix, png);
  await funded(request, user, euros, png);
  await post(request, '/wallet/transfer', user.token, { from: 'BALANCE', to: 'SUBSCRIPTION', amount: euros }, true);
  return user;
}

/** A Hong Kong code no instrument of the simulated market has (theirs have four digits). */
const hkCode = () => `7${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

/** Confirms the open dialog with its primary button and waits for it to close. */
async function confirm(page: Page, title: string, shot?: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  if (shot) await screen(page, shot);
  await dialog.getByTestId('bo-confirm').click();
  await expect(dialog).toHaveCount(0);
}

test('an operator announces, opens, closes, prices and allots a Hong Kong deal and finds its basis of allotment and audit trail', async ({ page, request }) => {
  test.setTimeout(180_000);
  const [small, large] = await Promise.all([subscriber(request, 'dealsa_', '300.00'), subscriber(request, 'dealsb_', '500.00')]);

  await signIn(page);
  await page.getByTestId('bo-nav-deals').click();
  await expect(page.getByRole('heading', { level: 1, name: 'IPO deals' })).toBeVisible();
  await expect(page.getByTestId('bo-deal-row').first()).toBeVisible();
  await screen(page, 'operator-deals-list');

  // ---- the editor: an empty form is refused field by field, then the deal is announced ----
  await page.getByTestId('bo-deal-new').click();
  await expect(page.getByRole('heading', { level: 1, name: 'New deal' })).toBeVisible();
  await expect(page.getByTestId('bo-deal-market')).toHaveValue('HK');
  await page.getByTestId('bo-deal-save').click();
  await expect(page.getByTestId('bo-deal-error')).toContainText('Check the fields marked below');
  await expect(page.getByTestId('bo-deal-name')).toHaveAccessibleDescription('Please fill in the required information');
  await expect(page.getByTestId('bo-deal-priceLow')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('bo-deal-lotSize')).toHaveAttribute('aria-invalid', 'true');
  await screen(page, 'operator-deal-editor-errors');

  const code = hkCode();
  const name = `Harbour Light Foods ${code}`;
  await page.getByTestId('bo-deal-name').fill(name);
  await page.getByTestId('bo-deal-code').fill(code);
  await page.getByTestId('bo-deal-symbol').fill(`${code}.HK`);
  await page.getByTestId('bo-deal-profile').fill('Frozen dumplings and dim sum for supermarkets across the Greater Bay Area (fictional).');
  await page.getByTestId('bo-deal-priceLow').fill('7.20');
  // A range upside down is refused on its top, by the server's rule.
  await page.getByTestId('bo-deal-priceHigh').fill('7.00');
  await page.getByTestId('bo-deal-fundRaising').fill('1560.00');
  await page.getByTestId('bo-deal-lotSize').fill('100');
  await page.getByTestId('bo-deal-publicLots').fill('4');
  await expect(page.getByTestId('bo-deal-feePercent')).toHaveValue('1.0085');
  await expect(page.getByTestId('bo-deal-handlingFee')).toHaveValue('50.00');
  await page.getByTestId('bo-deal-save').click();
  await expect(page.getByTestId('bo-deal-priceHigh')).toHaveAccessibleDescription('The top of the price range must be at or above its bottom');
  await page.getByTestId('bo-deal-priceHigh').fill('7.80');
  await expect(page.getByTestId('bo-deal-priceHigh')).not.toHaveAttribute('aria-invalid', 'true');
  await screen(page, 'operator-deal-editor');
  // The window on Hong Kong's clock (UTC+8), and on the operator's (the browser's UTC) below it.
  await expect(page.getByTestId('bo-deal-opens')).toHaveValue(/T09:00$/);
  await page.getByTestId('bo-deal-listingDate').scrollIntoViewIfNeeded();
  await expect(page.getByText(/^Your time: .*1:00 AM$/)).toBeVisible();
  await screen(page, 'operator-deal-editor-dates');
  await page.getByTestId('bo-deal-save').click();

  // ---- the detail: announced, its next step offered ----
  const detail = page.getByTestId('bo-deal-detail');
  await expect(detail).toHaveAttribute('data-status', 'announced');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  const dealId = Number(/#\/deals\/(\d+)/.exec(page.url())![1]);
  await expect(page.getByTestId('bo-deal-terms')).toContainText('7.20–7.80 HKD');
  await expect(page.getByTestId('bo-deal-terms')).toContainText('1.0085 %');
  await screen(page, 'operator-deal-announced');

  // ---- the calendar shows its window, allotment and listing ----
  await page.getByRole('link', { name: 'IPO deals' }).first().click();
  await page.getByTestId('bo-deals-view').getByRole('button', { name: 'Calendar' }).click();
  await expect(page.getByTestId('bo-deals-calendar')).toBeVisible();
  const deal = await get(request, `/operator/deals/${dealId}`, await operator(request));
  const opensMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: '2-digit' }).format(
    new Date(deal.subscriptionOpensTimestamp),
  );
  await page.goto(`/operator/#/deals?view=calendar&month=${opensMonth}`);
  const opens = page.getByTestId('bo-cal-event').filter({ hasText: `${code} opens` });
  await expect(opens).toBeVisible();
  await screen(page, 'operator-deals-calendar');
  await opens.click();
  await expect(detail).toHaveAttribute('data-status', 'announced');

  // ---- open it; two investors subscribe (4 lots offered, 6 applied for) ----
  await page.getByTestId('bo-deal-open').click();
  await confirm(page, 'Open subscriptions', 'operator-deal-open-confirm');
  await expect(detail).toHaveAttribute('data-status', 'open');
  await expect(page.getByTestId('bo-deal-edit')).toHaveCount(0);

  await post(request, '/NewShares/create', small.token, { dealId, lots: 2 }, true);
  await post(request, '/NewShares/create', large.token, { dealId, lots: 4 }, true);
  await page.reload();
  await expect(page.getByTestId('bo-deal-applicants')).toHaveText('2');
  await expect(page.getByTestId('bo-deal-oversubscription')).toHaveText('1.50×');
  await expect(page.getByTestId('bo-deal-pools')).toBeVisible();
  // The applications, oldest first: who, which pool, what is held.
  const applications = page.getByTestId('bo-deal-application');
  await expect(applications).toHaveCount(2);
  await expect(applications.nth(0)).toContainText(small.username);
  await expect(applications.nth(1)).toContainText(large.username);
  for (const row of [applications.nth(0), applications.nth(1)]) {
    await expect(row).toHaveAttribute('data-status', 'subscribed');
    await expect(row.locator('td').nth(2)).toHaveText('A');
  }
  await screen(page, 'operator-deal-open');

  // ---- close, then price: above the range refused on the field, then 7.50 ----
  await page.getByTestId('bo-deal-close').click();
  await confirm(page, 'Close subscriptions');
  await expect(detail).toHaveAttribute('data-status', 'closed');

  await page.getByTestId('bo-deal-price').click();
  const priceDialog = page.getByRole('dialog', { name: 'Set the final price' });
  await priceDialog.getByTestId('bo-deal-final-price').fill('8.00');
  await priceDialog.getByTestId('bo-confirm').click();
  await expect(priceDialog.getByTestId('bo-deal-final-price')).toHaveAccessibleDescription(
    'A Hong Kong final price can be at most the top of the range (7.80)',
  );
  await screen(page, 'operator-deal-price-refused');
  await priceDialog.getByTestId('bo-deal-final-price').fill('7.50');
  await priceDialog.getByTestId('bo-confirm').click();
  await expect(priceDialog).toHaveCount(0);
  await expect(detail).toHaveAttribute('data-status', 'priced');
  await expect(page.getByTestId('bo-deal-terms')).toContainText('7.50 HKD');

  // ---- the allotment: every applicant gets a lot first, the other two by ballot ----
  await page.getByTestId('bo-deal-allot').click();
  await confirm(page, 'Run the allotment', 'operator-deal-allot-confirm');
  await expect(detail).toHaveAttribute('data-status', 'allotted');
  await expect(page.getByTestId('bo-deal-seed')).toHaveText(/^[0-9a-f]{32}$/);
  const rows = page.getByTestId('bo-deal-basis-row');
  await expect(rows).toHaveCount(2);
  // Both applications are pool A's (under HK$5m); empty pool B gives it its lots. Every applicant succeeds.
  await expect(rows.nth(0).locator('th')).toHaveText('2');
  await expect(rows.nth(1).locator('th')).toHaveText('4');
  for (const row of [rows.nth(0), rows.nth(1)]) await expect(row).toContainText('1 (100.00 %)');
  await expect(page.getByTestId('bo-deal-lifecycle').locator('[aria-current="step"]')).toContainText('Allotted');
  await page.getByTestId('bo-deal-allotment').scrollIntoViewIfNeeded();
  await screen(page, 'operator-deal-allotted');
  // Both allotted; the filter's other statuses have no one.
  await expect(applications.and(page.locator('[data-status="allotted"]'))).toHaveCount(2);
  await page.getByTestId('bo-deal-application-status').getByRole('button', { name: 'Not allotted' }).click();
  await expect(page.getByTestId('bo-deal-applications')).toContainText('No application has this status.');
  await page.getByTestId('bo-deal-application-status').getByRole('button', { name: 'Allotted', exact: true }).click();
  await expect(applications).toHaveCount(2);
  await page.getByTestId('bo-deal-applications').scrollIntoViewIfNeeded();
  await screen(page, 'operator-deal-applications');

  let shares = 0;
  for (const investor of [small, large]) {
    const mine = await post(request, '/position/subscription', investor.token, { page: 1, size: 20 });
    const subscription = mine.list.find((s: { dealId: number }) => s.dealId === dealId);
    expect(subscription.status, 'the investor’s subscription').toBe('allotted');
    shares += Number(subscription.allottedQuantity);
  }
  expect(shares, 'every public share allotted').toBe(400);

  // ---- every step is in the audit log, the allotment with what replays it ----
  await page.getByTestId('bo-deal-audit-link').click();
  await expect(page).toHaveURL(/#\/audit\?targetType=deal&targetId=\d+/);
  await expect(page.getByTestId('bo-audit-type')).toHaveValue('deal');
  const audit = page.getByTestId('bo-audit-row');
  await expect(audit).toHaveCount(5);
  for (const action of ['deal.create', 'deal.open', 'deal.close', 'deal.price', 'deal.allot']) await expect(audit.filter({ hasText: action })).toHaveCount(1);
  await audit.filter({ hasText: 'deal.allot' }).getByTestId('bo-audit-toggle').click();
  await expect(page.locator('.audit-detail')).toContainText('seed');
  await screen(page, 'operator-deal-audit');
});

test('an operator cancels a deal with a reason, which a missing reason cannot skip', async ({ page, request }) => {
  const created = await announcedDeal(request, 'Kowloon Ferry Holdings', { priceLow: '3.10', priceHigh: '3.30', lotSize: 1000, publicLots: 40 });
  const code = created.code;

  await signIn(page);
  await page.goto(`/operator/#/deals/${created.id}`);
  await expect(page.getByTestId('bo-deal-detail')).toHaveAttribute('data-status', 'announced');
  await page.getByTestId('bo-deal-cancel').click();
  const dialog = page.getByRole('dialog', { name: 'Cancel deal' });
  // Beside "Cancel deal" the way out reads "Keep deal", not a second "Cancel"; it changes nothing.
  await expect(dialog.getByTestId('bo-dismiss')).toHaveText('Keep deal');
  await dialog.getByTestId('bo-dismiss').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('bo-deal-detail')).toHaveAttribute('data-status', 'announced');
  await page.getByTestId('bo-deal-cancel').click();
  await dialog.getByTestId('bo-confirm').click();
  await expect(dialog.getByTestId('bo-reason')).toHaveAccessibleDescription('Please give a reason');
  await dialog.getByTestId('bo-reason').fill('The issuer withdrew its listing application');
  await screen(page, 'operator-deal-cancel');
  await dialog.getByTestId('bo-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('bo-deal-detail')).toHaveAttribute('data-status', 'cancelled');
  await expect(page.getByTestId('bo-deal-cancelled')).toContainText('The issuer withdrew its listing application');
  await expect(page.getByTestId('bo-deal-cancel')).toHaveCount(0);

  // The list's filters: the cancelled deal under Cancelled and HKEX, not under Nasdaq.
  await page.goto('/operator/#/deals?status=cancelled&exchange=HKEX');
  await expect(page.getByTestId('bo-deal-row').filter({ hasText: code })).toHaveCount(1);
  await page.getByTestId('bo-deals-exchange').getByRole('button', { name: 'Nasdaq' }).click();
  await expect(page.getByTestId('bo-deal-row').filter({ hasText: code })).toHaveCount(0);
});
