import type { AuditEventInput } from '@pawfresh/contracts/audit';

/** What the customer API knows of a request once it is answered. */
export interface AnsweredRequest {
  method: string;
  /** The contract's endpoint name (`pauseSubscription`). */
  operation: string | undefined;
  params: unknown;
  statusCode: number;
  /** The signed-in customer; undefined on public routes (sign-in, recovery). */
  customerId: string | undefined;
  requestId: string;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The thing a route acts on, from its path's parameters: `:subscriptionId` → subscription. */
function targetOf(params: unknown, customerId: string, operation: string) {
  const entries = Object.entries((params ?? {}) as Record<string, unknown>);
  const [key, value] = entries.find(([, v]) => typeof v === 'string') ?? [];
  if (key === undefined || typeof value !== 'string') {
    return { targetType: 'customer', targetId: customerId };
  }
  const type =
    key === 'id' ? (/dog/i.test(operation) ? 'dog' : 'customer') : key.replace(/Id$/, '');
  return { targetType: type, targetId: value };
}

/**
 * The audit event of a customer's own change through the customer API (docs/staff.md "The audit
 * trail"), or undefined for what is not one: a read, a refused or failed request, or a public
 * route (no one signed in). The customer's words are not kept (a body can hold a password): the
 * action, its target and the request id, so the timeline shows what they did and when.
 */
export function customerWriteEvent(answered: AnsweredRequest): AuditEventInput | undefined {
  const { customerId, operation } = answered;
  if (!WRITES.has(answered.method) || !customerId || !operation) return undefined;
  if (answered.statusCode < 200 || answered.statusCode >= 300) return undefined;
  return {
    actor: { type: 'customer', userId: customerId, role: 'customer', name: null },
    action: `customer-api.${operation}`,
    permission: null,
    ...targetOf(answered.params, customerId, operation),
    customerId,
    before: null,
    after: null,
    reason: null,
    requestId: answered.requestId,
  };
}
