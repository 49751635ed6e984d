import '../../../styles/mantine-forms.css';
import { NativeSelect, Text } from '@mantine/core';
import { australianStates, type AustralianState } from '@pawfresh/contracts/enums';
import {
  ADDRESS_MAX_LENGTHS,
  australianPhone,
  password,
  personName,
  postcodeMatchesState,
  postcodeStateMessage,
  requiredText,
} from '@pawfresh/contracts/fields';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';

import { NewPasswordField } from '../../../components/form/password-field';
import { SchemaForm } from '../../../components/form/schema-form';
import { TextFields, type TextFieldSpec } from '../../../components/form/text-fields';
import { useSubmission } from '../../../components/form/use-submission';
import { STATE_NAMES, STATE_OPTIONS } from '../../../features/addresses/utils/address-form';
import { FunnelPage, useStepCompleted } from '../../../features/sign-up/components/funnel-page';
import { updateDraft, useSignUpDraft, type SignUpDraft } from '../../../features/sign-up/draft';
import { rememberPassword } from '../../../features/sign-up/password-memory';
import { signUpPaths } from '../../../features/sign-up/steps';
import { useSchemaForm } from '../../../lib/form';

type Values = Omit<SignUpDraft['details'], 'suburb'> & { password: string };

const FIELDS: readonly TextFieldSpec<Values>[] = [
  { field: 'firstName', label: 'First name', required: true, autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last name', required: true, autoComplete: 'family-name' },
  {
    field: 'phoneNumber',
    label: 'Mobile',
    required: true,
    type: 'tel',
    autoComplete: 'tel',
    description: 'The driver calls if they can’t find you.',
  },
  {
    field: 'address1',
    label: 'Street address',
    required: true,
    autoComplete: 'address-line1',
    maxLength: ADDRESS_MAX_LENGTHS.address1,
  },
  {
    field: 'address2',
    label: 'Apartment, unit or floor',
    autoComplete: 'address-line2',
    maxLength: ADDRESS_MAX_LENGTHS.address2,
  },
];

/** /start/details: who the box is for, where it goes, and the account's password. */
export default function DetailsRoute() {
  const draft = useSignUpDraft();
  const navigate = useNavigate();
  const completed = useStepCompleted('details');
  const form = useSchemaForm({
    initialValues: {
      firstName: draft.details.firstName,
      lastName: draft.details.lastName,
      phoneNumber: draft.details.phoneNumber,
      address1: draft.details.address1,
      address2: draft.details.address2,
      state: draft.details.state,
      password: '',
    },
    schema: z
      .object({
        firstName: personName('Enter your first name'),
        lastName: personName('Enter your last name'),
        phoneNumber: australianPhone,
        address1: requiredText(ADDRESS_MAX_LENGTHS.address1, 'Enter the street address'),
        state: z.enum(australianStates, { error: 'Choose a state' }),
        password,
      })
      .superRefine((values, ctx) => {
        if (!postcodeMatchesState(draft.postcode, values.state)) {
          ctx.addIssue({
            code: 'custom',
            path: ['state'],
            message: postcodeStateMessage(draft.postcode, STATE_NAMES[values.state]),
          });
        }
      }),
    toBody: (values: Values) => values,
  });
  const submission = useSubmission({
    send: async ({ password: chosen, ...details }: Values) => {
      rememberPassword(chosen);
      updateDraft({ details: { ...details, suburb: draft.suburb } });
    },
    onSuccess: () => {
      completed();
      void navigate(signUpPaths.payment);
    },
  });

  if (!draft.deliveryDate) return <Navigate to={signUpPaths.delivery} replace />;

  return (
    <FunnelPage
      step="details"
      title="Your details"
      back={{ to: signUpPaths.delivery, label: 'Back' }}
    >
      <SchemaForm form={form} submission={submission} submitLabel="Continue to payment">
        <TextFields inputProps={form.getInputProps} fields={FIELDS} />
        <Text size="sm">
          Suburb and postcode: {draft.suburb} {draft.postcode}
        </Text>
        <NativeSelect
          label="State"
          required
          autoComplete="address-level1"
          data={STATE_OPTIONS}
          {...form.getInputProps('state')}
          onChange={(event) =>
            form.setFieldValue('state', event.currentTarget.value as AustralianState)
          }
        />
        <NewPasswordField label="Choose a password" {...form.getInputProps('password')} />
      </SchemaForm>
    </FunnelPage>
  );
}
