import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { isSignedIn, subscribeSession } from '../lib/session';

// Loaded once a user is signed in: the push socket's notice events refresh the inbox and wallets.
const NoticeListener = lazy(() => import('../features/inbox/NoticeListener'));

/** Shown while the first page's code loads. */
export function Splash() {
  return <div className="splash" aria-busy="true" />;
}

/** Wraps every page: a thin progress bar while the next page's code loads. */
export function RootLayout() {
  const navigation = useNavigation();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  return (
    <>
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-busy="true" />}
      <Outlet />
      {signedIn && (
        <Suspense fallback={null}>
          <NoticeListener />
        </Suspense>
      )}
    </>
  );
}
