import type { australianStates } from './enums.js';

/**
 * Australian addresses as every service and the customer app pass them on: one copy of the state
 * → time zone table and of the mappings between identity's address (`postCode`) and an order's
 * (`postcode`, with the person it goes to).
 */

export type AustralianState = (typeof australianStates)[number];

/** The time zone of each state's capital: a delivery's local dates and cut-offs are in it. */
export const STATE_TIME_ZONES = {
  ACT: 'Australia/Sydney',
  NSW: 'Australia/Sydney',
  NT: 'Australia/Darwin',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  TAS: 'Australia/Hobart',
  VIC: 'Australia/Melbourne',
  WA: 'Australia/Perth',
} as const satisfies Record<AustralianState, string>;

export type AustralianTimeZone = (typeof STATE_TIME_ZONES)[AustralianState];

/** Every time zone a delivery can be in, once each. */
export const AUSTRALIAN_TIME_ZONES = [
  ...new Set(Object.values(STATE_TIME_ZONES)),
].sort() as readonly AustralianTimeZone[];

/** The time zone of an address's state (unknown text: Sydney's, the business's home). */
export const timeZoneOfState = (state: string): AustralianTimeZone =>
  STATE_TIME_ZONES[state as AustralianState] ?? 'Australia/Sydney';

/** The lines of an address, every optional part present as null. */
export interface AddressLines {
  address1: string;
  address2: string | null;
  suburb: string;
  city: string | null;
  state: AustralianState;
  companyName: string | null;
}

type LinesInput = {
  address1: string;
  address2?: string | null | undefined;
  suburb: string;
  city?: string | null | undefined;
  state: AustralianState;
  companyName?: string | null | undefined;
};

/** An address's lines, optional parts as null. */
export const addressLines = (a: LinesInput): AddressLines => ({
  address1: a.address1,
  address2: a.address2 ?? null,
  suburb: a.suburb,
  city: a.city ?? null,
  state: a.state,
  companyName: a.companyName ?? null,
});

/** An order's address (order service: `postcode`) from lines and the person it goes to. */
export const orderAddressFrom = (
  person: { firstName: string; lastName: string },
  lines: LinesInput & { postcode: string },
) => ({
  firstName: person.firstName,
  lastName: person.lastName,
  ...addressLines(lines),
  postcode: lines.postcode,
  countryCode: 'AU' as const,
});

/** identity's address (`postCode`) from an order-style address's lines. */
export const identityAddressFrom = (
  lines: LinesInput & { postcode: string },
  deliveryInstructions: string | null,
) => ({
  ...addressLines(lines),
  postCode: lines.postcode,
  countryCode: 'AU' as const,
  deliveryInstructions,
});

/**
 * The refusal of an address the courier does not reach (its serviceability check), before
 * anything is written: every box planned to it would fail. One wording for the customer API and
 * the staff API.
 */
export const notServiceableMessage = (place: { suburb: string; state: string; postcode: string }) =>
  `We don’t deliver to ${place.suburb} ${place.state} ${place.postcode} yet: check the suburb and postcode, or choose another address`;
