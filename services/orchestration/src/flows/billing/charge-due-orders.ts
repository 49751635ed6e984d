import { upstream } from '@pawfresh/kit';
import { AUSTRALIAN_TIME_ZONES } from '@pawfresh/contracts/addresses';
import type {
  BilledOrder,
  BillingRun,
  ChargeDueOrdersInput,
} from '@pawfresh/contracts/orchestration-billing';
import type { Order, PaymentStatus } from '@pawfresh/contracts/order';
import { runErrorOf } from '../../rules/workflow-failure.js';
import type { BillOrderInput } from './bill-order.js';
import type { BillingContext } from './context.js';

const PAGE = 100;

/** One bill-order per order and day: a re-run of the day's billing finds it and charges nothing twice. */
export const billOrderId = (orderId: string, date: string) => `bill-order:${orderId}:${date}`;

/** Starts one order's bill-order on the billing queue (or answers the run already there). */
export type StartBill = (
  input: BillOrderInput,
  workflowId: string,
) => Promise<{ getResult(): Promise<Omit<BilledOrder, 'error'>> }>;

/**
 * charge-due-orders: the billing run for one date (docs/dunning.md). Lists the orders due that
 * day (payment pending, billing date = the date, in each depot zone) and every order whose
 * payment failed or never answered, then puts a bill-order for each on the billing queue (id
 * bill-order:<order>:<date>), which any process sharing the database takes, at most the card
 * provider's rate limit a second across all of them, and waits for their answers in order. One
 * order's trouble (another service down) is reported in its line and retried by the next run; it
 * does not stop the others.
 */
export const chargeDueOrders =
  (ctx: BillingContext, startBill: StartBill) =>
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
            page.data.forEach((o: Order) => ids.add(o.id));
            if (page.data.length < PAGE) break;
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

    // All queued first (each start checkpointed), so every process can take them at once.
    const queued = [];
    for (const orderId of orderIds) {
      queued.push({ orderId, run: await startBill({ orderId, date }, billOrderId(orderId, date)) });
    }
    const orders: BilledOrder[] = [];
    for (const { orderId, run } of queued) {
      try {
        const billed = await run.getResult();
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
