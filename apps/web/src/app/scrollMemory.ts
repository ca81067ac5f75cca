import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '../lib/router';

// Where each history entry was scrolled to, by the entry's location key: a new entry (a tab, a
// page opened) starts at its top, an entry returned to (Back, Forward, a reload) where it was left.
// A new entry of the same page (only its query changes: a segment, a filter, an order sheet) stays
// where it is; the page scrolls itself if it shows something else (the market tab's segments).
// The window is what scrolls: pages are as tall as their content, the bars are sticky or fixed.

const STORAGE_KEY = 'mm.scroll';
/** How long a returning page may take to grow tall enough (a list whose rows are still loading). */
const RESTORE_WINDOW_MS = 10_000;
/** Entries kept: the oldest are dropped beyond it. */
const MAX_ENTRIES = 100;

let positions: Map<string, number> | null = null;

function stored(): Map<string, number> {
  if (positions) return positions;
  positions = new Map();
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    if (Array.isArray(saved))
      for (const [key, y] of saved as Array<[string, number]>) if (typeof key === 'string' && typeof y === 'number') positions.set(key, y);
  } catch {
    // none kept
  }
  return positions;
}

function remember(key: string, y: number) {
  const map = stored();
  map.delete(key);
  map.set(key, y);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
}

function persist() {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...stored()]));
  } catch {
    // private mode or full: positions live for this page load only
  }
}

/**
 * Scroll restoration keyed by location key (react-router's ScrollRestoration, plus waiting for the
 * content): a pushed or replaced entry of another page opens at its top, of the same page stays put;
 * a popped one scrolls back to where it was, following the page as it grows (rows still loading)
 * until the position is reached, the user scrolls, or ten seconds pass.
 */
export function useScrollMemory() {
  const { key, pathname } = useLocation();
  const type = useNavigationType();
  const shownPath = useRef<string | null>(null);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // Follow the user's scrolling for the entry shown. A layout effect: the listener moves to the next
  // entry in the same commit that shows it, before the browser reports the scroll its taller or
  // shorter page causes.
  useLayoutEffect(() => {
    const onScroll = () => remember(key, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [key]);

  useLayoutEffect(() => {
    const samePage = shownPath.current === pathname;
    shownPath.current = pathname;
    if (type !== 'POP' && samePage) {
      remember(key, window.scrollY);
      return;
    }
    const target = type === 'POP' ? (stored().get(key) ?? 0) : 0;
    window.scrollTo(0, target);
    if (Math.abs(window.scrollY - target) <= 1) return;
    // Not tall enough yet: scroll again each time the page grows.
    const body = document.body;
    const observer = new ResizeObserver(() => {
      window.scrollTo(0, target);
      if (Math.abs(window.scrollY - target) <= 1) stop();
    });
    const timer = window.setTimeout(stop, RESTORE_WINDOW_MS);
    const userScrolls = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
      for (const name of userScrolls) window.removeEventListener(name, stop);
    }
    observer.observe(body);
    for (const name of userScrolls) window.addEventListener(name, stop, { passive: true });
    return stop;
  }, [key, type, pathname]);
}
