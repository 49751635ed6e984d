import { useState } from 'react';
import { useNavigate, useNavigation, useSearchParams } from 'react-router';

import { PageLoading } from '../../../components/feedback/page-loading';
import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { LoginForm } from '../../../features/auth/components/login-form';
import { getSafeRedirectTo, REDIRECT_TO_PARAM } from '../../../lib/auth/redirect-to';

/** /login: after signing in, back to where the visitor was going, else deliveries. */
export default function LoginRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [signedIn, setSignedIn] = useState(false);

  // The next navigation preloads all the data (customer-app.md §2): a full-page "Loading…".
  if (signedIn && navigation.state !== 'idle') return <PageLoading />;

  return (
    <FullScreenPage title="Sign in" intro="Sign in to manage your deliveries, dogs and account.">
      <LoginForm
        onSuccess={() => {
          setSignedIn(true);
          void navigate(getSafeRedirectTo(searchParams.get(REDIRECT_TO_PARAM)), {
            replace: true,
          });
        }}
      />
    </FullScreenPage>
  );
}
