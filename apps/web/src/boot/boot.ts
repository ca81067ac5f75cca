import config from 'virtual:boot';
import { firstScreenOf } from '../app/firstRequests';
import { getUiLanguage, HTML_LANG } from '../i18n/locale';
import { paintAppearance, storedAppearance } from '../lib/appearance';
import { getStoredUser, getToken } from '../lib/session';
import { readStorage, StorageKey } from '../lib/storage';
import { sendFirstRequests } from './requests';
import { homeShell, isShellQuote, quoteShell } from './shells';

// The page's boot script, inlined at the top of index.html's body (build/firstPaint.ts): what a
// phone on a slow network can do before the app's code arrives, which is seconds away.
// - The reader's appearance and language on <html>, so the first paint is already in them.
// - The first screen's files (its layouts, page and chunks, the strings it awaits) asked now beside
//   the entry's, instead of one wave after another as each module runs and finds its imports.
// - The first screen's data requests sent now (app/firstRequests.ts); the HTTP client takes their
//   answers when the screen's queries ask (api/early.ts).
// - The home tab's hero painted from the HTML (boot/shells.ts), its largest paint; a quote page's
//   head painted as soon as its quote's answer and its style sheets are in, long before its code.

/**
 * Asks for one of the first screen's files: a chunk as a module preload, a style sheet as a preload,
 * or applied at once (`apply`: the shell painted before the app needs it; Vite's loader finds the
 * link and does not add another). Resolves when the file is in (or failed).
 */
function preload(file: string, apply = false): Promise<unknown> {
  const link = document.createElement('link');
  if (file.endsWith('.css')) {
    link.rel = apply ? 'stylesheet' : 'preload';
    if (!apply) link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  // In cors mode, as Vite asks for a chunk and its style sheets: a preload in another mode is not used.
  link.crossOrigin = '';
  link.href = `/${file}`;
  const loaded = new Promise((resolve) => {
    link.onload = link.onerror = resolve;
  });
  document.head.append(link);
  return loaded;
}

/** A first screen's picture: inert and hidden from assistive technology, removed by the app's first render. */
function shellOf(markup: string): HTMLElement {
  const shell = document.createElement('div');
  shell.id = 'shell';
  shell.inert = true;
  shell.setAttribute('aria-hidden', 'true');
  shell.innerHTML = markup;
  return shell;
}

/** A picture painted later, before #root, unless the app has rendered there already (anything but its splash). */
function paintLater(markup: string): void {
  const root = document.getElementById('root');
  if (!root || root.querySelector(':scope > :not(.splash)') || document.getElementById('shell')) return;
  root.before(shellOf(markup));
}

function boot(): void {
  paintAppearance(storedAppearance());
  const language = getUiLanguage();
  document.documentElement.lang = HTML_LANG[language];
  const first = firstScreenOf(window.location.hash, readStorage(StorageKey.launched) === '1');

  const answers = first ? sendFirstRequests(first.requests, config.routes) : [];
  // A copy of the quote's answer, read before the client takes the answer itself (api/early.ts).
  const quote = first?.screen === 'quote' && answers[0] ? answers[0].then((r) => (r.ok ? r.clone().json() : null)) : null;

  const screen = first ? config.screens[first.screen] : null;
  const strings = screen?.strings ?? 'first';
  const files = new Set([
    ...config.languages[language],
    ...(screen?.files ?? []),
    ...(strings === 'first' ? [] : config.messages[language]),
    ...(strings === 'all' ? config.features : []),
  ]);
  const sheets: Promise<unknown>[] = [];
  for (const file of files) {
    const applied = quote !== null && file.endsWith('.css') && (screen?.files.includes(file) ?? false);
    const loaded = preload(file, applied);
    if (applied) sheets.push(loaded);
  }

  if (first?.screen === 'home') {
    const user = getStoredUser();
    // The script runs just before #root: the picture goes where paintLater would put it.
    document.body.append(shellOf(homeShell(config.strings[language], language, user ? user.firstName || user.userId : null, getToken() !== null)));
  }

  if (quote) {
    const words = config.strings[language];
    void Promise.all([quote, ...sheets])
      .then(([envelope]) => {
        const { code, data } = (envelope ?? {}) as { code?: number; data?: unknown };
        if (code === 200 && isShellQuote(data)) paintLater(quoteShell(data, words, config.backIcon));
      })
      // Not painted: the app paints the quote itself.
      .catch(() => undefined);
  }
}

try {
  boot();
} catch {
  // Whatever failed here, the app does it again once its code has arrived.
}
