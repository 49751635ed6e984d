import { upstream } from '@pawfresh/kit';
import { AUSTRALIAN_TIME_ZONES } from '@pawfresh/contracts/addresses';
import type {
  BilledOrder,
  BillingRun,
  ChargeDueOrdersInput,
} from '@pawfresh/contracts/orchestration-billing';
import type { Order, PaymentStatus } from '@pawfresh/contracts/order';
import type { Workflow } from '../../engine/engine.js';
import { childWorkflow } from '../../engine/children.js';
import { runErrorOf } from '../../rules/workflow-failure.js';
import type { BillOrderInput } from './bill-order.js';
import type { BillingContext } from './context.js';

const PAGE = 100;

/**
 * charge-due-orders: the billing run for one date (docs/dunning.md). Lists the orders due that
 * day (payment pending, billing date = the date, in each depot zone) and every order whose
 * payment failed or never answered, then runs bill-order for each (id bill-order:<order>:<date>):
 * one order's trouble (another service down) is reported in its line and retried by the next
 * run; it does not stop the others.
 */
export const chargeDueOrders =
  (ctx: BillingContext, billOrder: Workflow<BillOrderInput, Omit<BilledOrder, 'error'>>) =>
  async ({
    date,
  }: Required<Pick<ChargeDueOrdersInput, 'date'>>): Promise<Omit<BillingRun, 'workflowId'>> => {
    const { services, step } = ctx;
    const orderIds: string[] = await step('list-due-orders', () =>
      upstream('Listing the orders to charge', async () => {
        const ids = new Set<string>();
        const collect = async (query: {
          status: PaymentStatus;
          billingDate?: string;
          timezone?: string;
        }) => {
          for (let offset = 0; ; offset += PAGE) {
            const page = await services.order.listOrders({
              query: { ...query, offset, limit: PAGE, orderBy: 'id', direction: 'ASC' },
            });
            page.items.forEach((o: Order) => ids.add(o.id));
            if (page.items.length < PAGE) break;
          }
        };
        // Orders are listed by billing date in each time zone a depot can be in (docs/orders.md).
        for (const timezone of AUSTRALIAN_TIME_ZONES) {
          await collect({ status: 'pending', billingDate: date, timezone });
        }
        await collect({ status: 'attempt_failed' });
        await collect({ status: 'processing' });
        return [...ids];
      }),
    );

    const orders: BilledOrder[] = [];
    for (const orderId of orderIds) {
      try {
        const billed = await childWorkflow(
          billOrder,
          { orderId, date },
          `bill-order:${orderId}:${date}`,
        );
        orders.push({ ...billed, error: null });
      } catch (err) {
        const { statusCode, message } = runErrorOf(err);
        orders.push({
          orderId,
          action: null,
          paymentStatus: null,
          deliveryDate: null,
          charge: null,
          error: { statusCode, message },
        });
      }
    }
    return { date, orders };
  };
