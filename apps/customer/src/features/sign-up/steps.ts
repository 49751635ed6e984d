/** The sign-up funnel's screens, in order (docs/sign-up.md); paths are under /customer. */
export const SIGN_UP_STEPS = [
  'postcode',
  'dogs',
  'dog',
  'email',
  'plan',
  'delivery',
  'details',
  'payment',
] as const;
export type SignUpStep = (typeof SIGN_UP_STEPS)[number] | 'not-yet';

export const signUpPaths = {
  postcode: '/start',
  notYet: '/start/not-yet',
  dogs: '/start/dogs',
  dog: (n: number) => `/start/dogs/${n}`,
  email: '/start/email',
  plan: '/start/plan',
  delivery: '/start/delivery',
  details: '/start/details',
  payment: '/start/payment',
} as const;
