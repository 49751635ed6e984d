import { notFound, orNotFound, passRefusals } from '@pawfresh/kit';
import { fullName } from '@pawfresh/contracts/identity';
import {
  canChangeStatus,
  nextStatuses,
  statusChangeRefusal,
  type Product,
} from '@pawfresh/contracts/product';
import type { ProductStatus } from '@pawfresh/contracts/enums';
import type {
  Catalogue,
  CatalogueProduct,
  StatusChangeResult,
  StatusPreview,
} from '@pawfresh/contracts/staff-catalogue';
import { boxesToComeWarning, statusChangeEffects } from '../rules/status-effects.js';
import type { Acting, BodyOf, QueryOf, StaffContext } from './context.js';
import { runStaffAction } from './record-action.js';

/**
 * The catalogue (docs/staff.md "Catalogue"): the product service's products and variants, and a
 * variant's status change, previewed (the boxes to come that carry it, from the order service,
 * and what the change does) and then made as the member of staff's, with a reason.
 */

/** How many boxes to come the preview names, soonest first. */
const BOXES_NAMED = 20;

const shown = <T extends { removedAt: string | null }>(images: readonly T[]) =>
  images.filter((i) => i.removedAt === null).map(({ removedAt: _removed, ...image }) => image);

const readCatalogue = (ctx: StaffContext, type?: Product['type']) =>
  passRefusals('Reading the catalogue', () =>
    ctx.product.listProducts({ query: type ? { type } : {} }),
  );

/** The products in menu order with their variants; a status keeps the variants of that status. */
export async function catalogue(
  ctx: StaffContext,
  query: QueryOf<'catalogue'>,
): Promise<Catalogue> {
  const products = await readCatalogue(ctx, query.type);
  return {
    products: products.flatMap((p): CatalogueProduct[] => {
      const variants = p.variants
        .filter((v) => query.status === undefined || v.status === query.status)
        .map((v) => ({
          id: v.id,
          sku: v.sku,
          variantName: v.variantName,
          basePrice: v.basePrice,
          weightGrams: v.dimension.weightGrams,
          status: v.status,
          isVisible: v.isVisible,
          images: shown(v.images),
          nextStatuses: [...nextStatuses(v.status)],
        }));
      if (query.status !== undefined && variants.length === 0) return [];
      return [
        {
          id: p.id,
          productCode: p.productCode,
          name: p.name,
          type: p.type,
          status: p.status,
          isVisible: p.isVisible,
          images: shown(p.images),
          variants,
        },
      ];
    }),
  };
}

/** The variant with its product's name and type; an unknown id is a 404. */
async function variantNamed(ctx: StaffContext, variantId: string) {
  const variant = await orNotFound(ctx.product.getVariant({ params: { variantId } }));
  if (!variant) throw notFound(`Variant ${variantId} not found`);
  const product = (await readCatalogue(ctx)).find((p) => p.id === variant.productId);
  if (!product) throw notFound(`Variant ${variantId} not found`);
  return {
    id: variant.id,
    sku: variant.sku,
    variantName: variant.variantName,
    productId: variant.productId,
    productName: product.name,
    productType: product.type,
    status: variant.status,
  };
}

/** The boxes to come that carry the variant, the soonest named with their customers. */
async function boxesToCome(ctx: StaffContext, productVariantId: string) {
  const usage = await passRefusals('Counting the boxes to come', () =>
    ctx.order.variantUsage({ query: { productVariantId, limit: BOXES_NAMED } }),
  );
  const names = new Map(
    await Promise.all(
      [...new Set(usage.items.map((b) => b.userId))].map(async (userId) => {
        const user = await orNotFound(ctx.identity.getUser({ params: { userId } }));
        return [userId, user ? fullName(user) || null : null] as const;
      }),
    ),
  );
  return {
    boxes: usage.boxes,
    customers: usage.customers,
    subscriptions: usage.subscriptions,
    units: usage.units,
    byKind: usage.byKind,
    firstDeliveryDate: usage.firstDeliveryDate,
    lastDeliveryDate: usage.lastDeliveryDate,
    soonest: usage.items.map((b) => ({
      orderId: b.orderId,
      orderNumber: b.orderNumber,
      deliveryDate: b.deliveryDate,
      cutoffAt: b.cutoffAt,
      units: b.units,
      kinds: b.kinds,
      customer: { id: b.userId, name: names.get(b.userId) ?? null },
    })),
  };
}

/** What the change would do; nothing is written. */
export async function variantStatusPreview(
  ctx: StaffContext,
  variantId: string,
  to: ProductStatus,
): Promise<StatusPreview> {
  const [variant, boxes] = await Promise.all([
    variantNamed(ctx, variantId),
    boxesToCome(ctx, variantId),
  ]);
  const allowed = canChangeStatus(variant.status, to);
  return {
    variant,
    from: variant.status,
    to,
    allowed,
    refusal: allowed ? null : statusChangeRefusal(variant.status, to),
    boxesToCome: boxes,
    effects: allowed
      ? statusChangeEffects({ from: variant.status, to, productType: variant.productType })
      : [],
    warning: allowed && variant.status !== to ? boxesToComeWarning(to, boxes.boxes) : null,
  };
}

/** The product service's change, recorded with the boxes to come before and after. */
export async function changeVariantStatus(
  ctx: StaffContext,
  acting: Acting,
  variantId: string,
  body: BodyOf<'changeVariantStatus'>,
): Promise<StatusChangeResult> {
  const { result, audit } = await runStaffAction(ctx, acting, {
    action: 'variant.change-status',
    permission: 'catalogue:write',
    targetType: 'variant',
    targetId: variantId,
    reason: body.reason,
    doing: 'The status change',
    read: async () => {
      const [variant, usage] = await Promise.all([
        variantNamed(ctx, variantId),
        passRefusals('Counting the boxes to come', () =>
          ctx.order.variantUsage({ query: { productVariantId: variantId, limit: 0 } }),
        ),
      ]);
      return { variant, boxes: usage.boxes };
    },
    customerOf: () => null,
    run: async (before) => {
      const changed = await ctx.product.updateVariantStatus({
        params: { variantId },
        body: { status: body.status },
      });
      return { before, variant: { ...before.variant, status: changed.status } };
    },
    stateBefore: ({ variant, boxes }) => ({
      product: variant.productName,
      variant: variant.variantName,
      sku: variant.sku,
      status: variant.status,
      boxesToCome: boxes,
    }),
    stateAfter: ({ variant, before }) => ({
      product: variant.productName,
      variant: variant.variantName,
      sku: variant.sku,
      status: variant.status,
      boxesToCome: before.boxes,
    }),
  });
  const from = result.before.variant.status;
  return {
    variant: result.variant,
    from,
    to: result.variant.status,
    boxesToCome: result.before.boxes,
    effects: statusChangeEffects({
      from,
      to: result.variant.status,
      productType: result.variant.productType,
    }),
    audit,
  };
}
