import { passRefusals, upstream } from '@pawfresh/kit';
import type { Dog } from '@pawfresh/contracts/dogs';
import type {
  DogProfileChange,
  DogProfileChangeInput,
} from '@pawfresh/contracts/orchestration-subscription-changes';
import { servingSizeCodeOf, type Subscription } from '@pawfresh/contracts/subscription';
import { saga } from '../../engine/saga.js';
import type { WorkflowContext } from '../context.js';
import { applyPlanChange } from './plan-change-steps.js';
import { readOrdersInScope, refuseMovedVersion } from './subscription-change-steps.js';

type Answer = Omit<DogProfileChange, 'workflowId'>;

/** The profile fields that change a dog's energy need, and so its serving size. */
const SIZING_FIELDS = ['weight', 'activityLevel', 'bodyType'] as const;

/** The profile as it was, to put back if resizing the plan fails. */
const profileOf = (dog: Dog) => ({
  height: dog.height,
  weight: dog.weight,
  bodyType: dog.bodyType,
  activityLevel: dog.activityLevel,
  eatingHabits: dog.eatingHabits,
  healthIssues: dog.healthIssues,
  foodAllergies: dog.foodAllergies,
  previousFoods: dog.previousFoods,
});

/**
 * update-dog-profile (`always` false): the profile changes; a new weight, activity level or body
 * type resizes the dog's active feeding plan to its new energy need, with the before/after. With
 * `resizePlan: false` (the customer API) the plan keeps its portion: the answer's `portion` offers
 * the recomputed one, which the customer applies through the serving-size review.
 * update-dog-profile-with-new-recommendation (`always` true): the plan follows the new
 * recommendation whatever changed. Either way the plan keeps its type and meals, and the open
 * orders are repriced by the rule of docs/changes.md. A failed resize puts the profile back.
 */
export const updateDogProfile =
  (ctx: WorkflowContext, always: boolean) =>
  async (input: DogProfileChangeInput): Promise<Answer> => {
    const { services, step } = ctx;
    const before: Dog = await step('read-dog', () =>
      passRefusals('Reading the dog', () =>
        services.dogs.getDog({
          params: { dogId: input.dogId },
          query: input.userId ? { userId: input.userId } : {},
        }),
      ),
    );
    const found: { subscription: Subscription; planId: string } | undefined = await step(
      'find-plan',
      async () => {
        const subscriptions = await upstream('Reading the subscriptions', () =>
          services.subscription.searchSubscriptions({ query: { animalId: input.dogId } }),
        );
        for (const subscription of subscriptions.data) {
          if (subscription.status === 'cancelled' || subscription.userId !== before.userId)
            continue;
          const plan = subscription.feedingPlans.find(
            (p) => p.animalId === input.dogId && p.status === 'active',
          );
          if (plan) return { subscription, planId: plan.id };
        }
        return undefined;
      },
    );
    if (found) refuseMovedVersion(found.subscription, input.version);

    return saga(step, 'the change to the dog', async (s) => {
      const dog: Dog = await s.step(
        'update-dog-profile',
        () =>
          passRefusals('Changing the dog', () =>
            services.dogs.updateDogProfile({
              params: { dogId: input.dogId },
              query: { userId: before.userId },
              body: input.dogProfileInput,
            }),
          ),
        {
          name: 'undo-dog-profile',
          run: () =>
            passRefusals('Changing the dog back', () =>
              services.dogs.updateDogProfile({
                params: { dogId: input.dogId },
                query: { userId: before.userId },
                body: profileOf(before),
              }),
            ),
        },
      );
      const sizing =
        always ||
        SIZING_FIELDS.some((f) => input.dogProfileInput[f] !== undefined && dog[f] !== before[f]);
      if (!found || !sizing || !dog.dailyEnergyKilocalories) {
        return { dog, change: null, portion: null };
      }

      const { subscription, planId } = found;
      const plan = subscription.feedingPlans.find((p) => p.id === planId)!;
      const sized = await step('size-plan', async () => {
        const generated = await passRefusals('Sizing the feeding plan', () =>
          services.subscription.generatePlans({
            body: {
              cadenceInWeeks: subscription.cadenceInWeeks,
              dogs: [
                {
                  animalId: dog.identifier,
                  energy: dog.dailyEnergyKilocalories!,
                  planType: plan.type,
                  meals: plan.skus.map((s) => ({ productId: s.productId, weight: s.ratio })),
                },
              ],
            },
          }),
        );
        return generated.feedingPlans[0]!.currentDailyServingSizeInGrams;
      });
      if (sized === plan.currentDailyServingSizeInGrams)
        return { dog, change: null, portion: null };
      const servingSize = servingSizeCodeOf(sized);
      const portion = servingSize
        ? {
            feedingPlanId: plan.id,
            beforeGrams: plan.currentDailyServingSizeInGrams,
            afterGrams: sized,
            servingSize,
          }
        : null;
      // Only an explicit false: a run started before the option existed resizes, as it did.
      if (input.resizePlan === false) return { dog, change: null, portion };
      const scope = await readOrdersInScope(ctx, subscription.id);
      const change = await applyPlanChange(
        ctx,
        subscription,
        scope,
        new Set([dog.identifier]),
        [{ id: plan.id, version: plan.version, currentDailyServingSizeInGrams: sized }],
        (changed) => [
          {
            id: plan.id,
            version: changed.feedingPlans.find((p) => p.id === plan.id)!.version,
            currentDailyServingSizeInGrams: plan.currentDailyServingSizeInGrams,
          },
        ],
      );
      return { dog, change, portion };
    });
  };
