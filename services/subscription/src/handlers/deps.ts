import type { Clock } from '@pawfresh/kit';
import type { Collaborators } from '../collaborators.js';
import type { SubscriptionDbView } from '../db/subscription-db.js';

/** What every handler of this service works with. */
export interface HandlerDeps {
  db: SubscriptionDbView;
  clock: Clock;
  services: Collaborators;
}
