import { notFound, type Clock } from '@pawfresh/kit';
import type { CartDb } from '../db/cart-db.js';
import type { Collaborators } from './collaborators.js';

/** What the cart flows work with: its database, time and the services it calls. */
export interface CartContext {
  db: CartDb;
  clock: Clock;
  services: Collaborators;
}

export const missing = (what: string, id: string) => notFound(`${what} ${id} not found`);

/** The row a lookup found, or a 404 naming what was looked for ("Cart … not found"). */
export async function found<T>(lookup: Promise<T | undefined>, what: string, id: string) {
  const row = await lookup;
  if (row === undefined) throw missing(what, id);
  return row;
}

/** Deletes one thing by id, or answers 404 when there is none. */
export async function removed(deletion: Promise<boolean>, what: string, id: string) {
  if (!(await deletion)) throw missing(what, id);
}
