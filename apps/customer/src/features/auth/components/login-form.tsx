import { Anchor } from '@mantine/core';
import { checkEmail, checkEnteredPassword } from '@pawfresh/contracts/field-rules';
import { Link } from 'react-router';

import { PasswordField } from '../../../components/form/password-field';
import { SchemaForm } from '../../../components/form/schema-form';
import { emailField, TextFields } from '../../../components/form/text-fields';
import { useSubmission } from '../../../components/form/use-submission';
import { paths } from '../../../config/paths';
import { checksSchema } from '../../../lib/field-checks';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useLogin } from '../api/login';

// The contracts' e-mail and entered-password rules, checked without zod: the sign-in page is the
// first thing a phone loads, and zod would be a quarter of it.
const loginSchema = checksSchema<{ email: string; password: string }>({
  email: checkEmail,
  password: (value) => checkEnteredPassword(value, 'Enter your password'),
});

/**
 * E-mail and password. The server's refusal ("Incorrect email or password", "Too many attempts…")
 * is shown in an alert. Password managers and pasting work: nothing blocks paste, and the fields
 * carry the autocomplete tokens they look for.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const form = useSchemaForm({
    initialValues: { email: '', password: '' },
    schema: loginSchema,
    toBody: (values) => ({ email: values.email.trim(), password: values.password }),
  });
  const login = useLogin();
  const submission = useSubmission({ send: login.mutateAsync, onSuccess });

  return (
    <SchemaForm
      form={form}
      submission={submission}
      submitLabel="Sign in"
      footer={
        <Anchor component={Link} to={paths.forgotPassword}>
          Forgot your password?
        </Anchor>
      }
    >
      <TextFields inputProps={form.getInputProps} fields={[emailField('username')]} />
      <PasswordField
        label="Password"
        required
        autoComplete="current-password"
        {...form.getInputProps('password')}
      />
    </SchemaForm>
  );
}
