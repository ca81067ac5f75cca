import { expect, test } from '@playwright/test';
import { OPERATOR } from '../playwright.config';
import { DESKTOP } from './backOffice';
import { codeFromOutbox, screen, uniqueName } from './support';

/** "Meridian Markets" → "MM", as the brand mark shows it. */
const initials = (title: string) =>
  title
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

test.use(DESKTOP);

test('an operator signs in, finds an investor, disables the account with a reason and sees it in the audit log', async ({ page, request }) => {
  const username = uniqueName('bo_user_');
  const reg = await request.post('/web/register', { data: { username, password: 'secret-pass1', agreement: true } });
  expect((await reg.json()).code).toBe(200);

  // The back office carries the app's published title (the server's APP_TITLE until another is published).
  const appTitle = (await (await request.get('/web/appVersion/getPublishAppVersion')).json()).data.title as string;
  expect(appTitle).toBeTruthy();

  await page.goto('/operator/');
  await expect(page.getByTestId('bo-email')).toBeVisible();
  await expect(page.getByTestId('bo-app-title')).toHaveText(appTitle);
  await expect(page).toHaveTitle(`${appTitle} · Back office`);
  await screen(page, 'operator-login');
  await page.getByTestId('bo-email').fill(OPERATOR.email);
  await page.getByTestId('bo-password').fill('wrong-password');
  await page.getByTestId('bo-login').click();
  await expect(page.getByTestId('bo-login-error')).toContainText('Wrong user ID or password');
  await page.getByTestId('bo-password').fill(OPERATOR.password);
  await page.getByTestId('bo-login').click();

  await expect(page.getByTestId('bo-operator-email')).toHaveText(OPERATOR.email);
  await expect(page.getByTestId('bo-app-title')).toHaveText(appTitle);
  await expect(page.locator('.brand-mark')).toHaveText(initials(appTitle));
  await expect(page.locator('.sidebar').getByText('TA', { exact: true })).toHaveCount(0);

  // Operators are not investors: the users list shows investors, the operators only under their filter.
  const rows = page.getByTestId('bo-user-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: OPERATOR.email })).toHaveCount(0);
  await expect(rows.locator('.tag', { hasText: 'operator' })).toHaveCount(0);
  await page.getByTestId('bo-users-search').fill(OPERATOR.email);
  await page.getByTestId('bo-users-search-submit').click();
  await expect(page.getByText(`No investor matches “${OPERATOR.email}”.`)).toBeVisible();
  await page.getByTestId('bo-users-role').getByRole('button', { name: 'Operators' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(OPERATOR.email);
  await expect(page).toHaveURL(/role=operator/);
  await screen(page, 'operator-users-operators');
  await page.getByTestId('bo-users-role').getByRole('button', { name: 'Investors' }).click();
  await expect(page.getByText(`No investor matches “${OPERATOR.email}”.`)).toBeVisible();

  await page.getByTestId('bo-users-search').fill(username);
  await page.getByTestId('bo-users-search-submit').click();
  await expect(page.getByTestId('bo-user-row')).toHaveCount(1);
  await screen(page, 'operator-users');
  await page.getByTestId('bo-user-row').click();

  await expect(page.getByRole('heading', { name: username })).toBeVisible();
  await page.getByTestId('bo-disable').click();
  await page.getByTestId('bo-reason').fill('Suspicious sign-ups from one device');
  await screen(page, 'operator-disable-dialog');
  await page.getByTestId('bo-confirm').click();
  await expect(page.getByTestId('bo-enable')).toBeVisible();

  const login = await request.post('/web/loginByUsername', { data: { username, password: 'secret-pass1' } });
  expect(await login.json()).toMatchObject({ code: 403, msg: 'This account is disabled' });

  await page.goto('/operator/#/audit');
  const row = page.getByTestId('bo-audit-row').filter({ hasText: 'Suspicious sign-ups from one device' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('user.disable');
  await screen(page, 'operator-audit');

  await page.getByTestId('bo-logout').click();
  await expect(page.getByTestId('bo-email')).toBeVisible();
});

test('an investor cannot use the back office', async ({ page, request }) => {
  const email = `${uniqueName('inv')}@example.com`;
  await request.post('/web/getEmailCode', { data: { email, type: 1 } });
  const code = await codeFromOutbox(email);
  const reg = await request.post('/web/register/email', { data: { email, code, password: 'secret-pass1', agreement: true } });
  expect((await reg.json()).code).toBe(200);

  await page.goto('/operator/');
  await page.getByTestId('bo-email').fill(email);
  await page.getByTestId('bo-password').fill('secret-pass1');
  await page.getByTestId('bo-login').click();
  await expect(page.getByTestId('bo-login-error')).toContainText('Operators only');
  await expect(page).toHaveURL(/#\/login/);
});
