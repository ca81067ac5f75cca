import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/app/paths';

export const DATA_DIR = process.env.E2E_DATA_DIR!;
export const SCREENS = join(import.meta.dirname, '..', 'test-results', 'screens');
mkdirSync(SCREENS, { recursive: true });

/** A full-page screenshot kept as a test artifact. */
export async function screen(page: Page, name: string) {
  await page.screenshot({ path: join(SCREENS, `${name}.png`) });
}

/** The newest code mailed to `email`, read from the outbox's .eml files as a person would read the mail. */
export async function codeFromOutbox(email: string, timeoutMs = 10_000): Promise<string> {
  const dir = join(DATA_DIR, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).sort().reverse();
    } catch {
      // no mail yet
    }
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8');
      if (text.includes(`To: ${email}`)) {
        const body = text.split('\r\n\r\n').slice(1).join('\n');
        const code = body.match(/\b\d{6}\b/)?.[0];
        if (code) return code;
      }
    }
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The UI languages, with the short names the screenshots carry. */
export const LANGUAGES = [
  { ui: 'en', short: 'en' },
  { ui: 'nl', short: 'nl' },
  { ui: 'zh-Hans', short: 'zh' },
] as const;

export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** Past the first-launch guide, in the given UI language, signed in with `token` (signed out without one). */
export async function launch(page: Page, token: string | null = null, language = 'en') {
  await page.goto('/');
  await page.evaluate(
    ([lang, tok]) => {
      localStorage.setItem('mm.launched', '1');
      localStorage.setItem('mm.language', lang!);
      if (tok) localStorage.setItem('mm.token', tok);
      else localStorage.removeItem('mm.token');
    },
    [language, token ?? ''],
  );
  // The language is read when the app starts: start it again.
  await page.reload();
}

/**
 * Until every finite animation on the page (a dialog's fade-in, a transition) has ended: what a
 * screenshot or a colour check reads is the settled screen, without sleeping a fixed time.
 * Looping ones (a skeleton's shimmer) never end and are not waited for.
 */
export async function animationsDone(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'));
}

/** A screenshot once the 2-second toast has gone. */
export async function shot(page: Page, name: string) {
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
  await screen(page, name);
}

/** The app in `language`, at `path` (the language is read when the app starts: set, then reloaded). */
export async function inLanguage(page: Page, language: string, path: string) {
  await page.evaluate((lang) => localStorage.setItem('mm.language', lang), language);
  await page.goto(path);
  await page.reload();
}

/** The newest dialog is up and settled (antd's spring is no CSS animation). */
export const dialogUp = (page: Page) => springsDone(page, '.adm-dialog .adm-center-popup-wrap > div', '.adm-dialog .adm-mask');

/** Exact cents of a two-decimal amount string. */
export function cents(value: string): bigint {
  const negative = value.startsWith('-');
  const [int = '0', frac = ''] = value.replace(/^[-+]/, '').split('.');
  const abs = BigInt(int) * 100n + BigInt((frac + '00').slice(0, 2));
  return negative ? -abs : abs;
}

/** Cents as the app shows euros: "-€1,234.56". */
export function euros(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const int = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}€${int}.${(abs % 100n).toString().padStart(2, '0')}`;
}

// Accessibility checks (a11y.spec.ts, theme.spec.ts): axe-core run in the page.

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export type Violation = { id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> };

/** Every violation axe finds on the page as it is now, of any impact (the app's CSP needs `bypassCSP`). */
export async function axeViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
}

/** The serious and critical violations axe finds on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // A toast or a sheet caught mid-fade has the contrast of its opacity (a flake of the security journey).
  await animationsDone(page);
  const violations = await axeViolations(page);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** No serious or critical axe violation on the page as it is now, once the toast and the transitions are over. */
export async function expectAccessible(page: Page, what: string) {
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
  await animationsDone(page);
  expect(await seriousViolations(page), `axe on ${what}`).toEqual([]);
}

/** As `expectAccessible`, in the dark theme and then in the light one (the page is left light). */
export async function expectAccessibleInBothThemes(page: Page, what: string) {
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
  for (const theme of ['dark', 'light'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await animationsDone(page);
    expect(await seriousViolations(page), `axe on ${what}, ${theme} theme`).toEqual([]);
  }
}

/**
 * `path` in every language once `ready` shows (after `prepare`, if any), photographed from its top as
 * `<journey>-<name>-<language>` and checked by axe in each; left in English. The session in the
 * page's storage stays: only the language changes.
 */
export async function photographInLanguages(page: Page, journey: string, path: string, ready: string, name: string, prepare?: () => Promise<void>) {
  const show = async (language: string) => {
    await inLanguage(page, language, path);
    await expect(page.locator(ready).first()).toBeVisible();
    await prepare?.();
  };
  for (const language of LANGUAGES) {
    await show(language.ui);
    // The page's top, whatever the last visit's scroll or a filled field left.
    await page.evaluate(() => window.scrollTo(0, 0));
    await animationsDone(page);
    await shot(page, `${journey}-${name}-${language.short}`);
    await expectAccessible(page, `${name} in ${language.short}`);
  }
  await show('en');
}

/**
 * `path` photographed in every language once `ready` shows, the app launched afresh in each, signed
 * in with `token`, and checked by axe in each unless `axe` is false; left in English.
 */
export async function photographLaunched(page: Page, token: string, journey: string, path: string, ready: string, name: string, { axe = true } = {}) {
  for (const language of LANGUAGES) {
    await launch(page, token, language.ui);
    await page.goto(path);
    await expect(page.locator(ready).first()).toBeVisible();
    await animationsDone(page);
    await shot(page, `${journey}-${name}-${language.short}`);
    if (axe) await expectAccessible(page, `${name} in ${language.short}`);
  }
  await launch(page, token);
  await page.goto(path);
  await expect(page.locator(ready).first()).toBeVisible();
}

/** What shows once a route's data has come, where the route renders nothing to check before it. */
const READY: Record<string, string> = {
  [ROUTES.productUcStock]: '[data-testid="ucstock-table"]',
};

/** Opens `path` and waits until its page has rendered and settled (data loaded, transitions over). */
export async function open(page: Page, path: string) {
  await page.goto(`/#${path}`);
  const ready = READY[path.split('?')[0]!];
  if (ready) await expect(page.locator(ready)).toBeVisible();
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return !!root && root.children.length > 0 && !document.querySelector('.route-progress, .splash');
  });
  await page.waitForLoadState('networkidle').catch(() => undefined);
  // antd-mobile's transitions fade in: let them end before checking colours.
  await animationsDone(page);
}

/** A real instrument's query, as the market list links to its quote page. */
export async function instrumentQuery(page: Page): Promise<string> {
  await open(page, `${ROUTES.market}?seg=US`);
  await page.getByTestId('market-row').first().locator('.quote-row-main').click();
  await expect(page).toHaveURL(/#\/pages\/quote\/stock\?.*symbol=/);
  return new URL(page.url().replace('#/', '')).search;
}

/**
 * Until the last element of each selector is fully shown and stops moving: antd-mobile's dialogs,
 * sheets and masks spring in by JavaScript, which `animationsDone` (CSS and Web Animations) does not
 * see. Settled when two frames in a row read the same boxes, fully opaque.
 */
export async function springsDone(page: Page, ...selectors: string[]) {
  await page.evaluate(() => delete (window as { lastSpringFrame?: string }).lastSpringFrame);
  await page.waitForFunction((sels) => {
    const w = window as { lastSpringFrame?: string };
    const now = sels.map((sel) => {
      const el = [...document.querySelectorAll(sel)].at(-1);
      if (!el) return null;
      const box = el.getBoundingClientRect();
      return `${box.top}|${box.left}|${box.width}|${box.height}|${getComputedStyle(el).opacity}`;
    });
    const frame = JSON.stringify(now);
    const settled = frame === w.lastSpringFrame && now.every((v) => v !== null && v.endsWith('|1'));
    w.lastSpringFrame = frame;
    return settled;
  }, selectors);
  await animationsDone(page);
}
