import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { UPLOAD_LIMIT_BYTES, buildOpenApi, resolveLocale, routes } from '@tradeapp/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from './config';
import { migrate, openPglite, openPostgres, type Db } from './db/db';
import type { Deps } from './deps';
import { installErrorHandling } from './http/errors';
import { clientErrorHandler, frameworkErrors, installInputGuards } from './http/hardening';
import { COMPRESS_THRESHOLD_BYTES, registerContractRoutes, type Handlers } from './http/register';
import { createMailer } from './mail/mailer';
import { agencyTrade } from './jobs/agencyTrade';
import { robotTrade } from './jobs/robotTrade';
import { poolTrade } from './jobs/poolTrade';
import { auctionMatch } from './jobs/auctionMatch';
import { chainWatcher } from './jobs/chainWatcher';
import { dealLifecycle } from './jobs/dealLifecycle';
import { startJobs } from './schedule/job';
import { startTriggerEngine } from './jobs/orderTriggers';
import { transferSettlement } from './jobs/transferSettlement';
import { addressesHandlers, createAddressService } from './modules/addresses';
// alerts (issue 18): imports
import { startAlertEngine, alertHandlers, createMovingAverages, createAlertService } from './modules/alerts';
// end of alerts
// margin warnings (issue 18): imports
import { startMarginLadder } from './jobs/marginLadder';
import { marginLadderHandlers, createMarginLadder, registerMarginLadderTestRoutes } from './modules/marginLadder';
// end of margin warnings
// portfolio (issue 32): imports
import { createPortfolioService, portfolioHandlers } from './modules/portfolio';
import { portfolioSources } from './portfolioSources';
// end of portfolio
// analytics (issue 18): imports
import { analyticsHandlers, createAnalyticsService } from './modules/analytics';
// end of analytics
import { auctionHandlers, createAuctionService } from './modules/auction';
import { authHandlers, createAuthService } from './modules/auth';
import { bankCardsHandlers, createBankCardService } from './modules/bankCards';
import { blockTradesHandlers, createBlockTradeService, createBlockQuoteService } from './modules/blockTrades';
import { chatHandlers, createChat } from './modules/chat';
import { unlistedInstrument, createDealLifecycle, createListing, dealsHandlers, ensureSeedDeals, createDealService } from './modules/deals';
import { registerHelpPages, contentHandlers, createContentService } from './modules/content';
import { createSimulatedChain, depositsHandlers, createDepositService } from './modules/deposits';
import { fileHandlers, registerFileDownload, createFileService } from './modules/files';
import { createFollowEngine, followHandlers, createFollowService, registerFollowTestRoutes } from './modules/follow';
import { createRobotEngine, robotHandlers, createRobotService, registerRobotTestRoutes } from './modules/robots';
import { createPoolEngine, quantifyHandlers, createQuantifyService, registerQuantifyTestRoutes } from './modules/quantify';
// funds (issue 15): imports
import { fundNav } from './jobs/fundNav';
import { fundPayout } from './jobs/fundPayout';
import { depositTerms } from './jobs/depositTerms';
import { createYieldCurves } from './market/curve';
import { createFundEngine, fundHandlers, createFundService, registerFundTestRoutes } from './modules/funds';
// end of funds
// bonds (issue 15): imports
import { bondCoupon } from './jobs/bondCoupon';
import { bondHandlers, createBondService, registerBondTestRoutes } from './modules/bonds';
// end of bonds
// loans (issue 15): imports
import { loanAccrual } from './jobs/loanAccrual';
import { loanHandlers, createLoanService, registerLoanTestRoutes } from './modules/loans';
import { registerStatementDownloads, statementHandlers, createStatementService } from './modules/statements';
// end of loans
import { kycHandlers, createKycService } from './modules/kyc';
import { startMarketFeed, pushQuoteOf, KEPT_ROUTES, marketHandlers, watchlistHandlers, createMarketService, createWatchlist } from './modules/market';
import { createOperatorNotices, noticesHandlers, createNotices } from './modules/notices';
import { operatorHandlers, createOperatorService } from './modules/operator';
import { placementsHandlers, createPlacementService } from './modules/placements';
import { referralHandlers, createReferrals } from './modules/referral';
import { serviceRequestsHandlers, createServiceRequests } from './modules/serviceRequests';
import { systemHandlers, createHealth } from './modules/system';
import { tradingHandlers, createTradingService } from './modules/trading';
import { createExchangeRates, walletHandlers, createWalletService } from './modules/wallet';
import { createWithdrawalService, withdrawalsHandlers } from './modules/withdrawals';
import { createMarketProvider } from './market/index';
import type { MarketProvider } from './market/types';
import { createPushHub, type EndedSessions } from './push/hub';
import { HUB_DEFAULTS } from './push/messages';
import { createSessionEnds } from './push/sessionEnds';
import { registerPushRoute } from './push/route';
import { SessionCache, sessionIdentity, useSessionCache, useSessionIdleMinutes } from './http/session';
import { registerTestClocks, settableClock } from './http/testClock';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

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
  const deps: Deps = { config, db, mailer, log: app.log };

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
  // Before auth: a new sign-in is an inbox notice.
  const notices = createNotices(db, hub);
  const auth = createAuthService(deps, ends, notices);
  const operators = createOperatorService(deps, ends);
  const files = createFileService(db, config.dataDir);
  await operators.ensureFirstOperator();
  const content = createContentService(db, config);
  await content.seed();
  step('seed operator and content');

  const provider =
    opts.provider ??
    createMarketProvider({
      provider: config.MARKET_PROVIDER,
      seed: config.MARKET_SEED,
      replayDir: config.MARKET_REPLAY_DIR,
      ...(opts.now ? { now: opts.now } : {}),
    });
  step('market provider');
  const market = createMarketService({ provider, db, ...(opts.now ? { now: opts.now } : {}) });
  const watchlist = createWatchlist(db, market);
  await registerPushRoute(app, hub, {
    authenticate: (token) => sessionIdentity(db, token, config.SESSION_IDLE_MINUTES),
    snapshot: (symbol) => (market.instruments.some((i) => i.symbol === symbol) ? pushQuoteOf(market, symbol) : undefined),
  });
  // The market ticks once the node listens: a symbol's first tick builds its day and its year's
  // range, which in the start was a third of the wait for the node's readiness (decision 0024).
  // Its prices are a function of the time, so nothing is lost by starting them then.
  let stopFeed: (() => Promise<void>) | undefined;
  app.addHook('onListen', () => {
    stopFeed ??= startMarketFeed({ provider, market, hub, db, shared: hub.driver === 'redis', log: app.log });
  });
  app.addHook('onClose', async () => stopFeed?.());
  step('market service and feed');

  const chat = createChat(db, hub);
  const exchangeRates = createExchangeRates(market);
  const wallets = createWalletService({ db, exchangeRates, market, notices, settleSeconds: config.TRANSFER_SETTLE_SECONDS });
  const chain = createSimulatedChain({ blockSeconds: config.CHAIN_BLOCK_SECONDS, seed: config.MARKET_SEED });
  const deposits = createDepositService({
    db,
    exchangeRates,
    notices,
    chain,
    faucetDailyUsd: config.SIM_FAUCET_DAILY,
    reviewAboveEur: config.CRYPTO_REVIEW_ABOVE_EUR,
    ...(opts.now ? { now: opts.now } : {}),
  });
  const withdrawals = createWithdrawalService({ db, notices, dualApprovalEur: config.WITHDRAWAL_DUAL_APPROVAL_EUR });
  const trading = createTradingService({ db, market, exchangeRates, notices, hub, unlisted: unlistedInstrument, ...(opts.now ? { now: opts.now } : {}) });
  // The trigger engine starts below; the auction's first match is seconds after the jobs start.
  const testClocks = config.TEST_CLOCKS
    ? {
        auction: settableClock(opts.now ?? Date.now),
        blockTrade: settableClock(opts.now ?? Date.now),
        quantify: settableClock(opts.now ?? Date.now),
        funds: settableClock(opts.now ?? Date.now),
        bonds: settableClock(opts.now ?? Date.now),
        loans: settableClock(opts.now ?? Date.now),
      }
    : undefined;
  const auction = createAuctionService({
    db,
    market,
    provider,
    exchangeRates,
    notices,
    hub,
    now: testClocks?.auction.now ?? opts.now ?? Date.now,
    watch: (symbol) => engine.watch(symbol),
  });
  const clock = opts.now ? { now: opts.now } : {};
  const deals = createDealService({ db, notices, exchangeRates, ...clock });
  step('services');
  const listed = new Set(market.instruments.map((i) => i.symbol));
  const listing = createListing({ provider, notices, now: opts.now ?? Date.now });
  const dealSteps = createDealLifecycle({ db, notices, listing, isListed: (symbol) => listed.has(symbol), ...clock });
  // Every node prices the listed deals from the start, and those another node lists within seconds.
  const stopListings = await listing.startRefresh(db, app.log);
  app.addHook('onClose', () => stopListings());
  await ensureSeedDeals(db, (opts.now ?? Date.now)());
  step('deals and listings');
  const followEngine = createFollowEngine({
    db,
    market,
    provider,
    trading,
    exchangeRates,
    notices,
    now: opts.now ?? Date.now,
    ...(config.AGENCY_START ? { start: Date.parse(`${config.AGENCY_START}T00:00:00Z`) } : {}),
  });
  const follows = createFollowService({ db, market, trading, engine: followEngine, now: opts.now ?? Date.now });
  const robotEngine = createRobotEngine({ db, market, trading, exchangeRates, notices, now: opts.now ?? Date.now });
  const robots = createRobotService({ db, market, trading, exchangeRates, engine: robotEngine, now: opts.now ?? Date.now });
  await robots.ensureRobots();
  step('follow and robots');
  const poolEngine = createPoolEngine({
    db,
    market,
    provider,
    trading,
    exchangeRates,
    now: testClocks?.quantify.now ?? opts.now ?? Date.now,
    ...(config.AGENCY_START ? { start: Date.parse(`${config.AGENCY_START}T00:00:00Z`) } : {}),
  });
  await poolEngine.ensurePools();
  step('pools');
  const quantify = createQuantifyService({ db, engine: poolEngine, notices, now: testClocks?.quantify.now ?? opts.now ?? Date.now });
  // funds (issue 15): the service
  const fundClock = testClocks?.funds.now ?? opts.now ?? Date.now;
  const fundEngine = createFundEngine({ db, provider, curves: createYieldCurves(config.MARKET_SEED), notices, now: fundClock });
  await fundEngine.ensureProducts();
  step('funds');
  const funds = createFundService({ db, engine: fundEngine, provider, now: fundClock });
  // end of funds
  // bonds (issue 15): the service
  const bonds = createBondService({
    db,
    seed: config.MARKET_SEED,
    exchangeRates,
    notices,
    provider,
    now: testClocks?.bonds.now ?? opts.now ?? Date.now,
  });
  await bonds.ensureListings();
  const stopBondSpreads = bonds.startRefresh(app.log);
  app.addHook('onClose', () => stopBondSpreads());
  step('bonds');
  // end of bonds
  // loans (issue 15): the service
  const loans = createLoanService({ db, notices, now: testClocks?.loans.now ?? opts.now ?? Date.now });
  // end of loans

  // Every background job of the node, started here and stopped together when the server closes.
  const jobs = startJobs(
    [
      transferSettlement(wallets, config.TRANSFER_SETTLE_SECONDS),
      chainWatcher(deposits, config.CHAIN_BLOCK_SECONDS),
      dealLifecycle(dealSteps),
      auctionMatch(auction),
      ...(config.AGENCIES ? [agencyTrade(followEngine), poolTrade(poolEngine)] : []),
      robotTrade(robotEngine),
      // funds (issue 15): jobs
      fundNav(fundEngine),
      fundPayout(fundEngine),
      depositTerms(fundEngine),
      // end of funds
      // bonds (issue 15): jobs
      bondCoupon(bonds),
      // end of bonds
      // loans (issue 15): jobs
      loanAccrual(loans),
      // end of loans
    ],
    { db, log: app.log },
  );
  const engine = startTriggerEngine({ provider, market, trading, log: app.log });
  app.addHook('onClose', async () => void (await Promise.all([jobs.stop(), engine.stop()])));
  // A first start's history (the agencies' and pools' backfills) is made once the node
  // answers: its health says so meanwhile.
  app.addHook('onListen', () => jobs.warmUp());
  // alerts (issue 18): the engine on the market's ticks, and the service
  const averages = createMovingAverages(provider);
  const alertEngine = startAlertEngine({ db, provider, market, notices, hub, averages, log: app.log });
  app.addHook('onClose', () => alertEngine.stop());
  const alerts = createAlertService({ db, market, averages, now: opts.now ?? Date.now, watch: alertEngine.watch });
  // end of alerts
  // margin warnings (issue 18): the ladder on the market's ticks, beside the trigger engine
  const marginLadder = createMarginLadder({ db, market, trading, notices });
  const marginLadderJob = startMarginLadder({ provider, market, ladder: marginLadder, log: app.log });
  app.addHook('onClose', () => marginLadderJob.stop());
  // end of margin warnings
  // portfolio (issue 32): every product module's source, in the order the lines are listed
  const portfolio = createPortfolioService({
    db,
    rates: exchangeRates,
    now: opts.now ?? Date.now,
    log: app.log,
    verifySkips: config.PORTFOLIO_VERIFY_SKIPS,
    sources: portfolioSources({
      db,
      market,
      provider,
      exchangeRates,
      seed: config.MARKET_SEED,
      now: opts.now ?? Date.now,
      clocks: {
        funds: fundClock,
        bonds: testClocks?.bonds.now ?? opts.now ?? Date.now,
        loans: testClocks?.loans.now ?? opts.now ?? Date.now,
        quantify: testClocks?.quantify.now ?? opts.now ?? Date.now,
      },
    }),
  });
  // end of portfolio
  // analytics (issue 18): the service
  const analytics = createAnalyticsService({ db, market, provider, exchangeRates, portfolio, now: opts.now ?? Date.now });
  // end of analytics
  // statements: after the portfolio and analytics, whose net assets at a month's end they state
  const statements = createStatementService({ db, now: opts.now ?? Date.now, portfolio, analytics });
  step('jobs and trigger engine');

  const handlers: Handlers = {
    ...systemHandlers(createHealth(db, hub, jobs.warming)),
    ...authHandlers(auth),
    ...fileHandlers(files, auth),
    ...operatorHandlers(operators, auth),
    ...marketHandlers(market),
    ...watchlistHandlers(watchlist),
    ...alertHandlers(alerts),
    ...marginLadderHandlers(marginLadder),
    ...analyticsHandlers(analytics),
    ...walletHandlers(wallets, portfolio),
    ...portfolioHandlers(portfolio),
    ...noticesHandlers(notices, createOperatorNotices(db, notices)),
    ...depositsHandlers(deposits),
    ...withdrawalsHandlers(withdrawals),
    ...bankCardsHandlers(createBankCardService(db)),
    ...addressesHandlers(createAddressService(db)),
    ...kycHandlers(createKycService(db, notices)),
    ...blockTradesHandlers(
      createBlockTradeService(db, notices),
      createBlockQuoteService({
        db,
        market,
        exchangeRates,
        trading,
        now: testClocks?.blockTrade.now ?? opts.now ?? Date.now,
        watch: (symbol) => engine.watch(symbol),
      }),
    ),
    ...serviceRequestsHandlers(createServiceRequests(db, notices, chat)),
    ...chatHandlers(chat),
    ...referralHandlers(createReferrals(db)),
    ...tradingHandlers(trading, wallets, engine.watch, deals.subscribe),
    ...auctionHandlers(auction),
    ...placementsHandlers(
      createPlacementService({
        db,
        market,
        provider,
        exchangeRates,
        trading,
        notices,
        ...(opts.now ? { now: opts.now } : {}),
        watch: (symbol) => engine.watch(symbol),
      }),
    ),
    ...dealsHandlers(deals, dealSteps),
    ...followHandlers(follows),
    ...robotHandlers(robots),
    ...quantifyHandlers(quantify),
    // funds (issue 15): handlers
    ...fundHandlers(funds),
    // end of funds
    // bonds (issue 15): handlers
    ...bondHandlers(bonds),
    // end of bonds
    // loans (issue 15): handlers
    ...loanHandlers(loans),
    // end of loans
    ...statementHandlers(statements),
    ...contentHandlers(content),
  };
  step('handlers');
  registerContractRoutes(app, db, handlers, config.RATE_LIMIT_FACTOR, KEPT_ROUTES);
  step('routes');
  if (testClocks) {
    registerTestClocks(app, db, testClocks);
    registerFollowTestRoutes(app, db, followEngine);
    registerRobotTestRoutes(app, db, robotEngine);
    registerQuantifyTestRoutes(app, db, poolEngine);
    // funds (issue 15): test routes
    registerFundTestRoutes(app, db, fundEngine);
    // end of funds
    // bonds (issue 15): test routes
    registerBondTestRoutes(app, db, bonds);
    // end of bonds
    // loans (issue 15): test routes
    registerLoanTestRoutes(app, db, loans);
    // end of loans
    // margin warnings (issue 18): test route
    registerMarginLadderTestRoutes(app, db, market, marginLadder);
    // end of margin warnings
  }
  registerFileDownload(app, db, files);
  registerStatementDownloads(app, db, statements, config.STATEMENT_FONT);
  registerHelpPages(app, content.articles);

  // Built on its first request, not at start.
  let openapi: ReturnType<typeof buildOpenApi> | undefined;
  app.get('/web/openapi.json', async () => (openapi ??= buildOpenApi(routes, process.env.npm_package_version ?? '0.1.0')));

  step('other routes and openapi');
  serveWebApps(app, config);
  return app;
}

// The investor app's service worker and the script that registers it (apps/web/vite.config.ts), and their compressed copies.
const SERVICE_WORKER_FILES = /[\\/](sw|registerSW)\.js(\.br|\.gz)?$/;
const PAGE_FILES = /[\\/]index\.html(\.br|\.gz)?$/;

/**
 * The page's inline scripts as a policy's sources: the boot script the web build inlines in index.html
 * (apps/web/build/firstPaint.ts) runs under `script-src 'self'` by its hash, and nothing else inline does.
 */
function inlineScriptSources(html: string): string {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`).join(' ');
}

/** The built investor app at `/` and the operators' back office at `/operator/`, when they have been built. */
function serveWebApps(app: FastifyInstance, config: Config) {
  const web = config.WEB_DIST ?? join(ROOT, 'apps/web/dist');
  const operator = config.OPERATOR_DIST ?? join(ROOT, 'apps/operator/dist');
  if (existsSync(join(web, 'index.html'))) {
    // A route per file, except the hundreds of hashed chunks under assets/: one wildcard route serves them
    // (a missing one is the same 404), so that the start does not list and route every file (decision 0024).
    const assets = join(web, 'assets');
    const hasAssets = existsSync(assets);
    // Read again when the page is rebuilt under a running server.
    const page = join(web, 'index.html');
    let inline = { mtimeMs: -1, sources: '' };
    const inlineScripts = () => {
      const { mtimeMs } = statSync(page);
      if (mtimeMs !== inline.mtimeMs) inline = { mtimeMs, sources: inlineScriptSources(readFileSync(page, 'utf8')) };
      return inline.sources;
    };
    void app.register(fastifyStatic, {
      root: web,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      maxAge: '1h',
      immutable: false,
      preCompressed: true,
      ...(hasAssets ? { globIgnore: ['assets/**'] } : {}),
      // The service worker and its registration asked anew on every opening, so a deploy reaches the phone at once.
      setHeaders: (reply, path) => {
        if (SERVICE_WORKER_FILES.test(path)) reply.header('cache-control', 'no-cache');
        const policy = reply.getHeader('content-security-policy');
        const sources = PAGE_FILES.test(path) ? inlineScripts() : '';
        if (sources && typeof policy === 'string') reply.header('content-security-policy', policy.replace(/script-src [^;]*/, `$& ${sources}`));
      },
    });
    if (hasAssets) {
      // Their names carry their content's hash: a new build is new names, so a phone keeps them for good.
      void app.register(fastifyStatic, {
        root: assets,
        prefix: '/assets/',
        decorateReply: false,
        wildcard: true,
        index: false,
        maxAge: '365d',
        immutable: true,
        preCompressed: true,
      });
    }
  }
  if (existsSync(join(operator, 'index.html'))) {
    void app.register(fastifyStatic, {
      root: operator,
      prefix: '/operator/',
      decorateReply: false,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
    });
    app.get('/operator', (_req, reply) => reply.redirect('/operator/'));
    // The back office was served at /backoffice/ before it took the operator's name.
    app.get('/backoffice', (_req, reply) => reply.redirect('/operator/'));
    app.get('/backoffice/', (_req, reply) => reply.redirect('/operator/'));
  }
}

/** The headers helmet's middleware sets for `options`, read off a response that records them. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  let done = false;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // helmet calls its `next` synchronously; a version that did not would leave the record half written.
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return headers;
}
