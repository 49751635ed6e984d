import type { Clock, HandlerInput } from '@pawfresh/kit';
import type { pricingContract } from '@pawfresh/contracts/pricing';
import type { PricingDb } from '../db/pricing-db.js';
import type { DiscountCache } from './discount-cache.js';

/** What the pricing flows work with: its database, time, and the discounts get-price keeps. */
export interface PricingContext {
  db: PricingDb;
  clock: Clock;
  discounts: DiscountCache;
}

type Endpoints = (typeof pricingContract)['endpoints'];

/** The parsed body of one of the contract's endpoints, as a flow takes it. */
export type BodyOf<K extends keyof Endpoints> = HandlerInput<Endpoints[K]>['body'];
