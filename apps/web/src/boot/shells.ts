import { LANGUAGE_SHORT, UI_LANGUAGES, type UiLanguage } from '../i18n/locale';

// What the page paints from its HTML, before any of the app's code has arrived: the first screen's
// own markup, with its own classes (its styles are inlined in index.html) and its own strings, so
// that the app's first render takes its place without a jump. Only what the screen shows without
// data: no figure is ever painted here. It is a picture (inert, hidden from assistive technology),
// replaced by the app's interactive screen as soon as that renders (app/RootLayout.tsx).

/** The strings the shells show, by key of the app's strings (build/firstPaint.ts copies them from the locales). */
export const SHELL_KEYS = ['home.welcome', 'home.welcomeBack', 'home.signedOutBody', 'home.signedInBody'] as const;
export type ShellStrings = Record<(typeof SHELL_KEYS)[number], string>;

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The home tab's hero as features/home/HomePage.tsx renders it first: the language switch, the
 * welcome (with the stored name, as the user query's initial data has it) and the line under it;
 * for a signed-in reader the portfolio's place, as its pending card keeps it.
 */
export function homeShell(strings: ShellStrings, language: UiLanguage, name: string | null, signedIn: boolean): string {
  const languages = UI_LANGUAGES.map((l) => `<button type="button"${l === language ? ' class="active"' : ''}>${LANGUAGE_SHORT[l]}</button>`).join('');
  const welcome = signedIn && name ? strings['home.welcomeBack'].replace('{{name}}', name) : strings['home.welcome'];
  return (
    '<div class="tab-layout"><div class="page"><div class="ptr"><header class="home-hero">' +
    `<div class="home-hero-top"><div class="lang-switch lang-switch-dark compact">${languages}</div><span class="icon-button"></span></div>` +
    `<h1>${escape(welcome)}</h1><p>${escape(signedIn ? strings['home.signedInBody'] : strings['home.signedOutBody'])}</p>` +
    (signedIn ? '<div class="home-portfolio home-portfolio-pending"></div>' : '') +
    '</header></div></div></div>'
  );
}
