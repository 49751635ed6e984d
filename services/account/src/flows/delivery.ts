import { relay } from '../upstream-errors.js';
import type { AccountContext, BodyOf, QueryOf } from './context.js';

/** The delivery dates and AM/PM slots for an address, from the courier service. */
export const deliverySchedules = (ctx: AccountContext, query: QueryOf<'getDeliverySchedules'>) =>
  relay(
    ctx.courier.getDeliverySchedules({
      query: {
        postcode: query.postCode,
        suburb: query.suburb,
        fromDate: query.fromDate,
        toDate: query.toDate,
      },
    }),
    [400, 404],
  );

/** Whether we deliver to a postcode and suburb. */
export const checkServiceability = (ctx: AccountContext, place: BodyOf<'checkServiceability'>) =>
  relay(ctx.courier.checkServiceability({ body: place }), [400]);
