import { PAGE_LOAD_TIMEOUT_MS } from '@tradeapp/contract';
import { CONNECTION_TIMED_OUT, deviceLanguage } from './devicePrompts';

// A page's code that cannot be fetched (the network dropped, the server is away) or that has not
// arrived within the page-load timeout: the specification's device prompt, full screen, "connection
// timed out, tap the screen to retry" (section 8). It is plain DOM rather than React, so that it shows
// whatever failed to load (a layout, the strings, the page) and over the first screen's splash alike.

declare global {
  interface Window {
    /** The page-load timeout in milliseconds, for the end-to-end tests only (e2e/tests/pwa.spec.ts). */
    __mmPageLoadTimeoutMs?: number;
  }
}

let showing: Promise<void> | undefined;
let dismiss: (() => void) | undefined;

/** Shows the prompt (once, however many loads failed together) until the reader taps the screen. */
export function promptUntilTap(): Promise<void> {
  showing ??= new Promise<void>((resolve) => {
    const language = deviceLanguage();
    const { title, action } = CONNECTION_TIMED_OUT[language];
    // The whole screen is the button (outside any form, so it submits nothing).
    const screen = document.createElement('button');
    screen.className = 'device-prompt';
    screen.lang = language;
    // Our own constant strings (devicePrompts.ts), no markup in them.
    screen.innerHTML = `<strong>${title}</strong><span>${action}</span>`;
    // The app under it is out of reach (of taps, focus and screen readers) while it shows.
    const app = document.getElementById('root');
    app?.setAttribute('inert', '');
    dismiss = () => {
      app?.removeAttribute('inert');
      screen.remove();
      showing = dismiss = undefined;
      resolve();
    };
    screen.onclick = dismiss;
    document.body.append(screen);
    screen.focus();
  });
  return showing;
}

/**
 * A route's code, retried for as long as it takes: on a failed fetch or past the page-load timeout the
 * prompt shows, and a tap tries again (a failed import is fetched anew). A late load that arrives while
 * the prompt shows takes it away. A second failure in a row reloads the page on the tap instead: the
 * page's chunks may be a former deploy's, gone from the server, and a reload brings the new names.
 */
export async function loadPage<T>(load: () => Promise<T>): Promise<T> {
  for (let failures = 0; ; failures += 1) {
    const attempt = load().then((loaded) => ({ loaded }));
    const late = new Promise<'late'>((resolve) => setTimeout(resolve, window.__mmPageLoadTimeoutMs || PAGE_LOAD_TIMEOUT_MS, 'late'));
    const outcome = await Promise.race([attempt.catch(() => 'failed' as const), late]);
    if (typeof outcome === 'object') return outcome.loaded;
    const tapped = promptUntilTap();
    if (outcome === 'late') {
      // The tap resolves to nothing: only the late code is an object.
      const arrived = (await Promise.race([tapped, attempt.catch(() => undefined)])) as { loaded: T } | undefined;
      if (arrived) {
        dismiss?.();
        return arrived.loaded;
      }
    } else {
      await tapped;
      if (failures > 0) window.location.reload();
    }
  }
}
