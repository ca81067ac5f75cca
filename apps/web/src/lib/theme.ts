import { FALL_COLOR, RISE_COLOR } from '@tradeapp/contract';
import { useSyncExternalStore } from 'react';
import { StorageKey, writeStorage } from './storage';
import {
  darkQuery,
  paintAppearance,
  resolveTheme,
  storedAppearance,
  storedRise,
  storedTheme,
  type Appearance,
  type RiseSetting,
  type ThemeSetting,
} from './appearance';

// The appearance the investor picked on this device (Settings, "Appearance"): lib/appearance.ts reads
// it and puts it on <html> (the page's inline boot script does so before the first paint, src/boot);
// this module keeps it, follows the system's mode and tells the screens that draw in its colours.

export { DEFAULT_RISE, DEFAULT_THEME, RISE_SETTINGS, resolveTheme, THEME_COLOR, THEME_SETTINGS } from './appearance';
export type { Appearance, RiseSetting, Theme, ThemeSetting } from './appearance';

let current: Appearance = storedAppearance();

const listeners = new Set<() => void>();
let watching: MediaQueryList | null = null;

function apply(): void {
  current = { ...current, resolved: resolveTheme(current.theme, darkQuery()?.matches ?? false) };
  paintAppearance(current);
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
