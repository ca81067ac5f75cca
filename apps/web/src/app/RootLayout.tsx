import { useLayoutEffect } from 'react';
import { Outlet, useNavigation } from '../lib/router';
import { BackFallback } from '../ui/useBack';
import { paths } from './paths';
import { useScrollMemory } from './scrollMemory';

/** Shown while the first page's code loads. */
export function Splash() {
  return <div className="splash" aria-busy="true" />;
}

/** Wraps every page: a thin progress bar while the next page's code loads; each page opens at its top, and Back returns to where it was scrolled. */
export function RootLayout() {
  const navigation = useNavigation();
  useScrollMemory();
  // The first screen's picture painted from index.html (src/boot/shells.ts) gives way to the screen
  // itself, before the browser paints it.
  useLayoutEffect(() => document.getElementById('shell')?.remove(), []);
  return (
    <BackFallback value={paths.home()}>
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-busy="true" />}
      <Outlet />
    </BackFallback>
  );
}
