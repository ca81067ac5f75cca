import config from 'virtual:boot';
import { firstScreenOf } from '../app/firstRequests';
import { getUiLanguage, HTML_LANG } from '../i18n/locale';
import { paintAppearance, storedAppearance } from '../lib/appearance';
import { getStoredUser, getToken } from '../lib/session';
import { readStorage, StorageKey } from '../lib/storage';
import { sendFirstRequests } from './requests';
import { homeShell } from './shells';

// The page's boot script, inlined at the top of index.html's body (build/firstPaint.ts): what a
// phone on a slow network can do before the app's code arrives, which is seconds away.
// - The reader's appearance and language on <html>, so the first paint is already in them.
// - The first screen's files (its layouts, page and chunks, the strings it awaits) asked now beside
//   the entry's, instead of one wave after another as each module runs and finds its imports.
// - The first screen's data requests sent now (app/firstRequests.ts); the HTTP client takes their
//   answers when the screen's queries ask (api/early.ts).
// - The home tab's hero painted from the HTML (boot/shells.ts), its largest paint.

function preload(file: string): void {
  const link = document.createElement('link');
  if (file.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  // In cors mode, as Vite asks for a chunk and its style sheets: a preload in another mode is not used.
  link.crossOrigin = '';
  link.href = `/${file}`;
  document.head.append(link);
}

function boot(): void {
  paintAppearance(storedAppearance());
  const language = getUiLanguage();
  document.documentElement.lang = HTML_LANG[language];
  const first = firstScreenOf(window.location.hash, readStorage(StorageKey.launched) === '1');

  if (first) sendFirstRequests(first.requests, config.routes);

  const screen = first ? config.screens[first.screen] : null;
  const strings = screen?.strings ?? 'first';
  const files = new Set([
    ...config.languages[language],
    ...(screen?.files ?? []),
    ...(strings === 'first' ? [] : config.messages[language]),
    ...(strings === 'all' ? config.features : []),
  ]);
  for (const file of files) preload(file);

  if (first?.screen === 'home') {
    const user = getStoredUser();
    const shell = document.createElement('div');
    shell.id = 'shell';
    shell.inert = true;
    shell.setAttribute('aria-hidden', 'true');
    shell.innerHTML = homeShell(config.strings[language], language, user ? user.firstName || user.userId : null, getToken() !== null);
    document.body.append(shell);
  }
}

try {
  boot();
} catch {
  // Whatever failed here, the app does it again once its code has arrived.
}
