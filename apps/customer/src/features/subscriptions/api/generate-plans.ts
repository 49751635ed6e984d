import { queryOptions } from '@tanstack/react-query';
import type { AccountRequest, AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';

export type GeneratedPlans = AccountResponse<'generatePlans'>;
export type GeneratePlansBody = AccountRequest<'generatePlans'>;

/**
 * POST /api/v1/plans/generate: feeding plans sized from each dog's energy need (the server's
 * energy and serving-size rules, docs/energy.md), priced; nothing is saved.
 */
export function generatePlans(body: GeneratePlansBody): Promise<GeneratedPlans> {
  return api.post<GeneratedPlans>('/plans/generate', body);
}

/** The generated plan for a dog as it is now (its energy is part of the key). */
export function generatedPlanQueryOptions(body: GeneratePlansBody) {
  return queryOptions({
    queryKey: ['generated-plan', body],
    queryFn: () => generatePlans(body),
  });
}
