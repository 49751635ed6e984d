import { confirmationCode, email, password } from '@pawfresh/contracts/fields';
import { z } from 'zod';

import { NewPasswordField, PasswordField } from '../../../components/form/password-field';
import { SchemaForm } from '../../../components/form/schema-form';
import { emailField, TextFields } from '../../../components/form/text-fields';
import { useSubmission } from '../../../components/form/use-submission';
import { useSchemaForm } from '../../../lib/form';
import { useConfirmForgotPassword } from '../api/confirm-forgot-password';

const confirmSchema = z
  .object({ email, confirmationCode, password, confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.password, {
    path: ['confirmPassword'],
    error: 'The passwords do not match',
    // A password that breaks the rules says so first; whether the two match comes after.
    when: (payload) =>
      password.safeParse((payload.value as { password?: unknown }).password).success,
  });

type ConfirmForgotPasswordFormProps = {
  /** From the link in the e-mail (`?email=…&code=…`). */
  initialEmail: string;
  initialCode: string;
  onSuccess: () => void;
};

/** /confirm-forgot-password: the e-mailed code and a new password. */
export function ConfirmForgotPasswordForm({
  initialEmail,
  initialCode,
  onSuccess,
}: ConfirmForgotPasswordFormProps) {
  const form = useSchemaForm({
    initialValues: {
      email: initialEmail,
      confirmationCode: initialCode,
      password: '',
      confirmPassword: '',
    },
    schema: confirmSchema,
    toBody: (values) => ({
      email: values.email.trim(),
      password: values.password,
      confirmationCode: values.confirmationCode.trim(),
    }),
  });
  const confirm = useConfirmForgotPassword();
  const submission = useSubmission({ send: confirm.mutateAsync, onSuccess });

  return (
    <SchemaForm form={form} submission={submission} submitLabel="Set new password">
      <TextFields
        inputProps={form.getInputProps}
        fields={[
          emailField('username'),
          {
            field: 'confirmationCode',
            label: 'Code',
            required: true,
            autoComplete: 'one-time-code',
            inputMode: 'numeric',
          },
        ]}
      />
      <NewPasswordField {...form.getInputProps('password')} />
      <PasswordField
        label="Confirm new password"
        required
        autoComplete="new-password"
        {...form.getInputProps('confirmPassword')}
      />
    </SchemaForm>
  );
}
