import { useNavigate, useSearchParams } from 'react-router';

import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { paths } from '../../../config/paths';
import { ConfirmForgotPasswordForm } from '../../../features/auth/components/confirm-forgot-password-form';

/**
 * /confirm-forgot-password?email=…&code=…: the link in the reset e-mail fills in both; success
 * shows "Successfully updated" (a notice) on the login page.
 */
export default function ConfirmForgotPasswordRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const notify = useSuccessNotice();
  const email = searchParams.get('email') ?? '';
  const code = searchParams.get('code') ?? '';

  return (
    <FullScreenPage
      title="Set a new password"
      intro="Enter the code we e-mailed you and choose a new password."
      back={{ to: paths.login, label: 'Back to sign in' }}
    >
      <ConfirmForgotPasswordForm
        // A new link (other query parameters) starts the form again with its values.
        key={`${email}\n${code}`}
        initialEmail={email}
        initialCode={code}
        onSuccess={async () => {
          notify('Your new password is set. Sign in with it now.');
          await navigate(paths.login, { replace: true });
        }}
      />
    </FullScreenPage>
  );
}
