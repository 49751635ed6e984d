import { enteredPassword, password } from '@pawfresh/contracts/fields';
import { z } from 'zod';

import { NewPasswordField, PasswordField } from '../../../components/form/password-field';
import { SchemaForm } from '../../../components/form/schema-form';
import { useSubmission } from '../../../components/form/use-submission';
import { useSchemaForm } from '../../../lib/form';
import { useResetPassword } from '../api/reset-password';

const passwordChangeSchema = z.object({
  previousPassword: enteredPassword('Enter your current password'),
  password,
});

/** /account/edit/password: POST /reset-password { previousPassword, password }. */
export function ChangePasswordForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useSchemaForm({
    initialValues: { previousPassword: '', password: '' },
    schema: passwordChangeSchema,
    toBody: (values) => values,
  });
  const resetPassword = useResetPassword();
  const submission = useSubmission({ send: resetPassword.mutateAsync, onSuccess });

  return (
    <SchemaForm form={form} submission={submission} submitLabel="Change password">
      <PasswordField
        label="Current password"
        required
        autoComplete="current-password"
        {...form.getInputProps('previousPassword')}
      />
      <NewPasswordField {...form.getInputProps('password')} />
    </SchemaForm>
  );
}
