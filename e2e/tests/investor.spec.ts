import { expect, test, type Page } from '@playwright/test';
import { codeFromOutbox, screen, shot, uniqueName } from './support';

const PASSWORD = 'secret-pass1';

async function toast(page: Page) {
  return page.locator('.adm-toast-main');
}

test('first launch guide, register with the mailed code, sign in, profile, switch language, log out', async ({ page }) => {
  const email = `${uniqueName('anna')}@example.com`;

  await page.goto('/');
  await expect(page.getByTestId('guide-next')).toBeVisible();
  await expect(page.getByText('simulated', { exact: false }).first()).toBeVisible();
  await screen(page, 'guide-en');
  // Next until the last slide, as a person taps through (each tap waits for the slide to settle).
  await expect(async () => {
    if (await page.getByTestId('guide-next').isVisible()) await page.getByTestId('guide-next').click();
    await expect(page.getByTestId('guide-start')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await screen(page, 'guide-last-en');
  await page.getByTestId('guide-start').click();
  await expect(page).toHaveURL(/#\/pages\/home\/index/);
  await screen(page, 'home-signed-out');

  // The launch flag is stored: the guide is not shown again.
  await page.goto('/');
  await expect(page).toHaveURL(/#\/pages\/home\/index/);

  await page.goto('/#/pages/auth/register');
  await page.getByTestId('register-email').fill('not-an-email');
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-email-error')).toHaveText('Please enter a valid e-mail (text@text)');

  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-send-code').click();
  await expect(page.getByTestId('register-send-code')).toContainText(/\d+/);
  const code = await codeFromOutbox(email);
  await page.getByTestId('register-code').fill(code);
  await page.getByTestId('register-password').fill(PASSWORD);
  await page.getByTestId('register-submit').click();
  await expect(page.getByTestId('register-agree-error')).toHaveText('Please agree to the user agreement first');
  await page.getByTestId('register-agree').check();
  await screen(page, 'register-en');
  await page.getByTestId('register-submit').click();
  await expect(page).toHaveURL(/#\/pages\/home\/index/);

  // Sign out, then sign in with the new account.
  await page.getByTestId('tab-profile').click();
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  await page.getByTestId('profile-logout').click();
  await page.getByTestId('logout-confirm').click();
  await expect(page).toHaveURL(/#\/pages\/auth\/login$/);

  await page.getByTestId('login-username').fill(email);
  await page.getByTestId('login-password').fill('wrong-password');
  // The registration's "register success" toast may still be fading: wait for it to go, so the one
  // toast on screen is the sign-in's answer.
  await expect(await toast(page)).toHaveCount(0);
  await page.getByTestId('login-submit').click();
  await expect(await toast(page)).toHaveText('Wrong user ID or password');
  await page.getByTestId('login-password').fill(PASSWORD);
  await screen(page, 'login-en');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/#\/pages\/home\/index/);

  await page.getByTestId('tab-profile').click();
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  await expect(page.getByTestId('profile-kyc')).toHaveText('Not verified');
  await expect(page.getByTestId('profile-invitation-code')).toHaveText(/^[A-Z2-9]{6}$/);
  const tabBar = await page.locator('.tab-bar-inner').boundingBox();
  expect(tabBar?.height).toBe(50);
  expect(Math.round((tabBar?.y ?? 0) + (tabBar?.height ?? 0))).toBe(844);
  await screen(page, 'profile-en');

  await page.getByTestId('profile-menu-settings').click();
  await page.getByTestId('lang-nl').click();
  await expect(page.getByTestId('settings-security')).toContainText('Rekeningbeveiliging');
  await shot(page, 'settings-nl');
  await page.getByTestId('tab-profile').or(page.locator('.adm-nav-bar-back')).first().click();
  await page.goto('/#/pages/profile/index');
  await expect(page.getByTestId('profile-logout')).toHaveText('Uitloggen');
  await screen(page, 'profile-nl');
  // The chosen language reaches the server: its messages come back in Dutch.
  await page.goto('/#/pages/setting/loginpwd');
  await page.getByTestId('loginpwd-old').fill('not-my-password');
  await page.getByTestId('loginpwd-new').fill('next-pass2');
  await page.getByTestId('loginpwd-confirm').fill('next-pass2');
  await page.getByTestId('loginpwd-submit').click();
  await expect(page.getByText('Het oude wachtwoord is onjuist').first()).toBeVisible();

  await page.goto('/#/pages/setting/index');
  await page.getByTestId('lang-zh').click();
  await expect(page.getByTestId('settings-security')).toContainText('安全');
  await screen(page, 'settings-zh');
  await page.goto('/#/pages/profile/index');
  await screen(page, 'profile-zh');
  await page.goto('/#/pages/setting/index');
  await page.getByTestId('lang-en').click();

  await page.getByTestId('settings-logout').click();
  await page.getByTestId('logout-confirm').click();
  await expect(page).toHaveURL(/#\/pages\/auth\/login/);
  // The app leaves the page first, then revokes the session and forgets the token.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('mm.token'))).toBeNull();
  // The token was revoked on the server, not only forgotten by the app.
});

test('an expired session leads to the login page with "login expired"', async ({ page, request }) => {
  const username = uniqueName('exp_');
  const reg = await request.post('/web/register', { data: { username, password: PASSWORD, agreement: true } });
  const { token } = (await reg.json()).data;

  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('mm.launched', '1'));
  await page.goto('/#/pages/auth/login');
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(PASSWORD);
  // The home screen's own signed-in calls must be answered before the session ends, or one of
  // them, not the tap on the profile tab, would be the call that finds the session expired.
  const homeLoaded = Promise.all(
    ['/web/api/user/info', '/web/userMessage/getMessage', '/web/portfolio'].map((path) => page.waitForResponse((r) => r.url().includes(path))),
  );
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/#\/pages\/home\/index/);
  await homeLoaded;

  // Both sessions end on the server (a logout elsewhere, as an expiry would): the app's next call gets a 401.
  const stored = await page.evaluate(() => localStorage.getItem('mm.token'));
  for (const t of [token, stored]) await request.post('/web/logout', { headers: { authorization: `Bearer ${t}` }, data: {} });

  await page.getByTestId('tab-profile').click();
  await expect(await toast(page)).toHaveText('login expired');
  await expect(page).toHaveURL(/#\/pages\/auth\/login/);
  await screen(page, 'login-expired');
  expect(await page.evaluate(() => localStorage.getItem('mm.token'))).toBeNull();
});

test('company registration uploads its images while signed out', async ({ page }) => {
  const email = `${uniqueName('co')}@example.com`;
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('mm.launched', '1'));
  await page.goto('/#/pages/auth/registercompany');
  await page.getByTestId('corp-email').fill(email);
  await page.getByTestId('corp-send-code').click();
  const code = await codeFromOutbox(email);
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR4nGOsr69nQAJMDKgAAFqgAYtrPDdQAAAAAElFTkSuQmCC', 'base64');
  await page.getByTestId('corp-code').fill(code);
  await page.getByTestId('corp-username').fill(`Co${Date.now().toString(36)}`.slice(0, 15));
  await page.getByTestId('corp-password').fill('Company2026pw');
  await page.getByTestId('corp-confirm-password').fill('Company2026pw');
  await page.getByTestId('corp-enterprise-name').fill('Tulip Trading BV');
  await page.getByTestId('corp-license-number').fill('KVK-12345678');
  await page.getByTestId('corp-license-image').setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: png });
  await page.getByTestId('corp-enterprise-address').fill('Herengracht 100, Amsterdam');
  await page.getByTestId('corp-place').fill('Amsterdam');
  await page.getByTestId('corp-bank-account').fill('NL91ABNA0417164300');
  await page.getByTestId('corp-bank-image').setInputFiles({ name: 'bank.png', mimeType: 'image/png', buffer: png });
  await page.getByTestId('corp-officer-name').fill('Jan Bakker');
  await page.getByTestId('corp-officer-id-type').selectOption('passport');
  await page.getByTestId('corp-officer-id-number').fill('NX1234567');
  await page.getByTestId('corp-phone').fill('+31201234567');
  await page.getByTestId('corp-agree').check();
  await screen(page, 'register-company');
  await page.getByTestId('corp-submit').click();
  await expect(page).toHaveURL(/#\/pages\/home\/index/);
  await page.getByTestId('tab-profile').click();
  await expect(page.getByTestId('profile-account-type')).toHaveText('Company');
});

test('individual registration with every field, checked as typed', async ({ page }) => {
  const email = `${uniqueName('ind')}@example.com`;
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('mm.launched', '1'));
  await page.goto('/#/pages/auth/register');
  await page.getByTestId('register-individual').click();
  await expect(page).toHaveURL(/registerindividual/);

  await page.getByTestId('reg-submit').click();
  await expect(page.getByTestId('reg-username-error')).toHaveText('Please enter user ID');
  await expect(page.getByTestId('reg-first-name-error')).toHaveText('Please enter first name');

  await page.getByTestId('reg-username').fill(uniqueName('ind_'));
  await page.getByTestId('reg-email').fill(email);
  await page.getByTestId('reg-send-code').click();
  await page.getByTestId('reg-code').fill(await codeFromOutbox(email));
  await page.getByTestId('reg-password').fill(PASSWORD);
  await page.getByTestId('reg-confirm-password').fill('something-else1');
  await page.getByTestId('reg-first-name').fill('Anna');
  await page.getByTestId('reg-last-name').fill('de Vries');
  await page.getByTestId('reg-phone').fill('12345');
  await page.getByTestId('reg-ssn').fill('123456782');
  await page.getByTestId('reg-country').click();
  await page.getByTestId('area-search').fill('Neth');
  await page.getByTestId('area-option-NL').click();
  await expect(page.getByTestId('reg-country')).toHaveText('Netherlands');
  await page.getByTestId('reg-street').fill('Damrak 1');
  await page.getByTestId('reg-state').fill('Noord-Holland');
  await page.getByTestId('reg-postal').fill('1012 LG');
  await page.getByTestId('reg-agree').check();
  await page.getByTestId('reg-submit').click();
  await expect(page.getByTestId('reg-confirm-password-error')).toHaveText('The two passwords do not match');
  await expect(page.getByTestId('reg-phone-error')).toHaveText('Phone number: 9 to 13 characters');

  await page.getByTestId('reg-confirm-password').fill(PASSWORD);
  await page.getByTestId('reg-phone').fill('+31612345678');
  await screen(page, 'register-individual');
  await page.getByTestId('reg-submit').click();
  await expect(page).toHaveURL(/#\/pages\/home\/index/);
  await page.getByTestId('tab-profile').click();
  await expect(page.getByTestId('profile-email')).toHaveText(email);
  await expect(page.getByTestId('profile-name')).toContainText('Anna');
});
