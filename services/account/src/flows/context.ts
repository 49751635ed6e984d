import type { Clock, HandlerInput, RawJson, ServiceClient } from '@pawfresh/kit';
import type { RevisionMark, RevisionWatch } from '@pawfresh/db';
import type { accountContract } from '@pawfresh/contracts/account';
import type { productContract } from '@pawfresh/contracts/product';
import type { identityContract } from '@pawfresh/contracts/identity';
import type { dogsContract } from '@pawfresh/contracts/dogs';
import type { paymentContract } from '@pawfresh/contracts/payment';
import type { courierContract } from '@pawfresh/contracts/courier';
import type { orderContract } from '@pawfresh/contracts/order';
import type { orchestrationContract } from '@pawfresh/contracts/orchestration';
import type { subscriptionContract } from '@pawfresh/contracts/subscription';
import type { cartContract } from '@pawfresh/contracts/cart';

/** What the customer API's flows work with: the clients of the services behind it. */
export interface AccountContext {
  product: ServiceClient<typeof productContract>;
  identity: ServiceClient<typeof identityContract>;
  dogs: ServiceClient<typeof dogsContract>;
  payment: ServiceClient<typeof paymentContract>;
  courier: ServiceClient<typeof courierContract>;
  order: ServiceClient<typeof orderContract>;
  orchestration: ServiceClient<typeof orchestrationContract>;
  subscription: ServiceClient<typeof subscriptionContract>;
  /** The sign-up's cart (docs/sign-up.md). */
  cart: ServiceClient<typeof cartContract>;
  /** The process's clock (tests move it): today's date for the customer's own rules. */
  clock: Clock;
  /**
   * Only when the order service runs in this process on this database: its revision
   * notifications, so an unchanged deliveries page costs no call (docs/orders.md).
   */
  ordersSeen?: OrdersSeen;
  /** Only when the product service runs in this process on this database (ADR 008). */
  catalogueSeen?: CatalogueSeen;
}

/** The customer's product lists, kept while no catalogue change is notified. */
export interface CatalogueSeen {
  watch: RevisionWatch;
  kept?: { answer: RawJson; mark: RevisionMark };
}

/** Deliveries pages answered per customer, kept while no change of theirs is notified. */
export interface OrdersSeen {
  watch: RevisionWatch;
  clock: Clock;
  answers: Map<string, { answer: RawJson; mark: RevisionMark; days: string }>;
}

type Endpoints = (typeof accountContract)['endpoints'];

/** The parsed body of one of the customer API's endpoints. */
export type BodyOf<K extends keyof Endpoints> = HandlerInput<Endpoints[K]>['body'];
/** The parsed query of one of the customer API's endpoints. */
export type QueryOf<K extends keyof Endpoints> = HandlerInput<Endpoints[K]>['query'];
