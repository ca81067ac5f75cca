import { loadPageStrings } from '../i18n';
import { wireLocale } from '../i18n/locale';
import { loadMessages } from '../i18n/messages';
import { createHashRouter, type RouteObject } from '../lib/router';
import { guideLoader, hasLaunched, requireAuth } from './guards';
import { loadPage } from './pageLoad';
import { ROUTES, TAB_ROUTES } from './paths';
import { PAGE_ROUTES, type PageRoute } from './routes';
import { RootLayout, Splash } from './RootLayout';

/**
 * The route's loader: the sign-in check, then the first screen's data requests started without
 * waiting for them (the page's code is fetched meanwhile; its queries find them in flight).
 */
function loaderOf(page: PageRoute): RouteObject['loader'] {
  const { auth, prefetch } = page;
  if (!prefetch) return auth ? requireAuth : undefined;
  return (args) => {
    const refused = auth ? requireAuth(args) : null;
    if (!refused) void prefetch(new URL(args.request.url)).catch(() => undefined);
    return refused;
  };
}

function toRoute(page: PageRoute): RouteObject {
  const loader = loaderOf(page);
  return {
    path: page.path,
    handle: page.handle,
    ...(loader ? { loader } : {}),
    // The page's code, the strings it may show and antd-mobile's imperative rendering (its dialogs);
    // a light page (sign-in, home, a quote) does without the last two until it needs them (its toasts
    // bring theirs), with the contract's messages only when it shows dates (app/pageStrings.ts).
    // Retried on a tap after a failed fetch or the page-load timeout (app/pageLoad.ts, the device prompt).
    lazy: () =>
      loadPage(async () => {
        const strings = page.light ? (page.messages ? loadMessages(wireLocale()) : undefined) : Promise.all([loadPageStrings(), import('../lib/antdRender')]);
        const [module] = await Promise.all([page.load(), strings]);
        return { Component: module.default };
      }),
  };
}

const loadGuide = () => loadPage(async () => ({ Component: (await import('./GuidePage')).default }));
const loadTabLayout = () => loadPage(async () => ({ Component: (await import('./TabLayout')).TabLayout }));
const loadQueryLayout = () => loadPage(async () => ({ Component: (await import('./QueryLayout')).QueryLayout }));

// A returning user opening `/` goes straight to home: the router would otherwise load the guide's
// code (and its animation library) only for the guide's loader to redirect.
if (typeof window !== 'undefined' && hasLaunched() && /^#?\/?$/.test(window.location.hash)) {
  window.history.replaceState(window.history.state, '', `#${TAB_ROUTES.home}`);
}

export const router = createHashRouter([
  {
    Component: RootLayout,
    HydrateFallback: Splash,
    children: [
      { index: true, loader: guideLoader, lazy: loadGuide },
      { path: ROUTES.guide, loader: guideLoader, lazy: loadGuide },
      {
        lazy: loadQueryLayout,
        children: [
          { lazy: loadTabLayout, children: PAGE_ROUTES.filter((p) => p.tab).map(toRoute) },
          ...PAGE_ROUTES.filter((p) => !p.tab).map(toRoute),
          { path: '*', lazy: () => loadPage(async () => ({ Component: (await import('./NotFoundPage')).default })) },
        ],
      },
    ],
  },
]);
