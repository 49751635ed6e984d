import { orderAddressFrom, timeZoneOfState } from '@pawfresh/contracts/addresses';
import type { OrderAddressInput } from '@pawfresh/contracts/order';

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
  ...orderAddressFrom(input, input),
  timezone: input.timezone ?? timeZoneOfState(input.state),
});

/** Whether two stored addresses are the same in every part. */
export const sameStoredAddress = <T extends object>(a: T, b: T) =>
  (Object.keys(b) as (keyof T)[]).every((k) => (a[k] ?? null) === (b[k] ?? null));
