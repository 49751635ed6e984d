/**
 * The total of a paged list (services.md §2's `meta.total`) from the page itself where the page
 * tells it: a page shorter than its limit is the end of the list, so the total is its offset plus
 * its rows, and an empty first page is an empty list. Only a full page, an empty page past the
 * start, or a limit of 0 needs `count`: a customer's own lists (a few subscriptions, dogs or
 * cards) then cost one statement instead of two.
 */
export async function pageTotal(
  rows: readonly unknown[],
  page: { offset: number; limit: number },
  count: () => Promise<number>,
): Promise<number> {
  const short = page.limit > 0 && rows.length < page.limit;
  if (short && (rows.length > 0 || page.offset === 0)) return page.offset + rows.length;
  return count();
}
