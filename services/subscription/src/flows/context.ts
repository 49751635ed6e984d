import type { Clock, HandlerInput } from '@pawfresh/kit';
import type { subscriptionContract } from '@pawfresh/contracts/subscription';
import type { SubscriptionDbView } from '../db/subscription-db.js';
import type { Collaborators } from './collaborators.js';

/** What the subscription flows work with: its database, time, and the services it calls. */
export interface SubscriptionContext {
  db: SubscriptionDbView;
  clock: Clock;
  services: Collaborators;
}

type Endpoints = typeof subscriptionContract.endpoints;

/** The parsed body of one of the contract's endpoints. */
export type BodyOf<K extends keyof Endpoints> = HandlerInput<Endpoints[K]>['body'];
