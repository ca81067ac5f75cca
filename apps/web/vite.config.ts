import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import pkg from './package.json' with { type: 'json' };
import { appShell } from './build/appShell';
import { firstPaint } from './build/firstPaint';
import { routeWire } from './build/routeWire';

const API_TARGET = 'http://127.0.0.1:8080';

// The installable app (decision 0025, The app on a phone): the manifest, and a service worker (Workbox,
// through vite-plugin-pwa) that keeps the app shell so the app opens offline. It answers nothing under
// /web/: prices, balances and orders always come from the server, and offline the app says so
// (src/app/offlineNotice.ts). A deploy's new hashed files make a new worker, which takes over at once and
// drops the former build's files; the page in use keeps running, the next opening is the new build.
const shell = appShell();
const pwa = VitePWA({
  registerType: 'autoUpdate',
  // Registered by the app itself after the page's load event (src/app/offlineNotice.ts): no script of its own.
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    id: '/',
    name: 'Meridian Markets',
    short_name: 'Meridian',
    description: 'Quotes, trading and investing across markets (simulated market data).',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    // The navy of the app's bars and heroes, in both themes (lib/theme.ts keeps the page's theme-color
    // meta on the chosen theme's colour while the app runs).
    theme_color: '#0b1f3a',
    background_color: '#0b1f3a',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    globPatterns: ['index.html', 'assets/**/*.{js,css}'],
    // Of the hashed files, the app shell only (build/appShell.ts); other pages' files are kept once fetched.
    manifestTransforms: [
      async (entries) => ({ manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.files.has(entry.url)), warnings: [] }),
    ],
    // The app is a hash router: its one page is `/`. Downloads, help pages and the back office are left to the network.
    navigateFallback: '/index.html',
    navigateFallbackAllowlist: [/^\/$/, /^\/index\.html$/],
    runtimeCaching: [
      {
        // Hashed names: a file's content never changes, so the kept copy is always right.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'mm-chunks', expiration: { maxEntries: 300, maxAgeSeconds: 30 * 86_400 } },
      },
    ],
    cleanupOutdatedCaches: true,
    // A new worker takes over at once, the first one too: the app opens offline from its second opening on.
    skipWaiting: true,
    clientsClaim: true,
    // One file: no workbox-<hash>.js beside it.
    inlineWorkboxRuntime: true,
  },
});

// The first screens a phone opens, painted and asked for from index.html (decision 0024, The phone):
// the modules each route loads before its first render (app/router.tsx), by the end of their path.
const MESSAGES = (locale: string) => ['/contract/src/messages/en.ts', `/contract/src/messages/${locale}.ts`];
const first = firstPaint({
  screens: {
    home: {
      modules: ['/src/app/QueryLayout.tsx', '/src/app/TabLayout.tsx', '/src/features/home/HomePage.tsx', '/src/features/market/firstScreen.ts'],
      strings: 'first',
    },
    quote: { modules: ['/src/app/QueryLayout.tsx', '/src/features/market/QuotePage.tsx', '/src/features/market/firstScreen.ts'], strings: 'messages' },
  },
  languages: {
    en: [],
    nl: ['/src/i18n/nl.ts', '/antd-mobile/es/locales/nl-NL.js'],
    'zh-Hans': ['/src/i18n/zh-Hans.ts', '/antd-mobile/es/locales/zh-CN.js'],
  },
  messages: { en: MESSAGES('en'), nl: MESSAGES('nl'), 'zh-Hans': MESSAGES('zh_Hans_CN') },
  features: ['/src/i18n/features-en.ts', '/src/lib/antdRender.ts'],
});

export default defineConfig({
  base: '/',
  plugins: [react(), routeWire(), shell.plugin, first, pwa],
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(pkg.version),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Each file is a request, and on a phone's slow network each request waits its round trip
        // behind the browser's six connections (decision 0024, The phone). Groups of modules that the
        // automatic splitting would otherwise cut into a chunk each (one per set of pages using them):
        // - what the entry shares with the pages (React, i18next, the router and the app's few modules
        //   below them); update its test when the entry starts sharing another module (firstPaint warns);
        // - TanStack Query, which every page but the guide loads with its layout;
        // - the HTTP client and the query layout, which every page but the guide loads too;
        // - the first screens' (home, quote) small shared modules.
        // The last two take their modules only, not what those import: a module's import of a package's
        // index (the contract's, antd-mobile's) would otherwise bring every module the index re-exports
        // that some page uses. Their imports stay in their own chunks, which import nothing of these.
        codeSplitting: {
          groups: [
            {
              name: 'shared',
              test: /node_modules[\\/](react|react-i18next|i18next|tslib)[\\/]|node_modules[\\/]antd-mobile[\\/]es[\\/]locales[\\/]zh-CN\.js$|[\\/]src[\\/](i18n[\\/]locale|lib[\\/](router|session|storage)|app[\\/]paths)\.tsx?$|[\\/]contract[\\/]src[\\/]constants\.ts$/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            {
              name: 'client',
              test: /[\\/]src[\\/](app[\\/]QueryLayout|lib[\\/]queryClient|api[\\/](client|early|user))\.tsx?$|[\\/]packages[\\/]client[\\/]src[\\/](core|errors)\.ts$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'screens',
              test: /[\\/]src[\\/](app[\\/](pageStrings|firstRequests)|api[\\/]liveQuote|ui[\\/](EmptyState|Refreshable)|features[\\/]market[\\/](firstScreen|keys|liveCache))\.tsx?$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: {
      '/web': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      '/web': { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
});
