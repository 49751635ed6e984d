import { useSearchParams } from 'react-router';

import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { paths } from '../../../config/paths';
import { ConfirmForgotPasswordForm } from '../../../features/auth/components/confirm-forgot-password-form';
import { goToSignInPage } from '../../../lib/auth/redirect-to';

/**
 * /confirm-forgot-password?email=…&code=…: the link in the reset e-mail fills in both; success
 * goes to the sign-in page (a full page load), which says the new password is set.
 */
export default function ConfirmForgotPasswordRoute() {
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const code = searchParams.get('code') ?? '';

  return (
    <FullScreenPage
      title="Set a new password"
      intro="Enter the code we e-mailed you and choose a new password."
      back={{ to: paths.login, label: 'Back to sign in', reloadDocument: true }}
    >
      <ConfirmForgotPasswordForm
        // A new link (other query parameters) starts the form again with its values.
        key={`${email}\n${code}`}
        initialEmail={email}
        initialCode={code}
        onSuccess={() => goToSignInPage('', 'password-set')}
      />
    </FullScreenPage>
  );
}
