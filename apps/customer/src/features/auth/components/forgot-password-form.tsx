import { email } from '@pawfresh/contracts/fields';
import { z } from 'zod';

import { SchemaForm } from '../../../components/form/schema-form';
import { emailField, TextFields } from '../../../components/form/text-fields';
import { useSubmission } from '../../../components/form/use-submission';
import { useSchemaForm } from '../../../lib/form';
import { useForgotPassword } from '../api/forgot-password';

/** /forgot-password: asks for a reset code by e-mail. */
export function ForgotPasswordForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const form = useSchemaForm({
    initialValues: { email: '' },
    schema: z.object({ email }),
    toBody: (values) => ({ email: values.email.trim() }),
  });
  const forgotPassword = useForgotPassword();
  const submission = useSubmission({
    send: async (body: { email: string }) => {
      await forgotPassword.mutateAsync(body);
      return body.email;
    },
    onSuccess,
  });

  return (
    <SchemaForm form={form} submission={submission} submitLabel="Send reset code">
      <TextFields inputProps={form.getInputProps} fields={[emailField('email')]} />
    </SchemaForm>
  );
}
