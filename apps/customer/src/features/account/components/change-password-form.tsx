import { Button, Stack } from '@mantine/core';
import type { FormEvent } from 'react';

import { FormAlert } from '../../../components/form/form-alert';
import { PasswordField } from '../../../components/form/password-field';
import { useSubmitError } from '../../../components/form/use-submit-error';
import { useFormFields, type FieldErrors } from '../../../lib/form';
import { MIN_PASSWORD_LENGTH, validatePassword } from '../../../lib/validation';
import { useResetPassword } from '../api/reset-password';

type PasswordValues = { previousPassword: string; password: string };

export function validatePasswordChange(values: PasswordValues): FieldErrors<PasswordValues> {
  const errors: FieldErrors<PasswordValues> = {};
  if (values.previousPassword === '') errors.previousPassword = 'Enter your current password';
  const password = validatePassword(values.password);
  if (password) errors.password = password;
  return errors;
}

/** /account/edit/password: POST /reset-password { previousPassword, password }. */
export function ChangePasswordForm({ onSuccess }: { onSuccess: () => void }) {
  const { values, setField, errors, applyValidation } = useFormFields<PasswordValues>({
    previousPassword: '',
    password: '',
  });
  const resetPassword = useResetPassword();
  const { formError, handleError, clearFormError } = useSubmitError();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (resetPassword.isPending) return;
    clearFormError();
    if (!applyValidation(event.currentTarget, validatePasswordChange(values))) return;
    resetPassword.mutate(values, { onSuccess: () => onSuccess(), onError: handleError });
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <FormAlert message={formError} />
        <PasswordField
          label="Current password"
          required
          autoComplete="current-password"
          value={values.previousPassword}
          onChange={(event) => setField('previousPassword', event.currentTarget.value)}
          error={errors.previousPassword}
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
        <Button type="submit" loading={resetPassword.isPending}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
