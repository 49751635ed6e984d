import type { Database } from '@pawfresh/db';
import type { PricingSchema } from './schema.js';

/** The pricing service's view of the database (a transaction fits it too). */
export type PricingDb = Database<PricingSchema>;

/** `%text%` for ILIKE, with the user's own % and _ taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** services.md §3 "Paginated result", from the page/perPage a caller sends. */
export function pageWindow(page: number, perPage: number) {
  return { offset: (page - 1) * perPage, limit: perPage };
}
