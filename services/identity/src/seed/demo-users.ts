import type { UserRole } from '@pawfresh/contracts/enums';
import type { AddressInput } from '@pawfresh/contracts/fields';

/**
 * Fixed ids, so other services' demo data can point at these people (the dogs service seeds the
 * demo customer's dogs with DEMO_CUSTOMER_ID). They cannot import this file (services are
 * separate), so a change here must be made there too.
 */
export const DEMO_CUSTOMER_ID = '0b9d7a1e-4c2f-4e8a-9a5b-1d2c3e4f5a60';
/** A second customer, for checking that one customer never sees another's data. */
export const SECOND_CUSTOMER_ID = '5c1e2f3a-7b8d-4c9e-8f0a-2b3c4d5e6f71';
export const DEMO_STAFF_ID = '9e8d7c6b-5a4f-4e3d-a2c1-b0a9f8e7d6c5';
export const DEMO_ADDRESS_ID = '3a7c9e1b-2d4f-4a6c-8e0b-1c3d5e7f9a2b';

export interface DemoUser {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phoneNumber: string | null;
  role: UserRole;
  defaultAddress?: { addressId: string } & AddressInput;
}

export const demoUsers: readonly DemoUser[] = [
  {
    id: DEMO_CUSTOMER_ID,
    email: 'demo@pawfresh.com.au',
    password: 'woofwoof1',
    firstName: 'Sam',
    lastName: 'Citizen',
    phoneNumber: '0412345678',
    role: 'customer',
    defaultAddress: {
      addressId: DEMO_ADDRESS_ID,
      address1: '12 Example Street',
      suburb: 'Richmond',
      city: 'Melbourne',
      state: 'VIC',
      postCode: '3121',
      countryCode: 'AU',
      deliveryInstructions: 'Leave at the front door',
    },
  },
  {
    id: SECOND_CUSTOMER_ID,
    email: 'alex@pawfresh.com.au',
    password: 'woofwoof2',
    firstName: 'Alex',
    lastName: 'Example',
    phoneNumber: null,
    role: 'customer',
  },
  {
    id: DEMO_STAFF_ID,
    email: 'staff@pawfresh.com.au',
    password: 'staffpass1',
    firstName: 'Casey',
    lastName: 'Staff',
    phoneNumber: null,
    role: 'staff',
  },
];
