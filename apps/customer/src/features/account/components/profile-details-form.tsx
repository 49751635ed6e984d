import type { AccountRequest, Profile } from '@pawfresh/contracts/account';
import { australianPhone, email, MAX_NAME_LENGTH, personName } from '@pawfresh/contracts/fields';
import { z } from 'zod';

import { SchemaForm } from '../../../components/form/schema-form';
import { emailField, TextFields, type TextFieldSpec } from '../../../components/form/text-fields';
import { useSubmission } from '../../../components/form/use-submission';
import { blankOr, useSchemaForm } from '../../../lib/form';
import { useUpdateMe } from '../api/update-me';

type DetailsValues = { firstName: string; lastName: string; email: string; phoneNumber: string };

const detailsSchema = z.object({
  firstName: personName('Enter your first name'),
  lastName: personName('Enter your last name'),
  email,
  phoneNumber: blankOr(australianPhone),
});

/**
 * PATCH /me's body. The e-mail is sent only when it changed (so an unchanged address is never
 * checked for being taken); an emptied phone number is sent as null, which removes it. The phone
 * goes as the contract reads it (without spaces, brackets or hyphens).
 */
export function toUpdateMeRequest(
  values: DetailsValues,
  profile: Profile,
): AccountRequest<'updateMe'> {
  const changedEmail = values.email.trim();
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    ...(changedEmail.toLowerCase() !== profile.email.toLowerCase() && { email: changedEmail }),
    // Only called with values that passed the form's schema, so the phone parses.
    phoneNumber:
      values.phoneNumber.trim() === '' ? null : australianPhone.parse(values.phoneNumber),
  };
}

const DETAILS_FIELDS: readonly TextFieldSpec<DetailsValues>[] = [
  {
    field: 'firstName',
    label: 'First name',
    required: true,
    autoComplete: 'given-name',
    maxLength: MAX_NAME_LENGTH,
  },
  {
    field: 'lastName',
    label: 'Last name',
    required: true,
    autoComplete: 'family-name',
    maxLength: MAX_NAME_LENGTH,
  },
  emailField('email'),
  {
    field: 'phoneNumber',
    label: 'Phone number',
    type: 'tel',
    autoComplete: 'tel',
    description: 'Optional. An Australian number, such as 0412 345 678.',
  },
];

type ProfileDetailsFormProps = {
  profile: Profile;
  onSuccess: (profile: Profile) => void;
  /** Save pressed without any change. */
  onUnchanged?: () => void;
};

/** /account/edit/details: first name, last name, e-mail and phone. */
export function ProfileDetailsForm({ profile, onSuccess, onUnchanged }: ProfileDetailsFormProps) {
  const form = useSchemaForm({
    initialValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      email: profile.email,
      phoneNumber: profile.phoneNumber ?? '',
    },
    schema: detailsSchema,
    toBody: (values) => toUpdateMeRequest(values, profile),
  });
  const updateMe = useUpdateMe();
  const submission = useSubmission({ send: updateMe.mutateAsync, onSuccess });

  return (
    <SchemaForm
      form={form}
      submission={submission}
      submitLabel="Save details"
      onUnchanged={onUnchanged}
    >
      <TextFields inputProps={form.getInputProps} fields={DETAILS_FIELDS} />
    </SchemaForm>
  );
}
