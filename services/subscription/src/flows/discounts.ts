import { randomUUID } from 'node:crypto';
import {
  conflict,
  notFound,
  orNotFound,
  pathText,
  refuseIfAny,
  upstream,
  type InputProblem,
} from '@pawfresh/kit';
import type { Subscription } from '@pawfresh/contracts/subscription';
import { deleteDiscount, insertDiscount } from '../db/subscription-items-store.js';
import { answerWith, changeUnderLock } from './change-subscription.js';
import type { Collaborators } from './collaborators.js';
import type { BodyOf, SubscriptionContext } from './context.js';

/** Checks that discounts exist and are usable (neither deleted nor disabled), through pricing. */
export async function discountProblems(
  services: Pick<Collaborators, 'pricing'>,
  discounts: readonly { path: (string | number)[]; discountId: string }[],
): Promise<InputProblem[]> {
  const found = await Promise.all(
    discounts.map(({ discountId }) =>
      orNotFound(
        upstream('Checking the discount', () =>
          services.pricing.getDiscount({ params: { id: discountId } }),
        ),
      ),
    ),
  );
  return discounts.flatMap(({ path }, i): InputProblem[] => {
    const at = [...path, 'discountId'];
    const discount = found[i];
    if (!discount) {
      return [{ path: at, code: 'unknown_discount', message: `${pathText(at)} is not a discount` }];
    }
    if (discount.deletedAt) {
      const message = `${pathText(at)}: discount "${discount.name}" has been deleted`;
      return [{ path: at, code: 'discount_deleted', message }];
    }
    if (discount.disabledAt) {
      const message = `${pathText(at)}: discount "${discount.name}" is disabled`;
      return [{ path: at, code: 'discount_disabled', message }];
    }
    return [];
  });
}

export async function addDiscount(
  ctx: SubscriptionContext,
  id: string,
  body: BodyOf<'addDiscount'>,
): Promise<Subscription> {
  refuseIfAny(await discountProblems(ctx.services, [{ path: [], discountId: body.discountId }]));
  const row = await changeUnderLock(ctx, id, body.version, async (tx, current) => {
    if (current.discounts.some((d) => d.discountId === body.discountId)) {
      throw conflict(`Discount ${body.discountId} is already on this subscription`);
    }
    await insertDiscount(tx, {
      id: randomUUID(),
      subscriptionId: id,
      discountId: body.discountId,
      orderStartIndex: body.orderStartIndex,
      orderQuantity: body.orderQuantity,
      createdAt: ctx.clock.now(),
    });
    return {};
  });
  return answerWith(ctx, row);
}

export async function removeDiscount(
  ctx: SubscriptionContext,
  id: string,
  body: BodyOf<'removeDiscount'>,
): Promise<Subscription> {
  const row = await changeUnderLock(ctx, id, body.version, async (tx, current) => {
    const found = current.discounts.find((d) => d.discountId === body.discountId);
    if (!found) throw notFound(`Discount ${body.discountId} is not on this subscription`);
    await deleteDiscount(tx, found.id);
    return {};
  });
  return answerWith(ctx, row);
}
