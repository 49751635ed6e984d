import { ServiceCallError } from '@pawfresh/kit';

/** What another service said when it refused a call, or `fallback`. */
export const said = (err: unknown, fallback: string) =>
  (err instanceof ServiceCallError && ServiceCallError.describe(err.body)) || fallback;
