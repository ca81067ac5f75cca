// The app opens without a network (the service worker keeps its shell, vite.config.ts) but the figures do
// not: the worker never answers an API call, so prices and balances already on the screen stop updating.
// A banner says so for as long as the device is offline (app/offlineBanner.ts). Only this watch is in the
// first chunk; the banner's code comes from the worker's app shell when the network goes.
// The worker is registered here too: a few bytes in the first chunk rather than a script of its own.

/** Shows the offline banner while the browser reports no network; registers the worker once the page has loaded. */
export function watchConnection(): void {
  const offline = () => void import('./offlineBanner').then((m) => m.showOfflineBanner());
  window.addEventListener('offline', offline);
  if (!navigator.onLine) offline();
  // After the load event, so the first screen's own requests come first (e2e/tests/first-route-budget.spec.ts);
  // the development server has no worker.
  if (import.meta.env.PROD) window.addEventListener('load', () => void navigator.serviceWorker?.register('/sw.js').catch(() => undefined));
}
