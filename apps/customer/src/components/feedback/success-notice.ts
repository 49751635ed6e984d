import { useCallback } from 'react';

import { requireNoticesHost } from './notices-host';

import { SUCCESS_TITLE } from '../result-modal/result-modal-provider';

/**
 * A save that worked (customer-app.md §8 "Successfully updated"): a notice at the top of the page
 * saying what changed, which closes itself, rather than a dialog with an empty body that stops the
 * person until they press OK (issue 17). Announced politely (`role="status"`). Mantine's notice
 * store comes with the list, in the chunk the first notice loads (notices-host.tsx).
 */
export function useSuccessNotice() {
  return useCallback((description: string) => {
    requireNoticesHost();
    void import('./notifications-list').then(({ notifications }) =>
      notifications.show({
        title: SUCCESS_TITLE,
        message: description,
        color: 'sage.8',
        withBorder: true,
        autoClose: 6000,
        role: 'status',
        closeButtonProps: { 'aria-label': 'Close this notice' },
      }),
    );
  }, []);
}

/** "A", "A and B", "A, B and C". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The labels of the fields whose values differ between `before` and `after` (compared as JSON, so
 * lists and nulls compare by value), in the order of `labels`.
 */
export function changedFields<T extends object>(
  before: T,
  after: T,
  labels: Partial<Record<keyof T, string>>,
): string[] {
  return (Object.keys(labels) as (keyof T)[])
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => labels[key] as string)
    .filter((label, index, all) => all.indexOf(label) === index);
}
