import { useNavigate } from 'react-router';

import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { emailSentPath, paths } from '../../../config/paths';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';

/** /forgot-password → /email-sent?email=… */
export default function ForgotPasswordRoute() {
  const navigate = useNavigate();
  return (
    <FullScreenPage
      title="Forgot your password?"
      intro="Enter the e-mail address you sign in with and we’ll send you a code to set a new password."
      back={{ to: paths.login, label: 'Back to sign in', reloadDocument: true }}
    >
      <ForgotPasswordForm onSuccess={(email) => void navigate(emailSentPath(email))} />
    </FullScreenPage>
  );
}
