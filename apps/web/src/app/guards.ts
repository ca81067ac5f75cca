import { redirect, type LoaderFunctionArgs } from '../lib/router';
import { isSignedIn } from '../lib/session';
import { readStorage, StorageKey, writeStorage } from '../lib/storage';
import { paths, TAB_ROUTES } from './paths';

/** Loader of pages that need a token: without one, go to login and come back afterwards. */
export function requireAuth({ request }: LoaderFunctionArgs): Response | null {
  if (isSignedIn()) return null;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  return redirect(paths.login(back));
}

export function hasLaunched(): boolean {
  return readStorage(StorageKey.launched) === '1';
}

export function markLaunched(): void {
  writeStorage(StorageKey.launched, '1');
}

/** The entry route shows the guide on first launch only. */
export function guideLoader(): Response | null {
  return hasLaunched() ? redirect(TAB_ROUTES.home) : null;
}
