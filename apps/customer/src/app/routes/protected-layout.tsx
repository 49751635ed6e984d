import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';

import { stripBasename } from '../../config/paths';
import { loginPathFor } from '../../lib/auth/redirect-to';
import { session } from '../../lib/auth/session';
import { useSessionExpired } from '../../lib/auth/use-session-expired';

/**
 * The signed-in pages' layout route. Its middleware (session-middleware.ts) guards every
 * navigation; this handles the session ending while a page is open (a refused call whose refresh
 * failed): straight to the login page, which brings the person back here afterwards.
 */
export default function ProtectedLayout() {
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const queryClient = useQueryClient();

  // Leaving the signed-in pages because the session ended (sign-out or expiry): forget the
  // person's data. Done on unmount, once no page of theirs is left to refetch it without a token.
  useEffect(
    () => () => {
      if (!session.isAuthenticated()) queryClient.removeQueries();
    },
    [queryClient],
  );

  useSessionExpired(() => {
    // Mid-navigation, the page being opened is the one to come back to (the router's pending
    // location carries the /customer base; useLocation's does not).
    const { pathname, search } = navigation.location
      ? { ...navigation.location, pathname: stripBasename(navigation.location.pathname) }
      : location;
    void navigate(loginPathFor(`${pathname}${search}`), { replace: true });
  });

  return <Outlet />;
}
