import { notFound, orNotFound, passRefusals } from '@pawfresh/kit';
import type { User } from '@pawfresh/contracts/identity';
import type { StaffContext } from './context.js';

const customerNotFound = (id: string) => notFound(`Customer ${id} not found`);

/** A customer by id; a member of staff or an unknown id is not a customer (404). */
export async function findCustomer(ctx: StaffContext, customerId: string): Promise<User> {
  const user = await orNotFound(ctx.identity.getUser({ params: { userId: customerId } }));
  if (!user || user.role !== 'customer') throw customerNotFound(customerId);
  return user;
}

/** Customers with this id or e-mail (none or one); staff accounts are not listed. */
export async function lookUpCustomers(
  ctx: StaffContext,
  by: { email?: string | undefined; id?: string | undefined },
): Promise<{ data: User[] }> {
  if (by.id !== undefined) {
    const user = await orNotFound(ctx.identity.getUser({ params: { userId: by.id } }));
    return { data: user && user.role === 'customer' ? [user] : [] };
  }
  const found = await ctx.identity.findUsers({ query: { email: by.email! } });
  return { data: found.data.filter((u) => u.role === 'customer') };
}

/** One page of a customer's orders, latest delivery first. */
export async function customerOrders(
  ctx: StaffContext,
  customerId: string,
  page: { offset: number; limit: number },
) {
  const found = await passRefusals('Reading the orders', () =>
    ctx.order.listOrders({
      query: {
        userId: customerId,
        orderBy: 'deliveryDate',
        direction: 'DESC',
        offset: page.offset,
        limit: page.limit,
      },
    }),
  );
  return {
    data: found.data,
    meta: { total: found.meta.total, offset: page.offset, limit: page.limit },
  };
}

/** One page of a customer's payments with their refunds, newest first. */
export async function customerPayments(
  ctx: StaffContext,
  customerId: string,
  page: { offset: number; limit: number },
) {
  const found = await passRefusals('Reading the payments', () =>
    ctx.payment.listCustomerPayments({
      params: { userId: customerId },
      query: { offset: page.offset, count: page.limit },
    }),
  );
  return { data: found.data, meta: found.meta };
}

/** One page of the customer's timeline from the audit log. */
export const customerTimeline = (
  ctx: StaffContext,
  customerId: string,
  page: { offset: number; limit: number },
) =>
  passRefusals('Reading the timeline', () =>
    ctx.audit.customerTimeline({ params: { customerId }, query: page }),
  );
