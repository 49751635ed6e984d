import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useSearchParams } from 'react-router';

import { LoadError } from '../../components/states';
import { PAGE_SIZE } from './queries';

type Page<T> = { data: T[]; meta: { total: number; offset: number; limit: number } };

/**
 * One of the 360 page's lists: its page is held in the URL (`?<name>Page=2`), so a reload or a
 * shared link opens the same page; loading, empty and failed states of its own.
 */
export function PagedTable<T extends { id: string }>({
  name,
  label,
  query,
  columns,
  empty,
  selection,
}: {
  name: string;
  label: string;
  query: (offset: number) => UseQueryOptions<Page<T>, Error, Page<T>, (string | number)[]>;
  columns: DataTableColumn<T>[];
  empty: string;
  /** Rows that can be chosen with a checkbox (each named for screen readers by `nameOf`). */
  selection?: { selected: T[]; onChange: (rows: T[]) => void; nameOf: (row: T) => string };
}) {
  const [params, setParams] = useSearchParams();
  const key = `${name}Page`;
  const page = Math.max(1, Number(params.get(key)) || 1);
  const result = useQuery({ ...query((page - 1) * PAGE_SIZE), placeholderData: (prev) => prev });
  if (result.isError) {
    return <LoadError error={result.error} onRetry={() => void result.refetch()} />;
  }
  const selecting = selection
    ? {
        selectedRecords: selection.selected,
        // Mantine's tint under a chosen row leaves its links and buttons under 4.5:1.
        style: { '--mantine-datatable-selection-color': 'var(--mantine-color-gray-0)' },
        onSelectedRecordsChange: selection.onChange,
        allRecordsSelectionCheckboxProps: { 'aria-label': `Choose every row of ${label}` },
        getRecordSelectionCheckboxProps: (row: T) => ({
          'aria-label': `Choose ${selection.nameOf(row)}`,
        }),
      }
    : {};
  return (
    <DataTable<T>
      {...selecting}
      aria-label={label}
      withTableBorder
      // On a phone the table scrolls sideways: its viewport takes the keyboard (WCAG 2.1.1).
      scrollAreaProps={{
        viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrollable` },
      }}
      minHeight={result.data?.data.length ? undefined : 150}
      fetching={result.isFetching}
      records={result.data?.data ?? []}
      columns={columns}
      noRecordsText={result.isPending ? 'Loading…' : empty}
      totalRecords={result.data?.meta.total ?? 0}
      recordsPerPage={PAGE_SIZE}
      page={page}
      onPageChange={(p) =>
        setParams(
          (prev) => {
            const next = new URLSearchParams(prev);
            if (p === 1) next.delete(key);
            else next.set(key, String(p));
            return next;
          },
          { replace: true },
        )
      }
    />
  );
}
