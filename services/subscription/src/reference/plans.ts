import type { FeedingPlanType, PlanCategory } from '@pawfresh/contracts/subscription';
import { referenceId } from './reference-id.js';

export interface PlanData {
  id: string;
  name: string;
  slug: string;
  category: PlanCategory;
  /** The share of the dog's daily energy the plan's meals cover. */
  percentOfCalories: number;
  feedingPlanType: FeedingPlanType;
}

const plan = (
  name: string,
  slug: string,
  category: PlanCategory,
  percentOfCalories: number,
  feedingPlanType: FeedingPlanType,
): PlanData => ({
  id: referenceId('plan', slug),
  name,
  slug,
  category,
  percentOfCalories,
  feedingPlanType,
});

/**
 * The plan catalogue (docs/subscriptions.md "Plans"): a full bowl feeds the whole day; a half
 * bowl is mixed with the dog's current food; the starter and trial boxes are the introductory
 * boxes (bundles), a starter box full-bowl and a trial box half portions to switch over gently.
 */
export const planCatalogue: readonly PlanData[] = [
  plan('Full Bowl', 'full-bowl', 'feeding_plan', 100, 'full_bowl'),
  plan('Half Bowl', 'half-bowl', 'feeding_plan', 50, 'half_bowl'),
  plan('Starter Box', 'starter-box', 'bundle', 100, 'starter_box'),
  plan('Trial Box', 'trial-box', 'bundle', 50, 'trial_box'),
];

export const planForType = (type: FeedingPlanType): PlanData => {
  const found = planCatalogue.find((p) => p.feedingPlanType === type);
  if (!found) throw new Error(`No catalogue plan for feeding plan type ${type}`);
  return found;
};
