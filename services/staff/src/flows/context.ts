import type { Clock, HandlerInput, ServiceClient, ServiceRuntime } from '@pawfresh/kit';
import type { auditContract } from '@pawfresh/contracts/audit';
import type { courierContract } from '@pawfresh/contracts/courier';
import type { dogsContract } from '@pawfresh/contracts/dogs';
import type { productContract } from '@pawfresh/contracts/product';
import type { fulfilmentContract } from '@pawfresh/contracts/fulfilment';
import type { identityContract } from '@pawfresh/contracts/identity';
import type { legacyContract } from '@pawfresh/contracts/legacy';
import type { orchestrationContract } from '@pawfresh/contracts/orchestration';
import type { orderContract } from '@pawfresh/contracts/order';
import type { paymentContract } from '@pawfresh/contracts/payment';
import type { pricingContract } from '@pawfresh/contracts/pricing';
import type { staffContract } from '@pawfresh/contracts/staff';
import type { subscriptionContract } from '@pawfresh/contracts/subscription';
import type { StaffRole } from '@pawfresh/contracts/staff-roles';

/** What the staff API's flows work with: the clients of the services behind it. */
export interface StaffContext {
  identity: ServiceClient<typeof identityContract>;
  order: ServiceClient<typeof orderContract>;
  payment: ServiceClient<typeof paymentContract>;
  subscription: ServiceClient<typeof subscriptionContract>;
  orchestration: ServiceClient<typeof orchestrationContract>;
  audit: ServiceClient<typeof auditContract>;
  /** The search: shipments by tracking or invoice number, boxes by serial number. */
  courier: ServiceClient<typeof courierContract>;
  fulfilment: ServiceClient<typeof fulfilmentContract>;
  /** The customer 360: dogs, and product names for a box's contents. */
  dogs: ServiceClient<typeof dogsContract>;
  product: ServiceClient<typeof productContract>;
  /** Discounts, their categories, promotions and the price of the builder's sample box. */
  pricing: ServiceClient<typeof pricingContract>;
  /** The migration dashboard: the legacy customers by cohort and status. */
  legacy: ServiceClient<typeof legacyContract>;
  clock: Clock;
  log: ServiceRuntime['log'];
}

/** The signed-in member of staff, as the kit checked them, and the request they made. */
export interface Acting {
  userId: string;
  role: StaffRole;
  requestId: string;
}

type Endpoints = (typeof staffContract)['endpoints'];
export type BodyOf<K extends keyof Endpoints> = HandlerInput<Endpoints[K]>['body'];
export type QueryOf<K extends keyof Endpoints> = HandlerInput<Endpoints[K]>['query'];
