import { routes, type RouteId } from '@tradeapp/contract';
import type { FastifyInstance, FastifyPluginAsync, FastifyPluginOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Deps } from '../deps';
import type { MarketProvider } from '../market/types';
import type { EndedSessions, PushHub } from '../push/hub';
import { startJobs, type Job, type RunningJobs } from '../schedule/job';
import { contractRoutes, type HandlersOf } from './register';
import { registerTestClocks, settableClock, TEST_CLOCK_DESKS, type SettableClock, type TestClockDesk } from './testClock';

/**
 * What app.ts gives every module's plugin (decision 0028): the layers under the modules, the clocks,
 * and the three ways a module joins the server (its contract routes, its jobs, its test routes).
 * Services other modules use are decorations of the instance, named in the plugin that makes them.
 */
export interface Host extends Deps {
  hub: PushHub;
  provider: MarketProvider;
  /** Ends sessions on every node (the hub closes their sockets, the session caches forget them). */
  ends: { endSessions: (e: EndedSessions) => Promise<void> };
  /** The server's clock: the tests' pinned one, otherwise the system's. */
  now: () => number;
  /** `{ now }` when the tests pin the clock, `{}` otherwise: for the services whose own default differs. */
  pinned: { now?: () => number };
  /** A desk's clock: under `TEST_CLOCKS` the end-to-end run moves it alone (http/testClock.ts). */
  deskClock(desk: TestClockDesk): () => number;
  /** Registers a module's handlers of contract routes (a route answered twice is refused). */
  routes<K extends RouteId>(handlers: HandlersOf<K>, opts?: { selfCompressed?: ReadonlySet<RouteId> }): void;
  /** Adds a module's background jobs; they start together once every module is registered. */
  jobs(...jobs: Job[]): void;
  /** The jobs that warm up whose first run has not ended (the health's `warming`). */
  warming(): string[];
  /** Closes the start's step running since the last one (main.ts logs them). */
  step(name: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    host: Host;
  }
}

/** A module's Fastify plugin: not encapsulated, so its decorations and routes are the server's; it names the modules it needs. */
export function defineModule<Options extends FastifyPluginOptions = Record<never, never>>(
  name: string,
  dependencies: string[],
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  return fp(plugin, { name, dependencies, fastify: '5.x' });
}

export interface HostOptions extends Deps {
  hub: PushHub;
  provider: MarketProvider;
  ends: Host['ends'];
  now?: () => number;
  step: (name: string) => void;
  limitFactor: number;
}

/**
 * Decorates `app` with the host and returns what app.ts needs once every module is in: the check that
 * every contract route has its handler, and the jobs to start.
 */
export function provideHost(app: FastifyInstance, opts: HostOptions) {
  const { limitFactor, step, ...deps } = opts;
  const now = opts.now ?? Date.now;
  const clocks = opts.config.TEST_CLOCKS
    ? (Object.fromEntries(TEST_CLOCK_DESKS.map((desk) => [desk, settableClock(now)])) as Record<TestClockDesk, SettableClock>)
    : undefined;
  const register = contractRoutes(app, opts.db, limitFactor);
  const answered = new Set<RouteId>();
  const jobs: Job[] = [];
  let running: RunningJobs | undefined;
  const host: Host = {
    ...deps,
    now,
    pinned: opts.now ? { now: opts.now } : {},
    deskClock: (desk) => clocks?.[desk].now ?? now,
    routes(handlers, routeOpts) {
      for (const id of Object.keys(handlers) as RouteId[]) {
        if (answered.has(id)) throw new Error(`Route ${id} is answered by two modules`);
        answered.add(id);
      }
      register(handlers, routeOpts?.selfCompressed);
    },
    jobs: (...more) => void jobs.push(...more),
    warming: () => running?.warming() ?? [],
    step,
  };
  app.decorate('host', host);
  return {
    /** Throws unless every route of the contract was registered by a module. */
    checkRoutes() {
      const missing = (Object.keys(routes) as RouteId[]).filter((id) => !answered.has(id));
      if (missing.length) throw new Error(`No handler for route ${missing.join(', ')}`);
    },
    registerTestClocks() {
      if (clocks) registerTestClocks(app, opts.db, clocks);
    },
    startJobs: (): RunningJobs => (running = startJobs(jobs, { db: opts.db, log: opts.log })),
  };
}
