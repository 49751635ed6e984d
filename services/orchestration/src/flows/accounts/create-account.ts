import { randomBytes, randomInt } from 'node:crypto';
import { isRefused, upstream } from '@pawfresh/kit';
import type { TestAccount, TestScenario } from '@pawfresh/contracts/orchestration-accounts';
import type { Order } from '@pawfresh/contracts/order';
import { localDate } from '../../rules/dunning.js';
import {
  scenarioPlan,
  TEST_ADDRESS,
  TEST_PASSWORD,
  TEST_TIME_ZONE,
  type ScenarioBox,
} from '../../rules/test-scenarios.js';
import type { BillingContext } from '../billing/context.js';

export interface CreateAccountInput {
  scenario: TestScenario | null;
  email?: string;
  password?: string;
}

const ACTOR = 'orchestration:test-account';

/**
 * create-test-account and create-account-scenario (docs/workflows.md "Test accounts"): a new
 * customer made through the services' contracts — identity user with a known password and
 * address, a Visa test card, a dog, an active fortnightly subscription with a feeding plan —
 * and the scenario's boxes, placed relative to today. Each step first looks for what an earlier
 * try made (the same workflowId after a crash resumes it; nothing is made twice).
 */
export const createAccount =
  ({ services, step, clock }: BillingContext) =>
  async ({
    scenario,
    email,
    password,
  }: CreateAccountInput): Promise<Omit<TestAccount, 'workflowId'>> => {
    const start = await step('choose-account', async () => ({
      today: localDate(clock.now(), TEST_TIME_ZONE),
      email:
        email ?? `test-${scenario ?? 'account'}-${randomBytes(4).toString('hex')}@example.com.au`,
      firstHistoryId: randomInt(1_000_000_000, 2_000_000_000),
    }));
    const secret = password ?? TEST_PASSWORD;
    const plan = scenarioPlan(scenario, start.today);

    const userId = await step('create-user', () =>
      upstream('Creating the test customer', async () => {
        try {
          const user = await services.identity.createUser({
            body: { email: start.email, password: secret, firstName: 'Test', lastName: 'Customer' },
          });
          return user.id;
        } catch (err) {
          if (!isRefused(err, 409)) throw err;
          // Made by an earlier try of this workflow (or the e-mail is someone's: refused).
          const session = await services.identity.createSession({
            body: { email: start.email, password: secret },
          });
          return session.user.id;
        }
      }),
    );
    await step('set-address', () =>
      upstream('Saving the address', () =>
        services.identity.putDefaultAddress({
          params: { userId },
          body: {
            address1: TEST_ADDRESS.address1,
            suburb: TEST_ADDRESS.suburb,
            city: TEST_ADDRESS.city,
            state: TEST_ADDRESS.state,
            postCode: TEST_ADDRESS.postcode,
            countryCode: 'AU',
          },
        }),
      ).then(() => undefined),
    );
    await step('save-card', () =>
      upstream('Saving the test card', async () => {
        const customer = await services.payment
          .getCustomer({ params: { userId } })
          .catch((err: unknown) => (isRefused(err, 404) ? undefined : Promise.reject(err)));
        if (customer?.paymentMethods.length) return;
        await services.payment.createPaymentMethod({
          body: {
            userId,
            card: { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
            setDefault: true,
          },
        });
      }),
    );
    const meal = await step('read-catalogue', () =>
      upstream('Reading the catalogue', async () => {
        const meals = await services.product.listProducts({ query: { type: 'meal' } });
        const found = meals.find((m) => m.status === 'active') ?? meals[0];
        const pouch = found?.variants.find((v) => v.dimension.weightGrams === 500);
        if (!found || !pouch) throw new Error('The catalogue has no meal in 500 g pouches');
        return { productId: found.id, variantId: pouch.id };
      }),
    );
    const dogId = await step('create-dog', () =>
      upstream('Adding the dog', async () => {
        const [existing] = await services.dogs.listDogs({ query: { userId } });
        if (existing) return existing.identifier;
        const dog = await services.dogs.createDog({
          body: {
            userId,
            dog: {
              name: 'Biscuit',
              weight: '8.5',
              isNeutered: true,
              activityLevel: 'loves_to_play',
            },
            mealProductIds: [meal.productId],
          },
        });
        return dog.identifier;
      }),
    );
    const subscription = await step('create-subscription', () =>
      upstream('Creating the subscription', async () => {
        const {
          data: [existing],
        } = await services.subscription.listSubscriptions({ query: { userId } });
        const sub =
          existing ??
          (await services.subscription.createSubscription({
            body: {
              userId,
              status: 'active',
              cadenceInWeeks: 2,
              preferredDeliverySlotId: 'PM',
              createdBy: ACTOR,
              feedingPlans: [
                {
                  animalId: dogId,
                  type: 'full_bowl',
                  currentDailyServingSizeInGrams: 500,
                  skus: [{ productVariantId: meal.variantId, ratio: 1 }],
                },
              ],
            },
          }));
        const skus = sub.feedingPlans[0]?.skus ?? [];
        return { id: sub.id, skus: skus.map((s) => ({ price: s.price, pouches: s.pouches })) };
      }),
    );

    const orders: Order[] = [];
    for (const [i, box] of plan.boxes.entries()) {
      const order = await step(`create-box-${i + 1}`, () =>
        upstream('Creating the box', async () => {
          const { data: orders } = await services.order.listOrders({
            query: { userId, subscriptionId: subscription.id, limit: 100 },
          });
          const existing = orders.find((o) => o.deliveryDate === box.deliveryDate);
          return (
            existing ??
            createBox(services, userId, subscription, meal, dogId, box, start.firstHistoryId + i)
          );
        }),
      );
      orders.push(await step(`place-box-${i + 1}`, () => placeBox(services, order, box)));
    }

    const status = await step('subscription-status', () =>
      upstream('Pausing or cancelling the subscription', async () => {
        const id = subscription.id;
        if (plan.subscription === 'paused') {
          await services.subscription.pauseSubscription({
            params: { id },
            body: { updatedBy: ACTOR, timezone: TEST_TIME_ZONE },
          });
        } else if (plan.subscription === 'cancelled') {
          const current = await services.subscription.getSubscription({
            params: { id },
            query: {},
          });
          if (current.status !== 'cancelled') {
            await services.subscription.cancelSubscription({
              params: { id },
              body: { otherCancelReason: 'Test account scenario', cancelledBy: ACTOR },
            });
          }
        }
        return plan.subscription;
      }),
    );
    return {
      scenario,
      userId,
      email: start.email,
      password: secret,
      dogId,
      subscriptionId: subscription.id,
      subscriptionStatus: status,
      orders: orders.map((o) => ({
        orderId: o.id,
        deliveryDate: o.deliveryDate,
        billingDate: o.billingDate,
        paymentStatus: o.paymentStatus,
        displayType: o.displayType,
      })),
    };
  };

async function createBox(
  services: BillingContext['services'],
  userId: string,
  subscription: { id: string; skus: { price: number; pouches: number }[] },
  meal: { productId: string; variantId: string },
  dogId: string,
  box: ScenarioBox,
  historyId: number,
): Promise<Order> {
  const [sku] = subscription.skus;
  return services.order.createOrder({
    body: {
      userId,
      subscriptionId: subscription.id,
      // The subscription's first box: extras and later boxes count from it (docs/changes.md).
      subscriptionOrderIndex: 0,
      deliveryDate: box.deliveryDate,
      expectedDeliverySlotId: 'PM',
      address: { firstName: 'Test', lastName: 'Customer', ...TEST_ADDRESS },
      orderLineItems: [
        {
          productId: meal.productId,
          productVariantId: meal.variantId,
          animalId: dogId,
          planType: 'full_bowl',
          price: sku?.price ?? 0,
          quantity: Math.max(1, sku?.pouches ?? 1),
        },
      ],
      ...(box.history ? { legacyOrderId: historyId } : {}),
      createdBy: ACTOR,
    },
  });
}

/** Moves the box's statuses along to the scenario's, from wherever an earlier try left them. */
async function placeBox(
  services: BillingContext['services'],
  order: Order,
  box: ScenarioBox,
): Promise<Order> {
  return upstream('Setting the box up', async () => {
    let current = order;
    const orderId = order.id;
    const from = (list: readonly string[], status: string) => list.indexOf(status) + 1;
    for (const paymentStatus of box.payment.slice(from(box.payment, current.paymentStatus))) {
      current = await services.order.changePaymentStatus({
        params: { orderId },
        body: { paymentStatus, updatedBy: ACTOR },
      });
    }
    for (const fulfilmentStatus of box.fulfilment.slice(
      from(box.fulfilment, current.fulfilmentStatus),
    )) {
      current = await services.order.changeFulfilmentStatus({
        params: { orderId },
        body: { fulfilmentStatus, updatedBy: ACTOR },
      });
    }
    if (box.delivered && current.shipmentStatus !== 'delivered') {
      current = await services.order.patchOrder({
        params: { orderId },
        body: { shipmentStatus: 'delivered', updatedBy: ACTOR },
      });
    }
    return services.order.getOrder({ params: { orderId } });
  });
}
