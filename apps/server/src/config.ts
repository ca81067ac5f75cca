import { resolve } from 'node:path';
import { z } from 'zod';

const zConfig = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Put before every Redis key and channel: deployments (or test runs) sharing one Redis keep apart. */
  REDIS_PREFIX: z
    .string()
    .max(64)
    .regex(/^[\w:.-]*$/, 'letters, digits, _ : . - only')
    .default(''),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Meridian Markets <no-reply@meridian.local>'),
  OPERATOR_EMAIL: z.email().optional(),
  OPERATOR_PASSWORD: z.string().min(8, 'at least 8 characters').optional(),
  PUBLIC_URL: z.url().optional(),
  /**
   * The passkeys' relying party: the domain they belong to (the page's host or a parent of it) and
   * the exact origin the page runs at. Unset: PUBLIC_URL's, else the host the client called (for
   * development; behind a proxy set them, or a passkey made on one name works on no other).
   */
  WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'a host name such as example.com, without scheme or port')
    .optional(),
  WEBAUTHN_ORIGIN: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Comma-separated proxy addresses trusted for X-Forwarded-For; none by default. */
  TRUST_PROXY: z.string().optional(),
  /** The market engine: the seeded simulation, or recorded candles played back from MARKET_REPLAY_DIR. */
  MARKET_PROVIDER: z.enum(['simulated', 'replay']).default('simulated'),
  /** Same seed, same prices: every node of one deployment must use the same. */
  MARKET_SEED: z.string().min(1).max(100).default('meridian'),
  MARKET_REPLAY_DIR: z.string().optional(),
  /** A transfer between currencies settles at the first settlement run this long after it was made. */
  TRANSFER_SETTLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  /** The simulated chain adds a block this often; a crypto deposit is credited after 3 blocks. */
  CHAIN_BLOCK_SECONDS: z.coerce.number().min(0.1).max(3600).default(10),
  /** Multiplies every per-route rate limit; benchmarks raise it, production keeps 1. */
  RATE_LIMIT_FACTOR: z.coerce.number().min(1).max(100_000).default(1),
  /** A session unused for this many minutes is refused like an expired one (401); at most its 7-day life. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  /** The app's name, shown until an operator publishes a version with its own title. */
  APP_TITLE: z.string().trim().min(1).max(60).default('Meridian Markets'),
  /**
   * Comma-separated absolute URL prefixes the app's web view may open besides the help pages,
   * e.g. `https://status.example.com/`. A bare origin is taken as its root path, so a prefix
   * can never match another host that merely starts with the same name.
   */
  WEBVIEW_ALLOWLIST: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const prefixes: string[] = [];
      for (const item of (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        const prefix = webviewPrefix(item);
        if (prefix) prefixes.push(prefix);
        else ctx.addIssue({ code: 'custom', message: `${item}: must be an http:// or https:// URL prefix without query or fragment` });
      }
      return prefixes;
    }),
  /** Where the built web apps are; tests and API-only nodes may point elsewhere. */
  /** The font of PDF statements (Latin and Chinese); default Debian's Noto Sans CJK. */
  STATEMENT_FONT: z.string().optional(),
  WEB_DIST: z.string().optional(),
  OPERATOR_DIST: z.string().optional(),
  /**
   * Test only: `1` lets an operator set the pre-opening auction's clock and the block desk's
   * (`POST /web/test/auction/clock`, `/web/test/blockTrade/clock`), so the end-to-end run can reach
   * 09:00 and 09:20 Hong Kong time and New York's session at any hour. Never set in production.
   */
  TEST_CLOCKS: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
  /**
   * Test only: `1` asks the portfolio's skipped sources too (`PortfolioSource.holds`), and fails an
   * answer when one of them had a line: how the tests prove no condition is narrower than its source.
   */
  PORTFOLIO_VERIFY_SKIPS: z
    .enum(['0', '1'])
    .default('0')
    .transform((v) => v === '1'),
  /**
   * `0` leaves the agencies (decision 0020) idle: no backfill, no trading, no copies. The server's
   * tests of other modules run so, to keep the agencies' positions out of their ledgers and timings.
   */
  AGENCIES: z
    .enum(['0', '1'])
    .default('1')
    .transform((v) => v === '1'),
  /** The agencies' first day (ISO date); tests start later to backfill less. Defaults to 2025-10-01. */
  AGENCY_START: z.iso.date().optional(),
  /**
   * A withdrawal above this many euros needs the approval of two different operators, neither of
   * whom changed the account (OWASP ASVS 2.3.5); at or below it one operator approves.
   */
  WITHDRAWAL_DUAL_APPROVAL_EUR: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount in euros, e.g. 10000')
    .default('10000'),
  /** What the simulated chain's demo faucet gives one investor per UTC day, in USDT (dollars) of value. */
  SIM_FAUCET_DAILY: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount in USDT, e.g. 10000')
    .default('10000'),
  /** A crypto deposit above this many euros (at the rate when reported) waits for an operator's review after its confirmations. */
  CRYPTO_REVIEW_ABOVE_EUR: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be an amount in euros, e.g. 5000')
    .default('5000'),
});

function webviewPrefix(item: string): string | null {
  let url: URL;
  try {
    url = new URL(item);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || url.search || url.hash || /[?#]/.test(item)) return null;
  // Normalised the way a browser writes the address; a bare origin gets its root path, since
  // `https://example.com` would also prefix `https://example.com.evil.net/`.
  return `${url.origin}${url.pathname}`;
}

export type Config = z.infer<typeof zConfig> & { dataDir: string };

/** Parse the environment once at start; fail with every problem listed. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = zConfig.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: resolve(parsed.data.DATA_DIR) };
}
