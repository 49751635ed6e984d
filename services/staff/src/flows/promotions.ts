import { fullName } from '@pawfresh/contracts/identity';
import { orNotFound, passRefusals } from '@pawfresh/kit';
import type { Promotion } from '@pawfresh/contracts/pricing';
import type { StaffPromotion, StaffPromotionUse } from '@pawfresh/contracts/staff-discounts';
import { staffActor } from '../rules/staff-access.js';
import type { Acting, BodyOf, QueryOf, StaffContext } from './context.js';
import { asQueryText, passFieldRefusals } from './discounts.js';
import { runStaffAction } from './record-action.js';

// Promotion codes (docs/staff.md "Discounts and promotions"): the pricing service owns them and
// records each use (its attributions); each change here is one runStaffAction with the reason.

/** Uses shown with a promotion: the newest, each with its customer and their boxes read. */
export const USES_SHOWN = 50;

/** What the audit log keeps of a promotion (and what a write answers): all but its uses. */
const promotionStateOf = ({ users: _, ...p }: Promotion) => p;

const readPromotion = (ctx: StaffContext, id: string) =>
  passRefusals('Reading the promotion', () => ctx.pricing.getPromotion({ params: { id } }));

export const listPromotions = (ctx: StaffContext, query: QueryOf<'listStaffPromotions'>) =>
  passRefusals('Listing promotions', () =>
    ctx.pricing.listPromotions({ query: asQueryText(query) }),
  );

/**
 * One use: who (identity's customer), when (pricing's attribution), and what it gave. The
 * attribution stores no amount, so it is read from the customer's boxes that carry the
 * promotion's discount: their price less what they charge.
 */
async function useOf(
  ctx: StaffContext,
  promotion: Promotion,
  use: Promotion['users'][number],
): Promise<StaffPromotionUse> {
  const [user, orders] = await Promise.all([
    orNotFound(ctx.identity.getUser({ params: { userId: use.userId } })),
    promotion.discountId
      ? ctx.order.listOrders({ query: { userId: use.userId, limit: 100 } })
      : Promise.resolve({ data: [] }),
  ]);
  const boxes = orders.data.filter((o) =>
    o.discounts.some((d) => d.discountId === promotion.discountId),
  );
  return {
    id: use.id,
    customer: user ? { id: user.id, name: fullName(user), email: user.email } : null,
    userId: use.userId,
    type: use.type,
    context: use.context,
    appliedAt: use.appliedAt,
    boxes: boxes.length,
    discountGiven: boxes.reduce((sum, o) => sum + (o.totalPrice - o.totalCharge), 0),
  };
}

export async function getStaffPromotion(ctx: StaffContext, id: string): Promise<StaffPromotion> {
  const promotion = await readPromotion(ctx, id);
  const newest = [...promotion.users]
    .sort((a, b) => b.appliedAt.localeCompare(a.appliedAt))
    .slice(0, USES_SHOWN);
  const usage = await passRefusals('Reading the promotion’s uses', () =>
    Promise.all(newest.map((use) => useOf(ctx, promotion, use))),
  );
  return { ...promotionStateOf(promotion), usage };
}

/** One change to a promotion, as the signed-in member of staff, with the reason. */
async function changePromotion(
  ctx: StaffContext,
  acting: Acting,
  id: string | null,
  change: {
    action: string;
    doing: string;
    reason: string;
    run: (actor: string) => Promise<Promotion>;
  },
) {
  const { result, audit } = await runStaffAction(ctx, acting, {
    action: `promotion.${change.action}`,
    permission: 'promotions:write',
    targetType: 'promotion',
    targetId: id ?? 'new',
    reason: change.reason,
    doing: change.doing,
    read: async () => (id ? promotionStateOf(await readPromotion(ctx, id)) : {}),
    customerOf: () => null,
    run: () => passFieldRefusals(change.doing, () => change.run(staffActor(acting.userId))),
    stateBefore: (before) => before,
    stateAfter: promotionStateOf,
  });
  return { promotion: promotionStateOf(result), audit };
}

export const createStaffPromotion = (
  ctx: StaffContext,
  acting: Acting,
  body: BodyOf<'createStaffPromotion'>,
) => {
  const { reason, ...promotion } = body;
  return changePromotion(ctx, acting, null, {
    action: 'create',
    doing: 'Creating the promotion',
    reason,
    run: (createdBy) => ctx.pricing.createPromotion({ body: { ...promotion, createdBy } }),
  });
};

export const updateStaffPromotion = (
  ctx: StaffContext,
  acting: Acting,
  id: string,
  body: BodyOf<'updateStaffPromotion'>,
) => {
  const { reason, ...change } = body;
  const action =
    body.disable === true && Object.keys(change).length === 1
      ? 'disable'
      : body.disable === false && Object.keys(change).length === 1
        ? 'enable'
        : 'update';
  return changePromotion(ctx, acting, id, {
    action,
    doing: 'Changing the promotion',
    reason,
    run: (updatedBy) =>
      ctx.pricing.updatePromotion({ params: { id }, body: { ...change, updatedBy } }),
  });
};

export const deleteStaffPromotion = (
  ctx: StaffContext,
  acting: Acting,
  id: string,
  reason: string,
) =>
  changePromotion(ctx, acting, id, {
    action: 'delete',
    doing: 'Deleting the promotion',
    reason,
    run: (deletedBy) => ctx.pricing.deletePromotion({ params: { id }, body: { deletedBy } }),
  });
