import { Button, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';

import { FormAlert } from '../../../components/form/form-alert';
import { useSubmitError } from '../../../components/form/use-submit-error';
import { useFormFields, type FieldErrors } from '../../../lib/form';
import { normalizePhoneNumber, validateEmail, validatePhoneNumber } from '../../../lib/validation';
import type { Profile, UpdateMeRequest } from '../../../types/api';
import { useUpdateMe } from '../api/update-me';

type DetailsValues = { firstName: string; lastName: string; email: string; phoneNumber: string };

const NAME_MAX_LENGTH = 100;

export function validateProfileDetails(values: DetailsValues): FieldErrors<DetailsValues> {
  const errors: FieldErrors<DetailsValues> = {};
  if (values.firstName.trim() === '') errors.firstName = 'Enter your first name';
  if (values.lastName.trim() === '') errors.lastName = 'Enter your last name';
  const email = validateEmail(values.email);
  if (email) errors.email = email;
  const phone = validatePhoneNumber(values.phoneNumber);
  if (phone) errors.phoneNumber = phone;
  return errors;
}

/**
 * PATCH /me's body. The e-mail is sent only when it changed (so an unchanged address is never
 * checked for being taken); an emptied phone number is sent as null, which removes it.
 */
export function toUpdateMeRequest(values: DetailsValues, profile: Profile): UpdateMeRequest {
  const email = values.email.trim();
  const phone = normalizePhoneNumber(values.phoneNumber);
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    ...(email.toLowerCase() !== profile.email.toLowerCase() && { email }),
    phoneNumber: phone === '' ? null : phone,
  };
}

type ProfileDetailsFormProps = {
  profile: Profile;
  onSuccess: (profile: Profile) => void;
};

/** /account/edit/details: first name, last name, e-mail and phone. */
export function ProfileDetailsForm({ profile, onSuccess }: ProfileDetailsFormProps) {
  const { values, setField, errors, applyValidation } = useFormFields<DetailsValues>(() => ({
    firstName: profile.firstName,
    lastName: profile.lastName,
    email: profile.email,
    phoneNumber: profile.phoneNumber ?? '',
  }));
  const updateMe = useUpdateMe();
  const { formError, handleError, clearFormError } = useSubmitError();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (updateMe.isPending) return;
    clearFormError();
    if (!applyValidation(event.currentTarget, validateProfileDetails(values))) return;
    updateMe.mutate(toUpdateMeRequest(values, profile), { onSuccess, onError: handleError });
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label="First name"
          required
          autoComplete="given-name"
          maxLength={NAME_MAX_LENGTH}
          value={values.firstName}
          onChange={(event) => setField('firstName', event.currentTarget.value)}
          error={errors.firstName}
        />
        <TextInput
          label="Last name"
          required
          autoComplete="family-name"
          maxLength={NAME_MAX_LENGTH}
          value={values.lastName}
          onChange={(event) => setField('lastName', event.currentTarget.value)}
          error={errors.lastName}
        />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          value={values.email}
          onChange={(event) => setField('email', event.currentTarget.value)}
          error={errors.email}
        />
        <TextInput
          label="Phone number"
          type="tel"
          autoComplete="tel"
          description="Optional. An Australian number, such as 0412 345 678."
          value={values.phoneNumber}
          onChange={(event) => setField('phoneNumber', event.currentTarget.value)}
          error={errors.phoneNumber}
        />
        <Button type="submit" loading={updateMe.isPending}>
          Save details
        </Button>
      </Stack>
    </form>
  );
}
