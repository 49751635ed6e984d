/** The app is served under this base path (customer-app.md §2); router paths below are relative to it. */
export const APP_BASENAME = '/customer';

/** A router location's path without the /customer base (router state keeps it; hooks do not). */
export function stripBasename(pathname: string): string {
  if (pathname === APP_BASENAME) return '/';
  return pathname.startsWith(`${APP_BASENAME}/`) ? pathname.slice(APP_BASENAME.length) : pathname;
}

export const paths = {
  root: '/',

  // Public full-screen pages (customer-app.md §2).
  login: '/login',
  forgotPassword: '/forgot-password',
  emailSent: '/email-sent',
  confirmForgotPassword: '/confirm-forgot-password',

  // Main pages.
  deliveries: '/deliveries',
  dogs: '/dogs',
  account: '/account',

  // Full-screen edit pages.
  dogAdd: '/dogs/add',
  accountEditDetails: '/account/edit/details',
  accountEditPassword: '/account/edit/password',
  accountEditAddress: '/account/edit/address',
  accountOrderHistory: '/account/order-history',
  /** The account home's saved-cards section. */
  accountCards: '/account#cards',
} as const;

const orderPath = (orderId: string) => `/deliveries/${encodeURIComponent(orderId)}`;

/** An order's edit pages (customer-app.md §2). */
export const orderEditPaths = {
  date: (orderId: string) => `${orderPath(orderId)}/edit/date`,
  address: (orderId: string) => `${orderPath(orderId)}/edit/address`,
  meals: (orderId: string, animalId: string) =>
    `${orderPath(orderId)}/edit/meals/${encodeURIComponent(animalId)}`,
  addExtras: (orderId: string, productType: 'treat' | 'supplement') =>
    `${orderPath(orderId)}/add/${productType}`,
  editExtras: (orderId: string, productType: 'treat' | 'supplement') =>
    `${orderPath(orderId)}/edit/${productType}`,
  extra: (orderId: string, productVariantId: string) =>
    `${orderPath(orderId)}/extras/${encodeURIComponent(productVariantId)}`,
};

export function dogEditDetailsPath(animalId: string): string {
  return `/dogs/${encodeURIComponent(animalId)}/edit/details`;
}

export function dogEditProfilePath(animalId: string): string {
  return `/dogs/${encodeURIComponent(animalId)}/edit/profile`;
}

export function emailSentPath(email: string): string {
  return `${paths.emailSent}?${new URLSearchParams({ email }).toString()}`;
}

export function confirmForgotPasswordPath(email: string): string {
  return `${paths.confirmForgotPassword}?${new URLSearchParams({ email }).toString()}`;
}

/** A dog's plan pages (customer-app.md §2) and the plan's own pages on the account. */
export const planPaths = {
  plan: (animalId: string) => `/dogs/${encodeURIComponent(animalId)}/edit/plan`,
  meals: (animalId: string) => `/dogs/${encodeURIComponent(animalId)}/edit/meals`,
  /** Beyond the spec: a plan for a dog that has none (docs/changes.md "Starting a plan"). */
  start: (animalId: string) => `/dogs/${encodeURIComponent(animalId)}/start-plan`,
  servingSize: (animalId: string, feedingPlanId: string, step?: 'review' | 'result') =>
    `/dogs/${encodeURIComponent(animalId)}/${encodeURIComponent(feedingPlanId)}/edit-serving-size${step ? `/${step}` : ''}`,
  cancel: '/account/cancel-plan',
  /** Beyond the spec: pause deliveries until a date. */
  pause: '/account/pause-plan',
} as const;
