import type { Handlers } from '@pawfresh/kit';
import type { orchestrationContract } from '@pawfresh/contracts/orchestration';
import type { subscriptionChangeEndpoints } from '@pawfresh/contracts/orchestration-subscription-changes';
import type { Engine, Workflow } from '../engine/engine.js';
import type { SubscriptionWorkflows } from '../flows/subscription-changes/index.js';

type Names = keyof typeof subscriptionChangeEndpoints;

/** The subscription-change workflows: each runs under the optional workflowId and answers it. */
export function subscriptionChangeHandlers(
  engine: Engine,
  workflows: SubscriptionWorkflows,
): Pick<Handlers<typeof orchestrationContract>, Names> {
  const runs =
    <I, O>(workflow: Workflow<I, O>) =>
    async ({
      body: { workflowId, ...input },
    }: {
      body: I & { workflowId?: string | undefined };
    }) => {
      const run = await engine.run(workflow, input as I, workflowId);
      return { workflowId: run.workflowId, ...run.result };
    };
  return {
    updateSubscriptionTreats: runs(workflows.updateSubscriptionTreats),
    reviewUpdateSubscriptionFeedingPlanType: runs(
      workflows.reviewUpdateSubscriptionFeedingPlanType,
    ),
    updateSubscriptionFeedingPlanType: runs(workflows.updateSubscriptionFeedingPlanType),
    reviewUpdateSubscriptionRecipeMix: runs(workflows.reviewUpdateSubscriptionRecipeMix),
    updateSubscriptionRecipeMix: runs(workflows.updateSubscriptionRecipeMix),
    reviewUpdateSubscriptionServingSize: runs(workflows.reviewUpdateSubscriptionServingSize),
    updateSubscriptionServingSize: runs(workflows.updateSubscriptionServingSize),
    updateDogProfile: runs(workflows.updateDogProfile),
    updateDogProfileWithNewRecommendation: runs(workflows.updateDogProfileWithNewRecommendation),
    cancelSubscription: runs(workflows.cancelSubscription),
    pauseSubscription: runs(workflows.pauseSubscription),
    resumeSubscription: runs(workflows.resumeSubscription),
    reactivateSubscription: runs(workflows.reactivateSubscription),
    addAnimalToSubscription: runs(workflows.addAnimalToSubscription),
    addSubscriptionExtra: runs(workflows.addSubscriptionExtra),
    deleteSubscriptionExtra: runs(workflows.deleteSubscriptionExtra),
    updateSubscriptionExtra: runs(workflows.updateSubscriptionExtra),
    moveSubscriptionExtra: runs(workflows.moveSubscriptionExtra),
  };
}
