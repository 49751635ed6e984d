import { HttpError, passRefusals, ServiceCallError } from '@pawfresh/kit';
import type { Discount, DiscountCategory, GetPriceInput } from '@pawfresh/contracts/pricing';
import type { StaffDiscountPreview } from '@pawfresh/contracts/staff-discounts';
import { staffActor } from '../rules/staff-access.js';
import type { Acting, BodyOf, QueryOf, StaffContext } from './context.js';
import { runStaffAction } from './record-action.js';

// Discounts and their categories (docs/staff.md "Discounts and promotions"): the pricing service
// owns them and their rules; each change here is one runStaffAction with the reason.

/**
 * A call to the pricing service whose 400 is passed on whole: each message with its field's path
 * (`details[i].path`, pricing's paths are the builder's), so the builder shows it by the field.
 * Other refusals as passRefusals passes them.
 */
export async function passFieldRefusals<T>(doing: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ServiceCallError && err.status === 400) {
      const body = err.body as { message?: unknown; details?: unknown } | null;
      const messages = [body?.message].flat().filter((m): m is string => typeof m === 'string');
      throw new HttpError(400, messages.length ? messages : `${doing} was refused`, {
        type: 'validation',
        details: body?.details,
      });
    }
    return passRefusals(doing, () => Promise.reject(err));
  }
}

/** What the audit log keeps of a discount: all of it, as pricing answers it. */
export const discountStateOf = (d: Discount): Record<string, unknown> => ({ ...d });

const categoryStateOf = (c: DiscountCategory) => ({ id: c.id, name: c.name });

const readDiscount = (ctx: StaffContext, id: string) =>
  passRefusals('Reading the discount', () => ctx.pricing.getDiscount({ params: { id } }));

export const getStaffDiscount = readDiscount;

/** A list's query as the staff API parsed it, sent on as text (pricing parses it again). */
export const asQueryText = <Q extends Record<string, unknown>>(query: Q) =>
  Object.fromEntries(
    Object.entries(query).map(([k, v]) => [k, typeof v === 'boolean' ? String(v) : v]),
  ) as { [K in keyof Q]: Q[K] extends boolean | undefined ? 'true' | 'false' : Q[K] };

export const listDiscounts = (ctx: StaffContext, query: QueryOf<'listDiscounts'>) =>
  passRefusals('Listing discounts', () => ctx.pricing.listDiscounts({ query: asQueryText(query) }));

export const listDiscountCategories = (
  ctx: StaffContext,
  query: QueryOf<'listDiscountCategories'>,
) =>
  passRefusals('Listing discount categories', () => ctx.pricing.listDiscountCategories({ query }));

/** One change to a discount, as the signed-in member of staff, with the reason. */
async function changeDiscount(
  ctx: StaffContext,
  acting: Acting,
  id: string,
  change: { action: string; doing: string; reason: string; run: () => Promise<Discount> },
) {
  const { result, audit } = await runStaffAction(ctx, acting, {
    action: `discount.${change.action}`,
    permission: 'discounts:write',
    targetType: 'discount',
    targetId: id,
    reason: change.reason,
    doing: change.doing,
    read: () => readDiscount(ctx, id),
    customerOf: () => null,
    run: () => passFieldRefusals(change.doing, change.run),
    stateBefore: discountStateOf,
    stateAfter: discountStateOf,
  });
  return { discount: result, audit };
}

export async function createStaffDiscount(
  ctx: StaffContext,
  acting: Acting,
  body: BodyOf<'createStaffDiscount'>,
) {
  const { reason, ...discount } = body;
  const { result, audit } = await runStaffAction(ctx, acting, {
    action: 'discount.create',
    permission: 'discounts:write',
    targetType: 'discount',
    targetId: discount.name,
    reason,
    doing: 'Creating the discount',
    read: async () => null,
    customerOf: () => null,
    run: () =>
      passFieldRefusals('Creating the discount', async () => {
        const { id } = await ctx.pricing.createDiscount({
          body: { ...discount, createdBy: staffActor(acting.userId) },
        });
        return ctx.pricing.getDiscount({ params: { id } });
      }),
    stateBefore: () => ({}),
    stateAfter: discountStateOf,
  });
  return { discount: result, audit };
}

export const updateStaffDiscount = (
  ctx: StaffContext,
  acting: Acting,
  id: string,
  body: BodyOf<'updateStaffDiscount'>,
) => {
  const { reason, ...change } = body;
  return changeDiscount(ctx, acting, id, {
    action: 'update',
    doing: 'Changing the discount',
    reason,
    run: () =>
      ctx.pricing.updateDiscount({
        params: { id },
        body: { ...change, updatedBy: staffActor(acting.userId) },
      }),
  });
};

export const setDiscountDisabled = (
  ctx: StaffContext,
  acting: Acting,
  id: string,
  disable: boolean,
  reason: string,
) =>
  changeDiscount(ctx, acting, id, {
    action: disable ? 'disable' : 'enable',
    doing: disable ? 'Disabling the discount' : 'Enabling the discount',
    reason,
    run: () =>
      ctx.pricing.updateDiscount({
        params: { id },
        body: { disable, updatedBy: staffActor(acting.userId) },
      }),
  });

export const deleteStaffDiscount = (
  ctx: StaffContext,
  acting: Acting,
  id: string,
  reason: string,
) =>
  changeDiscount(ctx, acting, id, {
    action: 'delete',
    doing: 'Deleting the discount',
    reason,
    run: () =>
      ctx.pricing.deleteDiscount({
        params: { id },
        body: { deletedBy: staffActor(acting.userId) },
      }),
  });

export async function createDiscountCategory(
  ctx: StaffContext,
  acting: Acting,
  body: BodyOf<'createDiscountCategory'>,
) {
  const { result, audit } = await runStaffAction(ctx, acting, {
    action: 'discount-category.create',
    permission: 'discounts:write',
    targetType: 'discount-category',
    targetId: body.name,
    reason: body.reason,
    doing: 'Creating the category',
    read: async () => null,
    customerOf: () => null,
    run: () =>
      ctx.pricing.createDiscountCategory({
        body: { name: body.name, createdBy: staffActor(acting.userId) },
      }),
    stateBefore: () => ({}),
    stateAfter: categoryStateOf,
  });
  return { category: result, audit };
}

export async function renameDiscountCategory(
  ctx: StaffContext,
  acting: Acting,
  id: string,
  body: BodyOf<'renameDiscountCategory'>,
) {
  const { result, audit } = await runStaffAction(ctx, acting, {
    action: 'discount-category.rename',
    permission: 'discounts:write',
    targetType: 'discount-category',
    targetId: id,
    reason: body.reason,
    doing: 'Renaming the category',
    // Pricing has no read of one category: the rename answers it, before is the name it had.
    read: async () => null,
    customerOf: () => null,
    run: () =>
      ctx.pricing.updateDiscountCategory({
        params: { id },
        body: { name: body.name, updatedBy: staffActor(acting.userId) },
      }),
    stateBefore: () => ({}),
    stateAfter: categoryStateOf,
  });
  return { category: result, audit };
}

/** The active products and variants a filter may name, by name. */
export async function discountProducts(ctx: StaffContext) {
  const products = await passRefusals('Reading the products', () =>
    ctx.product.listProducts({ query: {} }),
  );
  return products
    .filter((p) => p.status === 'active')
    .map((p) => ({
      id: p.id,
      name: p.name,
      type: p.type,
      variants: p.variants
        .filter((v) => v.status === 'active')
        .map((v) => ({ id: v.id, name: v.variantName, sku: v.sku })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The builder's sample box: the catalogue's first two active meals, a week each, and a treat. */
async function sampleBox(ctx: StaffContext): Promise<StaffDiscountPreview['sampleBox']> {
  const products = await passRefusals('Reading the products', () =>
    ctx.product.listProducts({ query: {} }),
  );
  const pick = (type: string, count: number, quantity: number, extra: boolean) =>
    products
      .filter((p) => p.type === type && p.status === 'active')
      .flatMap((p) =>
        p.variants
          .filter((v) => v.status === 'active')
          .slice(0, 1)
          .map((v) => ({
            name: p.name,
            sku: v.sku,
            productType: p.type,
            quantity,
            basePrice: v.basePrice,
            extra,
            productId: p.id,
            productVariantId: v.id,
          })),
      )
      .slice(0, count);
  return [...pick('meal', 2, 7, false), ...pick('treat', 1, 1, true)];
}

/** The order positions the preview prices: each the schedules name, and the one after. */
export const previewPositions = (schedules: readonly { orderPosition: number }[]) => {
  const named = [...new Set(schedules.map((s) => s.orderPosition))].sort((a, b) => a - b);
  return [...named.slice(0, 9), (named.at(-1) ?? 0) + 1];
};

/**
 * A draft discount priced on the sample box (pricing's preview-discount: its rules, its one
 * calculation); its 400s come back whole, each with its path, for the builder to show by the field.
 */
export async function previewDiscount(
  ctx: StaffContext,
  body: BodyOf<'previewDiscount'>,
): Promise<StaffDiscountPreview> {
  const box = await sampleBox(ctx);
  const line = (l: (typeof box)[number] & { productId?: string; productVariantId?: string }) => ({
    sku: l.sku,
    quantity: l.quantity,
    basePrice: l.basePrice,
    productType: l.productType as GetPriceInput['plans'][number]['items'][number]['productType'],
    productId: l.productId ?? null,
    productVariantId: l.productVariantId ?? null,
  });
  const positions = previewPositions(body.schedules);
  const { results } = await passFieldRefusals('The preview', () =>
    ctx.pricing.previewDiscount({
      body: {
        interval: body.interval,
        currencyCode: body.currencyCode,
        schedules: body.schedules,
        requests: positions.map((orderPosition) => ({
          calculationType: 'sku_based' as const,
          orderPosition,
          plans: [{ baseCadenceInWeeks: 2, items: box.filter((l) => !l.extra).map(line) }],
          extras: { items: box.filter((l) => l.extra).map(line) },
        })),
      },
    }),
  );
  return {
    sampleBox: box.map(({ name, sku, productType, quantity, basePrice, extra }) => ({
      name,
      sku,
      productType,
      quantity,
      basePrice,
      extra,
    })),
    prices: results.map((r) => ({
      orderPosition: r.orderPosition,
      priceBeforeDiscount: r.planTotal + r.extraTotal + r.feeTotal,
      discountTotal: r.discountTotal,
      totalPrice: r.totalPrice,
    })),
  };
}
