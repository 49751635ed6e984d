import {
  ADDRESS_MAX_LENGTHS,
  addressInput,
  postcodeMatchesState,
  postcodeStateMessage,
  requiredText,
  type Address,
  type AddressInput,
} from '@pawfresh/contracts/fields';
import { australianStates } from '@pawfresh/contracts/enums';
import { z } from 'zod';

type AustralianState = Address['state'];

/**
 * What people read for each state code, in the order customer-app.md §9 lists them (the order the
 * form offers them).
 */
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

/** The state picker's choices, "Choose a state" first. */
export const STATE_OPTIONS = [
  { value: '', label: 'Choose a state', disabled: true },
  ...Object.entries(STATE_NAMES).map(([state, name]) => ({ value: state, label: name })),
];

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
 * The contract's address rules, worded for the form's labels where the server's words name the
 * API (the first line) or cannot say what to do (no state chosen).
 */
export const addressFormSchema = addressInput
  .extend({
    address1: requiredText(ADDRESS_MAX_LENGTHS.address1, 'Enter the first line of the address'),
    state: z.enum(australianStates, { error: 'Choose a state' }),
  })
  // The state and the postcode checked against each other (issue 17: "Richmond NSW 3121").
  .superRefine((address, ctx) => {
    if (!postcodeMatchesState(address.postCode, address.state)) {
      ctx.addIssue({
        code: 'custom',
        path: ['postCode'],
        message: postcodeStateMessage(address.postCode, STATE_NAMES[address.state]),
      });
    }
  });

const optional = (value: string) => value.trim() || null;

/** Assumes the values passed `addressFormSchema`. */
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

export { formatAddressLines } from './address-lines';
