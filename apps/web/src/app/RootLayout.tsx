import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { isSignedIn, subscribeSession } from '../lib/session';
import { BackFallback } from '../ui/useBack';
import { paths } from './paths';
import { useScrollMemory } from './scrollMemory';

// Loaded once a user is signed in: the push socket's notice events refresh the notices and wallets.
const NoticeListener = lazy(() => import('../features/notices/NoticeListener'));

/** Shown while the first page's code loads. */
export function Splash() {
  return <div className="splash" aria-busy="true" />;
}

/** Wraps every page: a thin progress bar while the next page's code loads; each page opens at its top, and Back returns to where it was scrolled. */
export function RootLayout() {
  const navigation = useNavigation();
  useScrollMemory();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  return (
    <BackFallback value={paths.home()}>
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-busy="true" />}
      <Outlet />
      {signedIn && (
        <Suspense fallback={null}>
          <NoticeListener />
        </Suspense>
      )}
    </BackFallback>
  );
}
