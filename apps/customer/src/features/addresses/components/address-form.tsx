import '../../../styles/mantine-forms.css';
import { NativeSelect, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { ADDRESS_MAX_LENGTHS, type Address, type AddressInput } from '@pawfresh/contracts/fields';

import { SchemaForm } from '../../../components/form/schema-form';
import { TextFields, type TextFieldSpec } from '../../../components/form/text-fields';
import { useSchemaForm } from '../../../lib/form';
import {
  addressFormSchema,
  STATE_OPTIONS,
  toAddressInput,
  toAddressValues,
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
  /** More fields of the caller's, after the address (e.g. which boxes it applies to). */
  children?: ReactNode;
};

const max = ADDRESS_MAX_LENGTHS;

const STREET_FIELDS: readonly TextFieldSpec<AddressValues>[] = [
  {
    field: 'address1',
    label: 'Address line 1',
    required: true,
    autoComplete: 'address-line1',
    maxLength: max.address1,
  },
  {
    field: 'address2',
    label: 'Address line 2',
    autoComplete: 'address-line2',
    maxLength: max.address2,
  },
  {
    field: 'suburb',
    label: 'Suburb',
    required: true,
    autoComplete: 'address-level2',
    maxLength: max.suburb,
  },
  { field: 'city', label: 'City', maxLength: max.city },
];

const POSTCODE_AND_COMPANY_FIELDS: readonly TextFieldSpec<AddressValues>[] = [
  {
    field: 'postCode',
    label: 'Postcode',
    required: true,
    autoComplete: 'postal-code',
    inputMode: 'numeric',
    maxLength: 4,
  },
  {
    field: 'companyName',
    label: 'Company name',
    autoComplete: 'organization',
    maxLength: max.companyName,
  },
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
  children,
}: AddressFormProps) {
  const form = useSchemaForm({
    initialValues: toAddressValues(initialAddress),
    schema: addressFormSchema,
    toBody: toAddressInput,
  });

  return (
    <SchemaForm
      form={form}
      submission={{ submit: onSubmit, submitting, formError }}
      submitLabel={submitLabel}
    >
      <TextFields inputProps={form.getInputProps} fields={STREET_FIELDS} />
      <NativeSelect
        label="State"
        required
        autoComplete="address-level1"
        data={STATE_OPTIONS}
        {...form.getInputProps('state')}
      />
      <TextFields inputProps={form.getInputProps} fields={POSTCODE_AND_COMPANY_FIELDS} />
      <Textarea
        label="Delivery instructions"
        description="Where to leave the box if nobody is home."
        autosize
        minRows={2}
        maxLength={max.deliveryInstructions}
        {...form.getInputProps('deliveryInstructions')}
      />
      {children}
    </SchemaForm>
  );
}
