import { join } from 'node:path';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { UPLOAD_LIMIT_BYTES, buildOpenApi, resolveLocale, routes } from '@tradeapp/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { migrate, openPglite, openPostgres, type Db } from './db/db';
import { installErrorHandling } from './http/errors';
import { clientErrorHandler, frameworkErrors, installInputGuards } from './http/hardening';
import { COMPRESS_THRESHOLD_BYTES } from './http/register';
import { createMailer } from './mail/mailer';
import { provideHost } from './http/host';
import { helmetHeaders } from './http/securityHeaders';
import { serveWebApps } from './http/webApps';
import { addressesModule } from './modules/addresses';
import { alertsModule } from './modules/alerts';
import { analyticsModule } from './modules/analytics';
import { auctionModule } from './modules/auction';
import { authModule } from './modules/auth';
import { bankCardsModule } from './modules/bankCards';
import { blockTradesModule } from './modules/blockTrades';
import { bondsModule } from './modules/bonds';
import { chatModule } from './modules/chat';
import { contentModule } from './modules/content';
import { dealsModule } from './modules/deals';
import { depositsModule } from './modules/deposits';
import { filesModule } from './modules/files';
import { followModule } from './modules/follow';
import { fundsModule } from './modules/funds';
import { kycModule } from './modules/kyc';
import { loansModule } from './modules/loans';
import { marginLadderModule } from './modules/marginLadder';
import { marketModule, pushQuoteOf } from './modules/market';
import { noticesModule } from './modules/notices';
import { operatorModule } from './modules/operator';
import { placementsModule } from './modules/placements';
import { portfolioModule } from './modules/portfolio';
import { quantifyModule } from './modules/quantify';
import { referralModule } from './modules/referral';
import { robotsModule } from './modules/robots';
import { serviceRequestsModule } from './modules/serviceRequests';
import { statementsModule } from './modules/statements';
import { systemModule } from './modules/system';
import { tradingModule } from './modules/trading';
import { walletModule } from './modules/wallet';
import { withdrawalsModule } from './modules/withdrawals';
import { portfolioSources } from './portfolioSources';
import { createMarketProvider } from './market/index';
import type { MarketProvider } from './market/types';
import { createPushHub, type EndedSessions } from './push/hub';
import { HUB_DEFAULTS } from './push/messages';
import { createSessionEnds } from './push/sessionEnds';
import { registerPushRoute } from './push/route';
import { SessionCache, sessionIdentity, useSessionCache, useSessionIdleMinutes } from './http/session';

export interface BuildOptions {
  /** An already open database (tests share one per suite); otherwise opened from config. */
  db?: Db;
  /** The database main.ts began to open while the modules loaded; the app closes it like one it opened. */
  opening?: Promise<Db>;
  logger?: boolean;
  /** The market's clock; tests pin it to a known moment. */
  now?: () => number;
  /** A market provider of the test's own (a scripted price path); otherwise from config. */
  provider?: MarketProvider;
  /** Where the start's steps are timed (main.ts logs them at `ready`); none in tests. */
  steps?: StartupSteps;
}

/** The start's steps in order, each with its milliseconds: `mark(name)` closes the step running since the last mark. */
export interface StartupSteps {
  mark(name: string): void;
  record(name: string, ms: number): void;
  all(): Record<string, number>;
}

export function startupSteps(): StartupSteps {
  const steps: Record<string, number> = {};
  let last = performance.now();
  const add = (name: string, ms: number) => void (steps[name] = Math.round((steps[name] ?? 0) + ms));
  return {
    mark(name) {
      const now = performance.now();
      add(name, now - last);
      last = now;
    },
    record: add,
    all: () => ({ ...steps }),
  };
}

export async function openDatabase(config: Config): Promise<Db> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPglite(join(config.dataDir, 'pglite'));
}

export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const step = (name: string) => opts.steps?.mark(name);
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers["x-email-code"]', 'req.headers.cookie'],
          },
    bodyLimit: 1024 * 1024,
    connectionTimeout: 130_000,
    requestTimeout: 125_000,
    trustProxy: config.TRUST_PROXY ? config.TRUST_PROXY.split(',').map((s) => s.trim()) : false,
    return503OnClosing: true,
    // The router's and Node's HTTP parser's refusals (a long path parameter, a long query string) answer the envelope too.
    frameworkErrors,
    clientErrorHandler,
  });
  step('fastify');

  const db = opts.db ?? (await (opts.opening ?? openDatabase(config)));
  if (!opts.db) app.addHook('onClose', () => db.close());
  step('database open');
  await migrate(db);
  step('migrations');

  // ioredis only when a Redis is configured (decision 0024, Start-up).
  const redis = config.REDIS_URL
    ? new (await import('ioredis')).Redis(config.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 2, keyPrefix: config.REDIS_PREFIX })
    : undefined;
  const channelPrefix = `${config.REDIS_PREFIX}${HUB_DEFAULTS.channelPrefix}`;
  const hub = await createPushHub({ redisUrl: config.REDIS_URL, channelPrefix, log: app.log });
  app.addHook('onClose', () => hub.close());
  if (redis) {
    await redis.connect();
    app.addHook('onClose', async () => void (await redis.quit()));
  }

  step('push hub');
  const mailer = createMailer({ db, dataDir: config.dataDir, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });

  useSessionIdleMinutes(app, config.SESSION_IDLE_MINUTES);
  app.decorateRequest('caller', null);
  app.decorateRequest('locale', 'en');
  app.addHook('onRequest', (req, _reply, done) => {
    req.locale = resolveLocale(req.headers.languages as string | undefined, req.headers['accept-language']);
    done();
  });

  // The security headers, computed once: the Fastify plugin built helmet's middleware (and parsed the policy)
  // again on every request, a tenth of a quote list's time (decision 0024); its twelve middlewares, each
  // setting a header on the socket's response with Node's checks, were still 5 % of it (issue 34). They
  // depend on nothing of a request: helmet writes them once into a record, given to every reply.
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        scriptSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // The web view shows the help pages and the configured external pages in an iframe.
        frameSrc: ["'self'", ...new Set(config.WEBVIEW_ALLOWLIST.map((prefix) => new URL(prefix).origin))],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  await app.register(rateLimit, { global: false, ...(redis ? { redis } : {}) });
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 5, parts: 6 } });
  // JSON answers over a packet compressed on the fly (a phone at 400 kbit/s waits 0.6 s per 30 KB; decision 0024,
  // The phone profile); the kept quote lists carry their own compressed bytes (http/register.ts), left as they are.
  // Request bodies are not inflated: their limits and guards (http/hardening.ts) count the bytes as sent.
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: COMPRESS_THRESHOLD_BYTES, globalDecompression: false });
  // A form-encoded body (the specification's quantify order/save), read by the platform's own parser; every field stays text.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  installErrorHandling(app);
  installInputGuards(app);
  step('plugins');

  // The push hub closes the sockets of ended sessions (logout, password change, disabling) on every node.
  // Each node's session cache (the order calls') forgets ended sessions as the sockets close.
  const sessionCache = new SessionCache();
  useSessionCache(app, sessionCache);
  const sessionEnds = await createSessionEnds({
    redisUrl: config.REDIS_URL,
    channelPrefix,
    log: app.log,
    onEnded: (e) => sessionCache.ended(e),
    onListening: (on) => sessionCache.setListening(on),
  });
  app.addHook('onClose', () => sessionEnds.close());
  const ends = {
    endSessions: (e: EndedSessions) => {
      hub.endSessions(e);
      return sessionEnds.publish(e);
    },
  };
  const provider =
    opts.provider ??
    createMarketProvider({
      provider: config.MARKET_PROVIDER,
      seed: config.MARKET_SEED,
      replayDir: config.MARKET_REPLAY_DIR,
      ...(opts.now ? { now: opts.now } : {}),
    });
  step('market provider');

  // Each module is one plugin: it makes its services, registers its contract routes, its jobs and its
  // test routes (decision 0028). The order is the order of need: a plugin names the modules it uses,
  // and the platform refuses to start one before them.
  const host = provideHost(app, {
    config,
    db,
    mailer,
    log: app.log,
    hub,
    provider,
    ends,
    ...(opts.now ? { now: opts.now } : {}),
    step,
    limitFactor: config.RATE_LIMIT_FACTOR,
  });
  await app.register(noticesModule);
  await app.register(authModule);
  await app.register(operatorModule);
  await app.register(filesModule);
  await app.register(contentModule);
  await app.register(marketModule);
  await registerPushRoute(app, hub, {
    authenticate: (token) => sessionIdentity(db, token, config.SESSION_IDLE_MINUTES),
    snapshot: (symbol) => (app.market.instruments.some((i) => i.symbol === symbol) ? pushQuoteOf(app.market, symbol) : undefined),
  });
  for (const module of [
    walletModule,
    chatModule,
    depositsModule,
    withdrawalsModule,
    bankCardsModule,
    addressesModule,
    kycModule,
    referralModule,
    serviceRequestsModule,
  ]) {
    await app.register(module);
  }
  step('services');
  await app.register(dealsModule);
  for (const module of [
    tradingModule,
    auctionModule,
    blockTradesModule,
    placementsModule,
    followModule,
    robotsModule,
    quantifyModule,
    fundsModule,
    bondsModule,
    loansModule,
  ]) {
    await app.register(module);
  }
  await app.register(alertsModule);
  await app.register(marginLadderModule);
  await app.register(portfolioModule, {
    sources: portfolioSources({
      db,
      market: app.market,
      provider,
      exchangeRates: app.exchangeRates,
      seed: config.MARKET_SEED,
      now: app.host.now,
      clocks: {
        funds: app.host.deskClock('funds'),
        bonds: app.host.deskClock('bonds'),
        loans: app.host.deskClock('loans'),
        quantify: app.host.deskClock('quantify'),
      },
    }),
  });
  await app.register(analyticsModule);
  await app.register(statementsModule);
  await app.register(systemModule);
  host.checkRoutes();
  host.registerTestClocks();
  step('routes');

  // Every background job of the node, started together and stopped together when the server closes.
  const jobs = host.startJobs();
  app.addHook('onClose', () => jobs.stop());
  // A first start's history (the agencies' and pools' backfills) is made once the node
  // answers: its health says so meanwhile.
  app.addHook('onListen', () => jobs.warmUp());
  step('jobs');

  // Built on its first request, not at start.
  let openapi: ReturnType<typeof buildOpenApi> | undefined;
  app.get('/web/openapi.json', async () => (openapi ??= buildOpenApi(routes, process.env.npm_package_version ?? '0.1.0')));

  step('other routes and openapi');
  serveWebApps(app, config);
  return app;
}
