import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { Link } from 'react-router';

import { FormAlert } from '../../../components/form/form-alert';
import { PasswordField } from '../../../components/form/password-field';
import { useSubmitError } from '../../../components/form/use-submit-error';
import { paths } from '../../../config/paths';
import { useFormFields, type FieldErrors } from '../../../lib/form';
import { validateEmail } from '../../../lib/validation';
import { useLogin } from '../api/login';

type LoginValues = { email: string; password: string };

function validateLogin(values: LoginValues): FieldErrors<LoginValues> {
  const errors: FieldErrors<LoginValues> = {};
  const email = validateEmail(values.email);
  if (email) errors.email = email;
  if (values.password === '') errors.password = 'Enter your password';
  return errors;
}

/**
 * E-mail and password. The server's refusal ("Incorrect email or password", "Too many attempts…")
 * is shown in an alert. Password managers and pasting work: nothing blocks paste, and the fields
 * carry the autocomplete tokens they look for.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { values, setField, errors, applyValidation } = useFormFields<LoginValues>({
    email: '',
    password: '',
  });
  const login = useLogin();
  const { formError, handleError, clearFormError } = useSubmitError();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (login.isPending) return;
    clearFormError();
    if (!applyValidation(event.currentTarget, validateLogin(values))) return;
    login.mutate(
      { email: values.email.trim(), password: values.password },
      { onSuccess: () => onSuccess(), onError: handleError },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="username"
          value={values.email}
          onChange={(event) => setField('email', event.currentTarget.value)}
          error={errors.email}
        />
        <PasswordField
          label="Password"
          required
          autoComplete="current-password"
          value={values.password}
          onChange={(event) => setField('password', event.currentTarget.value)}
          error={errors.password}
        />
        <Button type="submit" loading={login.isPending}>
          Sign in
        </Button>
        <Anchor component={Link} to={paths.forgotPassword}>
          Forgot your password?
        </Anchor>
      </Stack>
    </form>
  );
}
