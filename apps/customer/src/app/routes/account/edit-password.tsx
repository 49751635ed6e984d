import { useNavigate } from 'react-router';

import { FullScreenPage } from '../../../components/layouts/full-screen-page';
import { useResultModal } from '../../../components/result-modal/result-modal-provider';
import { paths } from '../../../config/paths';
import { ChangePasswordForm } from '../../../features/account/components/change-password-form';

/** /account/edit/password */
export default function EditPasswordRoute() {
  const modal = useResultModal();
  const navigate = useNavigate();
  return (
    <FullScreenPage title="Change password" back={{ to: paths.account, label: 'Back to account' }}>
      <ChangePasswordForm
        onSuccess={async () => {
          await modal.showSuccess();
          await navigate(paths.account);
        }}
      />
    </FullScreenPage>
  );
}
