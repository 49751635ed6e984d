import { NativeSelect, Textarea, TextInput } from '@mantine/core';
import { ADDRESS_MAX_LENGTHS, type Address, type AddressInput } from '@pawfresh/contracts/fields';

import { SchemaForm } from '../../../components/form/schema-form';
import { useSchemaForm } from '../../../lib/form';
import {
  addressFormSchema,
  STATE_NAMES,
  toAddressInput,
  toAddressValues,
} from '../utils/address-form';

export type AddressFormProps = {
  /** Pre-fills the form; null or absent for an empty form. */
  initialAddress?: Address | null;
  /** Called with valid input; the caller sends it (default address, an order's delivery info…). */
  onSubmit: (address: AddressInput) => void;
  /** While the caller's request runs: the button shows it and submitting again does nothing. */
  submitting: boolean;
  /** The form-level error, e.g. the server's message. */
  formError?: string | null;
  submitLabel?: string;
};

const STATE_OPTIONS = [
  { value: '', label: 'Choose a state', disabled: true },
  ...Object.entries(STATE_NAMES).map(([state, name]) => ({ value: state, label: name })),
];

/**
 * The address editor (customer-app.md §2): the default address on /account/edit/address, and
 * later an order's delivery address. It validates like the server and leaves sending to the caller
 * (who runs the submission: `useSubmission`).
 */
export function AddressForm({
  initialAddress,
  onSubmit,
  submitting,
  formError,
  submitLabel = 'Save address',
}: AddressFormProps) {
  const form = useSchemaForm({
    initialValues: toAddressValues(initialAddress),
    schema: addressFormSchema,
    toBody: toAddressInput,
  });

  return (
    <SchemaForm
      form={form}
      onSubmit={onSubmit}
      submission={{ submitting, formError }}
      submitLabel={submitLabel}
    >
      <TextInput
        label="Address line 1"
        required
        autoComplete="address-line1"
        maxLength={ADDRESS_MAX_LENGTHS.address1}
        {...form.getInputProps('address1')}
      />
      <TextInput
        label="Address line 2"
        autoComplete="address-line2"
        maxLength={ADDRESS_MAX_LENGTHS.address2}
        {...form.getInputProps('address2')}
      />
      <TextInput
        label="Suburb"
        required
        autoComplete="address-level2"
        maxLength={ADDRESS_MAX_LENGTHS.suburb}
        {...form.getInputProps('suburb')}
      />
      <TextInput
        label="City"
        maxLength={ADDRESS_MAX_LENGTHS.city}
        {...form.getInputProps('city')}
      />
      <NativeSelect
        label="State"
        required
        autoComplete="address-level1"
        data={STATE_OPTIONS}
        {...form.getInputProps('state')}
      />
      <TextInput
        label="Postcode"
        required
        autoComplete="postal-code"
        inputMode="numeric"
        maxLength={4}
        {...form.getInputProps('postCode')}
      />
      <TextInput
        label="Company name"
        autoComplete="organization"
        maxLength={ADDRESS_MAX_LENGTHS.companyName}
        {...form.getInputProps('companyName')}
      />
      <Textarea
        label="Delivery instructions"
        description="Where to leave the box if nobody is home."
        autosize
        minRows={2}
        maxLength={ADDRESS_MAX_LENGTHS.deliveryInstructions}
        {...form.getInputProps('deliveryInstructions')}
      />
    </SchemaForm>
  );
}
