import { useEffect, useSyncExternalStore } from 'react';
import { loadPageStrings } from '../i18n';

// What a light route's page (app/routes.ts `light`) paints without, and loads once it has painted: the
// feature screens' strings, the contract's messages and antd-mobile's imperative rendering (its
// dialogs), which every other route awaits with its code (app/router.tsx). The parts of the page that
// show them wait for them: a lazy part through `withPageStrings`, the rest through `usePageStrings`.

let loaded = false;
const listeners = new Set<() => void>();

function load(): Promise<void> {
  return Promise.all([loadPageStrings(), import('../lib/antdRender')]).then(() => {
    if (loaded) return;
    loaded = true;
    for (const listener of listeners) listener();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A lazy part's loader that brings them too. */
export const withPageStrings =
  <T>(loader: () => Promise<T>) =>
  (): Promise<T> =>
    Promise.all([loader(), load()]).then(([module]) => module);

/** Whether they are in; asks for them once the calling page has rendered. */
export function usePageStrings(): boolean {
  const ready = useSyncExternalStore(subscribe, () => loaded);
  useEffect(() => {
    if (!loaded) load().catch(() => undefined);
  }, []);
  return ready;
}
