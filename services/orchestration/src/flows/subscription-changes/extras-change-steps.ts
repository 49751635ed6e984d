import { badRequest, notFound, passRefusals, upstream, isPassedRefusal } from '@pawfresh/kit';
import type { SubscriptionChange } from '@pawfresh/contracts/orchestration-subscription-changes';
import type { Extra, ExtraType, Subscription } from '@pawfresh/contracts/subscription';
import { extraInOrder, startIndexOf, type LeftOrder } from '../../rules/subscription-changes.js';
import { saga, type Saga } from '../../engine/saga.js';
import type { WorkflowContext } from '../context.js';
import {
  outcome,
  patchSubscription,
  readOrdersInScope,
  readSubscription,
  refuseMovedVersion,
  refuseUnlessLive,
  workflowActor,
  type OrdersInScope,
} from './subscription-change-steps.js';

export type Answer = Omit<SubscriptionChange, 'workflowId'>;

export interface Schedule {
  productVariantId: string;
  type: ExtraType;
  startOrderIndex: number;
  nthOrder: number;
  quantity: number;
}

/**
 * Subscription extras (treats, supplements): the subscription's extra is written through the
 * subscription service, its line items on the open orders through the order service's
 * subscription-extras routes, which leave orders past their cut-off or being made (docs/changes.md).
 * Each write has its undo, run in reverse when a later step fails.
 */
export class ExtrasChange {
  readonly updated = new Set<string>();
  constructor(
    private readonly ctx: WorkflowContext,
    public subscription: Subscription,
    readonly scope: OrdersInScope,
    private readonly saga: Saga,
  ) {}

  extra(extraId: string): Extra {
    const extra = this.subscription.extras.find((e) => e.id === extraId && !e.cancelledAt);
    if (!extra) throw notFound(`Extra ${extraId} not found`);
    return extra;
  }

  startIndex(startOrderId: string | null | undefined): number {
    const start = startIndexOf(startOrderId, this.scope.all, this.scope.open);
    if ('problem' in start) throw badRequest(start.problem);
    return start.index;
  }

  /** The orders the extra's schedule reaches that keep what they had. */
  leftFor(schedules: readonly Schedule[]): LeftOrder[] {
    return this.scope.left.filter((l) => {
      const order = this.scope.all.find((o) => o.id === l.orderId)!;
      return schedules.some((s) => extraInOrder(order.subscriptionOrderIndex, s));
    });
  }

  answer(left: LeftOrder[]): Answer {
    return {
      subscriptionId: this.subscription.id,
      version: this.subscription.version,
      subscription: this.subscription,
      before: null,
      after: null,
      orders: outcome([...this.updated], left),
    };
  }

  async productOf(key: string, variantId: string): Promise<string> {
    return this.ctx.step(`read-variant:${key}`, async () => {
      const variant = await upstream('Reading the catalogue', () =>
        this.ctx.services.product.getVariant({ params: { variantId } }).catch((err: unknown) => {
          if ((err as { status?: number }).status === 404) return undefined;
          throw err;
        }),
      );
      if (!variant) throw badRequest(`Product variant ${variantId} is not in the catalogue`);
      return variant.productId;
    });
  }

  /** The extra's line items added to the open orders its schedule reaches; undone by taking them off. */
  async #linesAdded(key: string, extraId: string, s: Schedule, price: number) {
    const productId = await this.productOf(key, s.productVariantId);
    const result = await this.saga.step(
      `add-extra-lines:${key}`,
      () => this.#addLines(extraId, productId, s, price),
      () => this.#removeLines(extraId),
    );
    result.updatedOrderIds.forEach((id) => this.updated.add(id));
  }

  /** The extra's line items taken off the open orders; undone by adding them as they were. */
  async #linesRemoved(key: string, extraId: string, was: Schedule & { price: number }) {
    const result = await this.saga.step(
      `delete-extra-lines:${key}`,
      () => this.#removeLines(extraId),
      async () => {
        const productId = await this.productOf(`undo-${key}`, was.productVariantId);
        return this.#addLines(extraId, productId, was, was.price);
      },
    );
    result.updatedOrderIds.forEach((id) => this.updated.add(id));
  }

  #addLines(extraId: string, productId: string, s: Schedule, price: number) {
    return passRefusals('Adding the extra to the orders', () =>
      this.ctx.services.order.addSubscriptionExtras({
        body: {
          subscriptionId: this.subscription.id,
          extraId,
          productId,
          productVariantId: s.productVariantId,
          quantity: s.quantity,
          price,
          startOrderIndex: s.startOrderIndex,
          nthOrder: s.nthOrder,
          updatedBy: workflowActor(),
        },
      }),
    );
  }

  #removeLines(extraId: string) {
    return passRefusals('Taking the extra off the orders', () =>
      this.ctx.services.order.deleteSubscriptionExtras({
        body: {
          subscriptionId: this.subscription.id,
          extraId,
          fromOrderIndex: 0,
          updatedBy: workflowActor(),
        },
      }),
    );
  }

  async add(key: string, s: Schedule): Promise<void> {
    const before = new Set(this.subscription.extras.map((e) => e.id));
    const addedOf = (changed: Subscription) => changed.extras.find((e) => !before.has(e.id))!;
    const changed = await this.saga.around(
      `add-extra:${key}`,
      () => patchSubscription(this.ctx, `add-extra:${key}`, this.subscription, { extras: [s] }),
      (done) => this.#cancelExtra(done.id, addedOf(done).id, {}),
    );
    this.subscription = changed;
    await this.#linesAdded(key, addedOf(changed).id, s, addedOf(changed).price);
  }

  async update(key: string, extra: Extra, next: Schedule): Promise<void> {
    const same = (a: Schedule, b: Schedule) =>
      a.productVariantId === b.productVariantId && a.type === b.type &&
      a.startOrderIndex === b.startOrderIndex && a.nthOrder === b.nthOrder; // prettier-ignore
    if (same(extra, next) && extra.quantity === next.quantity) return;
    const old = this.subscription;
    const changed = await this.saga.around(
      `update-extra:${key}`,
      () =>
        patchSubscription(this.ctx, `update-extra:${key}`, old, {
          extras: [{ id: extra.id, version: extra.version, ...next }],
        }),
      (done) => {
        const now = done.extras.find((e) => e.id === extra.id)!;
        return patchSubscription(this.ctx, `undo-update-extra:${key}`, done, {
          extras: [{ id: extra.id, version: now.version, ...scheduleOf(extra) }],
        });
      },
    );
    this.subscription = changed;
    const price = changed.extras.find((e) => e.id === extra.id)!.price;
    if (same(extra, next)) {
      const quantityOnOrders = (quantity: number, at: number) =>
        passRefusals('Changing the extra on the orders', () =>
          this.ctx.services.order.updateSubscriptionExtras({
            body: {
              subscriptionId: old.id,
              extraId: extra.id,
              fromOrderIndex: 0,
              quantity,
              price: at,
              updatedBy: workflowActor(),
            },
          }),
        );
      const result = await this.saga.step(
        `update-extra-lines:${key}`,
        () => quantityOnOrders(next.quantity, price),
        () => quantityOnOrders(extra.quantity, extra.price),
      );
      result.updatedOrderIds.forEach((id) => this.updated.add(id));
      return;
    }
    await this.#linesRemoved(key, extra.id, { ...scheduleOf(extra), price: extra.price });
    await this.#linesAdded(key, extra.id, next, price);
  }

  async remove(
    key: string,
    extra: Extra,
    reason: { cancelReasonId?: string | null; cancelNotes?: string | null },
  ) {
    await this.#linesRemoved(key, extra.id, { ...scheduleOf(extra), price: extra.price });
    const subscriptionId = this.subscription.id;
    this.subscription = await this.saga.step(`cancel-extra:${key}`, () =>
      this.#cancelExtra(subscriptionId, extra.id, reason),
    );
  }

  /** Stops an extra; a replayed call finds it stopped by this workflow already. */
  async #cancelExtra(
    subscriptionId: string,
    extraId: string,
    reason: { cancelReasonId?: string | null; cancelNotes?: string | null },
  ): Promise<Subscription> {
    const actor = workflowActor();
    try {
      return await passRefusals('Stopping the extra', () =>
        this.ctx.services.subscription.cancelExtra({
          params: { id: subscriptionId, extraId },
          body: { ...reason, cancelledBy: actor },
        }),
      );
    } catch (err) {
      if (!isPassedRefusal(err, 409)) throw err;
      const now = await upstream('Reading the subscription', () =>
        this.ctx.services.subscription.getSubscription({
          params: { id: subscriptionId },
          query: { includeRemovedExtras: 'true' },
        }),
      );
      if (now.extras.some((e) => e.id === extraId && e.cancelledBy === actor)) return now;
      throw err;
    }
  }
}

export const scheduleOf = (e: Extra): Schedule => ({
  productVariantId: e.productVariantId,
  type: e.type,
  startOrderIndex: e.startOrderIndex,
  nthOrder: e.nthOrder,
  quantity: e.quantity,
});

export async function extrasChange<
  T extends { subscriptionId: string; userId?: string | undefined; version?: number | undefined },
>(
  ctx: WorkflowContext,
  input: T,
  work: (change: ExtrasChange) => Promise<LeftOrder[]>,
): Promise<Answer> {
  const subscription = await readSubscription(ctx, input.subscriptionId, input.userId);
  refuseUnlessLive(subscription);
  refuseMovedVersion(subscription, input.version);
  const scope = await readOrdersInScope(ctx, subscription.id);
  return saga(ctx.step, 'the change to the extras', async (s) => {
    const change = new ExtrasChange(ctx, subscription, scope, s);
    const left = await work(change);
    return change.answer(left);
  });
}
