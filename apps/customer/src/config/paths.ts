/** The app is served under this base path (customer-app.md §2); router paths below are relative to it. */
export const APP_BASENAME = '/customer';

export const paths = {
  root: '/',
  deliveries: '/deliveries',
  dogs: '/dogs',
  account: '/account',
} as const;
