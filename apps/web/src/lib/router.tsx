import {
  createContext,
  createElement,
  use,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react';

// The app's router: hash routes (`/#/pages/...`) with the part of react-router's data-router API
// the app uses (lazy pages, loaders that redirect, one layout level, Link, navigate, search
// params, the navigation's state, the history entry's key and index), in a few kilobytes instead
// of react-router's thirty on the first screen (decision 0009, issue 17). Paths are matched whole:
// the specification's routes take their arguments in the query.

export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** One per history entry: the same entry returned to has the same key. */
  key: string;
}

export interface LoaderFunctionArgs {
  request: Request;
}

type Loaded = { Component: ComponentType };

export interface RouteObject {
  /** An absolute path matched whole, or `*`; a route without path nor index is a layout. */
  path?: string;
  index?: boolean;
  children?: RouteObject[];
  Component?: ComponentType | null;
  /** Shown until the first route's code has loaded. */
  HydrateFallback?: ComponentType;
  /** Runs before the route shows; a `redirect()` answer goes elsewhere instead. */
  loader?: (args: LoaderFunctionArgs) => Response | null | Promise<Response | null>;
  lazy?: () => Promise<Loaded>;
  handle?: unknown;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type To = string;

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): Promise<void>;
  (delta: number): Promise<void>;
}

export interface RouterState {
  location: Location;
  historyAction: NavigationType;
  navigation: { state: 'idle' | 'loading' };
  /** The matched routes, root first; empty until the first route has loaded. */
  matches: RouteObject[];
  initialized: boolean;
}

export interface Router {
  readonly state: RouterState;
  navigate(to: To | number, options?: NavigateOptions): Promise<void>;
  subscribe(listener: () => void): () => void;
}

/** A loader's answer that sends the navigation elsewhere. */
export function redirect(to: string): Response {
  return new Response(null, { status: 302, headers: { Location: to } });
}

function parsePath(to: string): { pathname: string; search: string; hash: string } {
  let rest = to;
  let hash = '';
  let search = '';
  const h = rest.indexOf('#');
  if (h >= 0) {
    hash = rest.slice(h);
    rest = rest.slice(0, h);
  }
  const q = rest.indexOf('?');
  if (q >= 0) {
    search = rest.slice(q);
    rest = rest.slice(0, q);
  }
  return { pathname: rest || '/', search: search === '?' ? '' : search, hash };
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** Every branch of the table, root first, in the order of the table. */
function branches(routes: RouteObject[], parents: RouteObject[] = []): RouteObject[][] {
  const out: RouteObject[][] = [];
  for (const route of routes) {
    const chain = [...parents, route];
    if (route.children) out.push(...branches(route.children, chain));
    else if (route.path !== undefined || route.index) out.push(chain);
  }
  return out;
}

function matchBranch(all: RouteObject[][], pathname: string): RouteObject[] | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const leaf = (b: RouteObject[]) => b[b.length - 1]!;
  return all.find((b) => (leaf(b).index ? path === '/' : leaf(b).path === path)) ?? all.find((b) => leaf(b).path === '*') ?? null;
}

interface HistoryDriver {
  /** The current location (with its key and state). */
  read(): Location;
  write(location: Location, action: 'PUSH' | 'REPLACE'): void;
  go(delta: number): void;
  listen(onPop: () => void): void;
  href(to: string): string;
}

function createRouter(routes: RouteObject[], driver: HistoryDriver): Internal {
  const table = branches(routes);
  const loaded = new Map<RouteObject, ComponentType>();
  const listeners = new Set<() => void>();
  let state: RouterState = {
    location: driver.read(),
    historyAction: 'POP',
    navigation: { state: 'idle' },
    matches: [],
    initialized: false,
  };
  let current = 0;

  const set = (next: Partial<RouterState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  async function load(location: Location, action: NavigationType, redirects = 0): Promise<void> {
    const id = ++current;
    const branch = matchBranch(table, location.pathname);
    if (!branch) return;
    const url = new URL(`${location.pathname}${location.search}`, 'http://localhost');
    for (const route of branch) {
      if (!route.loader) continue;
      const answer = await route.loader({ request: new Request(url) });
      if (id !== current) return;
      const to = answer instanceof Response ? answer.headers.get('Location') : null;
      if (to && redirects < 10) {
        // The redirect takes the place of the entry the navigation was making (a push stays a
        // push); an entry arrived at by Back or the first load is replaced.
        const next = { ...parsePath(to), state: null, key: newKey() };
        return load(next, action === 'POP' ? 'REPLACE' : action, redirects + 1);
      }
    }
    const pending = branch.filter((route) => route.lazy && !loaded.has(route));
    if (pending.length > 0) {
      if (state.initialized) set({ navigation: { state: 'loading' } });
      const modules = await Promise.all(pending.map((route) => route.lazy!()));
      pending.forEach((route, i) => loaded.set(route, modules[i]!.Component));
      if (id !== current) return;
    }
    if (action === 'PUSH' || action === 'REPLACE') driver.write(location, action);
    set({ location, historyAction: action, matches: branch, navigation: { state: 'idle' }, initialized: true });
  }

  driver.listen(() => void load(driver.read(), 'POP'));
  void load(state.location, 'POP');

  return {
    get state() {
      return state;
    },
    navigate(to, options = {}) {
      if (typeof to === 'number') {
        driver.go(to);
        return Promise.resolve();
      }
      const target = to.startsWith('?') ? `${state.location.pathname}${to}` : to;
      const location: Location = { ...parsePath(target), state: options.state ?? null, key: newKey() };
      return load(location, options.replace ? 'REPLACE' : 'PUSH');
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    href: (to: string) => driver.href(to),
    component: (route: RouteObject) => loaded.get(route) ?? route.Component ?? null,
    fallback: routes.find((route) => route.HydrateFallback)?.HydrateFallback ?? null,
  } satisfies Internal;
}

interface Internal extends Router {
  href(to: string): string;
  component(route: RouteObject): ComponentType | null;
  fallback: ComponentType | null;
}

type HistoryState = { usr: unknown; key: string; idx: number } | null;

/** The browser's hash history: `/#/pages/...`; each entry's state keeps its key and index. */
export function createHashRouter(routes: RouteObject[]): Router {
  const history = window.history;
  const read = (): Location => {
    const entry = history.state as HistoryState;
    const raw = window.location.hash.replace(/^#/, '');
    return { ...parsePath(raw.startsWith('/') ? raw : `/${raw}`), state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  if (typeof (history.state as HistoryState)?.idx !== 'number') {
    history.replaceState({ ...(history.state as object | null), usr: null, key: 'default', idx: 0 }, '');
  }
  return createRouter(routes, {
    read,
    write(location, action) {
      const idx = (history.state as HistoryState)?.idx ?? 0;
      const entry = { usr: location.state, key: location.key, idx: action === 'PUSH' ? idx + 1 : idx };
      const url = `#${location.pathname}${location.search}${location.hash}`;
      if (action === 'PUSH') history.pushState(entry, '', url);
      else history.replaceState(entry, '', url);
    },
    go: (delta) => history.go(delta),
    listen: (onPop) => window.addEventListener('popstate', onPop),
    href: (to) => `#${to}`,
  });
}

/** History in memory (tests). */
export function createMemoryRouter(routes: RouteObject[], options: { initialEntries?: string[] } = {}): Router {
  const entries: Location[] = (options.initialEntries ?? ['/']).map((to) => ({ ...parsePath(to), state: null, key: newKey() }));
  let index = entries.length - 1;
  let onPop = () => undefined as void;
  return createRouter(routes, {
    read: () => entries[index]!,
    write(location, action) {
      if (action === 'PUSH') {
        entries.splice(index + 1, entries.length, location);
        index += 1;
      } else entries[index] = location;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      onPop();
    },
    listen: (listener) => {
      onPop = listener;
    },
    href: (to) => to,
  });
}

const RouterContext = createContext<Internal | null>(null);
const StateContext = createContext<RouterState | null>(null);
const OutletContext = createContext<ReactNode>(null);

function useRouter(): Internal {
  const router = use(RouterContext);
  if (!router) throw new Error('outside a RouterProvider');
  return router;
}

function useRouterState(): RouterState {
  const value = use(StateContext);
  if (!value) throw new Error('outside a RouterProvider');
  return value;
}

export function RouterProvider({ router }: { router: Router }) {
  const internal = router as Internal;
  const state = useSyncExternalStore(router.subscribe, () => router.state);
  let element: ReactNode = null;
  if (!state.initialized) {
    const Fallback = internal.fallback;
    element = Fallback ? <Fallback /> : null;
  } else {
    for (let i = state.matches.length - 1; i >= 0; i -= 1) {
      const Component = internal.component(state.matches[i]!);
      // The route's own component (loaded once, kept by the router), with its child in its Outlet.
      element = Component ? <OutletContext value={element}>{createElement(Component)}</OutletContext> : element;
    }
  }
  return (
    <RouterContext value={internal}>
      <StateContext value={state}>{element}</StateContext>
    </RouterContext>
  );
}

/** Where a layout shows its page. */
export function Outlet() {
  return use(OutletContext);
}

export function useLocation(): Location {
  return useRouterState().location;
}

export function useNavigationType(): NavigationType {
  return useRouterState().historyAction;
}

export function useNavigation(): { state: 'idle' | 'loading' } {
  return useRouterState().navigation;
}

export function useNavigate(): NavigateFunction {
  const router = useRouter();
  return router.navigate as NavigateFunction;
}

type SearchInit = URLSearchParams | Record<string, string> | string;

export function useSearchParams(): [URLSearchParams, (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => void] {
  const { search, pathname } = useLocation();
  const router = useRouter();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
    const value = new URLSearchParams(typeof next === 'function' ? next(new URLSearchParams(search)) : next).toString();
    void router.navigate(`${pathname}${value ? `?${value}` : ''}`, options);
  };
  return [params, setParams];
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const router = useRouter();
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    if (target && target !== '_self') return;
    event.preventDefault();
    // A link to where the user already is does not add an entry (as react-router's links do).
    const here = `${router.state.location.pathname}${router.state.location.search}`;
    void router.navigate(to, { replace: replace ?? to === here, state });
  };
  return <a {...rest} target={target} href={router.href(to)} onClick={handle} />;
}
