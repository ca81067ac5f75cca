import { readStorage, StorageKey } from './storage';

// The appearance the investor picked on this device (Settings, "Appearance"), kept in localStorage
// like the language: the theme (light, dark, or the system's) and which colour a rise is. Without
// React or the contract, so that the page's inline boot script (src/boot) puts it on <html> before
// the first paint; lib/theme.ts keeps it from then on.
//
// On <html>:
// - `data-theme="light|dark"`: app/global.css switches every --mm-* custom property on it;
// - `data-prefers-color-scheme="dark"` in the dark theme: antd-mobile 5's own dark variables
//   (its global/theme-dark.css), which global.css then maps onto ours;
// - `data-rise="green|red"`: "red" swaps --mm-rise* and --mm-fall* (red up, green down, the Chinese
//   convention); charts read `riseFallColors()`;
// - `color-scheme`, for the browser's own controls and scroll bars, and <meta name="theme-color">.

export const THEME_SETTINGS = ['light', 'dark', 'system'] as const;
export type ThemeSetting = (typeof THEME_SETTINGS)[number];
export type Theme = 'light' | 'dark';

/** The colour of a rise: green (green up, red down) or red (red up, green down). */
export const RISE_SETTINGS = ['green', 'red'] as const;
export type RiseSetting = (typeof RISE_SETTINGS)[number];

/** A fresh device follows its system's light or dark mode; a rise is green everywhere, whatever the language. */
export const DEFAULT_THEME: ThemeSetting = 'system';
export const DEFAULT_RISE: RiseSetting = 'green';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The browser's bar colour: the navy of the app's headers in the light theme, the dark page in the dark one. */
export const THEME_COLOR: Record<Theme, string> = { light: '#0b1f3a', dark: '#0c1119' };

export interface Appearance {
  /** What the investor chose. */
  theme: ThemeSetting;
  /** What shows: the choice, or the system's mode for "system". */
  resolved: Theme;
  rise: RiseSetting;
}

function isThemeSetting(value: string | null): value is ThemeSetting {
  return value !== null && (THEME_SETTINGS as readonly string[]).includes(value);
}

function isRiseSetting(value: string | null): value is RiseSetting {
  return value !== null && (RISE_SETTINGS as readonly string[]).includes(value);
}

export function storedTheme(): ThemeSetting {
  const stored = readStorage(StorageKey.theme);
  return isThemeSetting(stored) ? stored : DEFAULT_THEME;
}

export function storedRise(): RiseSetting {
  const stored = readStorage(StorageKey.rise);
  return isRiseSetting(stored) ? stored : DEFAULT_RISE;
}

export function darkQuery(): MediaQueryList | null {
  return typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(DARK_QUERY) : null;
}

/** The theme that shows for a setting, given whether the system is in dark mode. */
export function resolveTheme(setting: ThemeSetting, systemDark: boolean): Theme {
  if (setting === 'system') return systemDark ? 'dark' : 'light';
  return setting;
}

/** The stored appearance, as it shows now. */
export function storedAppearance(): Appearance {
  const theme = storedTheme();
  return { theme, resolved: resolveTheme(theme, darkQuery()?.matches ?? false), rise: storedRise() };
}

/** Puts an appearance on <html> and the browser's bar. */
export function paintAppearance({ resolved, rise }: Pick<Appearance, 'resolved' | 'rise'>): void {
  if (typeof document === 'undefined') return;
  const html = document.documentElement;
  html.dataset.theme = resolved;
  html.dataset.rise = rise;
  if (resolved === 'dark') html.dataset.prefersColorScheme = 'dark';
  else delete html.dataset.prefersColorScheme;
  html.style.colorScheme = resolved;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[resolved]);
}
