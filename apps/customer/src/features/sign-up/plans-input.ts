import type { SignUpPlansInput } from '@pawfresh/contracts/account-sign-up';

import type { SignUpDraft } from './draft';

/** What the plan page prices (and the payment page shows again): each dog's plan as chosen. */
export function plansInputOf(draft: SignUpDraft): SignUpPlansInput | null {
  if (!draft.guestId) return null;
  return {
    guestId: draft.guestId,
    ...(draft.promotionCode ? { promotionCode: draft.promotionCode } : {}),
    plans: draft.animalIds.map((animalId, i) => {
      const plan = draft.plans[i];
      return {
        animalId,
        planType: plan?.planType ?? 'full_bowl',
        ...(plan?.productIds ? { productIds: plan.productIds } : {}),
      };
    }),
  };
}
