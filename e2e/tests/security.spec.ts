// Account security (issue 18): two-factor sign-in turned on with an authenticator's code (computed
// here with the same library the server uses), signing out and in again with a code, the devices
// and sessions list and signing another device out; every new screen in en, nl and zh-Hans.
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ROUTES } from '../../apps/web/src/app/paths';
import { PASSWORD, post, register } from './api';
import { LANGUAGES, launch, open, seriousViolations, shot } from './support';

/** The app's code of `secret` `ahead` steps from now: the server takes a step either side once each. */
const codeOf = (secret: string, ahead = 0) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + ahead * 30_000 });

test.use({ bypassCSP: true });

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

/** Starts the setup on the two-factor page and reads the key the QR code carries. */
async function startSetup(page: Page): Promise<string> {
  await open(page, ROUTES.twoFactor);
  await page.getByTestId('twofactor-start').click();
  const qr = page.getByTestId('twofactor-qr');
  await expect(qr.locator('svg')).toBeVisible();
  const uri = (await qr.getAttribute('data-uri'))!;
  const secret = new URL(uri).searchParams.get('secret')!;
  // The key shown as text is the QR code's, in groups of four.
  await expect(page.getByTestId('twofactor-secret')).toHaveText(secret.replace(/(.{4})/g, '$1 ').trim());
  return secret;
}

async function enable(page: Page, secret: string) {
  await page.getByTestId('twofactor-code').fill(codeOf(secret));
  await page.getByTestId('twofactor-enable').click();
  await expect(page.getByTestId('twofactor-recovery-codes').locator('li')).toHaveCount(10);
}

test('two-factor sign-in, then the devices list signs another device out', async ({ page, request }) => {
  // Three languages of three screens after the journey itself.
  test.setTimeout(180_000);
  const user = await register(request, 'sec_');
  // Another device, signed in before two-factor sign-in is turned on.
  const other = await request.post('/web/loginByUsername', { data: { username: user.username, password: PASSWORD }, headers: { 'user-agent': ANDROID } });
  const otherToken = (await other.json()).data.token as string;

  await launch(page, user.token, 'en');
  await open(page, ROUTES.security);
  await expect(page.getByTestId('security-twofactor-status')).toHaveText('Off');
  await page.getByTestId('security-twofactor').click();
  await expect(page.getByTestId('twofactor-intro')).toBeVisible();
  const secret = await startSetup(page);
  // A wrong code is refused under its field.
  const wrong = codeOf(secret) === '000000' ? '111111' : '000000';
  await page.getByTestId('twofactor-code').fill(wrong);
  await page.getByTestId('twofactor-enable').click();
  await expect(page.getByText('The code is wrong or has expired')).toBeVisible();
  await enable(page, secret);
  const codes = await page.getByTestId('twofactor-recovery-codes').locator('li').allTextContents();
  for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await page.getByTestId('twofactor-recovery-done').click();
  await expect(page.getByTestId('security-twofactor-status')).toHaveText('On');

  // Sign out, and in again: the password, then a code (the next step's: the enabling one is used).
  await open(page, ROUTES.settings);
  await page.getByTestId('settings-logout').click();
  await page.getByTestId('logout-confirm').click();
  await expect(page).toHaveURL(/#\/pages\/auth\/login/);
  await page.getByTestId('login-username').fill(user.username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-code')).toBeVisible();
  await page.getByTestId('login-code').fill(codeOf(secret, 1));
  await page.getByTestId('login-code-submit').click();
  await expect(page).toHaveURL(/#\/pages\/home\/index/);

  // This browser and the Android phone; the logged-out first session is gone.
  await open(page, ROUTES.sessions);
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(page.locator('[data-testid="session-row"][data-current="true"]')).toHaveCount(1);
  const phone = page.locator('[data-testid="session-row"][data-current="false"]');
  await expect(phone.getByTestId('session-device')).toHaveText('Chrome on Android');
  await expect(page.getByTestId('session-place-note')).toContainText('no location database is used');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'security-sessions-journey-en');

  await phone.getByTestId('session-end').click();
  await page.getByTestId('session-end-confirm').click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByTestId('session-none')).toBeVisible();
  // The phone's token is refused at once.
  const after = await request.get('/web/api/user/info', { headers: { authorization: `Bearer ${otherToken}` } });
  expect(after.status()).toBe(401);

  // One notice for the sign-in with the code (the registration and the API's sign-in before it: one more).
  const token = await page.evaluate(() => localStorage.getItem('mm.token'));
  const inbox = await request.get('/web/userMessage/getMessage?size=20', { headers: { authorization: `Bearer ${token}` } });
  const kinds = ((await inbox.json()).data.list as Array<{ kind: string }>).filter((n) => n.kind === 'auth.signIn');
  expect(kinds).toHaveLength(2);

  // The two-factor page, on, and the code step, in every language.
  for (const { ui, short } of LANGUAGES) {
    await launch(page, token, ui);
    await open(page, ROUTES.twoFactor);
    await expect(page.getByTestId('twofactor-codes-left')).toContainText('10');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `security-twofactor-on-${short}`);
    await open(page, ROUTES.sessions);
    await expect(page.getByTestId('session-row')).toHaveCount(1);
    await shot(page, `security-sessions-one-${short}`);
  }
  for (const { ui, short } of LANGUAGES) {
    await launch(page, null, ui);
    await open(page, ROUTES.login);
    await page.getByTestId('login-username').fill(user.username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-code')).toBeVisible();
    await page.getByTestId('login-code-submit').click();
    await expect(page.getByTestId('login-code-error')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `security-login-code-${short}`);
  }
});

test('the setup and the recovery codes read right in every language', async ({ page, request }) => {
  test.setTimeout(180_000);
  for (const { ui, short } of LANGUAGES) {
    const user = await register(request, `sec${short}_`);
    // A second session, so the list shows a device to sign out.
    await post(request, '/loginByUsername', null, { username: user.username, password: PASSWORD });
    await launch(page, user.token, ui);
    const secret = await startSetup(page);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `security-setup-${short}`);
    await enable(page, secret);
    await shot(page, `security-recovery-${short}`);
    await open(page, ROUTES.security);
    await shot(page, `security-page-${short}`);
    await open(page, ROUTES.sessions);
    await expect(page.getByTestId('session-row')).toHaveCount(2);
    await shot(page, `security-sessions-${short}`);
  }
});
