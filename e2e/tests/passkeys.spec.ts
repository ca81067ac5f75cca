// Passkeys (issue 18): an investor registers a passkey from Security → Passkeys, answered by
// Chromium's virtual authenticator (CDP WebAuthn domain: a CTAP2 platform authenticator with
// resident keys and user verification), signs out, and signs in again with "Sign in with a passkey"
// (no user name typed); the page then shows its last use, and it is renamed and deleted with the
// password. The passkeys page and the login button are photographed in en, nl and zh-Hans at 390x844.
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/app/paths';
import { get, PASSWORD, register } from './api';
import { expectAccessible, LANGUAGES, launch, open, shot } from './support';

// WebAuthn takes a domain as relying party, never an IP address: the app is opened as localhost
// (the server binds 127.0.0.1), and the server takes that host as its RP ID (no WEBAUTHN_* set).
const PORT = Number(process.env.E2E_PORT ?? 8190);
test.use({ bypassCSP: true, baseURL: `http://localhost:${PORT}` });

const toast = (page: Page) => page.locator('.adm-toast-main');

/** A platform authenticator in this page, as a phone's: it keeps discoverable keys and verifies the user. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test('an investor registers a passkey and signs in with it, without typing a user name', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await register(request, 'pk_');
  const { cdp, authenticatorId } = await virtualAuthenticator(page);

  await launch(page, user.token, 'en');
  await open(page, ROUTES.security);
  await page.getByTestId('security-passkeys').click();
  await expect(page.getByTestId('passkey-intro')).toBeVisible();
  await expect(page.getByTestId('passkey-none')).toBeVisible();

  // The contract's rule before the browser is asked, then the passkey made and named.
  await page.getByTestId('passkey-add').click();
  await expect(page.getByText('Give the passkey a name of 1 to 50 characters')).toBeVisible();
  await page.getByTestId('passkey-add-name').fill('My iPhone');
  await page.getByTestId('passkey-add').click();
  await expect(toast(page)).toHaveText('Passkey added');
  await expect(page.getByTestId('passkey-row')).toHaveCount(1);
  await expect(page.getByTestId('passkey-name')).toHaveText('My iPhone');
  await expect(page.getByTestId('passkey-last-used')).toHaveText('Not used to sign in yet');
  // The authenticator holds one discoverable credential for localhost, for this account.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials.map((c) => [c.isResidentCredential, c.rpId])).toEqual([[true, 'localhost']]);
  const listed = (await get(request, '/security/passkeys', user.token)) as { list: Array<{ name: string; lastUsedTimestamp: number | null }> };
  expect(listed.list.map((p) => [p.name, p.lastUsedTimestamp])).toEqual([['My iPhone', null]]);

  for (const language of LANGUAGES) {
    await launch(page, user.token, language.ui);
    await open(page, ROUTES.security);
    await expect(page.getByTestId('security-passkeys')).toBeVisible();
    await shot(page, `passkeys-security-${language.short}`);
    await open(page, ROUTES.passkeys);
    await expect(page.getByTestId('passkey-row')).toHaveCount(1);
    await shot(page, `passkeys-page-${language.short}`);
    await expectAccessible(page, `the passkeys page in ${language.short}`);
  }

  // ---- signed out: the login page's passkey button, in every language ----
  for (const language of LANGUAGES) {
    await launch(page, null, language.ui);
    await open(page, ROUTES.login);
    await expect(page.getByTestId('login-passkey')).toBeVisible();
    await shot(page, `passkeys-login-${language.short}`);
    await expectAccessible(page, `the login page with its passkey button in ${language.short}`);
  }
  await launch(page, null, 'en');
  await open(page, ROUTES.login);
  await expect(page.getByTestId('login-passkey')).toHaveText('Sign in with a passkey');
  const sessionsBefore = (await get(request, '/security/sessions', user.token)) as { list: unknown[] };

  // ---- the passkey signs in: no user name, no password, a session like the password's ----
  await page.getByTestId('login-passkey').click();
  await expect(page).not.toHaveURL(/#\/pages\/auth\/login/);
  const token = await page.evaluate(() => localStorage.getItem('mm.token'));
  expect(token).toBeTruthy();
  expect(token).not.toBe(user.token);
  const me = (await get(request, '/api/user/info', token!)) as { userId: string };
  expect(me.userId).toBe(user.username);
  const sessionsAfter = (await get(request, '/security/sessions', token!)) as { list: Array<{ current: boolean }> };
  expect(sessionsAfter.list).toHaveLength(sessionsBefore.list.length + 1);
  const [signedIn] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  expect(signedIn!.signCount).toBeGreaterThan(0);

  // ---- its last use shown; renamed; deleted with the password ----
  await open(page, ROUTES.passkeys);
  await expect(page.getByTestId('passkey-last-used')).toContainText('Last used');
  await page.getByTestId('passkey-rename').click();
  await page.getByTestId('passkey-rename-name').fill('Work phone');
  await page.getByTestId('passkey-rename-save').click();
  await expect(page.getByTestId('passkey-name')).toHaveText('Work phone');
  await expect(toast(page)).toHaveCount(0, { timeout: 5_000 });
  await page.getByTestId('passkey-delete').click();
  await expect(page.getByText('Delete “Work phone”')).toBeVisible();
  await page.getByTestId('passkey-delete-password').fill('wrong-pass1');
  await page.getByTestId('passkey-delete-confirm').click();
  await expect(page.getByText('The login password is wrong')).toBeVisible();
  await page.getByTestId('passkey-delete-password').fill(PASSWORD);
  await page.getByTestId('passkey-delete-confirm').click();
  await expect(toast(page)).toHaveText('Passkey deleted');
  await expect(page.getByTestId('passkey-none')).toBeVisible();
  expect(((await get(request, '/security/passkeys', user.token)) as { list: unknown[] }).list).toEqual([]);

  // ---- none left: the empty list, in every language ----
  for (const language of LANGUAGES) {
    await launch(page, token, language.ui);
    await open(page, ROUTES.passkeys);
    await expect(page.getByTestId('passkey-none')).toBeVisible();
    await shot(page, `passkeys-empty-${language.short}`);
    await expectAccessible(page, `the empty passkeys page in ${language.short}`);
  }
});
