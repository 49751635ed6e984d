import { Button, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';

import { FormAlert } from '../../../components/form/form-alert';
import { PasswordField } from '../../../components/form/password-field';
import { useSubmitError } from '../../../components/form/use-submit-error';
import { useFormFields, type FieldErrors } from '../../../lib/form';
import { MIN_PASSWORD_LENGTH, validateEmail, validatePassword } from '../../../lib/validation';
import { useConfirmForgotPassword } from '../api/confirm-forgot-password';

type ConfirmValues = {
  email: string;
  confirmationCode: string;
  password: string;
  confirmPassword: string;
};

export function validateConfirmForgotPassword(values: ConfirmValues): FieldErrors<ConfirmValues> {
  const errors: FieldErrors<ConfirmValues> = {};
  const email = validateEmail(values.email);
  if (email) errors.email = email;
  if (values.confirmationCode.trim() === '') {
    errors.confirmationCode = 'Enter the code from the e-mail';
  }
  const password = validatePassword(values.password);
  if (password) errors.password = password;
  else if (values.confirmPassword !== values.password) {
    errors.confirmPassword = 'The passwords do not match';
  }
  return errors;
}

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
  const { values, setField, errors, applyValidation } = useFormFields<ConfirmValues>({
    email: initialEmail,
    confirmationCode: initialCode,
    password: '',
    confirmPassword: '',
  });
  const confirm = useConfirmForgotPassword();
  const { formError, handleError, clearFormError } = useSubmitError();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirm.isPending) return;
    clearFormError();
    if (!applyValidation(event.currentTarget, validateConfirmForgotPassword(values))) return;
    confirm.mutate(
      {
        email: values.email.trim(),
        password: values.password,
        confirmationCode: values.confirmationCode.trim(),
      },
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
        <TextInput
          label="Code"
          required
          autoComplete="one-time-code"
          inputMode="numeric"
          value={values.confirmationCode}
          onChange={(event) => setField('confirmationCode', event.currentTarget.value)}
          error={errors.confirmationCode}
        />
        <PasswordField
          label="New password"
          required
          autoComplete="new-password"
          description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          value={values.password}
          onChange={(event) => setField('password', event.currentTarget.value)}
          error={errors.password}
        />
        <PasswordField
          label="Confirm new password"
          required
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => setField('confirmPassword', event.currentTarget.value)}
          error={errors.confirmPassword}
        />
        <Button type="submit" loading={confirm.isPending}>
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
