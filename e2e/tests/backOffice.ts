import { expect, type Browser, type Page } from '@playwright/test';
import { OPERATOR } from '../playwright.config';

// The back office is a desktop console: its journeys leave the investor's phone for this screen.

export const DESKTOP = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false };

/** Signs the operator in through the back office's form. */
export async function signIn(page: Page) {
  await page.goto('/operator/');
  await page.getByTestId('bo-email').fill(OPERATOR.email);
  await page.getByTestId('bo-password').fill(OPERATOR.password);
  await page.getByTestId('bo-login').click();
  await expect(page.getByTestId('bo-operator-email')).toHaveText(OPERATOR.email);
}

/**
 * An operator's page at desktop size beside the investor's phone, signed in to the back office:
 * through the sign-in form, or with the API helpers' operator session `token` (sign-ins are rate
 * limited, and the form is covered by operator.spec.ts).
 */
export async function backOfficePage(browser: Browser, baseURL: string | undefined, token?: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, ...DESKTOP, locale: 'en-US', timezoneId: 'UTC' });
  if (token) await context.addInitScript((value) => localStorage.setItem('operator.token', value), token);
  const page = await context.newPage();
  if (!token) await signIn(page);
  else {
    await page.goto('/operator/');
    await expect(page.getByTestId('bo-operator-email')).toHaveText(OPERATOR.email);
  }
  return page;
}
