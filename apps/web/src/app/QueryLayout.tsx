import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadPageStrings } from '../i18n';
import { queryClient } from '../lib/queryClient';
import { Outlet } from '../lib/router';
import { isSignedIn, subscribeSession } from '../lib/session';

// Loaded once a user is signed in: the push socket's notice events refresh the notices and wallets.
const NoticeListener = lazy(() => loadPageStrings().then(() => import('../features/notices/NoticeListener')));

/**
 * Every page but the guide: TanStack Query's client around them. A layout route of its own, so the
 * guide (a new visitor's first screen) does not load the query library.
 */
export function QueryLayout() {
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      {signedIn && (
        <Suspense fallback={null}>
          <NoticeListener />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
