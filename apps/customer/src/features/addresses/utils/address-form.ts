import type { FieldErrors } from '../../../lib/form';
import {
  AUSTRALIAN_STATES,
  type Address,
  type AddressInput,
  type AustralianState,
} from '../../../types/api';

/** What people read for each state code (customer-app.md §9 lists the codes). */
export const STATE_NAMES: Record<AustralianState, string> = {
  VIC: 'Victoria',
  NSW: 'New South Wales',
  ACT: 'Australian Capital Territory',
  NT: 'Northern Territory',
  QLD: 'Queensland',
  SA: 'South Australia',
  TAS: 'Tasmania',
  WA: 'Western Australia',
};

export function isAustralianState(value: string): value is AustralianState {
  return (AUSTRALIAN_STATES as readonly string[]).includes(value);
}

/** Lengths the server accepts (the contract's addressInput). */
export const ADDRESS_MAX_LENGTHS = {
  address1: 200,
  address2: 200,
  suburb: 100,
  city: 100,
  deliveryInstructions: 500,
  companyName: 200,
} as const;

export type AddressValues = {
  address1: string;
  address2: string;
  suburb: string;
  city: string;
  state: AustralianState | '';
  postCode: string;
  deliveryInstructions: string;
  companyName: string;
};

export function toAddressValues(address?: Address | null): AddressValues {
  return {
    address1: address?.address1 ?? '',
    address2: address?.address2 ?? '',
    suburb: address?.suburb ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    postCode: address?.postCode ?? '',
    deliveryInstructions: address?.deliveryInstructions ?? '',
    companyName: address?.companyName ?? '',
  };
}

/**
 * The server's rules (address1 and suburb required, one of the eight states, a 4-digit postcode),
 * worded for the form's labels rather than the API's field names.
 */
export function validateAddress(values: AddressValues): FieldErrors<AddressValues> {
  const errors: FieldErrors<AddressValues> = {};
  if (values.address1.trim() === '') errors.address1 = 'Enter the first line of the address';
  if (values.suburb.trim() === '') errors.suburb = 'Enter the suburb';
  if (!isAustralianState(values.state)) errors.state = 'Choose a state';
  if (!/^\d{4}$/.test(values.postCode.trim())) errors.postCode = 'Postcode must be 4 digits';
  return errors;
}

const optional = (value: string) => value.trim() || null;

/** Assumes `validateAddress` passed. */
export function toAddressInput(values: AddressValues): AddressInput {
  return {
    address1: values.address1.trim(),
    address2: optional(values.address2),
    suburb: values.suburb.trim(),
    city: optional(values.city),
    state: values.state as AustralianState,
    postCode: values.postCode.trim(),
    countryCode: 'AU',
    deliveryInstructions: optional(values.deliveryInstructions),
    companyName: optional(values.companyName),
  };
}

/** The address as the lines of a label: company, street lines, "Suburb STATE 3000". */
export function formatAddressLines(address: Address): string[] {
  return [
    address.companyName,
    address.address1,
    address.address2,
    address.city && address.city !== address.suburb ? address.city : null,
    `${address.suburb} ${address.state} ${address.postCode}`,
  ].filter((line): line is string => Boolean(line && line.trim()));
}
