/**
 * The orchestration endpoints that call the fulfilment service: fuzzed in fulfilment.test.ts,
 * whose harness starts it; harnesses without it leave them out.
 */
export const FULFILMENT_ENDPOINTS = [
  'orderPaidFulfilment',
  'orderUpdatedFulfilment',
  'deleteFulfilment',
  'receiveOrderTopic',
] as const;
