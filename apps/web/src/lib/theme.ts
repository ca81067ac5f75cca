import { FALL_COLOR, RISE_COLOR } from '@tradeapp/contract';
import { useSyncExternalStore } from 'react';
import { readStorage, StorageKey, writeStorage } from './storage';

// The appearance the investor picked on this device (Settings, "Appearance"), kept in localStorage
// like the language: the theme (light, dark, or the system's) and which colour a rise is.
//
// Applied on <html>, before the first paint (main.tsx calls `initTheme`):
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

function storedTheme(): ThemeSetting {
  const stored = readStorage(StorageKey.theme);
  return isThemeSetting(stored) ? stored : DEFAULT_THEME;
}

function storedRise(): RiseSetting {
  const stored = readStorage(StorageKey.rise);
  return isRiseSetting(stored) ? stored : DEFAULT_RISE;
}

function darkQuery(): MediaQueryList | null {
  return typeof globalThis.matchMedia === 'function' ? globalThis.matchMedia(DARK_QUERY) : null;
}

/** The theme that shows for a setting, given whether the system is in dark mode. */
export function resolveTheme(setting: ThemeSetting, systemDark: boolean): Theme {
  if (setting === 'system') return systemDark ? 'dark' : 'light';
  return setting;
}

let current: Appearance = { theme: storedTheme(), resolved: 'light', rise: storedRise() };
current = { ...current, resolved: resolveTheme(current.theme, darkQuery()?.matches ?? false) };

const listeners = new Set<() => void>();
let watching: MediaQueryList | null = null;

function apply(): void {
  const next: Appearance = { ...current, resolved: resolveTheme(current.theme, darkQuery()?.matches ?? false) };
  current = next;
  if (typeof document !== 'undefined') {
    const html = document.documentElement;
    html.dataset.theme = next.resolved;
    html.dataset.rise = next.rise;
    if (next.resolved === 'dark') html.dataset.prefersColorScheme = 'dark';
    else delete html.dataset.prefersColorScheme;
    html.style.colorScheme = next.resolved;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLOR[next.resolved]);
  }
  for (const listener of listeners) listener();
}

function onSystemChange(): void {
  if (current.theme === 'system') apply();
}

/**
 * Reads the stored choices and applies them to <html>; in "system" the theme then follows the
 * system's mode as it changes. Called once, before the app's first paint.
 */
export function initTheme(): void {
  current = { ...current, theme: storedTheme(), rise: storedRise() };
  const query = darkQuery();
  if (query && query !== watching) {
    watching?.removeEventListener('change', onSystemChange);
    query.addEventListener('change', onSystemChange);
    watching = query;
  }
  apply();
}

export function getAppearance(): Appearance {
  return current;
}

/** Persist and apply a theme. */
export function setTheme(theme: ThemeSetting): void {
  current = { ...current, theme };
  writeStorage(StorageKey.theme, theme);
  apply();
}

/** Persist and apply the colour of a rise. */
export function setRise(rise: RiseSetting): void {
  current = { ...current, rise };
  writeStorage(StorageKey.rise, rise);
  apply();
}

/** Called after every change of the appearance (a choice, or the system's mode in "system"). */
export function subscribeAppearance(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current appearance, re-rendering on change. */
export function useAppearance(): Appearance {
  return useSyncExternalStore(subscribeAppearance, getAppearance, getAppearance);
}

/**
 * The colours of a rise and a fall for fills and charts: the specification's RISE_COLOR (#21E57B)
 * and FALL_COLOR (#FD005C), swapped for "red up, green down".
 */
export function riseFallColors(rise: RiseSetting = current.rise): { rise: string; fall: string } {
  return rise === 'red' ? { rise: FALL_COLOR, fall: RISE_COLOR } : { rise: RISE_COLOR, fall: FALL_COLOR };
}

/** A #rrggbb colour with an opacity, as rgba(). */
export function withAlpha(hex: string, alpha: number): string {
  const value = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}

/** The value of one of app/global.css's custom properties in the current theme ('' outside a browser). */
export function themeColor(name: `--${string}`, fallback = ''): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}
