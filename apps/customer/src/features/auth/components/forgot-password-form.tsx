import { Button, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';

import { FormAlert } from '../../../components/form/form-alert';
import { useSubmitError } from '../../../components/form/use-submit-error';
import { useFormFields } from '../../../lib/form';
import { validateEmail } from '../../../lib/validation';
import { useForgotPassword } from '../api/forgot-password';

type ForgotPasswordValues = { email: string };

/** /forgot-password: asks for a reset code by e-mail. */
export function ForgotPasswordForm({ onSuccess }: { onSuccess: (email: string) => void }) {
  const { values, setField, errors, applyValidation } = useFormFields<ForgotPasswordValues>({
    email: '',
  });
  const forgotPassword = useForgotPassword();
  const { formError, handleError, clearFormError } = useSubmitError();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (forgotPassword.isPending) return;
    clearFormError();
    if (!applyValidation(event.currentTarget, { email: validateEmail(values.email) })) return;
    const email = values.email.trim();
    forgotPassword.mutate({ email }, { onSuccess: () => onSuccess(email), onError: handleError });
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={values.email}
          onChange={(event) => setField('email', event.currentTarget.value)}
          error={errors.email}
        />
        <Button type="submit" loading={forgotPassword.isPending}>
          Send reset code
        </Button>
      </Stack>
    </form>
  );
}
