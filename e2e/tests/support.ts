import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

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

export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
