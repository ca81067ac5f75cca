import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM } from './chromium';

export const PORT = Number(process.env.E2E_PORT ?? 8190);
export const DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'tradeapp-e2e-'));
process.env.E2E_DATA_DIR = DATA_DIR;
export const OPERATOR = { email: 'ops@e2e.test', password: 'e2e-operator-pass' };

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two journeys at a time: each one waits on the server (ticks, jobs, mail) for much of its time,
  // and every journey makes its own users, so none reads another's. The ledger check is its own
  // project, run after every journey has moved its money.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  projects: [
    { name: 'journeys', testIgnore: /zz-ledger\.spec\.ts/ },
    { name: 'ledger', testMatch: /zz-ledger\.spec\.ts/, dependencies: ['journeys'] },
  ],
  // One retry in CI only: a live-price journey flaked once under full-suite load (see the closing note);
  // a real breakage fails both tries.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: devices['iPhone 13'].userAgent,
    defaultBrowserType: 'chromium',
    browserName: 'chromium',
    launchOptions: CHROMIUM,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    locale: 'en-US',
    timezoneId: 'UTC',
    // The app's service worker would precache the shell (about 150 files) in every journey's fresh
    // context; only pwa.spec.ts, which tests it, lets it run.
    serviceWorkers: 'block',
  },
  webServer: {
    command: 'node --import tsx ../apps/server/src/main.ts',
    url: `http://127.0.0.1:${PORT}/web/health`,
    reuseExistingServer: false,
    // A new data directory is made (initdb and migrations) by a child process first: 15-25 s on a loaded machine.
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      OPERATOR_EMAIL: OPERATOR.email,
      OPERATOR_PASSWORD: OPERATOR.password,
      LOG_LEVEL: 'warn',
      // The auction's and the block desk's own clocks, moved by auction.spec.ts and block-trades.spec.ts through the server's test-only hooks.
      TEST_CLOCKS: '1',
      // Every portfolio answer also asks the sources it skipped, and fails if one of them had a line.
      PORTFOLIO_VERIFY_SKIPS: '1',
      // The house strategies (agencies, pools) backfill a hundred days, not the full history: the journeys start while it runs.
      AGENCY_START: new Date(Date.now() - 100 * 86_400_000).toISOString().slice(0, 10),
      // Every journey signs in from one address, and a failed one's fresh worker signs the operator in
      // again: the limits (tested by the server's tests) must not turn one failure into many.
      RATE_LIMIT_FACTOR: '10',
    },
  },
});
