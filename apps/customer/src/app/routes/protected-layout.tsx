import { Outlet, useLocation, useNavigation } from 'react-router';

import { stripBasename } from '../../config/paths';
import { goToSignInPage } from '../../lib/auth/redirect-to';
import { useSessionExpired } from '../../lib/auth/use-session-expired';

/**
 * The signed-in pages' layout route. Its middleware (session-middleware.ts) guards every
 * navigation; this handles the session ending while a page is open (a refused call whose refresh
 * failed): straight to the sign-in page (a full page load), which brings the person back here
 * afterwards. Sign-out and expiry both leave the app that way, so the person's cached data goes
 * with the page.
 */
export default function ProtectedLayout() {
  const location = useLocation();
  const navigation = useNavigation();

  useSessionExpired(() => {
    // Mid-navigation, the page being opened is the one to come back to (the router's pending
    // location carries the /customer base; useLocation's does not).
    const { pathname, search } = navigation.location
      ? { ...navigation.location, pathname: stripBasename(navigation.location.pathname) }
      : location;
    void goToSignInPage(`${pathname}${search}`);
  });

  return <Outlet />;
}
