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
/** The support demo user (the first staff member the demo data had). */
export const DEMO_STAFF_ID = '9e8d7c6b-5a4f-4e3d-a2c1-b0a9f8e7d6c5';
export const DEMO_OPERATIONS_ID = '7d1f3b5a-9c2e-4f6a-8b0d-2e4f6a8c0b1d';
export const DEMO_MARKETING_ID = '6c0e2a4f-8b1d-4e5c-9a7f-1d3e5f7a9c2e';
export const DEMO_ADMIN_ID = '4b9d1f3e-7a0c-4d2b-8e6f-0c2d4e6f8a3b';
/** Every demo member of staff signs in to the back office with this password (README). */
export const DEMO_STAFF_PASSWORD = 'staffpass1';
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
    password: DEMO_STAFF_PASSWORD,
    firstName: 'Casey',
    lastName: 'Staff',
    phoneNumber: null,
    role: 'support',
  },
  {
    id: DEMO_OPERATIONS_ID,
    email: 'operations@pawfresh.com.au',
    password: DEMO_STAFF_PASSWORD,
    firstName: 'Olive',
    lastName: 'Operations',
    phoneNumber: null,
    role: 'operations',
  },
  {
    id: DEMO_MARKETING_ID,
    email: 'marketing@pawfresh.com.au',
    password: DEMO_STAFF_PASSWORD,
    firstName: 'Max',
    lastName: 'Marketing',
    phoneNumber: null,
    role: 'marketing',
  },
  {
    id: DEMO_ADMIN_ID,
    email: 'admin@pawfresh.com.au',
    password: DEMO_STAFF_PASSWORD,
    firstName: 'Ada',
    lastName: 'Admin',
    phoneNumber: null,
    role: 'admin',
  },
];
