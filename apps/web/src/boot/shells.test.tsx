import type { UserInfo } from '@tradeapp/contract';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import HomePage from '../features/home/HomePage';
import { i18n, setLanguage } from '../i18n';
import { UI_LANGUAGES, type UiLanguage } from '../i18n/locale';
import { clearSession, startSession } from '../lib/session';
import { mountRoute, unmountAll } from '../testing/mountRoute';
import { homeShell, SHELL_KEYS, type ShellStrings } from './shells';

// The home tab's picture in index.html (boot/shells.ts) is the hero the tab renders first, element for
// element with the same classes and words, in every language, signed out and in: the app's first
// render then takes its place without a jump, and its largest paint is the picture's.

vi.mock('../api/client', async (original) => ({
  ...(await original<object>()),
  // The sections' lists stay pending: the hero is rendered without them.
  call: () => new Promise(() => undefined),
}));

afterAll(() => setLanguage('en'));
afterEach(() => {
  unmountAll();
  clearSession();
});

async function renderedHero(): Promise<Element> {
  const host = await mountRoute(HomePage, '/pages/home/index');
  return host.querySelector('header.home-hero')!;
}

function shellHero(language: UiLanguage, name: string | null, signedIn: boolean): Element {
  const strings = Object.fromEntries(SHELL_KEYS.map((key) => [key, i18n.t(key, { lng: language, name: '{{name}}', price: '{{price}}' })])) as ShellStrings;
  const shell = document.createElement('div');
  shell.innerHTML = homeShell(strings, language, name, signedIn);
  return shell.querySelector('header.home-hero')!;
}

/** An element's tag and classes, then its children's, depth first; text where an element has only text. Icons (svg) are the app's. */
function outline(element: Element): string[] {
  const children = [...element.children].filter((child) => child.tagName.toLowerCase() !== 'svg');
  const text = children.length === 0 ? ` "${element.textContent}"` : '';
  return [`${element.tagName.toLowerCase()}.${[...element.classList].sort().join('.')}${text}`, ...children.flatMap(outline)];
}

describe('the home tab’s picture in index.html', () => {
  for (const language of UI_LANGUAGES) {
    it(`is the hero the tab renders first, signed out (${language})`, async () => {
      await setLanguage(language);
      const rendered = outline(await renderedHero());
      const shell = outline(shellHero(language, null, false));
      // The app's own hero goes on with the sign-in buttons, which the picture leaves to it; the
      // search button's icon is the app's too.
      expect(rendered.slice(0, shell.length).map((line) => line.replace(/^button\.icon-button.*/, 'span.icon-button'))).toEqual(
        shell.map((line) => line.replace(/^span\.icon-button.*/, 'span.icon-button')),
      );
    });
  }

  it('welcomes a signed-in reader back by the stored name, above the portfolio’s place', async () => {
    await setLanguage('en');
    startSession('tok', { id: 1, userId: 'u1', firstName: 'Ada' } as UserInfo);
    const rendered = outline(await renderedHero());
    const shell = outline(shellHero('en', 'Ada', true));
    expect(shell).toContain('h1. "Welcome back, Ada"');
    expect(rendered.filter((line) => line.startsWith('h1') || line.startsWith('p') || line.includes('home-portfolio'))).toEqual(
      shell.filter((line) => line.startsWith('h1') || line.startsWith('p') || line.includes('home-portfolio')),
    );
  });
});
