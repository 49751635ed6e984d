/** The back office's pages (under /staff/). */
export const paths = {
  signIn: '/sign-in',
  home: '/',
  search: (q: string) => `/?q=${encodeURIComponent(q)}`,
  customer: (id: string) => `/customers/${id}`,
  order: (customerId: string, orderId: string) => `/customers/${customerId}/orders/${orderId}`,
  failedPayments: '/payments/failed',
  runs: '/runs',
  failedRuns: '/runs?status=failed',
  cancellationRuns: '/runs?name=cancel-subscription',
  run: (id: string) => `/runs/${encodeURIComponent(id)}`,
  users: '/users',
  packing: '/packing',
  forecast: '/forecast',
  catalogue: '/catalogue',
  discounts: '/discounts',
  newDiscount: '/discounts/new',
  discount: (id: string) => `/discounts/${id}`,
  discountCategories: '/discount-categories',
  promotions: '/promotions',
  promotion: (id: string) => `/promotions/${id}`,
  migration: '/migration',
  migrationCustomer: (email: string) => `/migration/customers?email=${encodeURIComponent(email)}`,
  /** The invitation e-mail's link (identity's staff-invitation-mail.ts writes it). */
  setPassword: '/set-password',
  /** Sign-in after choosing a password: says so, with the e-mail filled in. */
  signInWithNewPassword: (email: string) =>
    `/sign-in?passwordSet=1&email=${encodeURIComponent(email)}`,
} as const;

/** Where the app is served (the server and vite.config.ts's base say the same). */
export const BASENAME = '/staff';

/** Where the person was going, for the sign-in page to send them on to. */
export const nextOf = (url: URL) => url.pathname.slice(BASENAME.length) + url.search || '/';
