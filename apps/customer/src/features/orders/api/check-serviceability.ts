import type { AccountResponse } from '@pawfresh/contracts/account';

import { api } from '../../../lib/api';

export type Serviceability = AccountResponse<'checkServiceability'>;

/** POST /api/v1/couriers/serviceability-check: whether the courier delivers to a postcode and suburb. */
export function checkServiceability(body: {
  postcode: string;
  suburb: string;
}): Promise<Serviceability> {
  return api.post<Serviceability>('/couriers/serviceability-check', body);
}
