import { FALL_COLOR, RISE_COLOR } from '@tradeapp/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A system whose dark mode the test switches, as prefers-color-scheme would change. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    get matches() {
      return dark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (media: string) => (media === query.media ? query : { matches: false, addEventListener() {}, removeEventListener() {} }));
  return {
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

/** lib/theme.ts as a fresh page load would read it. */
async function load() {
  vi.resetModules();
  return import('./theme');
}

const html = () => document.documentElement;

describe('theme', () => {
  beforeEach(() => {
    localStorage.clear();
    document.head.innerHTML = '<meta name="theme-color" content="#0B1F3A">';
    for (const name of ['theme', 'rise', 'prefersColorScheme']) delete html().dataset[name];
    html().style.colorScheme = '';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('follows the system by default, with green up', async () => {
    fakeSystem(true);
    const theme = await load();
    theme.initTheme();
    expect(theme.getAppearance()).toEqual({ theme: 'system', resolved: 'dark', rise: 'green' });
    expect(html().dataset.theme).toBe('dark');
    expect(html().dataset.rise).toBe('green');
    expect(html().getAttribute('data-prefers-color-scheme')).toBe('dark');
    expect(html().style.colorScheme).toBe('dark');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(theme.THEME_COLOR.dark);
  });

  it('in "system", changes with the system, live', async () => {
    const system = fakeSystem(false);
    const theme = await load();
    theme.initTheme();
    const seen: string[] = [];
    const unsubscribe = theme.subscribeAppearance(() => seen.push(theme.getAppearance().resolved));
    expect(html().dataset.theme).toBe('light');
    expect(html().hasAttribute('data-prefers-color-scheme')).toBe(false);
    system.set(true);
    expect(html().dataset.theme).toBe('dark');
    expect(html().getAttribute('data-prefers-color-scheme')).toBe('dark');
    system.set(false);
    expect(html().dataset.theme).toBe('light');
    expect(html().hasAttribute('data-prefers-color-scheme')).toBe(false);
    expect(seen).toEqual(['dark', 'light']);
    unsubscribe();
    system.set(true);
    expect(seen).toHaveLength(2);
  });

  it('a chosen theme stays, whatever the system does, and is stored for the next visit', async () => {
    const system = fakeSystem(false);
    const theme = await load();
    theme.initTheme();
    theme.setTheme('dark');
    expect(html().dataset.theme).toBe('dark');
    expect(localStorage.getItem('mm.theme')).toBe('dark');
    system.set(false);
    expect(html().dataset.theme).toBe('dark');
    theme.setTheme('light');
    system.set(true);
    expect(html().dataset.theme).toBe('light');
    expect(html().style.colorScheme).toBe('light');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe(theme.THEME_COLOR.light);

    const next = await load();
    next.initTheme();
    expect(next.getAppearance()).toEqual({ theme: 'light', resolved: 'light', rise: 'green' });
  });

  it('red up swaps the colours and is stored', async () => {
    fakeSystem(false);
    const theme = await load();
    theme.initTheme();
    expect(theme.riseFallColors()).toEqual({ rise: RISE_COLOR, fall: FALL_COLOR });
    theme.setRise('red');
    expect(html().dataset.rise).toBe('red');
    expect(localStorage.getItem('mm.rise')).toBe('red');
    expect(theme.riseFallColors()).toEqual({ rise: FALL_COLOR, fall: RISE_COLOR });
    const next = await load();
    next.initTheme();
    expect(next.getAppearance().rise).toBe('red');
  });

  it('ignores what it does not know in storage, and works without matchMedia', async () => {
    localStorage.setItem('mm.theme', 'sepia');
    localStorage.setItem('mm.rise', 'blue');
    vi.stubGlobal('matchMedia', undefined);
    const theme = await load();
    theme.initTheme();
    expect(theme.getAppearance()).toEqual({ theme: 'system', resolved: 'light', rise: 'green' });
  });

  it('resolves a setting and writes colours with an opacity', async () => {
    const theme = await load();
    expect(theme.resolveTheme('system', true)).toBe('dark');
    expect(theme.resolveTheme('system', false)).toBe('light');
    expect(theme.resolveTheme('dark', false)).toBe('dark');
    expect(theme.resolveTheme('light', true)).toBe('light');
    expect(theme.withAlpha('#21E57B', 0.45)).toBe('rgba(33, 229, 123, 0.45)');
  });
});
