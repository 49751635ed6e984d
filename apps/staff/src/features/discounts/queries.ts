import { queryOptions } from '@tanstack/react-query';
import type { StaffResponse } from '@pawfresh/contracts/staff';

import { api, ApiError } from '../../lib/api';

/** Every query of the discounts pages starts with this key: what an action reads again. */
export const DISCOUNTS_KEY = ['discounts'] as const;
/** Every query of the promotions pages. */
export const PROMOTIONS_KEY = ['promotions'] as const;

/** A pricing list's filters, as the URL holds them (text, left out when empty). */
export type ListFilters = Record<string, string | undefined>;

/** The pricing service's lists page by `page` and `perPage`; the tables by offset. */
const pageOf = (offset: number, limit: number) => ({
  page: Math.floor(offset / limit) + 1,
  perPage: limit,
});

const present = (filters: ListFilters) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v));

export const discountsQuery = (filters: ListFilters, offset: number, limit: number) =>
  queryOptions({
    queryKey: [...DISCOUNTS_KEY, 'list', JSON.stringify(present(filters)), offset, limit],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'listDiscounts'>>('/discounts', {
        params: { ...present(filters), ...pageOf(offset, limit) },
        signal,
      }),
  });

export const discountQuery = (id: string) =>
  queryOptions({
    queryKey: [...DISCOUNTS_KEY, 'one', id],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'getStaffDiscount'>>(`/discounts/${id}`, { signal }),
  });

export const categoriesQuery = (filters: ListFilters, offset: number, limit: number) =>
  queryOptions({
    queryKey: [...DISCOUNTS_KEY, 'categories', JSON.stringify(present(filters)), offset, limit],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'listDiscountCategories'>>('/discount-categories', {
        params: { ...present(filters), ...pageOf(offset, limit) },
        signal,
      }),
  });

/** Every category, for the builder's and the list's choice (pricing answers 100 a page). */
export const allCategoriesQuery = () => categoriesQuery({}, 0, 100);

export const discountProductsQuery = () =>
  queryOptions({
    queryKey: [...DISCOUNTS_KEY, 'products'],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'discountProducts'>>('/discounts/products', { signal }),
    staleTime: 5 * 60_000,
  });

export const promotionsQuery = (filters: ListFilters, offset: number, limit: number) =>
  queryOptions({
    queryKey: [...PROMOTIONS_KEY, 'list', JSON.stringify(present(filters)), offset, limit],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'listStaffPromotions'>>('/promotions', {
        params: { ...present(filters), ...pageOf(offset, limit) },
        signal,
      }),
  });

export const promotionQuery = (id: string) =>
  queryOptions({
    queryKey: [...PROMOTIONS_KEY, 'one', id],
    queryFn: ({ signal }) =>
      api.get<StaffResponse<'getStaffPromotion'>>(`/promotions/${id}`, { signal }),
  });

/**
 * A 400's messages by the field they are about (`schedules.0.applications.0.value`), as the
 * services' envelope pairs them (`message[i]`, `details[i].path`); messages with no path under
 * the key ''.
 */
export function fieldErrors(error: unknown): Record<string, string[]> {
  if (!(error instanceof ApiError) || error.status !== 400) return {};
  const body = error.body as { message?: unknown; details?: unknown } | undefined;
  const messages = [body?.message].flat().filter((m): m is string => typeof m === 'string');
  const details = Array.isArray(body?.details) ? (body.details as { path?: unknown }[]) : [];
  const byField: Record<string, string[]> = {};
  messages.forEach((message, i) => {
    const path = details[i]?.path;
    const key = Array.isArray(path) ? path.join('.') : '';
    (byField[key] ??= []).push(message);
  });
  return byField;
}
