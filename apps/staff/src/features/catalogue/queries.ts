import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { StaffResponse } from '@pawfresh/contracts/staff';
import type { ProductStatus, ProductType } from '@pawfresh/contracts/enums';

import { api } from '../../lib/api';

/** Products with their variants, one type and one status when chosen. */
export const catalogueQuery = (type: ProductType | undefined, status: ProductStatus | undefined) =>
  queryOptions({
    queryKey: ['catalogue', type ?? null, status ?? null],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'catalogue'>>('/catalogue', { params: { type, status }, signal }),
    placeholderData: keepPreviousData,
  });

/** A status change changes the list: read it again after one. */
export const CATALOGUE_KEY = ['catalogue'] as const;
