import { Outlet, useNavigation } from 'react-router';

/** Shown while the first page's code loads. */
export function Splash() {
  return <div className="splash" aria-busy="true" />;
}

/** Wraps every page: a thin progress bar while the next page's code loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' && <div className="route-progress" role="progressbar" aria-busy="true" />}
      <Outlet />
    </>
  );
}
