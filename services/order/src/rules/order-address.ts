import type { OrderAddressInput } from '@pawfresh/contracts/order';

/** The time zone of each Australian state's capital, for addresses sent without one. */
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  ACT: 'Australia/Sydney',
  NSW: 'Australia/Sydney',
  NT: 'Australia/Darwin',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  TAS: 'Australia/Hobart',
  VIC: 'Australia/Melbourne',
  WA: 'Australia/Perth',
};

/** An address on one line, for event values. */
export const addressLine = (a: {
  address1: string;
  address2: string | null;
  suburb: string;
  state: string;
  postcode: string;
}) => [a.address1, a.address2, `${a.suburb} ${a.state} ${a.postcode}`].filter(Boolean).join(', ');

/** The address an order keeps: optional parts as null, the zone from the state when not given. */
export const storedAddress = (addressId: string, input: OrderAddressInput) => ({
  addressId,
  firstName: input.firstName,
  lastName: input.lastName,
  address1: input.address1,
  address2: input.address2 ?? null,
  suburb: input.suburb,
  city: input.city ?? null,
  state: input.state,
  postcode: input.postcode,
  countryCode: input.countryCode,
  companyName: input.companyName ?? null,
  timezone: input.timezone ?? STATE_TIME_ZONES[input.state]!,
});

/** Whether two stored addresses are the same in every part. */
export const sameStoredAddress = <T extends object>(a: T, b: T) =>
  (Object.keys(b) as (keyof T)[]).every((k) => (a[k] ?? null) === (b[k] ?? null));
