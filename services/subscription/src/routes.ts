import type { Handlers } from '@pawfresh/kit';
import type { subscriptionContract } from '@pawfresh/contracts/subscription';
import type { HandlerDeps } from './handlers/deps.js';
import { cancelReasonHandlers } from './handlers/cancel-reason-handlers.js';
import { planHandlers } from './handlers/plan-handlers.js';
import { subscriptionHandlers } from './handlers/subscription-handlers.js';

export function subscriptionServiceHandlers(
  deps: HandlerDeps,
): Handlers<typeof subscriptionContract> {
  return {
    ...subscriptionHandlers(deps),
    ...planHandlers(deps),
    ...cancelReasonHandlers(deps),
  };
}
