import { initLanguage } from './i18n';
import { getUiLanguage } from './i18n/locale';
import 'antd-mobile/es/global';
import './app/global.css';
import './app/device.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadAntdLocale } from './app/antdLocale';
import { configureClient } from './api/hooks';
import { router } from './app/router';
import { paths, ROUTES } from './app/paths';
import { initTheme } from './lib/theme';
import { watchConnection } from './app/offlineNotice';

// The stored theme and rise colour on <html> (the page's boot script put them there before the
// first paint, src/boot), kept from now on and following the system's mode.
initTheme();
// The offline banner, and the service worker that opens the app's shell without a network (vite.config.ts).
watchConnection();

configureClient({
  // The toast module (and the contract's TOAST_MS) load with the first call that needs them.
  // Offline, the banner says why nothing loads (app/offlineNotice.ts): no toast for each failed request.
  notify: (text) => navigator.onLine && void import('./ui/toast').then(({ showToast }) => showToast(text)),
  onUnauthorized: () => {
    // The query library is not on the first screen (app/QueryLayout.tsx): cleared once loaded.
    void import('./lib/queryClient').then(({ queryClient }) => queryClient.clear());
    const current = router.state.location;
    if (current.pathname === ROUTES.login) return;
    const back = `${current.pathname}${current.search}`;
    void router.navigate(paths.login(back), { replace: true });
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// A Dutch or Chinese reader's strings arrive before the first paint, so no screen flashes English.
// Not a top-level await: with one in its graph, Rolldown leaves out its chunk optimizations, and the
// modules the entry shares with the pages were a chunk each (a request each, on a slow network).
void Promise.all([initLanguage(), loadAntdLocale(getUiLanguage()).catch(() => undefined)]).then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
