/**
 * Query keys more than one feature reads: a change in one feature (a new portion, a paused plan)
 * makes another feature's data stale (the deliveries), without the features importing each other.
 */
export const ORDERS_QUERY_KEY = ['orders'] as const;
export const SUBSCRIPTIONS_QUERY_KEY = ['subscriptions'] as const;
