import { Button, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';

import { FormAlert } from '../../../components/form/form-alert';
import { useFormFields } from '../../../lib/form';
import { AUSTRALIAN_STATES, type Address, type AddressInput } from '../../../types/api';
import {
  ADDRESS_MAX_LENGTHS,
  isAustralianState,
  STATE_NAMES,
  toAddressInput,
  toAddressValues,
  validateAddress,
  type AddressValues,
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
  ...AUSTRALIAN_STATES.map((state) => ({ value: state, label: STATE_NAMES[state] })),
];

/**
 * The address editor (customer-app.md §2): the default address on /account/edit/address, and
 * later an order's delivery address. It validates like the server and leaves sending to the caller.
 */
export function AddressForm({
  initialAddress,
  onSubmit,
  submitting,
  formError,
  submitLabel = 'Save address',
}: AddressFormProps) {
  const { values, setField, errors, applyValidation } = useFormFields<AddressValues>(() =>
    toAddressValues(initialAddress),
  );

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    if (!applyValidation(event.currentTarget, validateAddress(values))) return;
    onSubmit(toAddressInput(values));
  }

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="md">
        <FormAlert message={formError} />
        <TextInput
          label="Address line 1"
          required
          autoComplete="address-line1"
          maxLength={ADDRESS_MAX_LENGTHS.address1}
          value={values.address1}
          onChange={(event) => setField('address1', event.currentTarget.value)}
          error={errors.address1}
        />
        <TextInput
          label="Address line 2"
          autoComplete="address-line2"
          maxLength={ADDRESS_MAX_LENGTHS.address2}
          value={values.address2}
          onChange={(event) => setField('address2', event.currentTarget.value)}
          error={errors.address2}
        />
        <TextInput
          label="Suburb"
          required
          autoComplete="address-level2"
          maxLength={ADDRESS_MAX_LENGTHS.suburb}
          value={values.suburb}
          onChange={(event) => setField('suburb', event.currentTarget.value)}
          error={errors.suburb}
        />
        <TextInput
          label="City"
          maxLength={ADDRESS_MAX_LENGTHS.city}
          value={values.city}
          onChange={(event) => setField('city', event.currentTarget.value)}
          error={errors.city}
        />
        <NativeSelect
          label="State"
          required
          autoComplete="address-level1"
          data={STATE_OPTIONS}
          value={values.state}
          onChange={(event) => {
            const { value } = event.currentTarget;
            if (isAustralianState(value)) setField('state', value);
          }}
          error={errors.state}
        />
        <TextInput
          label="Postcode"
          required
          autoComplete="postal-code"
          inputMode="numeric"
          maxLength={4}
          value={values.postCode}
          onChange={(event) => setField('postCode', event.currentTarget.value)}
          error={errors.postCode}
        />
        <TextInput
          label="Company name"
          autoComplete="organization"
          maxLength={ADDRESS_MAX_LENGTHS.companyName}
          value={values.companyName}
          onChange={(event) => setField('companyName', event.currentTarget.value)}
          error={errors.companyName}
        />
        <Textarea
          label="Delivery instructions"
          description="Where to leave the box if nobody is home."
          autosize
          minRows={2}
          maxLength={ADDRESS_MAX_LENGTHS.deliveryInstructions}
          value={values.deliveryInstructions}
          onChange={(event) => setField('deliveryInstructions', event.currentTarget.value)}
          error={errors.deliveryInstructions}
        />
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
