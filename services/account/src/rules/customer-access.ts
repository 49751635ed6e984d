import type { User } from '@pawfresh/contracts/identity';

/** Only customers sign in to the customer app; staff use the back office. */
export const usesCustomerApp = (user: Pick<User, 'role'>) => user.role === 'customer';
