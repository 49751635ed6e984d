import { useNavigate } from 'react-router';

import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { useSuccessNotice } from '../../../components/feedback/success-notice';
import { paths } from '../../../config/paths';
import { ChangePasswordForm } from '../../../features/account/components/change-password-form';

/** /account/edit/password */
export default function EditPasswordRoute() {
  const notify = useSuccessNotice();
  const navigate = useNavigate();
  return (
    <FullScreenPage title="Change password" back={{ to: paths.account, label: 'Back to account' }}>
      <ChangePasswordForm
        onSuccess={async () => {
          notify('Your new password is set. Use it next time you sign in.');
          await navigate(paths.account);
        }}
      />
    </FullScreenPage>
  );
}
